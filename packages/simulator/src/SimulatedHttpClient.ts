/**
 * The simulated Blockscout as an in-process `HttpClient`: requests never leave the process, so
 * `Blockscout.layerPro` and `Blockscout.layerInstance` run unchanged on top of it in tests.
 *
 * @since 0.1.0
 */
import { Clock, Effect, Layer, Stream } from "effect"
import { HttpClient, HttpClientError, type HttpClientRequest, HttpServerResponse, UrlParams } from "effect/http"
import { SimulatedBlockscout, type SimulatedResponse, type SimulatorOptions } from "./SimulatedBlockscout.ts"

// The source compiles without DOM or Node typings (it runs wherever Effect runs); TextEncoder is universal.
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder()

/**
 * An `HttpClient` answering every request with the simulator, whatever the host: `{any}/{chainId}/api/v2/...`
 * is the Pro family, `{any}/api/v2/...` an instance.
 *
 * Use it when you hold a {@link SimulatedBlockscout} and want to inspect its `requests` or `chain` after
 * the test; otherwise {@link layerHttpClient} is shorter.
 *
 * Gotchas: latency is `Effect.sleep`, so under `TestClock` it waits for the clock to be adjusted. A `Drop`
 * fault fails with a `TransportError`; `Truncate` sends half the body, then fails the body stream (the
 * client sees a `DecodeError` while reading, as with a real cut connection); `Hang` never answers until
 * interrupted.
 *
 * @since 0.1.0
 * @category layers
 */
export const makeHttpClient = (simulator: SimulatedBlockscout): HttpClient.HttpClient =>
  HttpClient.make((request, url) => answer(simulator, request, url)).pipe(
    // The client span Effect records for each request carries `url.full` and `url.query`: Blockscout's
    // credential parameters are redacted there (whatever the caller's own list holds), as the client's own
    // transports do, so no key reaches a trace through the simulator.
    HttpClient.transform((effect) =>
      Effect.updateService(effect, UrlParams.CurrentRedactedNames, (names) => [...names, ...credentialParams])
    )
  )

/** Query parameters that carry credentials on Blockscout: the API key and an instance's secret key. */
const credentialParams = ["apikey", "key"]

/** Delivers the simulator's answer as a response, or as the transport failure a fault asks for. */
const answer = (simulator: SimulatedBlockscout, request: HttpClientRequest.HttpClientRequest, url: URL) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const reply: SimulatedResponse = simulator.handle(
      { method: request.method, url: String(url), headers: request.headers },
      now
    )
    if (reply.delayMillis > 0) yield* Effect.sleep(reply.delayMillis)
    switch (reply.transport) {
      case "hang":
        return yield* Effect.never
      case "drop":
        return yield* Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({
              request,
              description: "connection closed by the simulated server"
            })
          })
        )
      case "truncate": {
        const bytes = encoder.encode(reply.body)
        const body = Stream.concat(
          Stream.succeed(bytes.subarray(0, Math.floor(bytes.length / 2))),
          Stream.fail(new Error("connection closed mid-body by the simulated server"))
        )
        return HttpServerResponse.toClientResponse(
          HttpServerResponse.stream(body, {
            status: reply.status,
            headers: reply.headers,
            contentLength: bytes.length
          }),
          { request }
        )
      }
      default:
        return HttpServerResponse.toClientResponse(
          HttpServerResponse.text(reply.body, {
            status: reply.status,
            headers: reply.headers,
            contentType: "application/json"
          }),
          { request }
        )
    }
  })

/**
 * A layer providing an in-process `HttpClient` backed by a fresh simulator (or the one given).
 *
 * Use it under `Blockscout.layerPro({ chainId: 1, apiKey, baseUrl: "http://blockscout.test" })` or
 * `Blockscout.layerInstance({ baseUrl: "http://blockscout.test" })`; the host is ignored.
 *
 * Gotcha: each build of the layer built from options makes a new simulator (fresh rate-limit windows and
 * credits); pass a `SimulatedBlockscout` to share one.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerHttpClient = (options?: SimulatorOptions | SimulatedBlockscout): Layer.Layer<HttpClient.HttpClient> =>
  Layer.sync(HttpClient.HttpClient, () =>
    makeHttpClient(options instanceof SimulatedBlockscout ? options : SimulatedBlockscout.make(options))
  )
