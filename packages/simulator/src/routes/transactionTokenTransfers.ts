/**
 * S15 `GET /transactions/{hash}/token-transfers`: a transaction's token transfer items in log order (log index
 * ascending, batch items ascending), `type` keeping some token types; the cursor continues after its log (or
 * inside its ERC-1155 batch). A pending transaction has none; 404 for a hash the chain does not hold. 11.x
 * servers declare no `items_count` here: asking for a page size is a 422 there.
 *
 * @internal
 */
import { afterTransfer, pageOf, transferCursor, transferPosition } from "../internal/pages.ts"
import { list, notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenTypes } from "./tokenTransfers.ts"

export const transactionTokenTransfers: RouteHandler = {
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const { chain, query } = ctx
    const place = chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const at = transferPosition(query)
    // A pending transaction, or one a reorganisation sent back to pending (live mode), is in no block yet.
    if (place._tag !== "Mined") return ok({ items: [], next_page_params: null })
    const h = place.block
    const after = afterTransfer(at, true)
    const found = chain
      .template(h)
      .transfers.filter(
        (t) =>
          t.txPosition === place.position &&
          (types === undefined || types.includes(chain.tokens[t.token]!.type)) &&
          (at.block === undefined || after(t))
      )
      .sort((a, b) => a.logIndex - b.logIndex || (a.indexInBatch ?? 0) - (b.indexInBatch ?? 0))
      .slice(0, ctx.size + 1)
    return pageOf(
      ctx,
      found,
      (t) => ctx.render.tokenTransfer(h, t),
      (t) => transferCursor(chain, h, t)
    )
  }
}
