/**
 * The NDJSON sink: one part file per partition (`<directory>/<chain>-<part>.ndjson`), for users without a
 * database, written by the export package's resumable `HistoryFile.run`.
 *
 * How it stays exact: after each page, the page's lines are appended and fsynced, then the partition's
 * checkpoint (`<directory>/.<chain>-<part>.checkpoint.json`, written atomically) records the cursor and the
 * file's length. A restart truncates the part file to the recorded length and fetches from the recorded cursor,
 * so each item is in its part file exactly once. The `backfill_partitions` row mirrors the checkpoint after each
 * page, for `status`.
 *
 * An address's history writes one line per entry, `{ kind, block_number, transaction_index, transaction_hash,
 * item }` (as `blockscout address-history` does), and keeps the history's checkpoint as the file's cursor.
 *
 * Gotchas: the directory must be on the machine (or a file system every runner shares) that runs the
 * partitions: with runners on several machines, use the SQL sink. Items of one partition are in the order the
 * server sent them (newest first); concatenating the part files in partition order gives the whole range
 * newest first.
 *
 * @since 0.1.0
 */
import { HistoryFile } from "@blockscout-effect/export"
import type { NextPageParams } from "@blockscout-effect/schema"
import { Effect, FileSystem, Path, Stream } from "effect"
import { SqlClient } from "effect/sql"
import type { Job } from "../Job.ts"
import type { Partition } from "../Plan.ts"
import { linesOf } from "../SourceRows.ts"
import type { PartitionPage, Position } from "./Walk.ts"

/**
 * The part file and checkpoint of a partition in a directory.
 *
 * @since 0.1.0
 * @category files
 */
export const filesOf = (paths: Path.Path, directory: string, partition: Partition) => {
  const name = `${partition.chain.label.replace(/[^A-Za-z0-9._-]/g, "_")}-${String(partition.part).padStart(4, "0")}`
  return {
    output: paths.join(directory, `${name}.ndjson`),
    checkpoint: paths.join(directory, `.${name}.checkpoint.json`)
  }
}

/**
 * A position as the file checkpoint keeps a cursor (flat): an address history's checkpoint as its JSON text under
 * `history`, as `blockscout address-history` keeps it; a list's cursor as it is.
 */
const toFile = (next: Position | null): NextPageParams | null =>
  next === null
    ? null
    : "sources" in next && "frontier" in next
      ? { history: JSON.stringify(next) }
      : (next as NextPageParams)

/** The position a file checkpoint's cursor holds (`toFile` undone). */
const fromFile = (cursor: NextPageParams | undefined): Position | undefined => {
  const history = cursor?.history
  return typeof history === "string" && Object.keys(cursor ?? {}).length === 1
    ? (JSON.parse(history) as Position)
    : cursor
}

/**
 * Writes a partition's pages to its part file, resuming from its checkpoint.
 *
 * @since 0.1.0
 * @category files
 */
export const write = Effect.fn("NdjsonSink.write")(function* <E>(options: {
  readonly job: Job
  readonly jobId: string
  readonly directory: string
  readonly partition: Partition
  readonly runner: string
  readonly pages: (cursor: Position | undefined) => Stream.Stream<PartitionPage, E>
}) {
  const fs = yield* FileSystem.FileSystem
  const paths = yield* Path.Path
  const sql = yield* SqlClient.SqlClient
  const { output, checkpoint } = filesOf(paths, options.directory, options.partition)
  yield* fs.makeDirectory(options.directory, { recursive: true })
  const { chain, part } = options.partition
  return yield* HistoryFile.run({
    output,
    checkpoint,
    query: JSON.stringify({ job: options.jobId, chain: chain.label, part }),
    pages: (cursor) =>
      Stream.map(options.pages(fromFile(cursor)), (page) => ({
        items: linesOf(options.job, page.items),
        next_page_params: toFile(page.next)
      })),
    onPage: (state) =>
      sql`UPDATE backfill_partitions SET cursor = ${state.cursor === null ? null : JSON.stringify(fromFile(state.cursor))},
          done = ${state.done ? 1 : 0}, items = ${state.items}, pages = ${state.pages}, runner = ${options.runner},
          error = NULL WHERE job_id = ${options.jobId} AND chain = ${chain.label} AND part = ${part}`.pipe(Effect.orDie)
  })
})
