/**
 * Beacon deposits (B1-B5), both families, against the simulated Blockscout: the chain's list walked to its end at a
 * small page size holds every index from the newest down to 0 once, and the count is their number; an address's,
 * a block's and a transaction's lists are the chain's filtered by depositor, block and transaction (the deposit's
 * transaction is its block's first, sent by the depositor, as E4 lists it); an unknown block or transaction is
 * NotFound, an address that made none an empty page; a server older than 9.1.0 is Unsupported.
 */
import type { BeaconDeposit } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { addresses, all, chain, families, lower, pageSize, runOn, runWith } from "./support.ts"

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

const indexes = (deposits: ReadonlyArray<BeaconDeposit>) => deposits.map((d) => d.index)

for (const family of families) {
  describe(`${family}: beacon deposits`, () => {
    const run = runOn(family)

    it.effect("the chain's: every index once, newest first, across pages; the count is their number", () =>
      run((bs) =>
        Effect.gen(function* () {
          const deposits = yield* all(bs.streamBeaconDeposits({ pageSize }))
          assert.isAbove(deposits.length, pageSize * 2)
          assert.deepStrictEqual(
            indexes(deposits),
            Array.from({ length: deposits.length }, (_, i) => deposits.length - 1 - i)
          )
          assert.strictEqual((yield* bs.getBeaconDepositsCount()).deposits_count, BigInt(deposits.length))
          // Each deposit's transaction is one E4 lists, sent by the depositor, in the deposit's block.
          for (const d of deposits.slice(0, 5)) {
            const tx = yield* bs.getTransaction(d.transaction_hash)
            assert.strictEqual(tx.block_number, d.block_number)
            assert.strictEqual(lower(tx.from.hash), lower(d.from_address.hash))
            assert.strictEqual(d.amount, 32n * 10n ** 18n)
          }
          assert.strictEqual(deposits[0]!.status, "pending")
        })
      )
    )

    it.effect("an address's, a block's, a transaction's: the chain's filtered, in the same order", () =>
      run((bs) =>
        Effect.gen(function* () {
          const deposits = yield* all(bs.streamBeaconDeposits({ pageSize: 50 }))
          const depositor = lower(deposits[3]!.from_address.hash)!
          const mine = yield* all(bs.streamAddressBeaconDeposits(depositor, { pageSize: 2 }))
          assert.deepStrictEqual(
            indexes(mine),
            indexes(deposits.filter((d) => lower(d.from_address.hash) === depositor))
          )
          const block = deposits[2]!.block_number
          const inBlock = yield* all(bs.streamBlockBeaconDeposits(block))
          assert.deepStrictEqual(indexes(inBlock), indexes(deposits.filter((d) => d.block_number === block)))
          const byTransaction = yield* all(bs.streamTransactionBeaconDeposits(deposits[2]!.transaction_hash))
          assert.deepStrictEqual(indexes(byTransaction), [deposits[2]!.index])
          // A block without deposits, an address that made none: empty pages.
          const quiet = Array.from({ length: chain.height }, (_, h) => h).find(
            (h) => !deposits.some((d) => d.block_number === h)
          )!
          assert.deepStrictEqual((yield* bs.listBlockBeaconDeposits(quiet)).items, [])
          assert.deepStrictEqual((yield* bs.listAddressBeaconDeposits(addresses.stranger)).items, [])
          // Unknown ones: NotFound.
          assert.strictEqual(yield* reason(bs.listBlockBeaconDeposits(chain.height + 5)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTransactionBeaconDeposits(`0x${"ef".repeat(32)}`)), "NotFound")
        })
      )
    )

    it.effect("a 9.0 server has none of them: Unsupported, naming 9.1.0", () =>
      runWith(
        { blocks: 10, backendVersion: "v9.0.0" },
        family
      )((bs) =>
        Effect.gen(function* () {
          for (const effect of [bs.listBeaconDeposits(), bs.getBeaconDepositsCount()]) {
            const error = yield* Effect.flip(
              effect as Effect.Effect<unknown, { reason: { _tag: string }; message: string }>
            )
            assert.strictEqual(error.reason._tag, "Unsupported")
            assert.include(error.message, "9.1.0")
          }
        })
      )
    )
  })
}
