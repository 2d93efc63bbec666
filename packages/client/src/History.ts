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
 * @since 0.1.0
 */
import type { InternalTransaction, TokenTransfer, Transaction } from "@blockscout-effect/schema"
import type { Effect, Stream } from "effect"
import type { BlockscoutError, InvalidArgument, StreamReason } from "./BlockscoutError.ts"
import type { HistoryCheckpoint } from "./HistoryCheckpoint.ts"
import type { HistoryReport, HistoryTally, TokenTransfersReport } from "./HistoryReport.ts"

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
