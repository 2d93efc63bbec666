/**
 * The hand-written parameter and page types every method shares: what a paged method accepts besides its
 * filters, the page a page-level stream emits, and the arguments of the by-name calls. Each method's own
 * options type (`ListTransactionsParameters`, ...) is derived from its row and generated beside its methods,
 * in `BlockscoutMethods.ts`.
 *
 * @since 0.1.0
 */
import type { NextPageParams, Page } from "@blockscout-effect/schema"
import type { BlockPartition, IndexPartition, PartitionOptions, PartitionProgress } from "./Partition.ts"

/**
 * A decoded page, `{ items, next_page_params }` (the schema package's one definition). Pages the client hands
 * out carry a credential-free cursor, null on the last page.
 *
 * @since 0.1.0
 * @category models
 */
export type { Page } from "@blockscout-effect/schema"

/**
 * A page of a page-level stream, with the cursor it was fetched with (`undefined` for the first page).
 * Store `next_page_params` as a checkpoint; pass it as `cursor` to resume after this page.
 *
 * @since 0.1.0
 * @category models
 */
export interface PageWithCursor<A> extends Page<A> {
  /** The cursor this page was fetched with; `undefined` for the first page. */
  readonly cursor: NextPageParams | undefined
  /**
   * On a partitioned stream: the whole stream's progress once this page is out. Store it with the page's items
   * and pass it as `partition.resume` to go on (a partitioned page's `next_page_params` is its range's, not
   * the stream's). Absent on sequential streams.
   */
  readonly progress?: PartitionProgress | undefined
}

/**
 * What every paged method accepts besides its filters.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface PageParameters {
  /** A `next_page_params` to start from (credentials in it are dropped). */
  readonly cursor?: NextPageParams | undefined
  /** Items per page, sent as `items_count` (servers default to 50, cap at 100). */
  readonly pageSize?: number | undefined
}

/**
 * What every stream (`stream*`, `stream*Pages`, `pages`, `stream`) accepts besides its list's parameters.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface StreamParameters {
  /**
   * Pro API credits the stream may spend (the row's `credits` per request). A stream also stops before the key's
   * credits left (`x-credits-remaining`) run out. Either way it ends with a `BudgetExhausted` failure carrying
   * where to resume, every page before it emitted. Per-instance requests cost nothing: no budget applies.
   */
  readonly creditBudget?: number | undefined
}

/**
 * Streams of a block-keyed row: `partition` splits its history into block ranges fetched at once (`true`:
 * the whole history with the defaults). See `BlockPartition`.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface BlockPartitionParameters extends StreamParameters {
  readonly partition?: BlockPartition | true | undefined
}

/**
 * Streams of an index-keyed row (withdrawals): `partition` splits it into index ranges. See `IndexPartition`.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface IndexPartitionParameters extends StreamParameters {
  readonly partition?: IndexPartition | true | undefined
}

/**
 * Arguments of the by-name calls `page(name, args)` / `pages` / `stream` / `get`: the row's path parameters
 * by name (`address`, `hash`, `token`, `tokenId`), its filters by name (lists as arrays or comma-separated
 * strings), `cursor` and `pageSize`; on streams `partition` and `creditBudget`. Checked at run time against the
 * row.
 *
 * @since 0.1.0
 * @category parameters
 */
export type EndpointArgs = Readonly<
  Record<string, string | number | ReadonlyArray<string> | NextPageParams | PartitionOptions | true | undefined>
>
