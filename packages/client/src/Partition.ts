/**
 * Partitioned streams: one history split into key ranges (blocks, or withdrawal indexes), each walked by its
 * own cursor, all at once under the client's one rate limiter. This module holds what a caller passes
 * (`PartitionOptions`) and keeps (`PartitionProgress`, the one value a later run resumes from), and what a
 * dry run reports (`HistoryEstimate`).
 *
 * A row can be partitioned when its endpoints-table row has a `range` (docs/blockscout-api.md, "Cursors are
 * keys"): token transfers, transactions (validated), blocks validated, internal transactions, withdrawals.
 *
 * @since 0.1.0
 */
import { NextPageParams } from "@blockscout-effect/schema"
import { type Effect, Schema } from "effect"
import type { BlockscoutError } from "./BlockscoutError.ts"
import type { EndpointArgs } from "./Parameters.ts"

/**
 * How a partitioned stream runs, whatever its key.
 *
 * @since 0.1.0
 * @category options
 */
export interface PartitionCommon {
  /**
   * How many ranges the span is split into before it starts (the progress value lists at least these).
   * Default: split as the run goes, from the density the pages show, so no range keeps the others waiting.
   */
  readonly parts?: number | undefined
  /**
   * Requests in flight at once: `"auto"` (the default) follows the server's announced rate times its answer
   * time, so the rate limit is the bound and never a guess; a number fixes it.
   */
  readonly concurrency?: number | "auto" | undefined
  /**
   * `"chain"` (the default): items come out newest first, exactly the sequential stream's order, holding back
   * the pages of later ranges until the earlier ones are out (memory bounded by the ranges in flight).
   * `"arrival"`: pages come out as they arrive, each page's items in order, no page held back.
   */
  readonly order?: "chain" | "arrival" | undefined
  /** A progress value from an earlier run of the same request: only what it had not emitted is fetched. */
  readonly resume?: PartitionProgress | undefined
}

/**
 * The span of a block-keyed row (token transfers, transactions, blocks validated, internal transactions).
 * Both bounds inclusive; no `toBlock`: from the newest item, found by the first request.
 *
 * @since 0.1.0
 * @category options
 */
export interface BlockPartition extends PartitionCommon {
  /** The oldest block included (default 0). */
  readonly fromBlock?: number | undefined
  /** The newest block included (default: the newest the server has). */
  readonly toBlock?: number | undefined
}

/**
 * The span of an index-keyed row (withdrawals): withdrawal indexes, both inclusive.
 *
 * @since 0.1.0
 * @category options
 */
export interface IndexPartition extends PartitionCommon {
  /** The oldest index included (default 0). */
  readonly fromIndex?: number | undefined
  /** The newest index included (default: the newest). */
  readonly toIndex?: number | undefined
}

/**
 * A stream's `partition` option: a span and how to run it, or `true` for the whole history with the
 * defaults.
 *
 * @since 0.1.0
 * @category options
 */
export type PartitionOptions = BlockPartition | IndexPartition

/**
 * One range of a partitioned stream and where it stands.
 *
 * @since 0.1.0
 * @category progress
 */
export interface RangeProgress {
  /** The range's oldest key (block number or index), inclusive. */
  readonly from: number
  /** The range's newest key, inclusive; `null`: open above (from the newest item when its walk began). */
  readonly to: number | null
  /** Where its walk stands: the cursor of its next page. Absent: not begun (or done). */
  readonly cursor?: NextPageParams | undefined
  /** Every item of the range was emitted. */
  readonly done: boolean
}

/**
 * Where a partitioned stream stands: every range of the span asked for, newest first, each done, begun (with
 * the cursor of its next page) or not. Serialisable (JSON); store it with the items of the page that carried
 * it, and pass it as `partition.resume` to go on with nothing lost or repeated.
 *
 * @since 0.1.0
 * @category progress
 */
export interface PartitionProgress {
  /** The format's version. */
  readonly version: 1
  /** The endpoint row it belongs to. */
  readonly endpoint: string
  /**
   * The request it belongs to: path and filters, no credentials. Resuming another request with it is refused.
   */
  readonly request: string
  /** What the range bounds count. */
  readonly dimension: "block" | "index"
  /** The ranges, newest first, end to end. */
  readonly ranges: ReadonlyArray<RangeProgress>
}

const Key = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * The schema of a stored `PartitionProgress` (JSON in, checked value out): a store that hands it back decodes
 * it with this before passing it to `partition.resume`.
 *
 * @since 0.1.0
 * @category progress
 */
export const PartitionProgressSchema = Schema.Struct({
  version: Schema.Literal(1),
  endpoint: Schema.String,
  request: Schema.String,
  dimension: Schema.Literals(["block", "index"]),
  ranges: Schema.Array(
    Schema.Struct({
      from: Key,
      to: Schema.NullOr(Key),
      cursor: Schema.optional(NextPageParams),
      done: Schema.Boolean
    })
  )
})

// The schema decodes to exactly the interface above (a compile-time check, nothing at run time).
type Decoded = typeof PartitionProgressSchema.Type
const _decodesToProgress: (value: Decoded) => PartitionProgress = (value) => value
const _progressEncodes: (value: PartitionProgress) => Decoded = (value) => value
void _decodesToProgress
void _progressEncodes

/**
 * What a history is expected to cost before it is fetched: from an item count (a counter endpoint the caller
 * plugs in, or one page's density over the span), the page size, the row's credits and the server's rate.
 *
 * @since 0.1.0
 * @category estimate
 */
export interface HistoryEstimate {
  /** Items expected in the span. */
  readonly items: number
  /**
   * Where `items` came from: a count source (the server's counters by default: see `CountSources` for how each
   * relates to the list's items), or the first page's density over the span.
   */
  readonly itemsFrom: "count" | "sample"
  /** Items per page the server gives. */
  readonly pageSize: number
  /** Requests expected (the list's pages; a partitioned run's, plus one boundary page per range). */
  readonly calls: number
  /** Pro API credits expected (`calls` times the row's credits); 0 on an instance. */
  readonly credits: number
  /** The rate requests can go at (the server's announced rate, or the client's `requestsPerSecond`). */
  readonly requestsPerSecond: number | undefined
  /** Expected duration at that rate; `undefined` when no rate is known (an unlimited server). */
  readonly seconds: number | undefined
}

/**
 * Where a dry run's item count comes from, given the row and its arguments: the server's counters
 * (`CountSources.fromCounters`, the default), or a source of your own; `undefined` when it does not know, and
 * the first page of the span is sampled instead (`CountSources.sample` always does).
 *
 * @since 0.1.0
 * @category estimate
 */
export type CountSource = (request: {
  readonly endpoint: string
  readonly args: EndpointArgs
}) => Effect.Effect<number | undefined, BlockscoutError>

/**
 * Options of a dry run (`Blockscout.estimate`).
 *
 * @since 0.1.0
 * @category estimate
 */
export interface EstimateOptions {
  /**
   * The item count's source. Default: the server's counters where one describes the request (an address's
   * transactions, token transfers or blocks validated, a token's transfers or holders, all of the history:
   * `CountSources.counterFor`), one more request; else one page's density over the span.
   */
  readonly count?: CountSource | undefined
}

/**
 * What the server has announced to this client so far, from its responses: the request rate its
 * `x-ratelimit-*` headers allow, the key's credits left, and how long it takes to answer. Partitioned streams
 * size their concurrency from it; progress displays show it.
 *
 * @since 0.1.0
 * @category observations
 */
export interface ServerBudget {
  /**
   * Requests a second the server allows (`x-ratelimit-limit` over its window); `Infinity` when it says
   * unlimited (`-1`); `undefined` before it said anything.
   */
  readonly requestsPerSecond: number | undefined
  /** The key's credits left (`x-credits-remaining`, Pro API), as the last answer said. */
  readonly creditsRemaining: number | undefined
  /** The server's answer time, a moving average in milliseconds. */
  readonly latencyMillis: number | undefined
}
