/**
 * The walk of one partition: its pages from a cursor to the bottom of its range, each with the items of the
 * range it holds and the cursor to resume from after it.
 *
 * When to use: the partition activity commits each of these pages with its `next` cursor in one step, so a
 * restart continues from the last committed page. `next: null` marks the partition's last page.
 *
 * How the bottom is found: items below `lo` belong to the next partition, so they are dropped, and the walk
 * ends on the page that holds one, or whose next cursor is already below `lo` (everything after it is too), or
 * on the history's last page. A partition without a range is a plain walk to the last page. An address's
 * history walks in `HistoryWalk`.
 *
 * @since 0.1.0
 */
import type { BlockscoutShape, HistoryCheckpoint } from "@blockscout-effect/client"
import type { KeyRange, NextPageParams } from "@blockscout-effect/schema"
import { Effect, Stream } from "effect"
import { BackfillError, fromBlockscout } from "./BackfillError.ts"
import { historyPages } from "./HistoryWalk.ts"
import type { Job } from "./Job.ts"
import { itemKey, keyRangeOf, type Partition, startCursor } from "./Plan.ts"
import { type ListRead, listOf } from "./SourceRows.ts"

/**
 * Where a partition stands, as committed: a list's page cursor, or an address history's checkpoint (both JSON).
 *
 * @since 0.1.0
 * @category models
 */
export type Position = NextPageParams | HistoryCheckpoint

/**
 * One committed step of a partition: the page's items inside the range, and where the next page starts
 * (`null`: the partition is complete).
 *
 * @since 0.1.0
 * @category models
 */
export interface PartitionPage {
  readonly items: ReadonlyArray<unknown>
  readonly next: Position | null
  /** Items the server sent on this page, inside the range or not. */
  readonly fetched: number
}

const firstKey = (range: KeyRange, cursor: NextPageParams | null): number | undefined => {
  const value = cursor?.[range.cursorKeys[0] ?? ""]
  return typeof value === "number"
    ? value
    : typeof value === "string" && /^\d+$/.test(value)
      ? Number(value)
      : undefined
}

/**
 * The pages of a partition from `from` (its saved cursor or checkpoint; `undefined`: the top of its range).
 *
 * Gotcha: an item without its key (`block_number`: token transfers of servers before 10.0) cannot be placed in
 * a range, so such a page fails the partition with `InvalidJob` (such servers can be backfilled with the whole
 * history as one partition, which `Plan` chooses by itself when it sees them).
 *
 * @since 0.1.0
 * @category streams
 */
export const pages = (
  bs: BlockscoutShape,
  job: Job,
  partition: Partition,
  from: Position | undefined
): Stream.Stream<PartitionPage, BackfillError> =>
  job.source._tag === "AddressHistory"
    ? historyPages(bs, job, job.source, partition, from)
    : listPages(bs, job, listOf(job.source) as ListRead, partition, from as NextPageParams | undefined)

/** A list source's partition: its row's pages from the cursor, cut at the range's bottom. */
const listPages = (
  bs: BlockscoutShape,
  job: Job,
  list: ListRead,
  partition: Partition,
  from: NextPageParams | undefined
): Stream.Stream<PartitionPage, BackfillError> => {
  const range = partition.range === undefined ? undefined : keyRangeOf(job)
  const bounds = partition.range
  const cursor = from ?? (range !== undefined && bounds !== undefined ? startCursor(range, bounds.hi) : undefined)
  const source = bs
    .pages(list.endpoint, { ...list.args, cursor, pageSize: job.pageSize })
    .pipe(Stream.mapError(fromBlockscout))
  if (range === undefined || bounds === undefined) {
    return Stream.map(
      source,
      (page): PartitionPage => ({
        items: page.items,
        next: page.next_page_params,
        fetched: page.items.length
      })
    )
  }
  return source.pipe(
    Stream.mapEffect((page) => {
      let below = false
      let keyless = false
      const items = page.items.filter((item) => {
        const key = itemKey(range, item)
        if (key === undefined) keyless = true
        else if (key < bounds.lo) below = true
        return key !== undefined && key >= bounds.lo && key <= bounds.hi
      })
      if (keyless) {
        const message = `${list.endpoint}: this server's items carry no ${range.itemKey}, so they cannot be split by range`
        return Effect.fail(new BackfillError({ reason: "InvalidJob", message, retryable: false }))
      }
      const nextKey = firstKey(range, page.next_page_params)
      const done = below || page.next_page_params === null || (nextKey !== undefined && nextKey < bounds.lo)
      return Effect.succeed<PartitionPage>({
        items,
        next: done ? null : page.next_page_params,
        fetched: page.items.length
      })
    }),
    Stream.takeUntil((page) => page.next === null)
  )
}
