/**
 * The page every list handler answers: the items found (one more than a page, to know whether a next page
 * exists), rendered, and the next cursor from the last item on the page; and the cursor pieces several lists
 * share (token transfers: a log's place, plus the batch keys when a page ends inside an ERC-1155 batch).
 *
 * @internal
 */
import type { SimulatedChain } from "../SimulatedChain.ts"
import type { TransferTemplate } from "../chain/templates.ts"
import { type Cursor, hashParam, int, ok, type Outcome, type Query } from "./query.ts"
import type { RouteContext } from "./router.ts"
import { scan } from "./scan.ts"

/** A page of `found` (searched for `ctx.size + 1` items): the first `ctx.size`, rendered, and the next cursor. */
export const pageOf = <T>(
  ctx: RouteContext,
  found: ReadonlyArray<T>,
  render: (item: T) => unknown,
  cursor: (last: T) => Cursor,
  extra: Record<string, unknown> = {}
): Outcome => {
  const page = found.slice(0, ctx.size)
  const last = page[page.length - 1]
  return ok({
    items: page.map(render),
    next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => cursor(last!)),
    ...extra
  })
}

/**
 * A page of a list held whole in its order: from the first item `afterCursor` says comes after the request's
 * cursor (none: the list's start; none after it: an empty last page), `ctx.size + 1` items, as `pageOf` pages them.
 */
export const pageAfter = <T>(
  ctx: RouteContext,
  sorted: ReadonlyArray<T>,
  afterCursor: ((item: T) => boolean) | undefined,
  render: (item: T) => unknown,
  cursor: (last: T) => Cursor
): Outcome => {
  const found = afterCursor === undefined ? 0 : sorted.findIndex(afterCursor)
  const from = found < 0 ? sorted.length : found
  return pageOf(ctx, sorted.slice(from, from + ctx.size + 1), render, cursor)
}

/** Where a token-transfer cursor points: a log in a block, or inside an ERC-1155 batch of that log. */
export interface TransferPosition {
  readonly block: number | undefined
  readonly index: number | undefined
  readonly batchLog: number | undefined
  readonly inBatch: number | undefined
}

/** The transfer cursor keys of a request (422 for a malformed one). */
export const transferPosition = (query: Query): TransferPosition => {
  hashParam(query, "batch_block_hash")
  hashParam(query, "batch_transaction_hash")
  return {
    block: int(query, "block_number"),
    index: int(query, "index"),
    batchLog: int(query, "batch_log_index"),
    inBatch: int(query, "index_in_batch")
  }
}

/**
 * Whether a transfer item in the cursor's block comes after the cursor, newest first (log index descending,
 * batch items ascending), or in log order (`ascending`: a transaction's own transfers).
 */
export const afterTransfer =
  (at: TransferPosition, ascending = false) =>
  (tr: TransferTemplate): boolean => {
    if (at.block === undefined) return true
    if (at.batchLog !== undefined && at.inBatch !== undefined && tr.logIndex === at.batchLog) {
      return (tr.indexInBatch ?? -1) > at.inBatch
    }
    if (at.index === undefined) return true
    return ascending ? tr.logIndex > at.index : tr.logIndex < at.index
  }

/** The cursor after transfer item `tr` of block `h`: its log's place, plus the batch keys inside a batch. */
export const transferCursor = (chain: SimulatedChain, h: number, tr: TransferTemplate): Cursor => {
  const c: Cursor = { block_number: h, index: tr.logIndex }
  if (tr.indexInBatch !== null && tr.indexInBatch < tr.log.batchSize - 1) {
    c.batch_log_index = tr.logIndex
    c.batch_block_hash = chain.blockHash(h)
    c.batch_transaction_hash = chain.transactionHash(h, tr.txPosition)
    c.index_in_batch = tr.indexInBatch
  }
  return c
}

/**
 * A page of a chain-wide transfer list, newest first (E1's order): the items of `perSlot` (each template's
 * transfers a list keeps), walked down from the request's cursor.
 */
export const transfersPage = (ctx: RouteContext, perSlot: ReadonlyArray<ReadonlyArray<TransferTemplate>>): Outcome => {
  const at = transferPosition(ctx.query)
  const found = scan(ctx.chain.height, at.block ?? ctx.chain.height - 1, perSlot, afterTransfer(at), ctx.size + 1)
  return pageOf(
    ctx,
    found,
    ([h, tr]) => ctx.render.tokenTransfer(h, tr),
    ([h, tr]) => transferCursor(ctx.chain, h, tr)
  )
}
