/**
 * A history's items as the merge holds them (`Held`: the item, its kind, block, transaction and position,
 * and the cursor of the page it came on), and the order within a block: transactions by index, last first;
 * within one, the transaction, its token transfers (log index, last first), its internal transactions (index,
 * last first); token transfers of no transaction first. `History.ts` documents the order for users.
 *
 * @internal
 */
import type { InternalTransaction, NextPageParams, TokenTransfer, Transaction } from "@blockscout-effect/schema"
import type { HistoryEntry, HistoryKind } from "../../History.ts"

/** An item the merge holds until its block is complete. */
export interface Held {
  readonly kind: HistoryKind
  readonly block: number
  /** Its transaction's hash, lower case (null: a token transfer of no transaction). */
  readonly hash: string | null
  /** Its transaction's index in the block, when the item says. */
  readonly index: number | undefined
  /** Its place within its transaction: a token transfer's log index, an internal transaction's index. */
  readonly position: number
  readonly item: unknown
  /** The cursor of the page it came on (undefined: the list's first page of the range). */
  readonly page: NextPageParams | undefined
}

/** What the merge needs of a raw item of each kind; `block` is undefined for a pending transaction. */
export interface Placed {
  readonly block: number | null | undefined
  readonly hash: string | null
  readonly index: number | undefined
  readonly position: number
}

/** Where an item of `kind` sits, read from the item. */
export const placeOf = (kind: HistoryKind, item: unknown): Placed => {
  switch (kind) {
    case "transaction": {
      const tx = item as Transaction
      return { block: tx.block_number, hash: tx.hash.toLowerCase(), index: tx.position ?? undefined, position: -1 }
    }
    case "tokenTransfer": {
      const tt = item as TokenTransfer
      return {
        block: tt.block_number,
        hash: tt.transaction_hash === null ? null : tt.transaction_hash.toLowerCase(),
        index: undefined,
        position: tt.log_index ?? -1
      }
    }
    case "internalTransaction": {
      const it = item as InternalTransaction
      return {
        block: it.block_number,
        hash: it.transaction_hash.toLowerCase(),
        index: it.transaction_index,
        position: it.index
      }
    }
  }
}

const rank: Record<HistoryKind, number> = { transaction: 0, tokenTransfer: 1, internalTransaction: 2 }

/**
 * The transactions of one block whose index must be looked up to order it: those of its token transfers known
 * by no transaction or internal transaction of the history, when the block holds more than one transaction
 * (a block of token transfers only is ordered by log index, which follows the transaction index).
 */
export const unplaced = (held: ReadonlyArray<Held>, known: ReadonlyMap<string, number>): ReadonlyArray<string> => {
  const hashes = new Set<string>()
  for (const h of held) if (h.hash !== null) hashes.add(h.hash)
  if (hashes.size < 2) return []
  const indexed = new Set<string>()
  for (const h of held) if (h.hash !== null && (h.index !== undefined || known.has(h.hash))) indexed.add(h.hash)
  // Every transaction unindexed: log order decides among token transfers, if that is all the block holds.
  if (indexed.size === 0 && held.every((h) => h.kind === "tokenTransfer")) return []
  return [...hashes].filter((hash) => !indexed.has(hash))
}

/**
 * The entries of one block in history order. `known` holds looked-up transaction indexes; the held items'
 * own indexes are shared with the other items of their transaction. Stable: items equal in every key (the
 * token ids of one ERC-1155 batch) keep the order they came in.
 */
export const orderBlock = (held: ReadonlyArray<Held>, known: ReadonlyMap<string, number>): Array<HistoryEntry> => {
  const indexes = new Map(known)
  for (const h of held) if (h.hash !== null && h.index !== undefined) indexes.set(h.hash, h.index)
  const indexOf = (h: Held): number =>
    h.hash === null ? Number.POSITIVE_INFINITY : (indexes.get(h.hash) ?? Number.NEGATIVE_INFINITY)
  const sorted = held
    .map((h, i) => ({ h, i, index: indexOf(h) }))
    .sort((a, b) => {
      if (a.index !== b.index) return b.index > a.index ? 1 : -1
      if (a.h.kind !== b.h.kind) return rank[a.h.kind] - rank[b.h.kind]
      // Within a kind, last first; unindexed token transfers of different transactions too (log order is
      // transaction order).
      return b.h.position - a.h.position || a.i - b.i
    })
  return sorted.map(({ h, index }) => entryOf(h, Number.isFinite(index) ? index : undefined))
}

const entryOf = (h: Held, transactionIndex: number | undefined): HistoryEntry => {
  const place = { block: h.block, transactionHash: h.hash, transactionIndex }
  switch (h.kind) {
    case "transaction":
      return { _tag: "Transaction", ...place, item: h.item as Transaction }
    case "tokenTransfer":
      return { _tag: "TokenTransfer", ...place, item: h.item as TokenTransfer }
    case "internalTransaction":
      return { _tag: "InternalTransaction", ...place, item: h.item as InternalTransaction }
  }
}
