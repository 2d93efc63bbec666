/**
 * Credits are a budget too: a stream given `creditBudget` sends no request beyond it, and one whose key is
 * running out of credits (`x-credits-remaining`) stops before the request a 402 would refuse. Either way it
 * ends with `BudgetExhausted`, every page before it emitted, carrying where to resume: a sequential stream's
 * cursor, a partitioned stream's progress. Both resume to exactly the rest.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { sameValue } from "../../../schema/test/support.ts"
import { Blockscout, type BlockscoutError, type BlockscoutShape, type BudgetExhausted } from "../../src/index.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, simulator } from "./support.ts"
import { runToFailure } from "../support/streams.ts"

/** Token transfers cost 30 credits a request on the Pro API. */
const cost = 30

const budgetOf = (error: BlockscoutError): BudgetExhausted => {
  assert.strictEqual(error.reason._tag, "BudgetExhausted")
  return error.reason as BudgetExhausted
}

/** Runs the client's stream to its failure, keeping what it emitted. */
const until = <A>(stream: (bs: BlockscoutShape) => Stream.Stream<A, BlockscoutError>) =>
  Blockscout.use((bs) => Effect.map(runToFailure(stream(bs)), ({ emitted, error }) => ({ out: emitted, error })))

describe("credit budgets", () => {
  it.effect("a sequential stream spends at most its budget, then hands out the cursor to go on from", () =>
    Effect.gen(function* () {
      const sim = simulator()
      const layer = clientLayer(sim, "pro")
      const all = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamTokenTransfers())).pipe(
        Effect.provide(layer)
      )
      const before = sim.requests.length
      const { out, error } = yield* until((bs) => bs.streamTokenTransfers({ creditBudget: 5 * cost })).pipe(
        Effect.provide(layer)
      )
      const reason = budgetOf(error)
      assert.strictEqual(sim.requests.length - before, 5, "five requests: the budget, prefetches included")
      assert.strictEqual(reason.spent, 5 * cost)
      assert.strictEqual(reason.budget, 5 * cost)
      assert.strictEqual(out.length, 500, "the five pages it paid for")
      const rest = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamTokenTransfers({ cursor: reason.cursor }))
      ).pipe(Effect.provide(layer))
      assert.isTrue(sameValue([...out, ...rest], all))
    })
  )

  it.effect("a partitioned stream stops at its budget with its progress, and resumes to exactly the rest", () =>
    Effect.gen(function* () {
      const sim = simulator({ blocks: 1500, latency: 300 })
      const layer = clientLayer(sim, "pro")
      const all = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamTokenTransfers())).pipe(Effect.provide(layer))
      )
      const before = sim.requests.length
      const { out, error } = yield* driven(
        until((bs) => bs.streamTokenTransfers({ partition: { concurrency: 4 }, creditBudget: 12 * cost })).pipe(
          Effect.provide(layer)
        )
      )
      const reason = budgetOf(error)
      assert.isAtMost(sim.requests.length - before, 12, "no request beyond the budget")
      assert.isDefined(reason.progress)
      const rest = yield* driven(
        Blockscout.use((bs) =>
          Stream.runCollect(bs.streamTokenTransfers({ partition: { resume: reason.progress } }))
        ).pipe(Effect.provide(layer))
      )
      assert.isTrue(sameValue([...out, ...rest], all), `${out.length} + ${rest.length} of ${all.length}`)
    })
  )

  it.effect("a key running out of credits: the stream stops before the request a 402 would refuse", () =>
    Effect.gen(function* () {
      // 8 requests' worth of credits, and a stream that would need more than 40.
      const sim = simulator({ credits: 8 * cost + 10 })
      const layer = clientLayer(sim, "pro")
      const { out, error } = yield* until((bs) => bs.streamTokenTransfers()).pipe(Effect.provide(layer))
      const reason = budgetOf(error)
      assert.strictEqual(sim.requests.filter((r) => r.status === 402).length, 0, "no 402")
      assert.strictEqual(sim.requests.length, 8)
      assert.strictEqual(reason.creditsRemaining, 10)
      assert.strictEqual(out.length, 800)
      assert.isDefined(reason.cursor)
    })
  )

  it.effect("an instance costs no credits: a budget does not stop its stream", () =>
    Effect.gen(function* () {
      const sim = simulator()
      const count = yield* Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals({ creditBudget: 0 }))).pipe(
        Effect.provide(clientLayer(sim, "instance"))
      )
      assert.isAbove(count, 1000)
    })
  )

  it.effect("a budget on one page, or a negative one, is refused before anything is sent", () =>
    Effect.gen(function* () {
      const sim = simulator()
      const layer = clientLayer(sim, "pro")
      const one = yield* Blockscout.use((bs) => bs.page("withdrawals", { creditBudget: 100 })).pipe(
        Effect.provide(layer),
        Effect.flip
      )
      const negative = yield* Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawals({ creditBudget: -1 }))).pipe(
        Effect.provide(layer),
        Effect.flip
      )
      assert.deepStrictEqual([one.reason._tag, negative.reason._tag], ["InvalidArgument", "InvalidArgument"])
      assert.strictEqual(sim.requests.length, 0)
    })
  )
})
