/**
 * The block- and transaction-scoped lists and lookups (S10-S16) and the indexing status (S23), both families,
 * against the simulated Blockscout: blocks equal the chain's heights; a block's transactions and withdrawals
 * equal E4 and E9 filtered by block; a transaction's token transfers and internal calls equal E1 and E11
 * filtered by transaction; the lookups agree with the list items; unknown ones are NotFound.
 */
import type { Transaction } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { addresses, all, chain, everyTransaction, everyTransfer, families, runOn, transferKey } from "./support.ts"

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

for (const family of families) {
  describe(`${family}: block- and transaction-scoped lists and lookups`, () => {
    const run = runOn(family)

    it.effect("blocks: every height, newest first; no uncles or reorgs on this chain", () =>
      run((bs) =>
        Effect.gen(function* () {
          const blocks = yield* all(bs.streamBlocks({ pageSize: 50 }))
          assert.deepStrictEqual(
            blocks.map((b) => b.height),
            Array.from({ length: chain.height }, (_, i) => chain.height - 1 - i)
          )
          assert.deepStrictEqual((yield* bs.listBlocks({ type: "uncle" })).items, [])
          assert.deepStrictEqual((yield* bs.listBlocks({ type: "reorg" })).items, [])
        })
      )
    )

    it.effect(
      "a block by number, bigint or hash: the list's block, rewards labelled; its transactions and withdrawals",
      () =>
        run((bs) =>
          Effect.gen(function* () {
            const every = yield* everyTransaction(bs)
            const withdrawals = yield* all(bs.streamWithdrawals({ pageSize: 50 }))
            for (const h of [0, 37, chain.height - 1]) {
              const listed = (yield* bs.listBlocks({ cursor: { block_number: h + 1 }, pageSize: 1 })).items[0]!
              const byNumber = yield* bs.getBlock(h)
              assert.deepStrictEqual(yield* bs.getBlock(BigInt(h)), byNumber)
              assert.deepStrictEqual(yield* bs.getBlock(listed.hash), byNumber)
              const { rewards: _labelled, ...rest } = byNumber
              const { rewards: _kinds, ...listedRest } = listed
              assert.deepStrictEqual(rest, listedRest)
              assert.deepStrictEqual(
                byNumber.rewards?.map((r) => r.type),
                ["Miner Reward", "Emission Reward"]
              )
              const transactions = yield* all(bs.streamBlockTransactions(h, { pageSize: 3 }))
              const inBlock = every.filter((t) => t.block_number === h).reverse()
              assert.deepStrictEqual(transactions, inBlock)
              assert.strictEqual(transactions.length, listed.transactions_count)
              const calls = yield* all(
                bs.streamBlockTransactions(listed.hash, { pageSize: 3, type: ["contract_call"] })
              )
              assert.deepStrictEqual(
                calls,
                inBlock.filter((t) => t.transaction_types.includes("contract_call"))
              )
              const own = yield* all(bs.streamBlockWithdrawals(h, { pageSize: 1 }))
              const want = withdrawals.filter((w) => w.block_number === h)
              assert.deepStrictEqual(
                own.map((w) => [w.index, w.amount, w.receiver?.hash]),
                want.map((w) => [w.index, w.amount, w.receiver?.hash])
              )
              assert.isTrue(own.every((w) => w.block_number === undefined))
            }
            assert.strictEqual(yield* reason(bs.getBlock(chain.height + 5)), "NotFound")
            assert.strictEqual(yield* reason(bs.getBlock(`0x${"ab".repeat(32)}`)), "NotFound")
            assert.strictEqual(yield* reason(bs.listBlockTransactions(chain.height)), "NotFound")
            assert.strictEqual(yield* reason(bs.getBlock(-1)), "InvalidArgument")
            assert.strictEqual(yield* reason(bs.getBlock("007")), "InvalidArgument")
          })
        )
    )

    it.effect("a transaction: the list's item with its first transfers; its transfers and internal calls", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransaction(bs)
          const transfers = yield* everyTransfer(bs)
          // Transactions with the most token transfers and internal calls, a failed one, a pending one.
          const byTransfers = [...every]
            .filter((t) => t.block_number !== null)
            .sort(
              (a, b) =>
                transfers.filter((x) => x.transaction_hash === b.hash).length -
                transfers.filter((x) => x.transaction_hash === a.hash).length
            )
          const picks: Array<Transaction> = [
            byTransfers[0]!,
            every.find((t) => t.status === "error")!,
            every.find((t) => t.block_number === null)!,
            ...every.filter((t) => t.to !== null && t.to.hash.toLowerCase() === addresses.router).slice(0, 3)
          ]
          for (const t of picks) {
            const details = yield* bs.getTransaction(t.hash)
            const own = yield* all(bs.streamTransactionTokenTransfers(t.hash, { pageSize: 2 }))
            // Log order: E1's items (log index descending, batch items ascending), stably sorted by log index.
            const want = transfers
              .filter((x) => x.transaction_hash === t.hash)
              .sort((a, b) => Number(a.log_index) - Number(b.log_index))
            assert.deepStrictEqual(own.map(transferKey), want.map(transferKey))
            assert.deepStrictEqual(details.token_transfers, own.slice(0, 10))
            assert.strictEqual(details.token_transfers_overflow, own.length > 10)
            assert.deepStrictEqual({ ...details, token_transfers: null, token_transfers_overflow: null }, t)
            const calls = yield* all(bs.streamTransactionInternalTransactions(t.hash, { pageSize: 1 }))
            const router = t.to?.hash ?? addresses.router
            const fromRouter = (yield* all(bs.streamInternalTransactions(router, { filter: "from", pageSize: 50 })))
              .filter((c) => c.transaction_hash === t.hash)
              .reverse()
            assert.deepStrictEqual(calls, t.block_number === null ? [] : fromRouter)
          }
          assert.isAbove(byTransfers.length, 0)
          const unknown = `0x${"cd".repeat(32)}`
          assert.strictEqual(yield* reason(bs.getTransaction(unknown)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTransactionTokenTransfers(unknown)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTransactionInternalTransactions(unknown)), "NotFound")
        })
      )
    )

    it.effect("the indexing status: a fully indexed chain", () =>
      run((bs) =>
        Effect.gen(function* () {
          const status = yield* bs.getIndexingStatus()
          assert.strictEqual(status.finished_indexing, true)
          assert.strictEqual(status.indexed_blocks_ratio, "1.00")
        })
      )
    )
  })
}
