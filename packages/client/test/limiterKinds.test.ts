/**
 * The limiter against every kind of server limiter (Blockscout's fixed windows, a gateway's token bucket, a
 * sliding log), on the `TestClock`, over the simulated Blockscout in process: the server counts each request
 * the moment it is sent, so its arrival times are the client's send times. The guarantee checked: no span of
 * one second holds more requests than the announced limit, whatever the arrivals, and no 429.
 */
import { layerHttpClient, type RateLimitKind, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Layer, Stream } from "effect"
import fc from "fast-check"
import { Blockscout } from "../src/index.ts"
import { limitedClient as client, lookups } from "./support/limitedClient.ts"
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
