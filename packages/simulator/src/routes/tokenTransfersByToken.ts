/**
 * S19 `GET /tokens/{token}/transfers`: one token's transfer items, newest first, ordered and paged as E1; 404
 * for an address that is not one of the chain's tokens. 11.x servers declare no `items_count` here.
 *
 * @internal
 */
import { transfersPage } from "../internal/pages.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenTransfersByToken: RouteHandler = {
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const index = tokenOf(ctx)
    const perSlot = ctx.memo(`tokenTransfers|${index}`, () =>
      ctx.chain.templates.map((t) => t.transfers.filter((tr) => tr.token === index))
    )
    return transfersPage(ctx, perSlot)
  }
}
