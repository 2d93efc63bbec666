/**
 * The limiter against every kind of server limiter (Blockscout's fixed windows, a gateway's token bucket, a
 * sliding log), on the `TestClock`, over the simulated Blockscout in process: the server counts each request
 * the moment it is sent, so its arrival times are the client's send times. The guarantee checked: no span of
 * one second holds more requests than the announced limit, whatever the arrivals, and no 429; the same for
 * processes sharing a store (one killed mid-run, one joining), and a 429's pause shared through it.
 */
import { layerHttpClient, type RateLimitKind, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Layer, Stream } from "effect"
import { HttpClient, HttpServerResponse } from "effect/http"
import { RateLimiter } from "effect/persistence"
import fc from "fast-check"
import { Blockscout, RateLimits } from "../src/index.ts"
import { limitedClient as client, lookup, lookups } from "./support/limitedClient.ts"
import { driven } from "./support/wait.ts"

const kinds: ReadonlyArray<RateLimitKind> = ["fixed", "token-bucket", "sliding-log"]

/** A simulated Blockscout limiting each key to `limit` a second with the limiter of `kind`. */
const server = (kind: RateLimitKind, limit: number, latency: number | { min: number; max: number }) =>
  SimulatedBlockscout.make({ seed: 3, blocks: 40, rateLimit: { limit, windowMillis: 1000, kind }, latency })

/**
 * The most requests any one-second span (half-open, as every server counts) of `times` holds: the span
 * starting at each arrival is the busiest that starts there.
 */
const busiestSecond = (times: ReadonlyArray<number>): number => {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + 1000) j++
    most = Math.max(most, j - i)
  }
  return most
}

/** Asserts what the server saw: no 429, and no second over `limit`. */
const assertWithin = (sim: SimulatedBlockscout, limit: number, label: string) => {
  assert.strictEqual(sim.requests.filter((r) => r.status === 429).length, 0, `${label}: no 429`)
  assert.isAtMost(busiestSecond(sim.requests.map((r) => r.at)), limit, `${label}: no second over the limit of ${limit}`)
}

/** A burst of application calls: `n` lookups from `concurrency` fibers, `after` ms after the previous burst. */
interface Burst {
  readonly after: number
  readonly n: number
  readonly concurrency: number
}

const burst: fc.Arbitrary<Burst> = fc.record({
  after: fc.integer({ min: 0, max: 2500 }),
  n: fc.integer({ min: 1, max: 25 }),
  concurrency: fc.integer({ min: 1, max: 40 })
})

const pattern = fc.record({
  kind: fc.constantFrom(...kinds),
  limit: fc.integer({ min: 2, max: 30 }),
  latency: fc.record({ min: fc.integer({ min: 0, max: 500 }), spread: fc.integer({ min: 1, max: 1000 }) }),
  bursts: fc.array(burst, { minLength: 1, maxLength: 4 })
})

describe("the limiter against each server kind, over random arrival patterns", () => {
  // Cases drawn by fast-check from a fixed seed (the same every run); a failure names its case.
  it.effect(
    "no one-second span over the announced limit, and no 429",
    () =>
      Effect.forEach(
        fc.sample(pattern, { seed: 22, numRuns: 100 }),
        ({ kind, limit, latency, bursts }) =>
          Effect.gen(function* () {
            const label = JSON.stringify({ kind, limit, latency, bursts })
            const sim = server(kind, limit, { min: latency.min, max: latency.min + latency.spread })
            // One client (one registry) for every burst, as one application's layer is built once.
            const layer = yield* Layer.build(client(layerHttpClient(sim)))
            // Bursts overlap: each starts `after` ms after the previous one started, whether or not it has ended.
            const run = Effect.gen(function* () {
              const fibers: Array<Fiber.Fiber<void, unknown>> = []
              for (const b of bursts) {
                yield* Effect.sleep(`${b.after} millis`)
                fibers.push(yield* Effect.forkChild(lookups(b.n, b.concurrency).pipe(Effect.provide(layer))))
              }
              yield* Fiber.joinAll(fibers)
            })
            yield* driven(run, "25 millis")
            const total = bursts.reduce((n, b) => n + b.n, 0)
            assert.strictEqual(sim.requests.length, total, `${label}: every call answered once`)
            if (busiestSecond(sim.requests.map((r) => r.at)) > limit)
              console.log(label, JSON.stringify(sim.requests.map((r) => [r.at, r.status])))
            assertWithin(sim, limit, label)
          }).pipe(Effect.scoped),
        { discard: true }
      ),
    120_000
  )
})

describe("the limiter against each server kind, the issue's workloads", () => {
  for (const kind of kinds) {
    it.effect(`${kind}: 50 fibers, 200 lookups at 20 req/s, 400 ms away: no 429, at least 95% of the rate`, () =>
      Effect.gen(function* () {
        const sim = server(kind, 20, 400)
        const start = yield* Clock.currentTimeMillis
        yield* driven(lookups(200, 50).pipe(Effect.provide(client(layerHttpClient(sim)))), "50 millis")
        const elapsed = (yield* Clock.currentTimeMillis) - start
        assert.strictEqual(sim.requests.length, 200, "no request repeated")
        assertWithin(sim, 20, kind)
        // 200 at 20 a second: 10 s; allowed 95% of the rate plus the first answer's round trip and the last's.
        assert.isAtMost(elapsed, (200 / (0.95 * 20)) * 1000 + 800)
      })
    )

    it.effect(`${kind}: a partitioned stream with default options at 5 req/s, 400 ms away: no 429`, () =>
      Effect.gen(function* () {
        const sim = SimulatedBlockscout.make({
          seed: 11,
          blocks: 400,
          rateLimit: { limit: 5, windowMillis: 1000, kind },
          latency: 400
        })
        const items = yield* driven(
          Blockscout.use((bs) => Stream.runCount(bs.streamTokenTransfers({ partition: true }))).pipe(
            Effect.provide(client(layerHttpClient(sim)))
          ),
          "50 millis"
        )
        assert.isAbove(items, 0)
        assert.isAbove(sim.requests.length, 20, "enough requests to fill many seconds")
        assertWithin(sim, 5, kind)
        // Steady state: from the first answer on, at least 95% of 5 a second.
        const times = sim.requests.map((r) => r.at)
        const from = times.find((t) => t >= times[0]! + 400)!
        const steady = times.filter((t) => t >= from)
        assert.isAtLeast(((steady.length - 1) * 1000) / (steady[steady.length - 1]! - from), 0.95 * 5)
      })
    )
  }
})

/**
 * Processes on one key, on the `TestClock`: each its own registry (what it learns stays its own) over one
 * `RateLimiterStore` in memory, shared as Redis would share it (the Redis runs are in limiterRedis.test.ts).
 */
const sharedStore = Effect.map(Layer.build(RateLimiter.layerStoreMemory), (context) =>
  Layer.provide(RateLimits.layerStore, Layer.succeedContext(context))
)

describe("processes sharing a key's store, on the TestClock", () => {
  it.effect(
    "three processes over random arrivals, one killed mid-run, one joining late: no second over the limit, no 429",
    () =>
      Effect.forEach(
        fc.sample(
          fc.record({
            kind: fc.constantFrom(...kinds),
            limit: fc.integer({ min: 4, max: 30 }),
            latency: fc.integer({ min: 0, max: 800 }),
            work: fc.array(
              fc.record({ n: fc.integer({ min: 5, max: 40 }), concurrency: fc.integer({ min: 1, max: 30 }) }),
              {
                minLength: 4,
                maxLength: 4
              }
            ),
            killAt: fc.integer({ min: 100, max: 3000 }),
            joinAt: fc.integer({ min: 0, max: 4000 })
          }),
          { seed: 7, numRuns: 25 }
        ),
        ({ kind, limit, latency, work, killAt, joinAt }) =>
          Effect.gen(function* () {
            const label = JSON.stringify({ kind, limit, latency, work, killAt, joinAt })
            const sim = server(kind, limit, latency)
            const store = yield* sharedStore
            const process = (w: { n: number; concurrency: number }) =>
              lookups(w.n, w.concurrency).pipe(Effect.provide(client(layerHttpClient(sim), {}, store)))
            const run = Effect.gen(function* () {
              const survivors = [yield* Effect.forkChild(process(work[0]!)), yield* Effect.forkChild(process(work[1]!))]
              const victim = yield* Effect.forkChild(process({ n: 1000, concurrency: work[2]!.concurrency }))
              const joiner = Effect.andThen(Effect.sleep(`${joinAt} millis`), process(work[3]!))
              survivors.push(yield* Effect.forkChild(joiner))
              yield* Effect.sleep(`${killAt} millis`)
              yield* Fiber.interrupt(victim)
              yield* Fiber.joinAll(survivors)
            })
            yield* driven(run, "10 millis")
            assertWithin(sim, limit, label)
          }).pipe(Effect.scoped),
        { discard: true }
      ),
    120_000
  )

  it.effect("a 429 in one process pauses every process on the store for what it asked", () =>
    Effect.gen(function* () {
      const arrivals: Array<{ readonly at: number; readonly status: number }> = []
      // 10 a second in windows of 1 s; the second request is refused with Retry-After: 3 (someone else's burst).
      const http = HttpClient.make((request) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const refused = arrivals.length === 1
          arrivals.push({ at: now, status: refused ? 429 : 200 })
          const headers: Record<string, string> = {
            "x-ratelimit-limit": "10",
            "x-ratelimit-remaining": refused ? "0" : "9",
            "x-ratelimit-reset": String(1000 - (now % 1000)),
            ...(refused ? { "retry-after": "3" } : {})
          }
          const body = refused ? { message: "Too many requests" } : { items: [], next_page_params: null }
          return HttpServerResponse.toClientResponse(
            HttpServerResponse.jsonUnsafe(body, { status: refused ? 429 : 200, headers }),
            { request }
          )
        })
      )
      const store = yield* sharedStore
      const layer = (registry: Layer.Layer<never>) =>
        client(Layer.succeed(HttpClient.HttpClient, http), { retry: false }, registry)
      // Process A: its probe, then the refused request.
      const a = yield* Layer.build(layer(store))
      yield* lookup.pipe(Effect.provide(a))
      yield* driven(Effect.ignore(lookup.pipe(Effect.provide(a))), "10 millis")
      const refusedAt = arrivals[1]!.at
      assert.strictEqual(arrivals[1]!.status, 429)
      // Process B, fresh, on the same store: its first request waits out A's pause.
      yield* driven(lookup.pipe(Effect.provide(layer(store))), "10 millis")
      assert.strictEqual(arrivals.length, 3)
      assert.isAtLeast(arrivals[2]!.at - refusedAt, 3000, "B waited for the pause A was asked for")
      assert.isAtMost(arrivals[2]!.at - refusedAt, 3000 + 250 + 10, "and not much more (its probe slot, one step)")
      // A process with a store of its own knows nothing of it.
      const alone = arrivals.length
      yield* lookup.pipe(Effect.provide(layer(RateLimits.layerMemory)))
      assert.strictEqual(arrivals[alone]!.at, arrivals[2]!.at)
    }).pipe(Effect.scoped)
  )
})
