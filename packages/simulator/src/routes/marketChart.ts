/**
 * H4 `GET /stats/charts/market`: the coin's market history, newest day first, up to 30 days: each day's closing
 * price is the `historic_exchange_rate` its last block's transactions carry, today's the current rate
 * (`stats_controller.ex` replaces today's with the exchange rate); the simulated coin has no market cap or TVL
 * source (null), and its available supply is 0.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { closingPrice, currentRate, dateOf, figuresOf } from "../internal/stats.ts"

export const marketChart: RouteHandler = {
  handle: (ctx) => {
    const chain = ctx.chain
    const days = figuresOf(ctx).days.slice(0, 30)
    // The last block of each day, walking down from the head.
    const lastBlocks = new Map<string, number>()
    for (let h = chain.height - 1; h >= 0 && lastBlocks.size < days.length; h--) {
      const date = dateOf(chain.blockMillis(h))
      if (!lastBlocks.has(date)) lastBlocks.set(date, h)
    }
    return ok({
      chart_data: days.map((day, i) => ({
        date: day.date,
        closing_price: i === 0 ? currentRate : closingPrice(chain, lastBlocks.get(day.date)!),
        market_cap: null,
        tvl: null
      })),
      available_supply: "0"
    })
  }
}
