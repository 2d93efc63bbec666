/**
 * The walk of one partition of an address's history: the client's `streamAddressHistoryPages` over the
 * partition's blocks, each page's entries with the history's checkpoint as the cursor to commit, so a restart
 * resumes the history where the last commit left it (the checkpoint holds each list's cursor and the blocks
 * already out, whole).
 *
 * When to use: `Walk.pages` hands a history job's partitions here; its pages have the shape every sink commits.
 *
 * Gotchas: a checkpoint belongs to one history (address, kinds, blocks and server): a partition's stored
 * checkpoint resumes only that partition. The history's completeness report is left out (a partition is part
 * of the history; the sum of the partitions' tallies is what `reconcileAddressHistory` takes).
 *
 * @since 0.1.0
 */
import { type BlockscoutShape, HistoryCheckpointSchema } from "@blockscout-effect/client"
import { Effect, Schema, Stream } from "effect"
import { BackfillError, fromBlockscout } from "./BackfillError.ts"
import type { Job, Source } from "./Job.ts"
import type { Partition } from "./Plan.ts"
import type { PartitionPage, Position } from "./Walk.ts"

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
