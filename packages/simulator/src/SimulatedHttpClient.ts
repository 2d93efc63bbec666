/**
 * The simulated Blockscout as an in-process `HttpClient`: requests never leave the process, so
 * `Blockscout.layerPro` and `Blockscout.layerInstance` run unchanged on top of it in tests.
 *
 * @since 0.1.0
 */
import { Clock, Effect, Layer } from "effect"
import { HttpClient, type HttpClientRequest } from "effect/http"
import { redactingSpans, redactTarget } from "./internal/credentials.ts"
import { dropped, respond, truncated } from "./internal/respond.ts"
import * as Stalled from "./internal/stalledClock.ts"
import { SimulatedBlockscout, type SimulatorOptions } from "./SimulatedBlockscout.ts"

/**
 * An `HttpClient` answering every request with the simulator, whatever the host: `{any}/{chainId}/api/v2/...`
 * is the Pro family, `{any}/api/v2/...` an instance.
 *
 * Use it when you hold a {@link SimulatedBlockscout} and want to inspect its `requests` or `chain` after
 * the test; otherwise {@link layerHttpClient} is shorter.
 *
 * Gotchas: latency is `Effect.sleep`, so under `TestClock` it waits for the clock to be adjusted (the
 * simulator's `warnOnStalledClock` logs a warning when nothing does; waits the answers ask the client for,
 * such as a spent rate-limit window, are watched only by {@link layerHttpClient}, which has a scope to watch
 * in). A `Drop` fault fails with a `TransportError`; `Truncate` sends half the body, then fails the body
 * stream (the client sees a `DecodeError` while reading, as with a real cut connection); `Hang` never answers
 * until interrupted.
 *
 * @since 0.1.0
 * @category layers
 */
export const makeHttpClient = (simulator: SimulatedBlockscout): HttpClient.HttpClient =>
  clientOf(simulator, Stalled.makeWatch(simulator.options.warnOnStalledClock))

const clientOf = (simulator: SimulatedBlockscout, watch: Stalled.Watch): HttpClient.HttpClient =>
  // The client span Effect records for each request carries `url.full` and `url.query`: Blockscout's
  // credential parameters are redacted there, so no key reaches a trace through the simulator.
  redactingSpans(HttpClient.make((request, url) => answer(simulator, watch, request, url)))

/** Delivers the simulator's answer as a response, or as the transport failure a fault asks for. */
const answer = (
  simulator: SimulatedBlockscout,
  watch: Stalled.Watch,
  request: HttpClientRequest.HttpClientRequest,
  url: URL
) =>
  Effect.gen(function* () {
    watch.requests += 1
    const now = yield* Clock.currentTimeMillis
    const reply = simulator.handle({ method: request.method, url: String(url), headers: request.headers }, now)
    const shown = `${request.method} ${redactTarget(`${url.pathname}${url.search}`)}`
    if (reply.delayMillis > 0) yield* Stalled.sleep(watch, reply.delayMillis, `${shown} (simulated latency)`)
    switch (reply.transport) {
      case "hang":
        return yield* Stalled.sleep(watch, "forever", `${shown} (a Hang fault)`).pipe(Effect.andThen(Effect.never))
      case "drop":
        yield* Stalled.answered(watch, shown, {
          cause: "was dropped (a Drop fault): a retry waits for the client's backoff",
          millis: undefined
        })
        return yield* dropped(request, "connection closed by the simulated server")
      case "truncate":
        yield* Stalled.answered(watch, shown, {
          cause: "was cut mid-body (a Truncate fault): a retry waits for the client's backoff",
          millis: undefined
        })
        return truncated(request, reply, "connection closed mid-body by the simulated server")
      default: {
        const wait = Stalled.waitAsked(reply.status, reply.headers)
        yield* Stalled.answered(watch, shown, wait)
        return respond(request, reply)
      }
    }
  })

/**
 * A layer providing an in-process `HttpClient` backed by a fresh simulator (or the one given).
 *
 * Use it under `Blockscout.layerPro({ chainId: 1, apiKey, baseUrl: "http://blockscout.test" })` or
 * `Blockscout.layerInstance({ baseUrl: "http://blockscout.test" })`; the host is ignored.
 *
 * Gotcha: each build of the layer built from options makes a new simulator (fresh rate-limit windows and
 * credits); pass a `SimulatedBlockscout` to share one. Under a `TestClock`, a wait that nothing advances
 * (latency, a `Hang`, or a wait an answer asks the client for: a 429, `Retry-After`, a spent rate-limit
 * window, a retryable failure) is reported by a warning after `warnOnStalledClock` (default 1 s) of real time.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerHttpClient = (options?: SimulatorOptions | SimulatedBlockscout): Layer.Layer<HttpClient.HttpClient> =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(Effect.scope, (scope) => {
      const simulator = options instanceof SimulatedBlockscout ? options : SimulatedBlockscout.make(options)
      // The layer's scope: watchers of the waits answers ask for stop when the layer is released.
      return clientOf(simulator, Stalled.makeWatch(simulator.options.warnOnStalledClock, scope))
    })
  )
