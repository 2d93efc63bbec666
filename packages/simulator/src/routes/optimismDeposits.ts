/**
 * O1-O2 `GET /optimism/deposits` and `/optimism/deposits/count`: the backend serves them only on the `optimism`
 * chain type (`api_router.ex` `if @chain_type == :optimism`); on any other build the paths have no route and
 * Phoenix answers 404. The simulated chain is not an OP stack chain, so it answers both 404, as such a server does.
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
