/**
 * The dry run of an address's history (`Blockscout.estimateAddressHistory`): what `streamAddressHistory` will
 * cost before it starts, list by list: items, calls, Pro API credits and time at the server's rate.
 *
 * @since 0.1.0
 */
import type { HistoryKind, HistoryOptions } from "./History.ts"
import type { CountSource } from "./Partition.ts"

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
   * range, from their first page's density.
   */
  readonly count?: CountSource | undefined
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
  /** From a count source (the counters), or from the first page's density over the blocks. */
  readonly itemsFrom: "count" | "sample"
  /** Items per page the server gives. */
  readonly pageSize: number
  /** Pages expected. */
  readonly calls: number
  /** Pro API credits of those pages; 0 on an instance. */
  readonly credits: number
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
   * transactions and a transfer made by another), from how often the first pages needed one.
   */
  readonly lookups: number
  /**
   * Requests expected: the lists' pages, the lookups, the calls finding the top of a partitioned run without
   * `toBlock`, and the report's (counters, address details, indexing status).
   */
  readonly calls: number
  /** Pro API credits expected; 0 on an instance. */
  readonly credits: number
  /** The rate requests can go at (the server's announced rate, or the client's `requestsPerSecond`). */
  readonly requestsPerSecond: number | undefined
  /** Expected duration at that rate; `undefined` when no rate is known (an unlimited server). */
  readonly seconds: number | undefined
}
