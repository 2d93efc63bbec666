/**
 * The client as the limiter tests use it: lookups from many fibers, on a Pro key, with a registry of its own.
 */
import { Effect, Layer, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { Blockscout, type ClientOptions, RateLimits } from "../../src/index.ts"
import type { Arrival } from "./WindowedServer.ts"

/** One request: the first page of withdrawals. */
export const lookup = Blockscout.use((bs) => bs.listWithdrawals())

/** `n` lookups from `concurrency` fibers. */
export const lookups = (n: number, concurrency: number) =>
  Effect.forEach(Array.from({ length: n }), () => lookup, { concurrency, discard: true })

/**
 * A Pro client on `http` with the registry given (a fresh one in memory by default). Retries stay on, so a
 * run ends whatever the server answers; the tests count the 429s the server sent.
 */
export const limitedClient = (
  http: Layer.Layer<HttpClient.HttpClient>,
  options: ClientOptions = {},
  registry: Layer.Layer<never, unknown> = RateLimits.layerMemory
) =>
  Blockscout.layerPro({
    chainId: 1,
    apiKey: Redacted.make("proapi_limiter_test"),
    baseUrl: "http://limited.test",
    retry: { times: 10, base: "100 millis" },
    ...options
  }).pipe(Layer.provide(http), Layer.provide(registry))

/** How many of the arrivals the server refused with 429. */
export const refused = (arrivals: ReadonlyArray<Arrival>) => arrivals.filter((a) => a.status === 429).length
