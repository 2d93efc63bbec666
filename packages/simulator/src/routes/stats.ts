/**
 * H2 `GET /stats`: the chain's counters from the blocks it holds now (`internal/stats.ts`): blocks, transactions
 * and gas in total and today (the head block's date), the average block time in milliseconds, the gas prices
 * from the head block's base fee (gwei, as numbers: the answer without the `updated-gas-oracle` header), the
 * coin's current price (the `exchange_rate` every transaction carries) and the network utilisation of the newest
 * 50 blocks (`stats_controller.ex` over `Chain.list_blocks()`).
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { averageBlockMillis, blockGasUsed, currentRate, figuresOf } from "../internal/stats.ts"

const gasLimit = 30_000_000

export const stats: RouteHandler = {
  handle: (ctx) => {
    const chain = ctx.chain
    const figures = figuresOf(ctx)
    const today = figures.days[0]
    const head = chain.height - 1
    const gwei = head < 0 ? null : Number(chain.baseFee(head)) / 1e9
    const tier = (extra: number) => (gwei === null ? null : Math.round((gwei + extra) * 100) / 100)
    let used = 0
    let newest = 0
    for (let h = head; h >= 0 && newest < 50; h--, newest++) used += blockGasUsed(chain, h)
    return ok({
      total_blocks: String(figures.blocks),
      total_addresses: String(
        chain.users.length +
          chain.miners.length +
          chain.routers.length +
          chain.tokens.length +
          chain.smartContracts.length
      ),
      total_transactions: String(figures.transactions),
      average_block_time: averageBlockMillis(chain),
      coin_image: null,
      secondary_coin_image: null,
      coin_price: currentRate,
      coin_price_change_percentage: null,
      secondary_coin_price: null,
      total_gas_used: String(figures.gasUsed),
      transactions_today: String(today?.transactions ?? 0),
      gas_used_today: String(today?.gasUsed ?? 0),
      gas_prices: { slow: tier(0), average: tier(0.5), fast: tier(1) },
      gas_prices_update_in: 30_000,
      gas_price_updated_at: head < 0 ? null : ctx.render.timestamp(chain.blockMillis(head)),
      static_gas_price: null,
      market_cap: "0",
      tvl: null,
      network_utilization_percentage: newest === 0 ? 0 : (used / (newest * gasLimit)) * 100
    })
  }
}
