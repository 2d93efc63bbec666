/**
 * A tiny scripted HTTP server on 127.0.0.1 (port 0) for precise client scenarios: each test scripts the
 * status, headers and body of every response, and reads back the requests the client sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect, type Scope } from "effect"

/** A request as the server saw it. */
export interface Recorded {
  readonly path: string
  readonly query: URLSearchParams
  /** The raw request target (path and query, as sent). */
  readonly target: string
  readonly headers: IncomingMessage["headers"]
}

/** What to answer. `body` objects are sent as JSON; `hang` never answers; `destroy` drops the connection. */
export interface Reply {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly body?: unknown
  readonly hang?: boolean
  readonly destroy?: boolean
}

/** Answers request number `index` (0-based). */
export type Script = (request: Recorded, index: number) => Reply

/** A running scripted server. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly requests: ReadonlyArray<Recorded>
  /** Replaces the script for the following requests. */
  readonly script: (script: Script) => void
}

const answer = (res: ServerResponse, reply: Reply) => {
  if (reply.destroy === true) {
    res.socket?.destroy()
    return
  }
  if (reply.hang === true) return
  const body = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body)
  res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers })
  res.end(body)
}

/** Starts a server for the scope of the test; `script` answers each request. */
export const scriptedServer = (script: Script): Effect.Effect<ScriptedServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<{ server: ReturnType<typeof createServer>; state: ScriptedServer }>((resume) => {
      const requests: Array<Recorded> = []
      let current = script
      const server = createServer((req, res) => {
        const target = req.url ?? "/"
        const parsed = new URL(target, "http://127.0.0.1")
        const recorded: Recorded = { path: parsed.pathname, query: parsed.searchParams, target, headers: req.headers }
        requests.push(recorded)
        answer(res, current(recorded, requests.length - 1))
      })
      server.listen(0, "127.0.0.1", () => {
        const port = (server.address() as AddressInfo).port
        resume(
          Effect.succeed({
            server,
            state: {
              url: `http://127.0.0.1:${port}`,
              requests,
              script: (next) => {
                current = next
              }
            }
          })
        )
      })
    }),
    ({ server }) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ state }) => state))

/** A page body. */
export const page = (items: ReadonlyArray<unknown>, next: Record<string, string | number> | null = null) => ({
  items,
  next_page_params: next
})
