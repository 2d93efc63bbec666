/**
 * The walk of one partition: its pages from a cursor to the bottom of its range, each with the items of the
 * range it holds and the cursor to resume from after it.
 *
 * When to use: the partition activity commits each of these pages with its `next` cursor in one step, so a
 * restart continues from the last committed page. `next: null` marks the partition's last page.
 *
 * How the bottom is found: items below `lo` belong to the next partition, so they are dropped, and the walk
 * ends on the page that holds one, or whose next cursor leaves nothing at or above `lo` (`KeyRanges.isBelow`,
 * the client's rule too, an ERC-1155 batch cursor at `lo` included), or on the history's last page. A
 * partition without a range is a plain walk to the last page.
 *
 * An address's history walks through the client's `streamAddressHistoryPages` over the partition's blocks,
 * each page's entries with the history's checkpoint as the cursor to commit, so a restart resumes the history
 * where the last commit left it (the checkpoint holds each list's cursor and the blocks already out, whole). A
 * checkpoint belongs to one history (address, kinds, blocks and server): a partition's stored checkpoint
 * resumes only that partition. The history's completeness report is left out (a partition is part of the
 * history; the sum of the partitions' tallies is what `reconcileAddressHistory` takes).
 *
 * @since 0.1.0
 */
import { type BlockscoutShape, type HistoryCheckpoint, HistoryCheckpointSchema } from "@blockscout-effect/client"
import { KeyRanges, type NextPageParams } from "@blockscout-effect/schema"
import { Effect, Schema, Stream } from "effect"
import { BackfillError, fromBlockscout } from "../BackfillError.ts"
import type { Job, Source } from "../Job.ts"
import { keyRangeOf, type Partition } from "../Plan.ts"
import { type ListRead, listOf } from "../SourceRows.ts"

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
  const cursor =
    from ?? (range !== undefined && bounds !== undefined ? KeyRanges.startCursor(range, bounds.hi) : undefined)
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
        const key = KeyRanges.itemKeyOf(range, item)
        if (key === undefined) keyless = true
        else if (key < bounds.lo) below = true
        return key !== undefined && key >= bounds.lo && key <= bounds.hi
      })
      if (keyless) {
        const message = `${list.endpoint}: this server's items carry no ${range.itemKey}, so they cannot be split by range`
        return Effect.fail(new BackfillError({ reason: "InvalidJob", message, retryable: false }))
      }
      const next = page.next_page_params
      const done = below || next === null || KeyRanges.isBelow(range, next, bounds.lo)
      return Effect.succeed<PartitionPage>({
        items,
        next: done ? null : next,
        fetched: page.items.length
      })
    }),
    Stream.takeUntil((page) => page.next === null)
  )
}

const decodeCheckpoint = Schema.decodeUnknownEffect(HistoryCheckpointSchema)

/**
 * The pages of a history partition from its stored checkpoint (`undefined`: the top of its blocks). The page
 * with every list done is the last (`next: null`); a history that ends without one ends on an empty last page.
 *
 * @since 0.1.0
 * @category streams
 */
export const historyPages = (
  bs: BlockscoutShape,
  job: Job,
  source: Extract<Source, { _tag: "AddressHistory" }>,
  partition: Partition,
  from: Position | undefined
): Stream.Stream<PartitionPage, BackfillError> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const resume =
        from === undefined
          ? undefined
          : yield* decodeCheckpoint(from).pipe(
              Effect.mapError(
                (e) =>
                  new BackfillError({
                    reason: "InvalidJob",
                    message: `partition ${partition.chain.label}/${partition.part}: its stored cursor is not a history checkpoint (${e.message})`,
                    retryable: false
                  })
              )
            )
      let ended = false
      const pages = bs
        .streamAddressHistoryPages(source.address, {
          ...(source.kinds === undefined ? {} : { kinds: source.kinds }),
          ...(partition.range === undefined ? {} : { fromBlock: partition.range.lo, toBlock: partition.range.hi }),
          ...(job.pageSize === undefined ? {} : { pageSize: job.pageSize }),
          ...(resume === undefined ? {} : { resume }),
          reconcile: false
        })
        .pipe(
          Stream.mapError(fromBlockscout),
          Stream.map((page): PartitionPage => {
            const last = page.checkpoint.sources.every((list) => list.done)
            if (last) ended = true
            return { items: page.entries, next: last ? null : page.checkpoint, fetched: page.entries.length }
          })
        )
      const end = Stream.suspend(() =>
        ended ? Stream.empty : Stream.succeed<PartitionPage>({ items: [], next: null, fetched: 0 })
      )
      return Stream.concat(pages, end)
    })
  )
