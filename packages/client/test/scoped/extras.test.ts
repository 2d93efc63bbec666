/**
 * A block's and a transaction's extras and the hot contracts (X1-X4), both families, against the simulated
 * Blockscout: a transaction's blobs are none (the simulated chain sends no blob transactions) and an unknown
 * transaction's NotFound; Neon's external transactions and an OP stack chain's deposits and withdrawals are NotFound (the simulated
 * chain is of neither chain type);
 * a future block's countdown is its distance from `/blocks`' newest block at `/stats`' average block
 * time; a mined block is NotFound and a hash is refused before sending; the hot contracts of an hour are E4's
 * transactions of the hour before the head summed per contract recipient, in each order, across pages; a server
 * older than a row's release is Unsupported.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { all, chain, families, runOn, runWith } from "./support.ts"

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

for (const family of families) {
  describe(`${family}: a block's and a transaction's extras`, () => {
    const run = runOn(family)

    it.effect("a transaction's blobs: none on a chain without blob transactions; an unknown one NotFound", () =>
      run((bs) =>
        Effect.gen(function* () {
          const mined = chain.transactionHash(chain.height - 1, 0)
          assert.deepStrictEqual(yield* bs.getTransactionBlobs(mined), { items: [] })
          const pending = (yield* bs.listTransactions({ filter: "pending", pageSize: 1 })).items[0]!
          assert.deepStrictEqual(yield* bs.getTransactionBlobs(pending.hash), { items: [] })
          assert.strictEqual(yield* reason(bs.getTransactionBlobs(`0x${"cd".repeat(32)}`)), "NotFound")
          assert.strictEqual(yield* reason(bs.getTransactionBlobs("0x12")), "InvalidArgument")
        })
      )
    )

    it.effect("external transactions: NotFound on a chain that is not Neon, for any transaction", () =>
      run((bs) =>
        Effect.gen(function* () {
          const mined = chain.transactionHash(chain.height - 1, 0)
          const error = yield* Effect.flip(bs.listTransactionExternalTransactions(mined))
          assert.strictEqual(error.reason._tag, "NotFound")
          assert.strictEqual(yield* reason(bs.listTransactionExternalTransactions("0x12")), "InvalidArgument")
        })
      )
    )

    it.effect("an OP stack chain's deposits, withdrawals and counts: NotFound on a chain that is not one", () =>
      run((bs) =>
        Effect.gen(function* () {
          assert.strictEqual(yield* reason(bs.listOptimismDeposits()), "NotFound")
          assert.strictEqual(yield* reason(bs.getOptimismDepositsCount()), "NotFound")
          assert.strictEqual(yield* reason(bs.listOptimismWithdrawals()), "NotFound")
          assert.strictEqual(yield* reason(bs.getOptimismWithdrawalsCount()), "NotFound")
        })
      )
    )

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

    it.effect("hot contracts: an hour's transactions to contracts, summed per contract, in each order", () =>
      runWith(
        { seed: 5, blocks: 600 },
        family
      )((bs) =>
        Effect.gen(function* () {
          const mined = yield* all(bs.streamTransactions({ pageSize: 50 }))
          const now = DateTime.toEpochMillis(mined[0]!.timestamp!)
          const want = new Map<string, { count: bigint; gas: bigint }>()
          for (const t of mined) {
            if (DateTime.toEpochMillis(t.timestamp!) < now - 3_600_000 || t.to === null || t.to.is_contract !== true) {
              continue
            }
            const entry = want.get(t.to.hash.toLowerCase()) ?? { count: 0n, gas: 0n }
            want.set(t.to.hash.toLowerCase(), { count: entry.count + 1n, gas: entry.gas + (t.gas_used ?? 0n) })
          }
          assert.isAbove(want.size, 3)
          const rows = (
            items: ReadonlyArray<{
              contract_address: { hash: string }
              transactions_count: bigint
              total_gas_used: bigint
            }>
          ) =>
            items.map((c) => [c.contract_address.hash.toLowerCase(), c.transactions_count, c.total_gas_used] as const)
          const byAddress = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
          const expected = [...want].map(([address, e]) => [address, e.count, e.gas] as const)
          const hot = yield* all(bs.streamHotSmartContracts({ scale: "1h", pageSize: 2 }))
          assert.deepStrictEqual(
            rows(hot),
            [...expected].sort((a, b) => Number(b[1] - a[1]) || Number(b[2] - a[2]) || byAddress(a[0], b[0]))
          )
          const byGas = yield* all(
            bs.streamHotSmartContracts({ scale: "1h", sort: "total_gas_used", order: "asc", pageSize: 3 })
          )
          assert.deepStrictEqual(
            rows(byGas),
            [...expected].sort((a, b) => Number(a[2] - b[2]) || Number(b[1] - a[1]) || byAddress(a[0], b[0]))
          )
          // A balance is the address's own.
          const top = hot[0]!
          assert.strictEqual(top.balance, (yield* bs.getAddress(top.contract_address.hash)).coin_balance)
          // Day scales hold finished days only: a chain of two hours, all today, has none.
          assert.deepStrictEqual((yield* bs.listHotSmartContracts({ scale: "7d" })).items, [])
          // Without a scale the server refuses the request.
          assert.strictEqual(yield* reason(bs.listHotSmartContracts()), "InvalidRequest")
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

    it.effect("older servers: a 6.1 one has no blobs (6.2.0), an 8.1 one no countdown (9.0.0): Unsupported", () =>
      Effect.gen(function* () {
        const blobs = yield* Effect.flip(
          runWith(
            { blocks: 10, backendVersion: "v6.1.0" },
            family
          )((bs) => bs.getTransactionBlobs(`0x${"cd".repeat(32)}`))
        )
        assert.strictEqual(blobs.reason._tag, "Unsupported")
        assert.include(blobs.message, "6.2.0")
        const countdown = yield* Effect.flip(
          runWith({ blocks: 10, backendVersion: "v8.1.0" }, family)((bs) => bs.getBlockCountdown(100))
        )
        assert.strictEqual(countdown.reason._tag, "Unsupported")
        assert.include(countdown.message, "9.0.0")
      })
    )
  })
}
