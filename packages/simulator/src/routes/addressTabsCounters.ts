/**
 * A4 `GET /addresses/{address}/tabs-counters`: how many items each of an address's lists holds, counted as
 * `Address.Counters.address_limited_counters` counts them, up to 51: each count is the length of the address's
 * own list route's first 51 items (transactions, logs, withdrawals, internal transactions, validated blocks,
 * token balances), and its token transfers as the counters count them (one per transfer log), so the tabs agree
 * with the lists. An address the chain does not know gets every counter the backend names at 0, as its second
 * clause answers.
 *
 * @internal
 */
import { roleFor, transferTotal } from "../internal/activity.ts"
import { ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"
import { addressLogs } from "./addressLogs.ts"
import { addressTokenBalances } from "./addressTokenBalances.ts"
import { addressTransactions } from "./addressTransactions.ts"
import { addressWithdrawals } from "./addressWithdrawals.ts"
import { blocksValidated } from "./blocksValidated.ts"
import { internalTransactions } from "./internalTransactions.ts"

/** The backend's limit: it counts at most this many rows per list. */
const limit = 51

/** How many items a list route answers for the address, up to the limit (its first page of that size). */
const countOf = (ctx: RouteContext, handler: RouteHandler): number => {
  const body = handler.handle({ ...ctx, query: {}, size: limit }).body as
    | ReadonlyArray<unknown>
    | { readonly items: ReadonlyArray<unknown> }
  return Math.min(limit, Array.isArray(body) ? body.length : (body as { items: ReadonlyArray<unknown> }).items.length)
}

export const addressTabsCounters: RouteHandler = {
  handle: (ctx) => {
    if (ctx.chain.address(ctx.params.address!) === undefined) {
      return ok({
        validations_count: 0,
        transactions_count: 0,
        token_transfers_count: 0,
        token_balances_count: 0,
        logs_count: 0,
        withdrawals_count: 0,
        internal_transactions_count: 0,
        celo_election_rewards_count: 0,
        beacon_deposits_count: 0
      })
    }
    return ok({
      validations_count: countOf(ctx, blocksValidated),
      transactions_count: countOf(ctx, addressTransactions),
      token_transfers_count: Math.min(limit, transferTotal(ctx, roleFor(ctx, ctx.params.address!))),
      token_balances_count: countOf(ctx, addressTokenBalances),
      logs_count: countOf(ctx, addressLogs),
      withdrawals_count: countOf(ctx, addressWithdrawals),
      internal_transactions_count: countOf(ctx, internalTransactions)
    })
  }
}
