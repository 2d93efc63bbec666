/**
 * T5 `GET /blocks/{numberOrHash}/internal-transactions`: a block's internal transactions by transaction index
 * then index, ascending (`InternalTransaction.block_to_internal_transactions`), top-level calls left out; the
 * cursor `{transaction_index, index}` (`internal_transaction_to_block_paging_options`) continues after the last
 * item. 404 for a block the chain does not hold; nothing while the block's internal transactions are not indexed
 * (12.x servers and the Pro API say so in the page `meta`).
 *
 * @internal
 */
import { blockOf } from "../internal/blockParam.ts"
import { indexed, internalMeta } from "../internal/indexing.ts"
import { pageOf } from "../internal/pages.ts"
import { int, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const blockInternalTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const h = blockOf(ctx)
    const txIndex = int(ctx.query, "transaction_index")
    const index = int(ctx.query, "index") ?? -1
    const meta = internalMeta(ctx, [h])
    if (!indexed(ctx, h)) return ok({ items: [], next_page_params: null, ...meta })
    const found = ctx.chain
      .template(h)
      .internals.filter(
        (it) => txIndex === undefined || it.txPosition > txIndex || (it.txPosition === txIndex && it.index > index)
      )
      .sort((a, b) => a.txPosition - b.txPosition || a.index - b.index)
      .slice(0, ctx.size + 1)
    return pageOf(
      ctx,
      found,
      (it) => ctx.render.internalTransaction(h, it),
      (it) => ({ transaction_index: it.txPosition, index: it.index }),
      meta
    )
  }
}
