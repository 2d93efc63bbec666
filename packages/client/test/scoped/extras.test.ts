/**
 * A block's and a transaction's extras (X1-X4), both families, against the simulated Blockscout: a future block's
 * countdown is its distance from `/blocks`' newest block at `/stats`' average block time; a mined block is NotFound
 * and a hash is refused before sending; a server older than the row's release is Unsupported.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { families, runOn, runWith } from "./support.ts"

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

for (const family of families) {
  describe(`${family}: a block's and a transaction's extras`, () => {
    const run = runOn(family)

    it.effect("a block's countdown: blocks left from the head, times the average block time", () =>
      run((bs) =>
        Effect.gen(function* () {
          const head = (yield* bs.listBlocks({ pageSize: 1 })).items[0]!.height
          const seconds = (yield* bs.getStats()).average_block_time! / 1000
          for (const ahead of [1, 37, 5_000]) {
            const countdown = yield* bs.getBlockCountdown(head + ahead)
            assert.deepStrictEqual(countdown, {
              current_block_number: BigInt(head),
              countdown_block_number: BigInt(head + ahead),
              remaining_blocks_count: BigInt(ahead),
              estimated_time_in_seconds: Math.round(ahead * seconds * 10) / 10
            })
          }
          // A block the chain has is mined already: the server answers 404.
          const mined = yield* Effect.flip(bs.getBlockCountdown(head))
          assert.strictEqual(mined.reason._tag, "NotFound")
          assert.include(mined.message, "already mined")
          // A hash is no block number here: refused before sending.
          assert.strictEqual(yield* reason(bs.getBlockCountdown(`0x${"ab".repeat(32)}`)), "InvalidArgument")
          assert.strictEqual(yield* reason(bs.getBlockCountdown(-1)), "InvalidArgument")
        })
      )
    )

    it.effect("a 10.x server answers a mined block 200 with a message only", () =>
      runWith(
        { blocks: 10, backendVersion: "v10.0.0" },
        family
      )((bs) =>
        Effect.gen(function* () {
          assert.deepStrictEqual(yield* bs.getBlockCountdown(3), { message: "Error! Block number already pass" })
          const ahead = yield* bs.getBlockCountdown(12)
          assert.strictEqual(ahead.remaining_blocks_count, 3n)
        })
      )
    )

    it.effect("an 8.1 server has no countdown: Unsupported, naming 9.0.0", () =>
      runWith(
        { blocks: 10, backendVersion: "v8.1.0" },
        family
      )((bs) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(bs.getBlockCountdown(100))
          assert.strictEqual(error.reason._tag, "Unsupported")
          assert.include(error.message, "9.0.0")
        })
      )
    )
  })
}
