/**
 * AA1 `GET /proxy/account-abstraction/operations`: the chain's user operations (`internal/userOps.ts`), newest
 * first (block, then hash, descending, as the indexer orders them), filtered by sender, bundler, paymaster (the
 * simulated operations have none), factory (the operations that deployed their account), transaction, EntryPoint,
 * bundle index and block; paged by `page_size` and `page_token` (`{block},{hash}`). 501 without the indexer.
 *
 * @internal
 */
import { addressRe, hashRe, invalid, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import {
  bundlesDown,
  deploys,
  ENTRY_POINT,
  FACTORY,
  pageSizeOf,
  pageToken,
  renderOpInList,
  requireIndexer,
  type UserOp
} from "../internal/userOps.ts"

const filterValue = (query: Record<string, string>, key: string, re: RegExp): string | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (!re.test(v)) throw invalid(key, `Invalid format for filter ${key}`)
  return v.toLowerCase()
}

export const userOperations: RouteHandler = {
  // 11.2.7 declares `page_size` only; 12.0 and the Pro API also take `items_count` (passed on, ignored).
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    requireIndexer(ctx)
    const q = ctx.query
    const sender = filterValue(q, "sender", addressRe)
    const bundler = filterValue(q, "bundler", addressRe)
    const paymaster = filterValue(q, "paymaster", addressRe)
    const factory = filterValue(q, "factory", addressRe)
    const transaction = filterValue(q, "transaction_hash", hashRe)
    const entryPoint = filterValue(q, "entry_point", addressRe)
    const bundleIndex = filterValue(q, "bundle_index", /^\d{1,9}$/)
    const blockNumber = filterValue(q, "block_number", /^\d{1,15}$/)
    const size = pageSizeOf(ctx)
    const token = pageToken(ctx, 2)
    const keep = (op: UserOp): boolean =>
      (sender === undefined || op.sender.toLowerCase() === sender) &&
      (bundler === undefined || op.bundler.toLowerCase() === bundler) &&
      paymaster === undefined &&
      (factory === undefined || (factory === FACTORY && deploys(ctx, op))) &&
      (transaction === undefined ||
        ctx.chain.transactionHash(op.block, op.transactionPosition).toLowerCase() === transaction) &&
      (entryPoint === undefined || entryPoint === ENTRY_POINT) &&
      (bundleIndex === undefined || op.bundleIndex === Number(bundleIndex)) &&
      (blockNumber === undefined || op.block === Number(blockNumber))
    const top = token === undefined ? ctx.chain.height - 1 : Number(token[0])
    const found: Array<UserOp> = []
    for (const bundle of bundlesDown(ctx, blockNumber === undefined ? top : Math.min(top, Number(blockNumber)))) {
      const ops = [...bundle.ops].sort((a, b) => (a.hash < b.hash ? 1 : -1))
      for (const op of ops) {
        if (token !== undefined && op.block === top && op.hash >= token[1]!.toLowerCase()) continue
        if (keep(op)) found.push(op)
      }
      if (found.length > size) break
      if (blockNumber !== undefined) break
    }
    const page = found.slice(0, size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((op) => renderOpInList(ctx, op)),
      next_page_params:
        found.length > size && last !== undefined ? { page_token: `${last.block},${last.hash}`, page_size: size } : null
    })
  }
}
