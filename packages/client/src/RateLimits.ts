/**
 * Where the client's rate limiters keep their state: one limiter per API key (per instance address for
 * keyless calls), shared by every stream, fiber and layer that uses the registry.
 *
 * The limiter follows what the server announces (`x-ratelimit-limit`, `-remaining`, `-reset`). Its guarantee:
 * in any one second a key sends at most the announced limit, from this process or from every process sharing
 * the registry's store, whatever limiter the server runs (Blockscout's fixed windows, a gateway's token bucket
 * or sliding log). It paces at `limit` a second (2% slower, with no burst: GCRA, kept in the store), or at
 * `limit` per the reset when a reset of over a second proves the budget counts over that long; `remaining`
 * and `reset` only ever hold requests back (never more into a window than it has left, requests in flight
 * included), never speed the pacing; a 429 pauses the key for what it asks (`Retry-After`, else its reset)
 * in every process on the store, and slows this process's pacing 2% (given back over the good answers after). It does not pace a server that announces `-1`, and, for a server that
 * announces nothing, paces only at the layer's `rateLimit.requestsPerSecond` if one is set. See
 * `ClientOptions.rateLimit`.
 *
 * Without any of these layers, every `Blockscout` layer of the process shares one in-memory registry.
 * Provide one to the `Blockscout` layer to choose:
 * - `layerMemory`: a registry of its own (tests; or clients that must not share what they learn);
 * - `layerRedis`: the spacing of each key's requests kept in Redis, so several processes (or machines) on one
 *   key stay within its one limit together;
 * - `layerStore`: over any `RateLimiterStore` of `effect/persistence`.
 *
 * @example
 * ```ts
 * import { NodeRedis } from "@effect/platform-node"
 * import { Layer, Redacted } from "effect"
 * import { FetchHttpClient } from "effect/http"
 * import { Blockscout, RateLimits } from "@blockscout-effect/client"
 *
 * // Every process built with this layer keeps the key's one limit together with the others.
 * export const client = Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_...") }).pipe(
 *   Layer.provide(RateLimits.layerRedis()),
 *   Layer.provide(NodeRedis.layer({ url: "redis://127.0.0.1:6379", disableOfflineQueue: true })),
 *   Layer.provide(FetchHttpClient.layer)
 * )
 * ```
 *
 * @since 0.1.0
 */
import { Effect, Layer } from "effect"
import { RateLimiter, type Redis } from "effect/persistence"
import { makeRegistry, RateLimitRegistry } from "./internal/limiter/registry.ts"

/**
 * A registry of its own, in memory: the layers it is provided to share it, and nothing else does.
 *
 * Use it to isolate tests (what one test's server announced does not hold back another's), or clients
 * that talk to different servers through the same key. Each build is a fresh registry.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerMemory: Layer.Layer<never> = Layer.sync(RateLimitRegistry, () => makeRegistry())

/**
 * A registry whose spacing of requests is kept in the `RateLimiterStore` provided (what each server
 * announced, and the requests in flight, stay in this process).
 *
 * Use it with a store shared between processes, so that together they keep one key's rate: at most the limit
 * in any one second, across them all. Each process still learns the limit from its own answers; the store
 * holds the key's one schedule (the next free slot), so their requests take turns, and a process killed
 * mid-run or out of work leaves at most its one slot unused (the others never go faster for it). A process's
 * first request on a key, sent before it knows the limit, takes a 250 ms slot in the shared spacing, so a
 * process joining others that already fill the key's windows takes its turn too (it waits up to that long
 * once; exact for limits of 4 a second and more). A 429 pushes the shared schedule to the end of its pause.
 *
 * Gotcha: if the store fails (Redis down), the process logs one warning and paces on its own until the
 * store answers again: work goes on, and the server's 429s (retried) absorb the overlap.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerStore: Layer.Layer<never, never, RateLimiter.RateLimiterStore> = Layer.effect(
  RateLimitRegistry,
  Effect.map(RateLimiter.make, makeRegistry)
)

/**
 * A registry whose spacing of requests is kept in Redis: every process using the same Redis (and
 * `prefix`) shares each key's rate. Needs `Redis` from `effect/persistence`, e.g. `NodeRedis.layer` of
 * `@effect/platform-node`.
 *
 * Use it when several processes or machines (a backfill's runners) use one API key. Redis counts time in
 * its own clock, so the machines' clocks need not agree.
 *
 * Gotchas: spacing is kept in whole milliseconds, so at 50 requests a second a key runs at about 95% of
 * its rate (98% in memory). Keyless instance calls are limited by the server per IP: machines with
 * different addresses sharing a Redis share one address's rate, which is safe but slower. Give
 * `NodeRedis.layer` `disableOfflineQueue: true`: while Redis is away, node-redis otherwise queues commands
 * until it reconnects (the limiter stops waiting after 2 s and paces alone, but the queued commands keep
 * the client from closing).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRedis = (options?: {
  readonly prefix?: string | undefined
}): Layer.Layer<never, never, Redis.Redis> => Layer.provide(layerStore, RateLimiter.layerStoreRedis(options))
