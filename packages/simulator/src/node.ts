/**
 * `@blockscout-effect/simulator/node`: the simulated Blockscout on a real loopback HTTP port (`serve`), for
 * examples, the command-line tool, benchmarks and tests that want real sockets, and the scripted answers
 * on one (`scriptedServer`). Needs the optional peer dependency `@effect/platform-node`.
 *
 * @since 0.1.0
 */
import { NodeHttpServer, NodeHttpServerRequest } from "@effect/platform-node"
import { Clock, Effect, type Scope } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { createServer, type ServerResponse } from "node:http"
import { withRedactedSpans } from "./internal/credentials.ts"
import { SimulatedBlockscout, type SimulatorOptions } from "./SimulatedBlockscout.ts"

export { type ScriptedServer, type ScriptedServerOptions, scriptedServer } from "./ScriptedServer.ts"

/**
 * Options of {@link serve}: the simulator's options (or a simulator) plus where to listen.
 *
 * @since 0.1.0
 * @category options
 */
export interface ServeOptions extends SimulatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number | undefined
  /** Interface to bind (default 127.0.0.1). */
  readonly host?: string | undefined
  /** An existing simulator to serve (its options then win over the ones given here). */
  readonly simulator?: SimulatedBlockscout | undefined
}

/**
 * A running simulated server.
 *
 * @since 0.1.0
 * @category models
 */
export interface SimulatedServer {
  /** `http://127.0.0.1:{port}`: Pro at `{baseUrl}/{chainId}/api/v2/...`, instance at `{baseUrl}/api/v2/...`. */
  readonly baseUrl: string
  readonly port: number
  /** The chain id the Pro family answers under. */
  readonly chainId: number
  /** The simulator behind the port (its `chain` and `requests` for assertions). */
  readonly simulator: SimulatedBlockscout
}

/**
 * Starts the simulated Blockscout on a loopback port for the lifetime of the scope; both API families are
 * served from the one address.
 *
 * Use it for examples, the CLI and benchmarks (`pnpm simulate` wraps it); in unit tests prefer the
 * in-process `layerHttpClient`, which is faster and needs no port.
 *
 * Gotchas: faults behave as on a real network: `Drop` destroys the socket, `Truncate` sends the headers
 * (with the full `content-length`) and half the body, then destroys it, `Hang` never answers. Failing to
 * bind (port in use) is a defect.
 *
 * @since 0.1.0
 * @category layers
 */
export const serve = (options: ServeOptions = {}): Effect.Effect<SimulatedServer, never, Scope.Scope> =>
  Effect.gen(function* () {
    const simulator = options.simulator ?? SimulatedBlockscout.make(options)
    const nodeServer = createServer()
    const server = yield* NodeHttpServer.make(() => nodeServer, {
      port: options.port ?? 0,
      host: options.host ?? "127.0.0.1"
    })
    // Effect's server span for each request records its URL: credentials shown as `<redacted>`, never in clear.
    yield* withRedactedSpans(server.serve(app(simulator)))
    // Runs first on close: cut connections a `Hang` fault holds open, or shutdown would wait for them.
    yield* Effect.addFinalizer(() => Effect.sync(() => nodeServer.closeAllConnections()))
    const address = server.address
    const port = "port" in address ? address.port : 0
    return {
      baseUrl: `http://${options.host ?? "127.0.0.1"}:${port}`,
      port,
      chainId: simulator.chain.chainId,
      simulator
    }
  }).pipe(Effect.orDie)

/**
 * The HTTP app: one call to the shared handler per request, then delivery as the answer asks. The server
 * runs apps uninterruptibly; latency and `Hang` must be interruptible so shutdown and client aborts end them.
 */
const app = (simulator: SimulatedBlockscout) =>
  Effect.interruptible(
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const now = yield* Clock.currentTimeMillis
      const answer = simulator.handle({ method: request.method, url: request.url, headers: request.headers }, now)
      if (answer.delayMillis > 0) yield* Effect.sleep(answer.delayMillis)
      switch (answer.transport) {
        case "hang":
          return yield* Effect.never
        case "drop": {
          // Destroy the socket, then end the response so the server sees it as handled (nothing is sent).
          const res = NodeHttpServerRequest.toServerResponse(request) as ServerResponse
          res.socket?.destroy()
          res.end()
          return HttpServerResponse.empty()
        }
        case "truncate": {
          const res = NodeHttpServerRequest.toServerResponse(request) as ServerResponse
          const bytes = Buffer.from(answer.body)
          res.writeHead(answer.status, { ...answer.headers, "content-length": String(bytes.length) })
          // Wait until half the body is flushed, then cut the connection and mark the response as handled.
          yield* Effect.callback<void>((resume) => {
            res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => resume(Effect.void))
          })
          res.socket?.destroy()
          res.end()
          return HttpServerResponse.empty()
        }
        default:
          return HttpServerResponse.text(answer.body, {
            status: answer.status,
            headers: answer.headers,
            contentType: "application/json"
          })
      }
    })
  )
