/**
 * A server still fetching internal transactions (`SimulatorOptions.unindexedInternalTransactions`): blocks whose
 * internal transactions it has not traced yet, as Blockscout's pending block and transaction operations. Their
 * internal transactions are missing from every list; a 12.x (or Pro) internal-transaction page says so in its
 * `meta` when the block range it checked holds one of them (the page's items' blocks; every block for an empty
 * page, as `pending_operations_in_block_range?(nil, nil)` does); the indexing status says internal transactions
 * are not finished. An 11.x server only leaves them out: it has no `meta`.
 *
 * @internal
 */
import type { Source } from "../chain/merge.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import type { ServerMode } from "../render/context.ts"

/** Blocks (both inclusive) whose internal transactions the server has not fetched yet. */
export interface Unindexed {
  readonly fromBlock: number
  readonly toBlock: number
}

/**
 * What the checks read of a request's context (a `RouteContext` is one): named here, so the router's context
 * and this module do not name each other.
 */
export interface IndexingView {
  readonly unindexed: Unindexed | undefined
  readonly render: { readonly mode: ServerMode }
}

/** The words 12.x servers put in `meta.message` (`InternalTransactionsPendingStatusHelper`). */
export const pendingMessage = "Some internal transactions within this block range have not yet been processed"

/** Whether block `h`'s internal transactions are indexed. */
export const indexed = (ctx: IndexingView, h: number): boolean =>
  ctx.unindexed === undefined || h < ctx.unindexed.fromBlock || h > ctx.unindexed.toBlock

/** A list's sources without the items of blocks not indexed yet. */
export const indexedOnly = <T>(ctx: IndexingView, sources: Array<Source<T>>): Array<Source<T>> =>
  ctx.unindexed === undefined
    ? sources
    : sources.map(function* (source) {
        for (let next = source.next(); next.done !== true; next = source.next()) {
          if (indexed(ctx, next.value[0])) yield next.value
        }
      })

/**
 * The page-level `meta` of an internal-transaction page whose items are in `blocks` (none on 11.x): status 2
 * when the range it checked holds a block not indexed yet.
 */
export const internalMeta = (ctx: IndexingView, blocks: ReadonlyArray<number>): Record<string, unknown> => {
  if (ctx.render.mode === "11") return {}
  const u = ctx.unindexed
  const pending =
    u !== undefined && (blocks.length === 0 || (Math.min(...blocks) <= u.toBlock && Math.max(...blocks) >= u.fromBlock))
  return { meta: pending ? { status: 2, message: pendingMessage } : { status: 1, message: null } }
}

/** The indexing status: finished, or internal transactions behind by the blocks not indexed yet. */
export const indexingStatusOf = (chain: SimulatedChain, u: Unindexed | undefined): Record<string, unknown> => {
  if (u === undefined) {
    return {
      finished_indexing_blocks: true,
      finished_indexing: true,
      indexed_blocks_ratio: "1.00",
      indexed_internal_transactions_ratio: "1.00"
    }
  }
  const behind = Math.max(0, Math.min(u.toBlock, chain.height - 1) - Math.max(u.fromBlock, 0) + 1)
  return {
    finished_indexing_blocks: true,
    finished_indexing: false,
    indexed_blocks_ratio: "1.00",
    indexed_internal_transactions_ratio: Math.max(0, 1 - behind / chain.height).toFixed(2)
  }
}
