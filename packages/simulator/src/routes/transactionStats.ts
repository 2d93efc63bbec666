/**
 * K4 `GET /transactions/stats`: the last day's mined transactions, their fees' sum and average (wei), and the
 * pending transactions (`transaction_controller.ex` `stats` and `transaction_view.ex` `render("stats.json")`), as
 * integer strings. A fee is the one the transaction's own rendering carries (`fee.value`). The backend counts the
 * pending transactions received in the last 30 minutes (`NewPendingTransactionsCount`); the simulator's pending
 * transactions are all that recent, so every one counts.
 *
 * @internal
 */
import { lastDayTransactions } from "../internal/counters.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transactionStats: RouteHandler = {
  handle: (ctx) => {
    const { chain } = ctx
    const day = lastDayTransactions(ctx, (h, position) => {
      const tx = chain.template(h).transactions.find((t) => t.position === position)!
      const fee = ctx.render.transaction(h, tx).fee as { readonly value: string }
      return BigInt(fee.value)
    })
    return ok({
      transactions_count_24h: String(day.count),
      pending_transactions_count: String(chain.pendingCount),
      transaction_fees_sum_24h: String(day.feeSum),
      transaction_fees_avg_24h: String(day.feeAverage)
    })
  }
}
