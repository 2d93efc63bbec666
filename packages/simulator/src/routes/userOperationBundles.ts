/**
 * AA3 `GET /proxy/account-abstraction/bundles`: the chain's bundles (`internal/userOps.ts`), newest first, filtered
 * by bundler and EntryPoint; paged by `page_size` and `page_token` (`{block},{transaction hash},{bundle index}`).
 * 501 without the indexer.
 *
 * @internal
 */
import { addressRe, invalid, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { type Bundle, bundlesDown, ENTRY_POINT, pageSizeOf, pageToken, requireIndexer } from "../internal/userOps.ts"

export const userOperationBundles: RouteHandler = {
  // 11.2.7 declares `page_size` only; 12.0 and the Pro API also take `items_count` (passed on, ignored).
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    requireIndexer(ctx)
    const check = (key: string) => {
      const v = ctx.query[key]
      if (v !== undefined && !addressRe.test(v)) throw invalid(key, `Invalid format for filter ${key}`)
      return v?.toLowerCase()
    }
    const bundler = check("bundler")
    const entryPoint = check("entry_point")
    const size = pageSizeOf(ctx)
    const token = pageToken(ctx, 3)
    // One bundle per block here: a token's block is the last page's last bundle, so the next starts below it.
    const top = token === undefined ? ctx.chain.height - 1 : Number(token[0]) - 1
    const found: Array<Bundle> = []
    for (const bundle of bundlesDown(ctx, top)) {
      if (bundler !== undefined && bundle.bundler.toLowerCase() !== bundler) continue
      if (entryPoint !== undefined && entryPoint !== ENTRY_POINT) continue
      found.push(bundle)
      if (found.length > size) break
    }
    const page = found.slice(0, size)
    const last = page[page.length - 1]
    const hashOf = (b: Bundle) => ctx.chain.transactionHash(b.block, b.transactionPosition)
    return ok({
      items: page.map((b) => ({
        transaction_hash: hashOf(b),
        bundle_index: 0,
        block_number: String(b.block),
        bundler: ctx.render.address(b.bundler),
        timestamp: ctx.render.timestamp(ctx.chain.blockMillis(b.block)),
        total_ops: b.ops.length
      })),
      next_page_params:
        found.length > size && last !== undefined
          ? { page_token: `${last.block},${hashOf(last)},0`, page_size: size }
          : null
    })
  }
}
