/**
 * The dry run: a history's items, calls, credits and time before it is fetched, from a count source when one
 * is given, else from the first page's density over the span; measured against the history itself.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout, CountSources } from "../../src/index.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, simulator } from "./support.ts"

const sim = simulator({ blocks: 3000, rateLimit: { limit: 15, windowMillis: 1000 } })
const layer = clientLayer(sim, "pro", { rateLimit: {} })

describe("a dry run estimates a history before it starts", () => {
  it.effect("from pages sampled across the history: near the real count, a page per four, the server's rate", () =>
    driven(
      Effect.gen(function* () {
        const bs = yield* Blockscout
        const actual = yield* Stream.runCount(bs.streamTokenTransfers())
        const before = sim.requests.length
        const estimate = yield* bs.estimate("tokenTransfers")
        // About 180 pages: up to 45 windows (one per four pages of the run), each a page or two.
        const sent = sim.requests.length - before
        assert.isAtLeast(sent, 10, "the sample pages")
        assert.isAtMost(sent, actual / 100 / 3, "the sample pages")
        assert.strictEqual(estimate.itemsFrom, "sample")
        assert.isAbove(estimate.items, actual * 0.95, `${estimate.items} estimated, ${actual} streamed`)
        assert.isBelow(estimate.items, actual * 1.05, `${estimate.items} estimated, ${actual} streamed`)
        assert.isAtMost(estimate.range.items.low, actual)
        assert.isAtLeast(estimate.range.items.high, actual)
        assert.strictEqual(estimate.pageSize, 100)
        assert.strictEqual(estimate.calls, Math.ceil(estimate.items / 100))
        assert.strictEqual(estimate.credits, estimate.calls * 30)
        // The limiter's pace: the announced 15 a second, 2% slower (its safety margin).
        assert.closeTo(estimate.requestsPerSecond ?? 0, 15 / 1.02, 0.01)
        assert.strictEqual(estimate.seconds, estimate.calls / (estimate.requestsPerSecond ?? 1))
      }).pipe(Effect.provide(layer))
    )
  )

  it.effect("over a span: the span's share of the history", () =>
    driven(
      Effect.gen(function* () {
        const bs = yield* Blockscout
        const span = { fromBlock: 1000, toBlock: 1999 }
        const actual = yield* Stream.runCount(bs.streamTokenTransfers({ partition: span }))
        const estimate = yield* bs.estimate("tokenTransfers", { partition: span })
        assert.isAbove(estimate.items, actual * 0.6, `${estimate.items} estimated, ${actual} streamed`)
        assert.isBelow(estimate.items, actual * 1.4, `${estimate.items} estimated, ${actual} streamed`)
      }).pipe(Effect.provide(layer))
    )
  )

  it.effect("from a count source (a counters endpoint): its count, as given", () =>
    driven(
      Effect.gen(function* () {
        const bs = yield* Blockscout
        const asked: Array<string> = []
        const estimate = yield* bs.estimate(
          "transactions",
          { filter: "validated" },
          {
            count: ({ endpoint, args }) =>
              Effect.sync(() => {
                asked.push(`${endpoint} ${JSON.stringify(args)}`)
                return 12_345
              })
          }
        )
        assert.deepStrictEqual(asked, ['transactions {"filter":"validated"}'])
        assert.deepStrictEqual(
          [estimate.items, estimate.itemsFrom, estimate.calls, estimate.credits],
          [12_345, "count", 124, 124 * 20]
        )
      }).pipe(Effect.provide(layer))
    )
  )

  it.effect(
    "a row whose items carry no key: its counter's count, else counted when one sample page holds it all, else refused",
    () =>
      driven(
        Effect.gen(function* () {
          const bs = yield* Blockscout
          // The verified contracts' counter (K3) counts them; without it, the sample is the largest page, whatever
          // the run asks: all 41 contracts are on it, counted.
          const counted = yield* bs.estimate("smartContracts", { pageSize: 5 })
          assert.deepStrictEqual(
            [counted.items, counted.itemsFrom, counted.pageSize, counted.calls],
            [41, "count", 5, 9]
          )
          const short = yield* bs.estimate("smartContracts", { pageSize: 5 }, { count: CountSources.sample })
          assert.deepStrictEqual([short.items, short.itemsFrom, short.pageSize, short.calls], [41, "sample", 5, 9])
          const many = simulator({ blocks: 50, smartContracts: 250 })
          const [error, fromCounter] = yield* Effect.all([
            Effect.flip(
              Blockscout.use((other) =>
                other.estimate("smartContracts", { pageSize: 5 }, { count: CountSources.sample })
              )
            ),
            Blockscout.use((other) => other.estimate("smartContracts", { pageSize: 5 }))
          ]).pipe(Effect.provide(clientLayer(many, "instance")))
          assert.strictEqual(error.reason._tag, "InvalidArgument")
          assert.include(error.message, "count source")
          assert.strictEqual(fromCounter.itemsFrom, "count")
          assert.isAtLeast(fromCounter.items, 250)
        }).pipe(Effect.provide(layer))
      )
  )
})
