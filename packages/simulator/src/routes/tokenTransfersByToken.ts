/**
 * S19 `GET /tokens/{token}/transfers`: one token's transfer items, newest first, ordered and paged as E1; 404
 * for an address that is not one of the chain's tokens. 11.x servers declare no `items_count` here.
 *
 * @internal
 */
import { afterTransfer, pageOf, transferCursor, transferPosition } from "../internal/pages.ts"
import type { RouteHandler } from "../internal/router.ts"
import { scan } from "../internal/scan.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenTransfersByToken: RouteHandler = {
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const { chain } = ctx
    const index = tokenOf(ctx)
    const at = transferPosition(ctx.query)
    const perSlot = ctx.memo(`tokenTransfers|${index}`, () =>
      chain.templates.map((t) => t.transfers.filter((tr) => tr.token === index))
    )
    const found = scan(chain.height, at.block ?? chain.height - 1, perSlot, afterTransfer(at), ctx.size + 1)
    return pageOf(
      ctx,
      found,
      ([h, tr]) => ctx.render.tokenTransfer(h, tr),
      ([h, tr]) => transferCursor(chain, h, tr)
    )
  }
}
