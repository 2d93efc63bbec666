/**
 * S16 `GET /transactions/{hash}/internal-transactions`: a transaction's internal calls by index ascending (the
 * top-level call, index 0, is not listed); the cursor `{block_number, transaction_index, index}` continues
 * after `index`. 12.x servers and the Pro API add the page `meta` saying the list is complete (the simulated
 * chain is fully indexed). A pending transaction has none; 404 for a hash the chain does not hold.
 *
 * @internal
 */
import { indexed, internalMeta } from "../internal/indexing.ts"
import { pageOf } from "../internal/pages.ts"
import { int, notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transactionInternalTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const place = chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    int(query, "block_number")
    int(query, "transaction_index")
    const index = int(query, "index")
    // A pending transaction, or one a reorganisation sent back to pending (live mode), is in no block yet.
    if (place._tag !== "Mined") return ok({ items: [], next_page_params: null, ...internalMeta(ctx, [chain.height]) })
    const h = place.block
    // A block not indexed yet: no calls known, and the page says so.
    const meta = internalMeta(ctx, [h])
    if (!indexed(ctx, h)) return ok({ items: [], next_page_params: null, ...meta })
    const found = chain
      .template(h)
      .internals.filter((it) => it.txPosition === place.position && (index === undefined || it.index > index))
      .sort((a, b) => a.index - b.index)
      .slice(0, ctx.size + 1)
    return pageOf(
      ctx,
      found,
      (it) => ctx.render.internalTransaction(h, it),
      (it) => ({ block_number: h, transaction_index: it.txPosition, index: it.index }),
      meta
    )
  }
}
