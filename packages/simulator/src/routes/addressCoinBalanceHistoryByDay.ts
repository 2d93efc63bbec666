/**
 * S7 `GET /addresses/{address}/coin-balance-history-by-day`: the closing balance of each day with a balance
 * change, oldest first, over the server's window of `days` (10, its default `COIN_BALANCE_HISTORY_DAYS`) ending
 * with the chain's last day; `{items, days}` as servers since 6.5.0 send it.
 *
 * @internal
 */
import { coinHistory } from "../chain/coinHistory.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

const days = 10
const dayMillis = 86_400_000

export const addressCoinBalanceHistoryByDay: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const history = coinHistory(chain, ctx.params.address!)
    const lastDay = Math.floor(chain.blockMillis(chain.height - 1) / dayMillis)
    const closing = new Map<number, bigint>()
    for (const p of history) closing.set(Math.floor(chain.blockMillis(p.block) / dayMillis), p.value)
    const items = [...closing]
      .filter(([day]) => day > lastDay - days)
      .map(([day, value]) => ({ date: new Date(day * dayMillis).toISOString().slice(0, 10), value: String(value) }))
    return ok({ items, days })
  }
}
