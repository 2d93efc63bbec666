/**
 * The scripted answers on a real loopback port, for transport-level tests: real sockets, real connection
 * drops, bodies cut on the wire, a client aborting mid-answer. Same {@link Script} as the in-process
 * `layerScripted`.
 *
 * @since 0.1.0
 */
import { Duration, Effect, type Scope } from "effect"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { redactTarget } from "./internal/credentials.ts"
import {
  answerOf,
  type Current,
  recordOf,
  replyOf,
  type Script,
  type ScriptedChunks,
  type ScriptedReply,
  type ScriptedRequest
} from "./Scripted.ts"
import { UnexpectedRequest } from "./UnexpectedRequest.ts"

/**
 * A running scripted server.
 *
 * @since 0.1.0
 * @category models
 */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** What the server was asked, oldest first (credentials redacted unless `revealCredentials`). */
  readonly requests: ReadonlyArray<ScriptedRequest>
  /**
   * Indexes of the requests whose connection closed before the answer was complete: the client hung up
   * (an aborted request), or the script dropped or truncated it.
   */
  readonly aborted: ReadonlyArray<number>
  /** Requests past the end of a scripted list (each answered 501 with the reason as its message). */
  readonly unexpected: ReadonlyArray<UnexpectedRequest>
  /** Replaces the script for the requests that follow (a list counts from the next request). */
  readonly script: (script: Script) => void
}

/**
 * Options of {@link scriptedServer}.
 *
 * @since 0.1.0
 * @category options
 */
export interface ScriptedServerOptions {
  /** Keep credentials in the recorded requests as sent (default false: `<redacted>`). */
  readonly revealCredentials?: boolean | undefined
}

const headersOf = (req: IncomingMessage): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(req.headers)) out[name] = Array.isArray(value) ? value.join(", ") : value
  return out
}

/** Writes a produced body with backpressure (or on a timer) until it ends or the client hangs up. */
const produce = (res: ServerResponse, chunks: ScriptedChunks) => {
  let index = 0
  let closed = false
  res.on("close", () => {
    closed = true
  })
  const step = (): void => {
    while (!closed) {
      const chunk = chunks.next(index++)
      if (chunk === undefined) {
        res.end()
        return
      }
      const more = res.write(chunk)
      if (chunks.everyMillis !== undefined) {
        setTimeout(step, chunks.everyMillis)
        return
      }
      if (!more) {
        res.once("drain", step)
        return
      }
    }
  }
  step()
}

const deliver = (res: ServerResponse, reply: ScriptedReply) => {
  if (reply.destroy === true) {
    res.socket?.destroy()
    return
  }
  if (reply.hang === true) return
  const { body, headers, status } = answerOf(reply)
  if (reply.chunks !== undefined) {
    res.writeHead(status, headers)
    produce(res, reply.chunks)
    return
  }
  if (reply.truncate === true) {
    const bytes = Buffer.from(body)
    res.writeHead(status, { ...headers, "content-length": String(bytes.length) })
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy())
    return
  }
  // Bytes go with their length, as they are (a gzip body is not inflated here).
  res.writeHead(status, typeof body === "string" ? headers : { ...headers, "content-length": String(body.length) })
  res.end(body)
}

/**
 * Starts a server on 127.0.0.1 (a free port) for the scope; `script` answers each request, and the server
 * records what it was asked.
 *
 * Use it for what only real sockets show: a connection dropped or cut mid-body, a client that aborts, the
 * bytes on the wire; in-process `layerScripted` is faster for everything else.
 *
 * Gotchas: `delay` is real time here (the server runs outside the test's clock), so a client waiting on a
 * `TestClock` for a `Retry-After` this server sends hangs until the clock is adjusted, with no warning (only
 * the in-process kit watches the clock). A request past the end of a scripted list is answered 501 and
 * listed in `unexpected`. Closing the scope cuts open connections (a `hang` included).
 *
 * @since 0.1.0
 * @category constructors
 */
export const scriptedServer = (
  script: Script,
  options: ScriptedServerOptions = {}
): Effect.Effect<ScriptedServer, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.callback<{
      server: ReturnType<typeof createServer>
      timers: Set<ReturnType<typeof setTimeout>>
      state: ScriptedServer
    }>((resume) => {
      const timers = new Set<ReturnType<typeof setTimeout>>()
      const requests: Array<ScriptedRequest> = []
      const aborted: Array<number> = []
      const unexpected: Array<UnexpectedRequest> = []
      let current: Current = { script, from: 0 }
      const server = createServer((req, res) => {
        const index = requests.length
        const record = recordOf(
          index,
          req.method ?? "GET",
          req.url ?? "/",
          headersOf(req),
          options.revealCredentials === true
        )
        requests.push(record)
        res.on("close", () => {
          if (!res.writableFinished) aborted.push(index)
        })
        const found = replyOf(current, record)
        if ("missing" in found) {
          const error = new UnexpectedRequest({
            request: `${record.method} ${redactTarget(record.target)}`,
            message: found.missing
          })
          unexpected.push(error)
          deliver(res, { status: 501, body: { message: error.message } })
          return
        }
        const delay =
          found.reply.delay === undefined ? 0 : Duration.toMillis(Duration.fromInputUnsafe(found.reply.delay))
        if (delay <= 0) return deliver(res, found.reply)
        const timer = setTimeout(() => {
          timers.delete(timer)
          deliver(res, found.reply)
        }, delay)
        timers.add(timer)
      })
      server.listen(0, "127.0.0.1", () => {
        const port = (server.address() as AddressInfo).port
        resume(
          Effect.succeed({
            server,
            timers,
            state: {
              url: `http://127.0.0.1:${port}`,
              requests,
              aborted,
              unexpected,
              script: (next) => {
                current = { script: next, from: requests.length }
              }
            }
          })
        )
      })
    }),
    ({ server, timers }) =>
      Effect.callback<void>((resume) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ state }) => state))
