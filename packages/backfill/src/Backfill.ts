/**
 * Running backfills: `run` a job to the end, `start` it in the background, `status` of a job by id, `resume` a
 * job whose partitions stopped on a failure.
 *
 * When to use: with a runtime layer (`Runtime.layerLocal` on one machine, `Runtime.layerRunner` or
 * `Runtime.layerClient` on a cluster), which provides the engine and the job database these need.
 *
 * @example
 * ```ts
 * import { Backfill, Job } from "@blockscout-effect/backfill"
 * import { Effect } from "effect"
 *
 * export const program = Effect.gen(function* () {
 *   const job = yield* Job.make({
 *     target: { family: "pro", chains: [1], apiKey: { config: "BLOCKSCOUT_API_KEY" } },
 *     source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: { type: ["ERC-20"] } },
 *     range: { _tag: "Blocks", from: 19_000_000, to: 19_100_000 },
 *     partitions: 16,
 *     sink: { _tag: "Sql" }
 *   })
 *   return yield* Backfill.run(job)
 * })
 * ```
 *
 * Gotchas: a job's id is its content, so running the same job again joins (or, once done, returns) the same
 * execution; change any field to start another. `run` waits while the job is suspended on a failure (its
 * partitions' errors are in `status`); `resume` tries them again.
 *
 * @since 0.1.0
 */
import { Cause, Effect, Exit, Option, Schedule } from "effect"
import type { SqlClient } from "effect/sql"
import type { WorkflowEngine } from "effect/workflow"
import { BackfillError } from "./BackfillError.ts"
import * as Job from "./Job.ts"
import * as Store from "./Store.ts"
import { BackfillWorkflow, type JobResult, PartitionWorkflow } from "./Workflows.ts"

/**
 * Runs a job and waits for its end (or joins it, when it is already running or done): starts it, then polls the
 * engine every `every` milliseconds (default 500). Fails with the partition's error as soon as a partition stops
 * on a failure (the job's other partitions go on; `resume` restarts the stopped ones), or with the plan's error.
 *
 * @since 0.1.0
 * @category runs
 */
export const run = (
  job: Job.Job,
  options: { readonly every?: number | undefined } = {}
): Effect.Effect<JobResult, BackfillError, WorkflowEngine.WorkflowEngine | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const jobId = yield* start(job)
    return yield* wait(jobId, job, options.every ?? 500)
  })

const failureOf = (cause: Cause.Cause<unknown>, fallback: string): BackfillError => {
  const error = Cause.squash(cause)
  return error instanceof BackfillError
    ? error
    : new BackfillError({ reason: "Sink", message: `${fallback}: ${String(error)}`, retryable: false })
}

/** Polls the job's workflow until it completes, or it or one of its partitions is suspended on a failure. */
const wait = (jobId: string, job: Job.Job, every: number) =>
  Effect.gen(function* () {
    const executionId = yield* BackfillWorkflow.executionId({ jobId, job })
    while (true) {
      const result = yield* BackfillWorkflow.poll(executionId)
      if (Option.isSome(result)) {
        const r = result.value
        if (r._tag === "Complete") {
          if (Exit.isSuccess(r.exit)) return r.exit.value
          return yield* failureOf(r.exit.cause, `job ${jobId} failed`)
        }
        if (r.failed === true) {
          const recorded = yield* Store.jobError(jobId).pipe(Effect.orDie)
          if (recorded !== undefined) return yield* recorded
          if (r.cause !== undefined) return yield* failureOf(r.cause, `job ${jobId} stopped`)
        }
      }
      const stopped = yield* stoppedPartition(jobId, job)
      if (stopped !== undefined) return yield* stopped
      yield* Effect.sleep(every)
    }
  })

/** The failure of a partition whose workflow is suspended on it, if any. */
const stoppedPartition = (jobId: string, job: Job.Job) =>
  Effect.gen(function* () {
    const partitions = yield* Store.partitions(jobId).pipe(Effect.orDie)
    for (const p of partitions) {
      if (p.done || p.error === null) continue
      const executionId = yield* PartitionWorkflow.executionId({ jobId, job, partition: partitionRef(p) })
      const result = yield* PartitionWorkflow.poll(executionId)
      if (Option.isSome(result) && result.value._tag === "Suspended" && result.value.failed === true) {
        return p.failure ?? new BackfillError({ reason: "Fetch", message: p.error, retryable: false })
      }
    }
    return undefined
  })

const partitionRef = (p: Store.PartitionState) => ({ chain: { label: p.chain }, part: p.part })

/**
 * Starts a job without waiting; returns its id. Its partitions run on the runners (this process too, if it is
 * one) whether or not anything waits.
 *
 * @since 0.1.0
 * @category runs
 */
export const start = (job: Job.Job): Effect.Effect<string, never, WorkflowEngine.WorkflowEngine> =>
  Effect.as(BackfillWorkflow.execute({ jobId: Job.id(job), job }, { discard: true }), Job.id(job))

/**
 * Where a job stands, from the job database.
 *
 * @since 0.1.0
 * @category models
 */
export interface Status {
  readonly jobId: string
  readonly job: Job.Job
  /** Each planned partition's committed state (empty until the job is planned). */
  readonly partitions: ReadonlyArray<Store.PartitionState>
  /** Partitions complete, and in all. */
  readonly done: number
  readonly total: number
  /** Items and pages committed so far. */
  readonly items: number
  readonly pages: number
  /** Partitions by the runner that last committed them. */
  readonly runners: ReadonlyArray<{ readonly runner: string; readonly partitions: number }>
  /** Partitions whose last attempt failed, with the failure. */
  readonly errors: ReadonlyArray<{ readonly chain: string; readonly part: number; readonly error: string }>
  /** The failure that stopped the job's plan, if one did (it then has no partitions: `resume` plans it again). */
  readonly planError: string | undefined
}

const notFound = (jobId: string) =>
  new BackfillError({ reason: "NotFound", message: `no job ${jobId} in this database`, retryable: false })

/**
 * A job's progress, by id: partitions done, items committed, which runner committed what, the last errors.
 *
 * @since 0.1.0
 * @category runs
 */
export const status = Effect.fn("Backfill.status")(function* (jobId: string) {
  const job = yield* Store.loadJob(jobId).pipe(Effect.orDie)
  if (job === undefined) return yield* notFound(jobId)
  const partitions = yield* Store.partitions(jobId).pipe(Effect.orDie)
  const planError = yield* Store.jobError(jobId).pipe(Effect.orDie)
  const byRunner = new Map<string, number>()
  for (const p of partitions) {
    if (p.runner !== null) byRunner.set(p.runner, (byRunner.get(p.runner) ?? 0) + 1)
  }
  return {
    jobId,
    job,
    partitions,
    done: partitions.filter((p) => p.done).length,
    total: partitions.length,
    items: partitions.reduce((n, p) => n + p.items, 0),
    pages: partitions.reduce((n, p) => n + p.pages, 0),
    runners: [...byRunner].map(([runner, count]) => ({ runner, partitions: count })),
    errors: partitions.flatMap((p) =>
      p.error === null || p.done ? [] : [{ chain: p.chain, part: p.part, error: p.error }]
    ),
    planError: planError?.message
  } satisfies Status
})

/**
 * Resumes a job by id: every partition that stopped on a failure runs again from its cursor, then the job goes
 * on; waits for its end like `run`.
 *
 * @since 0.1.0
 * @category runs
 */
export const resume = Effect.fn("Backfill.resume")(function* (jobId: string) {
  const job = yield* Store.loadJob(jobId).pipe(Effect.orDie)
  if (job === undefined) return yield* notFound(jobId)
  const partitions = yield* Store.partitions(jobId).pipe(Effect.orDie)
  for (const p of partitions) {
    if (p.done) continue
    const executionId = yield* PartitionWorkflow.executionId({ jobId, job, partition: partitionRef(p) })
    yield* PartitionWorkflow.resume(executionId)
  }
  yield* BackfillWorkflow.resume(yield* BackfillWorkflow.executionId({ jobId, job }))
  return yield* wait(jobId, job, 500)
}) as (jobId: string) => Effect.Effect<JobResult, BackfillError, WorkflowEngine.WorkflowEngine | SqlClient.SqlClient>

/**
 * Polls `status` until every partition is done (or `until` says stop), calling `onStatus` each time: a progress
 * display for a job running elsewhere.
 *
 * @since 0.1.0
 * @category runs
 */
export const watch = (
  jobId: string,
  onStatus: (status: Status) => Effect.Effect<void>,
  options: { readonly every?: number | undefined } = {}
) =>
  status(jobId).pipe(
    Effect.tap(onStatus),
    Effect.repeat({
      until: (s) => s.total > 0 && s.done === s.total,
      schedule: Schedule.spaced(options.every ?? 1000)
    })
  )
