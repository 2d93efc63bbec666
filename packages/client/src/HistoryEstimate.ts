/**
 * The dry run of an address's history (`Blockscout.estimateAddressHistory`): what `streamAddressHistory` will
 * cost before it starts, list by list: items, calls, Pro API credits and time at the server's rate.
 *
 * @since 0.1.0
 */
import type { HistoryKind, HistoryOptions } from "./History.ts"
import type { CountSource } from "./CountSources.ts"
import type { EstimateRange } from "./Partition.ts"

/**
 * Options of a history's dry run: the history's own (the same kinds, blocks, page size, report and partition
 * give the same estimate as the run they describe), and where the counts come from.
 *
 * @since 0.1.0
 * @category estimate
 */
export interface HistoryEstimateOptions
  extends Pick<HistoryOptions, "kinds" | "fromBlock" | "toBlock" | "pageSize" | "reconcile" | "partition"> {
  /**
   * Each list's item count. Default: the address's counters for its transactions and token transfers, over the
   * whole history (`CountSources.fromCounters`); the internal transactions (no counter), and any list of a block
   * range, from their pages by block.
   */
  readonly count?: CountSource | undefined
  /**
   * Block ranges the history is walked in one by one, each a history of its own from its top (a backfill's
   * partitions), instead of `partition`: each list ends each range on the page going below it. Give
   * `fromBlock`/`toBlock` spanning them too.
   */
  readonly ranges?: ReadonlyArray<{ readonly fromBlock: number; readonly toBlock: number }> | undefined
  /**
   * Sample pages to spend, about: every list read whole (all counted, the lookups too) when that costs about as
   * much, else pages spread over the blocks. Default: a quarter of the run's expected calls, 1 to 48.
   */
  readonly samples?: number | undefined
}

/**
 * One list of the history, estimated.
 *
 * @since 0.1.0
 * @category estimate
 */
export interface HistoryListEstimate {
  readonly kind: HistoryKind
  /** The endpoint row it is read from (`addressTransactions`, `addressTokenTransfers`, `internalTransactions`). */
  readonly endpoint: string
  /** Items expected (a list's items, pending transactions included: the pages hold them). */
  readonly items: number
  /** From a count source (the counters), or from its pages by block (read whole: a count of them). */
  readonly itemsFrom: "count" | "sample"
  /** Items per page the server gives. */
  readonly pageSize: number
  /** Pages expected. */
  readonly calls: number
  /** Pro API credits of those pages; 0 on an instance. */
  readonly credits: number
  /** How far off `items`, `calls` and `credits` may be (exact when the list was read whole). */
  readonly range: EstimateRange
}

/**
 * What an address's history is expected to cost.
 *
 * @since 0.1.0
 * @category estimate
 */
export interface AddressHistoryEstimate {
  /** The lists walked, one per kind asked for. */
  readonly lists: ReadonlyArray<HistoryListEstimate>
  /** Items expected in all: the lists' items (the history leaves their pending transactions out). */
  readonly items: number
  /**
   * Transactions expected to be looked up to place a token transfer (a block holding one of the address's
   * transactions and a transfer made by another), from how often the pages read needed one (counted when every
   * list was read whole).
   */
  readonly lookups: number
  /**
   * Requests expected: the lists' pages, the lookups, the calls finding the top of a partitioned run without
   * `toBlock`, and the report's (counters, address details, indexing status).
   */
  readonly calls: number
  /** Pro API credits expected; 0 on an instance. */
  readonly credits: number
  /** How far off `items`, `calls` and `credits` may be: the lists' ranges, and the lookups' sampling error. */
  readonly range: EstimateRange
  /** The rate requests can go at (the server's announced rate, or the client's `requestsPerSecond`). */
  readonly requestsPerSecond: number | undefined
  /** Expected duration at that rate; `undefined` when no rate is known (an unlimited server). */
  readonly seconds: number | undefined
}
