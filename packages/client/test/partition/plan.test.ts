/**
 * The `partition` option checked against the row's filters: a filter value under which the server orders the
 * row otherwise (pending transactions by insertion, uncles and reorged blocks) rules its key ranges out
 * (`KeyRanges.ruledOut`, the rule the follows and the backfill's plans apply too), refused as `InvalidArgument`
 * naming the filter before anything is sent; other values of the same filter partition as usual.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout } from "../../src/index.ts"
import { clientLayer, simulator } from "./support.ts"

const sim = simulator({ blocks: 60 })
const layer = clientLayer(sim, "pro")

describe("a partitioned stream under a filter that orders the row otherwise", () => {
  it.effect("is refused naming the filter, before anything is sent; other values of it partition", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const before = sim.requests.length
      const refused: ReadonlyArray<
        Stream.Stream<unknown, { readonly reason: { readonly _tag: string }; readonly message: string }>
      > = [
        bs.streamTransactions({ filter: "pending", partition: true }),
        bs.streamBlocks({ type: "uncle", partition: { fromBlock: 0, toBlock: 50 } }),
        bs.streamBlocks({ type: "reorg", partition: true })
      ]
      const messages: Array<string> = []
      for (const stream of refused) {
        const error = yield* Effect.flip(Stream.runDrain(stream))
        assert.strictEqual(error.reason._tag, "InvalidArgument")
        messages.push(error.message)
      }
      assert.include(messages[0], "filter=pending cannot be partitioned")
      assert.include(messages[1], "type=uncle cannot be partitioned")
      assert.include(messages[2], "type=reorg cannot be partitioned")
      assert.strictEqual(sim.requests.length, before, "nothing was sent")
      const validated = yield* Stream.runCount(
        bs.streamTransactions({ filter: "validated", partition: { fromBlock: 0, toBlock: 59, parts: 3 } })
      )
      const sequential = yield* Stream.runCount(bs.streamTransactions({ filter: "validated" }))
      assert.isAbove(validated, 0)
      assert.strictEqual(validated, sequential)
      const consensus = yield* Stream.runCount(
        bs.streamBlocks({ type: "block", partition: { fromBlock: 0, toBlock: 59 } })
      )
      assert.strictEqual(consensus, 60)
    }).pipe(Effect.provide(layer))
  )
})
