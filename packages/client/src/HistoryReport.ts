/**
 * Completeness you can check: what a streamed history counted (`HistoryTally`), and what the server's own
 * numbers say about it (`HistoryReport`): its counters (`/addresses/{a}/counters`, a token's `/counters`), its
 * indexing status (`/main-page/indexing-status`) and the internal-transaction lists' page `meta` (12.x servers:
 * "some internal transactions within this block range have not yet been processed"). Any disagreement is a
 * gap in the report, as data; nothing is thrown.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * A block range whose internal transactions the server said were not all indexed yet (a page with
 * `meta.status` 2), newest block first. `from` is `Number.MAX_SAFE_INTEGER` when the range is open above (an
 * empty first page: the server checked every block).
 *
 * @since 0.1.0
 * @category models
 */
export interface IncompleteRange {
  readonly from: number
  readonly to: number
  readonly message: string | null
}

/**
 * What a history emitted, counted as the server counts it. Part of every checkpoint, so a resumed run's
 * tally covers the whole history; tallies of block ranges run apart add up with `addTallies`.
 *
 * @since 0.1.0
 * @category models
 */
export interface HistoryTally {
  /** Mined transactions emitted. */
  readonly transactions: number
  /** Of which sent to the address (`to`): what a contract's `transactions_count` counts. */
  readonly transactionsTo: number
  /** Pending transactions the list held and the history left out (counters count them). */
  readonly pendingTransactions: number
  /** Of which sent to the address. */
  readonly pendingTransactionsTo: number
  /** Token transfers emitted, one per transfer log (an ERC-1155 batch counts once, as counters do). */
  readonly tokenTransfers: number
  /** Token transfer entries emitted (a batch gives one per token id). */
  readonly tokenTransferItems: number
  /** Internal transactions emitted. */
  readonly internalTransactions: number
  /** Transactions looked up to place token transfers in their block. */
  readonly lookups: number
  /** The newest and oldest block with an entry; null before the first. */
  readonly newestBlock: number | null
  readonly oldestBlock: number | null
  /** Internal-transaction pages the server said were incomplete (`meta.status` 2), as block ranges. */
  readonly incomplete: ReadonlyArray<IncompleteRange>
  /** Whether the internal-transaction list sent page `meta` at all (12.x servers, the Pro API). */
  readonly metaSeen: boolean
}

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * The schema of a stored `HistoryTally` (part of `HistoryCheckpointSchema`).
 *
 * @since 0.1.0
 * @category models
 */
export const HistoryTallySchema = Schema.Struct({
  transactions: Count,
  transactionsTo: Count,
  pendingTransactions: Count,
  pendingTransactionsTo: Count,
  tokenTransfers: Count,
  tokenTransferItems: Count,
  internalTransactions: Count,
  lookups: Count,
  newestBlock: Schema.NullOr(Count),
  oldestBlock: Schema.NullOr(Count),
  incomplete: Schema.Array(Schema.Struct({ from: Count, to: Count, message: Schema.NullOr(Schema.String) })),
  metaSeen: Schema.Boolean
})

const _decodes: (value: typeof HistoryTallySchema.Type) => HistoryTally = (value) => value
void _decodes

/**
 * The tally of nothing: where a history starts.
 *
 * @since 0.1.0
 * @category models
 */
export const emptyTally: HistoryTally = {
  transactions: 0,
  transactionsTo: 0,
  pendingTransactions: 0,
  pendingTransactionsTo: 0,
  tokenTransfers: 0,
  tokenTransferItems: 0,
  internalTransactions: 0,
  lookups: 0,
  newestBlock: null,
  oldestBlock: null,
  incomplete: [],
  metaSeen: false
}

const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b))
const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))

/**
 * Two tallies as one: for a history run in block ranges apart (partitions of a backfill), whose ranges do not
 * overlap. Pass the sum to `reconcileAddressHistory`.
 *
 * @since 0.1.0
 * @category models
 */
export const addTallies = (a: HistoryTally, b: HistoryTally): HistoryTally => ({
  transactions: a.transactions + b.transactions,
  transactionsTo: a.transactionsTo + b.transactionsTo,
  pendingTransactions: a.pendingTransactions + b.pendingTransactions,
  pendingTransactionsTo: a.pendingTransactionsTo + b.pendingTransactionsTo,
  tokenTransfers: a.tokenTransfers + b.tokenTransfers,
  tokenTransferItems: a.tokenTransferItems + b.tokenTransferItems,
  internalTransactions: a.internalTransactions + b.internalTransactions,
  lookups: a.lookups + b.lookups,
  newestBlock: maxOf(a.newestBlock, b.newestBlock),
  oldestBlock: minOf(a.oldestBlock, b.oldestBlock),
  incomplete: [...a.incomplete, ...b.incomplete].sort((x, y) => y.from - x.from),
  metaSeen: a.metaSeen || b.metaSeen
})

/**
 * A disagreement between what was streamed and what the server says:
 * - `CountMismatch`: a counter of the server and the streamed count differ (`streamed` is counted as that
 *   counter counts: see `HistoryReport`);
 * - `ListIncomplete`: the server said a list's block range was not all indexed yet (internal transactions,
 *   12.x `meta`): entries there may appear later;
 * - `IndexingIncomplete`: the server has not finished indexing blocks or internal transactions
 *   (`/main-page/indexing-status`), so any list may still grow below the indexed part.
 *
 * @since 0.1.0
 * @category models
 */
export type HistoryGap =
  | {
      readonly _tag: "CountMismatch"
      readonly kind: "transactions" | "tokenTransfers"
      readonly streamed: number
      readonly server: number
      readonly message: string
    }
  | {
      readonly _tag: "ListIncomplete"
      readonly kind: "internalTransactions"
      readonly from: number
      readonly to: number
      readonly message: string
    }
  | {
      readonly _tag: "IndexingIncomplete"
      /** The server's `indexed_blocks_ratio` (`"0.97"`), when it sent one. */
      readonly blocksRatio: string | undefined
      /** The server's `indexed_internal_transactions_ratio`, when it sent one. */
      readonly internalTransactionsRatio: string | undefined
      readonly message: string
    }

/**
 * What could not be checked, and why: a list's count (a block range has no counter; a server before 12.0 says
 * nothing about its internal-transaction lists), or the server's indexing status (`indexing`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Unverified {
  readonly kind: "transactions" | "tokenTransfers" | "internalTransactions" | "indexing"
  readonly message: string
}

/**
 * The verdict on a streamed history: `complete` when no gap was found; `gaps` says what disagrees,
 * `unverified` what could not be checked.
 *
 * How counts are compared: `transactions_count` counts an address's transactions from or to it (only to it for
 * a contract), pending ones included; `token_transfers_count` counts transfer logs from or to it (a batch
 * once). Internal transactions have no counter: the lists' page `meta` (12.x) and the indexing status speak
 * for them.
 *
 * Gotchas: counters are cached and refreshed in the background, so on a busy address a small mismatch can be
 * the counter lagging (run the check again); a server that hides scam tokens from lists still counts their
 * transfers.
 *
 * @since 0.1.0
 * @category models
 */
export interface HistoryReport {
  readonly complete: boolean
  readonly gaps: ReadonlyArray<HistoryGap>
  readonly unverified: ReadonlyArray<Unverified>
  /** The server's counters as read, when they were. */
  readonly counters?: { readonly transactions: number; readonly tokenTransfers: number } | undefined
  readonly tally: HistoryTally
}

/**
 * The verdict on a token's streamed transfers (`reconcileTokenTransfers`): the token's `transfers_count` against
 * the transfers streamed (one per log: an ERC-1155 batch once), and the indexing status.
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenTransfersReport {
  readonly complete: boolean
  readonly gaps: ReadonlyArray<HistoryGap>
  readonly unverified: ReadonlyArray<Unverified>
  /** The token's `transfers_count` as read. */
  readonly serverTransfers: number | undefined
  readonly streamedTransfers: number
}
