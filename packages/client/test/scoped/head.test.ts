/**
 * The head and the chain's state (H1-H5), both families, against the simulated Blockscout: the main page's blocks
 * are the newest 4 of `/blocks`; the stats' totals are the sums of the blocks' own counts; the charts' days add
 * up to the total; the backend version is the release line's, or the one the simulator was given.
 */
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { all, chain, families, runOn, runWith } from "./support.ts"

const dateOf = (t: DateTime.Utc) => DateTime.formatIso(t).slice(0, 10)

for (const family of families) {
  describe(`${family}: the head and the chain's state`, () => {
    const run = runOn(family)

    it.effect("main-page blocks: the 4 newest of /blocks, item for item", () =>
      run((bs) =>
        Effect.gen(function* () {
          const head = yield* bs.listMainPageBlocks()
          const newest = (yield* bs.listBlocks({ pageSize: 4 })).items
          assert.strictEqual(head.length, 4)
          assert.deepStrictEqual(head, newest)
          assert.strictEqual(head[0]!.height, chain.height - 1)
        })
      )
    )

    it.effect("stats: totals are the blocks' own counts; the average block time in milliseconds", () =>
      run((bs) =>
        Effect.gen(function* () {
          const stats = yield* bs.getStats()
          const blocks = yield* all(bs.streamBlocks({ pageSize: 50 }))
          assert.strictEqual(stats.total_blocks, BigInt(blocks.length))
          const transactions = blocks.reduce((n, b) => n + b.transactions_count, 0)
          assert.strictEqual(stats.total_transactions, BigInt(transactions))
          assert.strictEqual(
            stats.total_gas_used,
            blocks.reduce((n, b) => n + (b.gas_used ?? 0n), 0n)
          )
          // 160 blocks of 12 s: one day, so today's transactions are all of them.
          assert.strictEqual(stats.transactions_today, BigInt(transactions))
          assert.strictEqual(stats.average_block_time, 12_000)
          assert.strictEqual(stats.coin_price, "3150.25")
          assert.isAbove(stats.network_utilization_percentage ?? 0, 0)
        })
      )
    )

    it.effect("charts over three days: yesterday and before, each day's count; the market's closing prices", () =>
      runWith(
        { seed: 3, blocks: 20_000 },
        family
      )((bs) =>
        Effect.gen(function* () {
          const stats = yield* bs.getStats()
          const chart = (yield* bs.getTransactionsChart()).chart_data ?? []
          const head = (yield* bs.listMainPageBlocks())[0]!
          const today = dateOf(head.timestamp)
          // 20,000 blocks of 12 s from 2024-01-01: the 1st, the 2nd, and part of the 3rd (today).
          assert.deepStrictEqual(
            chart.map((d) => d.date),
            ["2024-01-02", "2024-01-01"]
          )
          assert.strictEqual(today, "2024-01-03")
          const charted = chart.reduce((n, d) => n + (d.transactions_count ?? 0), 0)
          assert.strictEqual(BigInt(charted) + (stats.transactions_today ?? 0n), stats.total_transactions)
          const market = (yield* bs.getMarketChart()).chart_data ?? []
          assert.deepStrictEqual(
            market.map((d) => d.date),
            [today, "2024-01-02", "2024-01-01"]
          )
          assert.strictEqual(market[0]!.closing_price, stats.coin_price)
          // A past day closes at the price its last block's transactions carry.
          const lastOfJan1 = (yield* bs.listBlocks({ cursor: { block_number: 7_200 }, pageSize: 1 })).items[0]!
          assert.strictEqual(dateOf(lastOfJan1.timestamp), "2024-01-01")
          const tx = (yield* bs.listBlockTransactions(lastOfJan1.height, { pageSize: 1 })).items[0]
          if (tx !== undefined) assert.strictEqual(market[2]!.closing_price, tx.historic_exchange_rate)
        })
      )
    )

    it.effect("backend version: the release line's, or the one the server was given", () =>
      Effect.gen(function* () {
        const own = yield* runWith({ blocks: 10 }, family)((bs) => bs.getBackendVersion())
        assert.strictEqual(own.backend_version, "v12.0.0")
        const eleven = yield* runWith({ blocks: 10, version: "11" }, family)((bs) => bs.getBackendVersion())
        assert.strictEqual(eleven.backend_version, family === "pro" ? "v12.0.0" : "v11.2.7")
        const old = yield* runWith(
          { blocks: 10, version: "11", backendVersion: { "11": "v6.0.0", pro: "v9.1.0" } },
          family
        )((bs) => bs.getBackendVersion())
        assert.strictEqual(old.backend_version, family === "pro" ? "v9.1.0" : "v6.0.0")
        const one = yield* runWith({ blocks: 10, backendVersion: "v7.0.2" }, family)((bs) => bs.getBackendVersion())
        assert.strictEqual(one.backend_version, "v7.0.2")
      })
    )
  })
}
