/**
 * H3 `GET /stats/charts/transactions`: each day's transaction count, newest day first, from yesterday (the day
 * before the head block's) back 30 days more, for the days the chain has blocks on (`stats_controller.ex`: the
 * collected `TransactionStats` rows between those dates).
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { figuresOf } from "../internal/stats.ts"

export const transactionsChart: RouteHandler = {
  handle: (ctx) =>
    ok({
      chart_data: figuresOf(ctx)
        .days.slice(1, 32)
        .map((day) => ({ date: day.date, transactions_count: day.transactions }))
    })
}
