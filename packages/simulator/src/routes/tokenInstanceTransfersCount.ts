/**
 * K1 `GET /tokens/{token}/instances/{tokenId}/transfers-count`: how many transfers E2 lists for the instance,
 * counted on each request (`token_controller.ex` `transfers_count_by_instance`), as a JSON integer. 404 for an
 * ERC-20 token or an address that is not a token; an id that never moved counts 0.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenInstanceTransfersCount: RouteHandler = {
  handle: (ctx) => {
    const index = tokenOf(ctx, true)
    const id = Number(ctx.params.tokenId)
    const count = Number.isSafeInteger(id) ? ctx.chain.instanceTransfers(index, id, Number.MAX_SAFE_INTEGER).length : 0
    return ok({ transfers_count: count })
  }
}
