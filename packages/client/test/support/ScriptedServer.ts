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

/**
 * What to answer. `body` objects are sent as JSON, strings as they are; `hang` never answers; `destroy`
 * drops the connection; `truncate` sends the headers (full `content-length`) and half the body, then drops.
 */
export interface Reply {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly body?: unknown
  readonly hang?: boolean
  readonly destroy?: boolean
  readonly truncate?: boolean
}

/** Answers request number `index` (0-based). */
export type Script = (request: Recorded, index: number) => Reply

/** A running scripted server. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly requests: ReadonlyArray<Recorded>
  /**
   * Indexes of the requests whose connection closed before the answer was complete: the client hung up
   * (an aborted request), or the script dropped or truncated it.
   */
  readonly aborted: ReadonlyArray<number>
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
  const headers = { "content-type": "application/json", ...reply.headers }
  if (reply.truncate === true) {
    const bytes = Buffer.from(body)
    res.writeHead(reply.status ?? 200, { ...headers, "content-length": String(bytes.length) })
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy())
    return
  }
  res.writeHead(reply.status ?? 200, headers)
  res.end(body)
}

/** Starts a server for the scope of the test; `script` answers each request. */
export const scriptedServer = (script: Script): Effect.Effect<ScriptedServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<{ server: ReturnType<typeof createServer>; state: ScriptedServer }>((resume) => {
      const requests: Array<Recorded> = []
      const aborted: Array<number> = []
      let current = script
      const server = createServer((req, res) => {
        const target = req.url ?? "/"
        const parsed = new URL(target, "http://127.0.0.1")
        const recorded: Recorded = { path: parsed.pathname, query: parsed.searchParams, target, headers: req.headers }
        requests.push(recorded)
        const index = requests.length - 1
        res.on("close", () => {
          if (!res.writableFinished) aborted.push(index)
        })
        answer(res, current(recorded, index))
      })
      server.listen(0, "127.0.0.1", () => {
        const port = (server.address() as AddressInfo).port
        resume(
          Effect.succeed({
            server,
            state: {
              url: `http://127.0.0.1:${port}`,
              requests,
              aborted,
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
export const page = (items: ReadonlyArray<unknown>, next: Readonly<Record<string, unknown>> | null = null) => ({
  items,
  next_page_params: next
})
