/**
 * S18 `GET /tokens/{token}/counters`: the token's holder count (S20's list) and transfer count (S19's list), as
 * the decimal strings servers send; 404 for an address that is not one of the chain's tokens.
 *
 * @internal
 */
import { holdersOf, transferCount } from "../chain/holders.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenCounters: RouteHandler = {
  handle: (ctx) => {
    const index = tokenOf(ctx)
    return ok({
      token_holders_count: String(holdersOf(ctx.chain, index).length),
      transfers_count: String(transferCount(ctx.chain, index))
    })
  }
}
