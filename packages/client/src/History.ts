/**
 * An address's history: its transactions, token transfers and internal transactions merged into one stream in
 * chain order, newest first, each entry tagged with its kind (`streamAddressHistory`,
 * `streamAddressHistoryPages`). This module holds what the stream emits (`HistoryEntry`, `HistoryPage`), what
 * it takes (`HistoryOptions`) and the one value a later run resumes from (`HistoryCheckpoint`).
 *
 * The order, exactly (the order of Blockscout's own mixed feed, `/advanced-filters`):
 * 1. blocks newest first;
 * 2. within a block, transactions by their index in the block, last first; token transfers with no
 *    transaction (Celo epoch rewards, paid at the end of the block) come first;
 * 3. within a transaction: the transaction itself, then its token transfers (log index, last first; the items
 *    of one ERC-1155 batch in the server's order), then its internal transactions (index, last first).
 *
 * Each kind's items come from its own list (`/addresses/{a}/transactions`, `/token-transfers`,
 * `/internal-transactions`), walked at once and merged a block at a time. A token transfer carries no
 * transaction index: it is placed by its transaction when that transaction (or one of its internal
 * transactions) is in the history, by log index among token transfers, and, when neither settles it (a block
 * holding the address's own transaction and a transfer someone else's transaction made), by looking the
 * transaction up (`getTransaction`, counted in the tally as `lookups`).
 *
 * Identity of each kind (`historyEntryKey`): a transaction by its hash; a token transfer by its transaction
 * hash, log index and token id; an internal transaction by its transaction hash and index. Pending
 * transactions are left out (they have no place in chain order yet; the tally counts them).
 *
 * Why three lists and not `/advanced-filters` (one mixed feed, a third of the calls): the feed leaves out the
 * transaction that created a contract (it matches `from`/`to`, not `created_contract`), its cursor must send
 * null keys back (a cursor without them restarts the feed from the newest item), its page is ordered by a
 * comparison that does not decide between a token transfer and an internal transaction of one transaction
 * (the page boundary can fall between them), and servers before 6.7 lack it. The three lists are on every
 * server and in both families, and each one's end is checked against the server's own counters
 * (`HistoryReport`).
 *
 * Completeness you can check: what a streamed history counted (`HistoryTally`), and what the server's own
 * numbers say about it (`HistoryReport`): its counters (`/addresses/{a}/counters`, a token's `/counters`), its
 * indexing status (`/main-page/indexing-status`) and the internal-transaction lists' page `meta` (12.x servers:
 * "some internal transactions within this block range have not yet been processed"). Any disagreement is a
 * gap in the report, as data; nothing is thrown. Where a history stands (`HistoryCheckpoint`) is what a page
 * carries and a later run resumes from, with its schema for stores that hand it back. What a history would
 * cost before it runs is `HistoryEstimate.ts`.
 *
 * @since 0.1.0
 */
import {
  type InternalTransaction,
  NextPageParams,
  type TokenTransfer,
  type Transaction
} from "@blockscout-effect/schema"
import { type Effect, Schema, type Stream } from "effect"
import type { BlockscoutError, InvalidArgument, StreamReason } from "./BlockscoutError.ts"

/**
 * The kinds of item a history holds.
 *
 * @since 0.1.0
 * @category models
 */
export type HistoryKind = "transaction" | "tokenTransfer" | "internalTransaction"

/**
 * Every kind, in the order a transaction's items come out (the default of `HistoryOptions.kinds`).
 *
 * @since 0.1.0
 * @category models
 */
export const historyKinds: ReadonlyArray<HistoryKind> = ["transaction", "tokenTransfer", "internalTransaction"]

/** What every entry says about where it sits. */
interface EntryPlace {
  /** The block it is in. */
  readonly block: number
  /** Its transaction's hash (null for a token transfer of no transaction: a Celo epoch reward). */
  readonly transactionHash: string | null
  /**
   * Its transaction's index in the block, when known: always for transactions and (6.9.0+) internal
   * transactions; for a token transfer when its transaction is in the history or had to be looked up to order
   * the block, else `undefined` (its log index ordered it).
   */
  readonly transactionIndex: number | undefined
}

/**
 * A transaction of the address (sent, received, or creating it), from `/addresses/{a}/transactions`.
 *
 * @since 0.1.0
 * @category models
 */
export interface TransactionEntry extends EntryPlace {
  readonly _tag: "Transaction"
  readonly item: Transaction
}

/**
 * A token transfer from or to the address, from `/addresses/{a}/token-transfers` (an ERC-1155 batch is one
 * entry per token id, as the list gives it).
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenTransferEntry extends EntryPlace {
  readonly _tag: "TokenTransfer"
  readonly item: TokenTransfer
}

/**
 * An internal transaction from, to or creating the address, from `/addresses/{a}/internal-transactions` (the
 * calls inside a transaction; the top-level call is the transaction itself, not repeated here).
 *
 * @since 0.1.0
 * @category models
 */
export interface InternalTransactionEntry extends EntryPlace {
  readonly _tag: "InternalTransaction"
  readonly item: InternalTransaction
}

/**
 * One entry of an address's history: the item, tagged with its kind, and where it sits in the chain.
 *
 * Narrow with `_tag` (`Match.tag("Transaction", ...)`, or `entry._tag === "TokenTransfer"`).
 *
 * @since 0.1.0
 * @category models
 */
export type HistoryEntry = TransactionEntry | TokenTransferEntry | InternalTransactionEntry

/**
 * The identity of an entry, as a string: `transaction:{hash}`, `tokenTransfer:{hash}:{logIndex}:{tokenId}`,
 * `internalTransaction:{hash}:{index}`. Use it as a primary key when storing a history (a replay is then an
 * upsert). Gotcha: an ERC-1155 batch moving one token id twice gives two items nothing tells apart.
 *
 * @since 0.1.0
 * @category models
 */
export const historyEntryKey = (entry: HistoryEntry): string => {
  switch (entry._tag) {
    case "Transaction":
      return `transaction:${entry.item.hash}`
    case "TokenTransfer": {
      const total = entry.item.total
      const tokenId = total !== null && "token_id" in total ? (total.token_id ?? "") : ""
      return `tokenTransfer:${entry.transactionHash ?? ""}:${entry.item.log_index ?? ""}:${tokenId}`
    }
    case "InternalTransaction":
      return `internalTransaction:${entry.item.transaction_hash}:${entry.item.index}`
  }
}

/**
 * Options of an address's history.
 *
 * @since 0.1.0
 * @category options
 */
export interface HistoryOptions {
  /** Which kinds to merge (default all three). Fewer kinds: fewer lists walked. */
  readonly kinds?: ReadonlyArray<HistoryKind> | undefined
  /** The oldest block included (default 0). */
  readonly fromBlock?: number | undefined
  /** The newest block included (default: the newest the server has). */
  readonly toBlock?: number | undefined
  /** Items per page asked of each list (default: the client's `pageSize`, else the server's). */
  readonly pageSize?: number | undefined
  /**
   * A checkpoint of an earlier run of the same history (the same address, kinds and blocks): only what it had
   * not emitted is fetched and emitted.
   */
  readonly resume?: HistoryCheckpoint | undefined
  /**
   * Whether the last page carries a `HistoryReport` (the page stream only; default `true`): the streamed
   * counts checked against the server's counters, its indexing status and the lists' completeness `meta`.
   * Costs three more calls at the end.
   */
  readonly reconcile?: boolean | undefined
  /**
   * Split the blocks into ranges merged at once (each its own three lists), emitted in the same chain order:
   * `parts` ranges (default 4), `concurrency` of them fetching at a time (default: all), each holding at most a
   * few pages ahead. `true`: the defaults. Without `toBlock`, the top is found first from the lists' newest
   * items (a call per list). The checkpoints are the sequential run's: a run resumes either way.
   */
  readonly partition?:
    | true
    | { readonly parts?: number | undefined; readonly concurrency?: number | undefined }
    | undefined
}

/**
 * One page of an address's history: the entries of one or more whole blocks, in chain order, and where the
 * history stands once they are out.
 *
 * @since 0.1.0
 * @category models
 */
export interface HistoryPage {
  readonly entries: ReadonlyArray<HistoryEntry>
  /** Pass it as `resume` to go on after this page. */
  readonly checkpoint: HistoryCheckpoint
  /** Everything emitted so far (a resumed run's included). */
  readonly tally: HistoryTally
  /** On the last page (unless `reconcile: false`): what the server's own counts say about the whole. */
  readonly report?: HistoryReport | undefined
}

/**
 * The history methods of the `Blockscout` service.
 *
 * @since 0.1.0
 * @category models
 */
export interface HistoryMethods {
  /**
   * An address's history, page by page: each page the entries of one or more whole blocks in chain order
   * (see the module docs for the order), its checkpoint, and the tally so far; the last page carries a
   * `HistoryReport` (unless `reconcile: false`). Store a page's checkpoint with its entries and pass it as
   * `resume` to go on with nothing lost or repeated.
   *
   * Three lists are walked at once (one per kind asked for), each page of each list requested once: a history
   * costs about the pages of its three lists (20, 30 and 40 credits each on the Pro API), plus a lookup per
   * transaction that must be placed (rare), plus three calls for the report.
   *
   * Gotchas: pending transactions are left out (the tally counts them); `fromBlock`/`toBlock` bound the
   * blocks, so a history can be split into block ranges run apart (partitions of a backfill) whose tallies add
   * up (`addTallies`) for one `reconcileAddressHistory`. Fails with `InvalidArgument` before anything is sent
   * for a bad address, kind, block range or a checkpoint of another history.
   */
  readonly streamAddressHistoryPages: (
    address: string,
    options?: HistoryOptions
  ) => Stream.Stream<HistoryPage, BlockscoutError<StreamReason>>
  /**
   * An address's history, entry by entry, in chain order: its transactions, token transfers and internal
   * transactions merged, each tagged with its kind (`_tag`). The entries of `streamAddressHistoryPages`, without
   * checkpoints or report (for those, use the page stream).
   */
  readonly streamAddressHistory: (
    address: string,
    options?: HistoryOptions
  ) => Stream.Stream<HistoryEntry, BlockscoutError<StreamReason>>
  /**
   * Checks a history's tally against the server: its counters, its indexing status and the incomplete
   * ranges the tally holds (what the last page's `report` says, for a tally you assembled: the sum of block
   * ranges run apart, with `options` naming the kinds and blocks covered). Never fails for what it finds: a
   * check the server cannot answer is listed in `unverified`.
   */
  readonly reconcileAddressHistory: (
    address: string,
    tally: HistoryTally,
    options?: Pick<HistoryOptions, "kinds" | "fromBlock" | "toBlock">
  ) => Effect.Effect<HistoryReport, BlockscoutError<InvalidArgument>>
  /**
   * Checks a token's streamed transfers (`streamTokenTransfersByToken`) against its counters: pass the number of
   * transfers streamed, one per transfer log (count the items of one ERC-1155 batch, which share a transaction
   * hash and log index, once: `isSameTransferLog`).
   */
  readonly reconcileTokenTransfers: (
    token: string,
    streamedTransfers: number
  ) => Effect.Effect<TokenTransfersReport, BlockscoutError<InvalidArgument>>
}

/**
 * Whether two token transfers are items of one transfer log (the token ids of one ERC-1155 batch, which the
 * lists give one item each): the same transaction and log index. Counting items whose log differs from the
 * previous item's counts transfers as the server's counters do.
 *
 * @since 0.1.0
 * @category models
 */
export const isSameTransferLog = (a: TokenTransfer, b: TokenTransfer): boolean =>
  a.transaction_hash !== null &&
  a.transaction_hash === b.transaction_hash &&
  a.log_index !== undefined &&
  a.log_index === b.log_index &&
  a.block_hash === b.block_hash

// What a history counted, and what the server says about it

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

const _tallyDecodes: (value: typeof HistoryTallySchema.Type) => HistoryTally = (value) => value
void _tallyDecodes

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

// Where a history stands

/**
 * Where one list stands in a checkpoint.
 *
 * @since 0.1.0
 * @category progress
 */
export interface SourceProgress {
  readonly kind: HistoryKind
  /** The cursor of the page holding its next item not yet emitted; absent: its first page in the range. */
  readonly cursor?: NextPageParams | undefined
  /** Every item of the list in the range was emitted. */
  readonly done: boolean
}

/**
 * Where an address's history stands: each list's position, the oldest block emitted (every block from the
 * range's top down to it is out, whole), and the tally so far. Serialisable (JSON); store it with the entries
 * of the page that carried it and pass it as `resume` to go on with nothing lost or repeated.
 *
 * @since 0.1.0
 * @category progress
 */
export interface HistoryCheckpoint {
  /** The format's version. */
  readonly version: 1
  /** The history it belongs to (address, kinds, block range); resuming another is refused. */
  readonly request: string
  /** The oldest block whose entries are all out; `null`: none yet. Entries of blocks below it come next. */
  readonly frontier: number | null
  readonly sources: ReadonlyArray<SourceProgress>
  /** What was emitted up to here (a resumed run's tally goes on from it). */
  readonly tally: HistoryTally
}

const Kind = Schema.Literals(["transaction", "tokenTransfer", "internalTransaction"])

/**
 * The schema of a stored `HistoryCheckpoint` (JSON in, checked value out): a store that hands it back decodes
 * it with this before passing it to `resume`.
 *
 * @since 0.1.0
 * @category progress
 */
export const HistoryCheckpointSchema = Schema.Struct({
  version: Schema.Literal(1),
  request: Schema.String,
  frontier: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  sources: Schema.Array(Schema.Struct({ kind: Kind, cursor: Schema.optional(NextPageParams), done: Schema.Boolean })),
  tally: HistoryTallySchema
})

// The schema decodes to exactly the interface above (a compile-time check, nothing at run time).
const _checkpointDecodes: (value: typeof HistoryCheckpointSchema.Type) => HistoryCheckpoint = (value) => value
const _checkpointEncodes: (value: HistoryCheckpoint) => typeof HistoryCheckpointSchema.Type = (value) => value
void _checkpointDecodes
void _checkpointEncodes
