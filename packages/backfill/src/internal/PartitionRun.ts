/**
 * One partition's work, the body of its activity: read its committed cursor, walk its pages from there, and
 * commit each page (items and cursor together) until the bottom of its range.
 *
 * Why it is safe to run again at any point: everything it has done is in its committed cursor. A runner killed
 * mid-page leaves the previous commit; the engine runs the activity again (here or on another runner), which
 * reads that commit and fetches the page again. A runner that was cut off while another took its partition over
 * is fenced out at its next commit (`SqlSink.Superseded`) and reads the newer cursor.
 *
 * Failures: the client has already retried each page; a failure that may pass (rate limit, outage, timeout) is
 * tried again here with a growing pause (`RetryPolicy`); the rest, and one that outlasts the retries, fail the
 * partition (its workflow suspends until `resume`; `status` shows the error).
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, type FileSystem, type Path, Schedule, Schema, Stream } from "effect"
import type { SqlClient } from "effect/sql"
import { BackfillError, fromSink } from "../BackfillError.ts"
import type { Job } from "../Job.ts"
import * as NdjsonSink from "./NdjsonSink.ts"
import type { Partition } from "../Plan.ts"
import { Sources } from "../Sources.ts"
import * as SqlSink from "../SqlSink.ts"
import * as Store from "./Store.ts"
import * as Walk from "./Walk.ts"

/**
 * The name this process writes into `backfill_partitions.runner` (`host:port` of a cluster runner; `local`).
 *
 * @since 0.1.0
 * @category services
 */
export const RunnerName = Context.Reference<string>("@blockscout-effect/backfill/RunnerName", {
  defaultValue: () => "local"
})

/**
 * How long a partition keeps trying after a failure that may pass: extra attempts, and the first pause (doubling
 * up to five minutes).
 *
 * @since 0.1.0
 * @category services
 */
export const RetryPolicy = Context.Reference<{ readonly times: number; readonly base: Duration.Input }>(
  "@blockscout-effect/backfill/RetryPolicy",
  { defaultValue: () => ({ times: 8, base: Duration.seconds(2) }) }
)

/**
 * What a finished partition holds.
 *
 * @since 0.1.0
 * @category schemas
 */
export const PartitionResult = Schema.Struct({ items: Schema.Number, pages: Schema.Number })
/** @since 0.1.0 @category models */
export type PartitionResult = typeof PartitionResult.Type

/** SQL sink: one pass from the committed cursor; fails with `Superseded` when another writer moved it on. */
const sqlPass = (jobId: string, job: Job, partition: Partition) =>
  Effect.gen(function* () {
    const runner = yield* RunnerName
    const bs = yield* (yield* Sources).clientFor(job, partition.chain)
    const { chain, part } = partition
    const start = yield* Store.partition(jobId, chain.label, part).pipe(Effect.mapError(fromSink))
    let state = { items: start.items, pages: start.pages }
    if (start.done) return state
    // Each page is committed before the next is pulled: the stored cursor never runs ahead of the stored items.
    yield* Walk.pages(bs, job, partition, start.cursor ?? undefined).pipe(
      Stream.runForEach((page) =>
        SqlSink.commit({
          job,
          jobId,
          chain: chain.label,
          part,
          expectedPages: state.pages,
          items: page.items,
          next: page.next,
          runner
        }).pipe(
          Effect.catchTag("SqlError", (e) => Effect.fail(fromSink(e))),
          Effect.tap(() =>
            Effect.sync(() => (state = { items: state.items + page.items.length, pages: state.pages + 1 }))
          )
        )
      )
    )
    return state
  }).pipe(
    // A fenced-out pass starts again from the cursor the other writer committed.
    Effect.retry({ while: (e) => e._tag === "Superseded" })
  )

/** NDJSON sink: the part file and its checkpoint, through the export package's resumable writer. */
const ndjsonPass = (jobId: string, job: Job, partition: Partition, directory: string) =>
  Effect.gen(function* () {
    const runner = yield* RunnerName
    const bs = yield* (yield* Sources).clientFor(job, partition.chain)
    const pages = (cursor: Walk.Position | undefined) => Walk.pages(bs, job, partition, cursor)
    const summary = yield* NdjsonSink.write({ job, jobId, directory, partition, runner, pages }).pipe(
      Effect.mapError((e) => (e instanceof BackfillError ? e : fromSink(e)))
    )
    return { items: summary.state.items, pages: summary.state.pages }
  })

/**
 * Runs a partition to the bottom of its range (or resumes it there), and returns what it holds.
 *
 * @since 0.1.0
 * @category runs
 */
export const run = (jobId: string, job: Job, partition: Partition) =>
  Effect.gen(function* () {
    const policy = yield* RetryPolicy
    const once: Effect.Effect<
      PartitionResult,
      BackfillError,
      Sources | SqlClient.SqlClient | FileSystem.FileSystem | Path.Path
    > =
      job.sink._tag === "Ndjson"
        ? ndjsonPass(jobId, job, partition, job.sink.directory)
        : sqlPass(jobId, job, partition)
    return yield* once.pipe(
      Effect.tapError((e) => Store.recordError(jobId, partition.chain.label, partition.part, e).pipe(Effect.ignore)),
      Effect.retry({
        while: (e) => e.retryable,
        times: policy.times,
        schedule: Schedule.min([Schedule.exponential(policy.base), Schedule.spaced(Duration.minutes(5))])
      })
    )
  })
