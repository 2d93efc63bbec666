/**
 * E11 `GET /addresses/{address}/internal-transactions`: a router's calls (from it, or to it from another
 * router) and the calls that pay a user, newest first (block, transaction index, index descending);
 * `filter` keeps only calls `to` or `from` the address. 12.x servers and the Pro API add a page-level
 * `meta: { status, message }` saying whether the list is complete (status 1, as the RPC API's `status`
 * "1"; 2 with a message while blocks in range still await their internal transactions): always 1 unless
 * the server was given blocks not indexed yet (`internal/indexing.ts`), whose calls it leaves out.
 *
 * Each matching template item recurs on a progression of blocks, so a page merges those progressions
 * (`chain/involvement.ts`, `chain/merge.ts`) instead of scanning the chain.
 *
 * @internal
 */
import { internalLater, internalSources } from "../chain/involvement.ts"
import { mergeDown } from "../chain/merge.ts"
import { roleFor } from "../internal/activity.ts"
import { indexedOnly, internalMeta } from "../internal/indexing.ts"
import { pageOf } from "../internal/pages.ts"
import { int, oneOf } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const internalTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const direction = oneOf(query, "filter", ["to", "from"] as const)
    const block = int(query, "block_number")
    const txIndex = int(query, "transaction_index") ?? Number.POSITIVE_INFINITY
    const index = int(query, "index") ?? Number.POSITIVE_INFINITY
    const start = block ?? chain.height - 1
    const found = mergeDown(
      indexedOnly(ctx, internalSources(chain, roleFor(ctx, ctx.params.address!), direction, start)),
      start,
      {
        later: internalLater,
        same: (a, b) => a.txPosition === b.txPosition && a.index === b.index,
        afterCursor: (it) =>
          block === undefined || it.txPosition < txIndex || (it.txPosition === txIndex && it.index < index)
      },
      ctx.size + 1
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
