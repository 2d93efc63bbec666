/**
 * O1-O4 `GET /optimism/deposits`, `/optimism/withdrawals` and their `/count`: the backend serves them only on the `optimism`
 * chain type (`api_router.ex` `if @chain_type == :optimism`); on any other build the paths have no route and
 * Phoenix answers 404. The simulated chain is not an OP stack chain, so it answers them 404, as such a server does.
 *
 * @internal
 */
import { notFound } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

const anotherChainType: RouteHandler = {
  handle: () => {
    throw notFound()
  }
}

export const optimismDeposits: RouteHandler = anotherChainType
export const optimismDepositsCount: RouteHandler = anotherChainType
export const optimismWithdrawals: RouteHandler = anotherChainType
export const optimismWithdrawalsCount: RouteHandler = anotherChainType
