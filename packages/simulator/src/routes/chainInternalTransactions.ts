/**
 * T4 `GET /internal-transactions`: the chain's internal transactions, newest first (block, transaction index,
 * index descending, as `InternalTransactionController` orders them), top-level calls left out; the cursor
 * `{block_number, transaction_index, index}` continues below the last item. `transaction_hash` keeps one
 * transaction's calls (none for a hash the chain does not hold or a pending transaction: an empty page, as the
 * backend's filter answers). Blocks whose internal transactions are not indexed yet contribute nothing; 12.x servers
 * and the Pro API say so in the page `meta`, as on the other internal-transaction lists.
 *
 * @internal
 */
import type { InternalTemplate } from "../chain/templates.ts"
import { indexed, internalMeta } from "../internal/indexing.ts"
import { pageOf } from "../internal/pages.ts"
import { hashParam, int, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { scan } from "../internal/scan.ts"

export const chainInternalTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const block = int(query, "block_number")
    const txIndex = int(query, "transaction_index") ?? Number.POSITIVE_INFINITY
    const index = int(query, "index") ?? Number.POSITIVE_INFINITY
    const hash = hashParam(query, "transaction_hash")
    const place = hash === undefined ? undefined : chain.locateTransaction(hash)
    if (hash !== undefined && (place === undefined || place._tag === "Pending")) {
      return ok({ items: [], next_page_params: null, ...internalMeta(ctx, [chain.height - 1]) })
    }
    const after = (it: InternalTemplate) =>
      block === undefined || it.txPosition < txIndex || (it.txPosition === txIndex && it.index < index)
    // One transaction's calls are all in its block (listed in the template's order: index descending).
    const found: Array<[number, InternalTemplate]> =
      place?._tag === "Mined"
        ? !indexed(ctx, place.block) || (block !== undefined && block !== place.block)
          ? []
          : chain
              .template(place.block)
              .internals.filter((it) => it.txPosition === place.position && after(it))
              .slice(0, ctx.size + 1)
              .map((it) => [place.block, it])
        : scan(
            chain.height,
            block ?? chain.height - 1,
            ctx.memo("internals", () => chain.templates.map((t) => t.internals)),
            after,
            ctx.size + 1,
            (h) => indexed(ctx, h)
          )
    return pageOf(
      ctx,
      found,
      ([h, it]) => ctx.render.internalTransaction(h, it),
      ([h, it]) => ({ block_number: h, transaction_index: it.txPosition, index: it.index }),
      internalMeta(
        ctx,
        found.slice(0, ctx.size).map(([h]) => h)
      )
    )
  }
}
