/**
 * How many requests a partitioned stream keeps in flight: rate x latency, re-read as the server's headers and
 * answer times change, and never held up by one slow range. Virtual time (the simulator's latency and rate
 * windows follow `TestClock`), so every figure is a count over virtual time, never a wall-clock speed.
 */
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Stream } from "effect"
import { Blockscout, type ClientOptions, type PartitionOptions } from "../../src/index.ts"
import { unlimitedConcurrency } from "../../src/internal/partition/pace.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, countingHttp, type Flight, simulator } from "./support.ts"

type Sim = ReturnType<typeof simulator>

/** Runs a partitioned token-transfer history; returns the items, the requests and their rate over virtual time. */
const run = (sim: Sim, partition: PartitionOptions | true, options: ClientOptions = {}) => {
  const { layer, flight } = countingHttp(sim)
  return Effect.gen(function* () {
    const start = yield* Clock.currentTimeMillis
    const items = yield* driven(
      Blockscout.use((bs) => Stream.runCount(bs.streamTokenTransfers({ partition }))).pipe(
        Effect.provide(clientLayer(sim, "pro", options, layer))
      ),
      "5 millis"
    )
    const seconds = ((yield* Clock.currentTimeMillis) - start) / 1000
    return { items, flight, rate: flight.total / seconds }
  })
}

/** The share of requests that started with at least `n` in flight, after the first `skip`. */
const shareAtLeast = (flight: Flight, n: number, skip: number) => {
  const starts = flight.atStart.slice(skip)
  return starts.filter((inFlight) => inFlight >= n).length / starts.length
}

/** A client paced well above what the tests' servers allow: the server's budget headers are what bind. */
const fastClient: ClientOptions = { rateLimit: { requestsPerSecond: 1_000 } }

describe("partitioned streams keep rate x latency in flight", () => {
  it.effect("a server allowing 15 a second, answering in 400 ms: about 15 x 0.4 in flight, near 15 a second", () =>
    Effect.gen(function* () {
      const sim = simulator({ blocks: 3000, latency: 400, rateLimit: { limit: 15, windowMillis: 1000 } })
      const { items, flight, rate } = yield* run(sim, true, fastClient)
      assert.isAbove(items, 10_000)
      // ceil(15 x 0.4 x 1.25) + 1 = 9 at most: more would only wait at the limiter.
      assert.isAtMost(flight.max, 9)
      assert.isAtLeast(flight.max, 6)
      assert.strictEqual(sim.requests.filter((r) => r.status === 429).length, 0, "no 429")
      assert.isAbove(rate, 15 * 0.85, `${rate.toFixed(1)} requests a second`)
    })
  )

  it.effect("a plan upgrade mid-run (5 a second, then 50): the concurrency follows the new headers", () =>
    Effect.gen(function* () {
      const plan = { limit: 5, windowMillis: 1000 }
      const sim = simulator({ blocks: 3000, latency: 400, rateLimit: plan })
      const { layer, flight } = countingHttp(sim)
      const upgrade = Effect.gen(function* () {
        while (flight.total < 40) yield* Effect.yieldNow
        plan.limit = 50
      })
      const [items] = yield* Effect.all(
        [
          driven(
            Blockscout.use((bs) => Stream.runCount(bs.streamTokenTransfers({ partition: true }))).pipe(
              Effect.provide(clientLayer(sim, "pro", fastClient, layer))
            ),
            "5 millis"
          ),
          upgrade
        ],
        { concurrency: "unbounded" }
      )
      assert.isAbove(items, 10_000)
      const before = Math.max(...flight.atStart.slice(0, 40))
      const after = Math.max(...flight.atStart.slice(40))
      // 5 x 0.4: ceil(2.5) + 1 = 4 at most; 50 x 0.4: ceil(25) + 1 = 26 at most.
      assert.isAtMost(before, 4)
      assert.isAbove(after, 15)
      assert.strictEqual(sim.requests.filter((r) => r.status === 429).length, 0, "no 429")
    })
  )

  it.effect("an unlimited server (x-ratelimit-limit -1) and no pacing: a fixed handful in flight", () =>
    Effect.gen(function* () {
      const sim = simulator({ blocks: 2000, latency: 50 })
      const { flight } = yield* run(sim, true, { rateLimit: false })
      assert.strictEqual(flight.max, unlimitedConcurrency)
    })
  )

  it.effect("a range 10 times slower than the rest does not hold the other workers idle", () =>
    Effect.gen(function* () {
      // Pages below block 1400 and above 1000 take 3 s to answer, the rest 300 ms.
      const sim = simulator({
        blocks: 3000,
        latency: (request) => {
          const at = Number(request.query.block_number ?? Number.POSITIVE_INFINITY)
          return at >= 1000 && at <= 1400 ? 3000 : 300
        }
      })
      const runs: ReadonlyArray<PartitionOptions> = [
        { order: "chain", concurrency: 6 },
        { order: "arrival", concurrency: 6 },
        // Six even parts, one of them slow: the others end early, and their workers halve the slow one.
        { fromBlock: 0, toBlock: 2999, parts: 6, concurrency: 6 }
      ]
      for (const partition of runs) {
        const { flight } = yield* run(sim, partition, { rateLimit: false })
        // After the first pages (an open span's first page runs alone: it finds the head), 6 in flight nearly
        // all the time.
        const busy = shareAtLeast(flight, 6, 6)
        assert.isAbove(busy, 0.9, `${JSON.stringify(partition)}: ${flight.atStart.join(",")}`)
      }
    })
  )
})
