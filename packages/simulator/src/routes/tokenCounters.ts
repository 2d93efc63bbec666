/**
 * S18 `GET /tokens/{token}/counters`: the token's holder count (distinct holders of S20's list: an ERC-1155 holder
 * of several ids once) and transfer count (S19's list, once per transfer log), as
 * the decimal strings servers send; 404 for an address that is not one of the chain's tokens.
 *
 * @internal
 */
import { holderCount, transferCount } from "../chain/holders.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenCounters: RouteHandler = {
  handle: (ctx) => {
    const index = tokenOf(ctx)
    return ok({
      token_holders_count: String(holderCount(ctx.chain, index)),
      transfers_count: String(transferCount(ctx.chain, index))
    })
  }
}
