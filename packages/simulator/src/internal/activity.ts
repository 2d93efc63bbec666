/**
 * An address's activity as the handlers of its lists and counters need it: its pending transactions, its mined
 * transactions and token transfers from a cursor (a merge of the chain's progressions, `chain/involvement.ts`),
 * and whole-history walks for counts and sorted orders (computed once per address, kept in the server's memo).
 *
 * @internal
 */
import { mergeDown, type Placed } from "../chain/merge.ts"
import {
  type Direction,
  type Role,
  roleOf,
  sameTransfer,
  type TransferFilter,
  transactionSources,
  transferLater,
  transferSources
} from "../chain/involvement.ts"
import type { TransferTemplate, TxTemplate } from "../chain/templates.ts"
import type { Json } from "./query.ts"
import { type Dropped, droppedTransactions, renderDropped } from "./reorgs.ts"
import type { RouteContext } from "./router.ts"

/** The role of the request's `address` path parameter, memoized. */
export const roleFor = (ctx: RouteContext, address: string): Role =>
  ctx.memo(`role|${address}`, () => roleOf(ctx.chain, address))

/**
 * A pending transaction of an address's list: one of the chain's pending ones (its index), or, in live mode, one
 * a reorganisation sent back to pending.
 */
export type PendingEntry = { readonly pending: number } | { readonly dropped: Dropped }

/** A pending entry as the lists render it. */
export const renderPending = (ctx: RouteContext, e: PendingEntry): Json =>
  "pending" in e ? ctx.render.pendingTransaction(e.pending) : renderDropped(ctx, e.dropped)

/**
 * Pending transactions the address sends or receives, newest inserted first: the chain's pending ones, then those
 * reorganisations sent back (live mode), as E4's pending list orders them.
 */
export const pendingOf = (ctx: RouteContext, address: string, direction: Direction): ReadonlyArray<PendingEntry> =>
  ctx.memo(`pending|${address}|${direction ?? "*"}`, () => {
    const out: Array<PendingEntry> = []
    const involves = (e: PendingEntry) => {
      const tx = renderPending(ctx, e) as { from: { hash: string }; to: { hash: string } | null }
      const from = tx.from.hash.toLowerCase() === address
      const to = tx.to !== null && tx.to.hash.toLowerCase() === address
      return (from && direction !== "to") || (to && direction !== "from")
    }
    for (let i = ctx.chain.pendingCount - 1; i >= 0; i--) if (involves({ pending: i })) out.push({ pending: i })
    for (const dropped of droppedTransactions(ctx, undefined, Number.POSITIVE_INFINITY, () => true)) {
      if (involves({ dropped })) out.push({ dropped })
    }
    return out
  })

/** Mined transactions in one block: by position, highest first. */
const txOrder = {
  later: (a: TxTemplate, b: TxTemplate) => a.position > b.position,
  same: (a: TxTemplate, b: TxTemplate) => a.position === b.position
}

/** Up to `want` mined transactions involving the address, newest first, strictly before `(block, index)`. */
export const minedTransactions = (
  ctx: RouteContext,
  role: Role,
  direction: Direction,
  cursor: { readonly block: number; readonly index: number | undefined } | undefined,
  want: number
): Array<Placed<TxTemplate>> => {
  const start = cursor?.block ?? ctx.chain.height - 1
  return mergeDown(
    transactionSources(ctx.chain, role, direction, start),
    start,
    {
      ...txOrder,
      afterCursor: (tx) => cursor === undefined || tx.position < (cursor.index ?? Number.POSITIVE_INFINITY)
    },
    want
  )
}

/** Every mined transaction involving the address, newest first (memoized). */
export const allMinedTransactions = (
  ctx: RouteContext,
  role: Role,
  direction: Direction
): ReadonlyArray<Placed<TxTemplate>> =>
  ctx.memo(`mined|${role.address}|${direction ?? "*"}`, () =>
    minedTransactions(ctx, role, direction, undefined, Number.POSITIVE_INFINITY)
  )

/** Up to `want` token transfers involving the address, newest first, from block `start` (items after `after`). */
export const addressTransfers = (
  ctx: RouteContext,
  role: Role,
  direction: Direction,
  filter: TransferFilter,
  start: number,
  after: (item: TransferTemplate) => boolean,
  want: number
): Array<Placed<TransferTemplate>> =>
  mergeDown(
    transferSources(ctx.chain, role, direction, filter, start),
    start,
    { later: transferLater, same: sameTransfer, afterCursor: after },
    want
  )

/**
 * How many token transfers involve the address, as Blockscout counts them: one per transfer log (its
 * `token_transfers` row), so an ERC-1155 batch, which the list gives one item per token id, counts once
 * (memoized).
 */
export const transferTotal = (ctx: RouteContext, role: Role): number =>
  ctx.memo(`transfers|${role.address}`, () => {
    const items = addressTransfers(ctx, role, undefined, {}, ctx.chain.height - 1, () => true, Number.POSITIVE_INFINITY)
    return new Set(items.map(([h, item]) => `${h}:${item.logIndex}`)).size
  })
