/**
 * A follow's options over the real client and the simulated Blockscout: where `from` starts it (a block, the
 * progress of a partitioned stream or an address history with a top, a follow checkpoint of the same request),
 * and every bad option or argument refused with `InvalidArgument` naming it before anything is read.
 */
import { layerTest, Simulator } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Stream } from "effect"
import { Blockscout, type FollowEvent, type FollowOptions } from "../../src/index.ts"

const firstBlock = <A>(events: ReadonlyArray<FollowEvent<A>>) => events.find((e) => e._tag === "Added")?.block.number

/** The reason a follow fails with at once, by its tag and argument. */
const refused = (stream: Stream.Stream<unknown, { readonly reason: unknown }>) =>
  Effect.map(Effect.exit(Stream.runDrain(stream)), (exit) => {
    assert.isTrue(Exit.isFailure(exit))
    const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    const reason = (
      error !== undefined && "error" in error ? (error.error as { reason: unknown }).reason : undefined
    ) as { readonly _tag: string; readonly argument: string } | undefined
    assert.strictEqual(reason?._tag, "InvalidArgument")
    return reason?.argument
  })

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("follow options", { timeout: 60_000 }, () => {
  it.effect("from a block, a partitioned stream's progress, a history checkpoint, a follow checkpoint", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const head = (yield* bs.listBlocks()).items[0]?.height ?? 0
      const options = { confirmations: 0, finality: 3 } satisfies FollowOptions
      const fromBlock = yield* Stream.runCollect(
        bs.followTokenTransfers({}, { ...options, from: head - 5 }).pipe(Stream.take(3))
      )
      assert.strictEqual(firstBlock(fromBlock), head - 5)

      // Backfill a span, then follow from right after its top.
      const pages = yield* Stream.runCollect(
        bs.streamTokenTransfersPages({ partition: { fromBlock: head - 30, toBlock: head - 20 } })
      )
      const progress = pages[pages.length - 1]?.progress
      assert.isDefined(progress)
      const afterBackfill = yield* Stream.runCollect(
        bs.followTokenTransfers({}, { ...options, from: progress }).pipe(Stream.take(3))
      )
      assert.strictEqual(firstBlock(afterBackfill), head - 19)

      // An address's history over a span, then followed.
      const address = fromBlock.find((e) => e._tag === "Added")?.item.from.hash as string
      const history = yield* Stream.runCollect(
        bs.streamAddressHistoryPages(address, { fromBlock: 0, toBlock: head - 20, reconcile: false })
      )
      const checkpoint = history[history.length - 1]?.checkpoint
      assert.isDefined(checkpoint)
      const followed = yield* Stream.runCollect(
        bs
          .followAddressHistory(address, { ...options, from: checkpoint })
          .pipe(Stream.takeUntil((e) => e._tag === "Finalized"))
      )
      for (const e of followed) assert.isAbove(e.block.number, head - 20)

      // A follow's own checkpoint: right after its block; another request's is refused.
      const finalized = yield* Stream.runCollect(
        bs
          .followTokenTransfers({}, { ...options, from: head - 10 })
          .pipe(Stream.takeUntil((e) => e._tag === "Finalized"))
      )
      const last = finalized[finalized.length - 1]
      assert.strictEqual(last?._tag, "Finalized")
      if (last?._tag !== "Finalized") return
      const resumed = yield* Stream.runCollect(
        bs.followTokenTransfers({}, { ...options, from: last.checkpoint }).pipe(Stream.take(1))
      )
      assert.strictEqual(firstBlock(resumed), last.block.number + 1)
      assert.strictEqual(
        yield* refused(bs.followTokenTransfers({ type: ["ERC-20"] }, { from: last.checkpoint })),
        "from"
      )
    }).pipe(Effect.provide(layerTest({ family: "instance", seed: 3, blocks: 400 })))
  )

  it.effect("bad options and arguments are InvalidArgument naming them, before anything is read", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const simulator = yield* Simulator
      const before = simulator.requests.length
      const cases: ReadonlyArray<readonly [Stream.Stream<unknown, { readonly reason: unknown }>, string]> = [
        [bs.followTokenTransfers({}, { confirmations: -1 }), "confirmations"],
        [bs.followTokenTransfers({}, { finality: 0 }), "finality"],
        [bs.followTokenTransfers({}, { pollInterval: "Infinity" }), "pollInterval"],
        [bs.followTokenTransfers({}, { maxLag: { blocks: 1.5 } }), "maxLag.blocks"],
        [bs.followTokenTransfers({}, { catchUpBlocks: 0 }), "catchUpBlocks"],
        [bs.followTokenTransfers({}, { from: -3 }), "from"],
        [bs.followTokenTransfers({}, { from: { ranges: [{ to: null }] } }), "from"],
        [bs.followTransactions({ filter: "pending" }), "filter"],
        [bs.followBlocks({ type: "reorg" }), "type"],
        [bs.follow("tokenTransfers", { cursor: { block_number: 5, index: 0 } }), "cursor"],
        [bs.follow("smartContracts" as never), "name"]
      ]
      for (const [stream, argument] of cases) assert.strictEqual(yield* refused(stream), argument)
      assert.strictEqual(simulator.requests.length, before, "nothing was sent")
    }).pipe(Effect.provide(layerTest({ family: "pro", seed: 3, blocks: 100 })))
  )
})
