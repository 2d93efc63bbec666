/**
 * The counters beside the lists they count (K1-K4), both families, against the simulated Blockscout: an NFT
 * instance's transfers count is E2's length; the withdrawal counters are E9's count and sum; the verified contracts
 * are E8's and the new ones E8's of the last day; the transaction stats are E4's transactions of the 24 hours
 * before the head (count, fee sum, average) and its pending ones: on a short chain every transaction, on one of
 * 7,300 12-second blocks (24.3 hours) those of the blocks after the day's edge. A server older than a counter's
 * `since` refuses it with Unsupported.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { all, families, lower, runWith } from "./support.ts"
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"

const options = { seed: 11, blocks: 120, pendingTransactions: 5, smartContracts: 12 }
const chain = SimulatedBlockscout.make(options).chain
const DAY = 86_400_000

const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
  Effect.map(Effect.flip(e), (error) => error.reason._tag)

for (const family of families) {
  describe(`${family}: counters`, () => {
    const run = runWith(options, family)

    it.effect("an NFT instance's transfers count: E2's length; an ERC-20 token NotFound, an id never moved 0", () =>
      run((bs) =>
        Effect.gen(function* () {
          let nonZero = 0
          for (const type of ["ERC-721", "ERC-1155", "ERC-404"]) {
            const token = chain.tokens.find((t) => t.type === type)!
            for (const id of [0n, 1n, 2n]) {
              const transfers = yield* all(bs.streamTokenInstanceTransfers(token.address, id, { pageSize: 5 }))
              const count = yield* bs.getTokenInstanceTransfersCount(token.address, id)
              assert.strictEqual(count.transfers_count, BigInt(transfers.length), `${type} ${id}`)
              if (transfers.length > 0) nonZero++
            }
            assert.strictEqual(
              (yield* bs.getTokenInstanceTransfersCount(token.address, 10n ** 30n)).transfers_count,
              0n
            )
          }
          assert.isAbove(nonZero, 3)
          const fungible = chain.tokens.find((t) => t.type === "ERC-20")!
          assert.strictEqual(yield* reason(bs.getTokenInstanceTransfersCount(fungible.address, 1n)), "NotFound")
        })
      )
    )

    it.effect("withdrawal counters: E9's count and the sum of its amounts", () =>
      run((bs) =>
        Effect.gen(function* () {
          const withdrawals = yield* all(bs.streamWithdrawals({ pageSize: 50 }))
          const counters = yield* bs.getWithdrawalCounters()
          assert.isAbove(withdrawals.length, 100)
          assert.strictEqual(counters.withdrawals_count, BigInt(withdrawals.length))
          assert.strictEqual(
            counters.withdrawals_sum,
            withdrawals.reduce((sum, w) => sum + w.amount, 0n)
          )
        })
      )
    )

    it.effect("smart contract counters: E8's verified contracts, and those verified in the last day", () =>
      run((bs) =>
        Effect.gen(function* () {
          const verified = yield* all(bs.streamSmartContracts({ pageSize: 5 }))
          const head = (yield* bs.listBlocks({ pageSize: 1 })).items[0]!
          const dayStart = DateTime.toEpochMillis(head.timestamp) - DAY
          const counters = yield* bs.getSmartContractCounters()
          assert.strictEqual(counters.verified_smart_contracts, BigInt(verified.length))
          const recent = verified.filter(
            (c) =>
              c.verified_at !== null && c.verified_at !== undefined && DateTime.toEpochMillis(c.verified_at) > dayStart
          )
          assert.strictEqual(counters.new_verified_smart_contracts_24h, BigInt(recent.length))
          assert.isAtLeast(Number(counters.smart_contracts), verified.length)
        })
      )
    )

    it.effect("transaction stats: E4's transactions of the 24 hours before the head, their fees, and the pending", () =>
      run((bs) =>
        Effect.gen(function* () {
          // A chain of 24 minutes: the day holds every mined transaction.
          const mined = yield* all(bs.streamTransactions({ pageSize: 50 }))
          const fees = mined.reduce((sum, t) => sum + (t.fee.value ?? 0n), 0n)
          const pending = yield* all(bs.streamTransactions({ filter: "pending", pageSize: 50 }))
          assert.isAbove(pending.length, 0)
          assert.deepStrictEqual(yield* bs.getTransactionStats(), {
            transactions_count_24h: BigInt(mined.length),
            pending_transactions_count: BigInt(pending.length),
            transaction_fees_sum_24h: fees,
            transaction_fees_avg_24h: fees / BigInt(mined.length)
          })
        })
      )
    )

    it.effect("transaction stats on a chain longer than a day: the transactions of the blocks after its edge", () =>
      runWith(
        { seed: 3, blocks: 7_300 },
        family
      )((bs) =>
        Effect.gen(function* () {
          const blocks = yield* all(bs.streamBlocks({ pageSize: 50 }))
          const dayStart = DateTime.toEpochMillis(blocks[0]!.timestamp) - DAY
          const lastDay = blocks.filter((b) => DateTime.toEpochMillis(b.timestamp) > dayStart)
          assert.isBelow(lastDay.length, blocks.length)
          const stats = yield* bs.getTransactionStats()
          assert.strictEqual(
            stats.transactions_count_24h,
            lastDay.reduce((n, b) => n + BigInt(b.transactions_count ?? 0), 0n)
          )
        })
      )
    )

    it.effect("a 6.2 server: transaction stats Unsupported, naming 6.3.0; the older counters served", () =>
      // Servers before 5.1.5 have no /config/backend-version either, so an older counter's 404 there stays NotFound.
      runWith(
        { ...options, backendVersion: "v6.2.0-beta" },
        family
      )((bs) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(bs.getTransactionStats())
          assert.strictEqual(error.reason._tag, "Unsupported")
          assert.include(error.message, "6.3.0")
          // A 6.x server names them withdrawal_count and withdrawal_sum: read as today's names.
          const withdrawals = yield* all(bs.streamWithdrawals({ pageSize: 50 }))
          const counters = yield* bs.getWithdrawalCounters()
          assert.strictEqual(counters.withdrawals_count, BigInt(withdrawals.length))
          assert.strictEqual(
            counters.withdrawals_sum,
            withdrawals.reduce((sum, w) => sum + w.amount, 0n)
          )
          assert.isDefined((yield* bs.getSmartContractCounters()).verified_smart_contracts)
          const token = chain.tokens.find((t) => t.type === "ERC-721")!
          assert.isDefined((yield* bs.getTokenInstanceTransfersCount(lower(token.address)!, 0n)).transfers_count)
        })
      )
    )
  })
}
