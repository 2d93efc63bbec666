/**
 * The backfill as durable workflows on `effect/workflow`: a job workflow that plans the partitions (an
 * activity, so every replay sees the same plan) and runs each as a child workflow, whose one activity walks
 * and commits the partition.
 *
 * Why each partition is a workflow of its own: the cluster engine runs a workflow, and its activities, on the
 * runner that owns the workflow's shard. Child workflows have ids of their own, hashed to shards across the
 * runners, so partitions spread over every runner; when a runner dies, its shards (and the partitions on them)
 * move to the others, which replay them: a finished partition's result is read back, an unfinished one's
 * activity runs again from its committed cursor.
 *
 * Failures: both workflows suspend on failure (`Workflow.SuspendOnFailure`) rather than end: a partition that
 * cannot go on (a revoked key, credits spent, an outage that outlasted its retries) waits, with the rest of the
 * job, for `Backfill.resume`, which runs it again from its cursor.
 *
 * @since 0.1.0
 */
import { Effect, Layer, Schema } from "effect"
import { Activity, Workflow } from "effect/workflow"
import { BackfillError, fromSink } from "../BackfillError.ts"
import { Job } from "../Job.ts"
import * as PartitionRun from "./PartitionRun.ts"
import { chainsOf, Partition, planChain } from "../Plan.ts"
import { Sources } from "../Sources.ts"
import * as SqlSink from "../SqlSink.ts"
import * as Store from "./Store.ts"

/**
 * What a finished job holds: its partitions and the items they wrote.
 *
 * @since 0.1.0
 * @category schemas
 */
export const JobResult = Schema.Struct({ partitions: Schema.Number, items: Schema.Number, pages: Schema.Number })
/** @since 0.1.0 @category models */
export type JobResult = typeof JobResult.Type

/**
 * One partition's workflow. Its execution id is derived from the job id, chain and partition number.
 *
 * @since 0.1.0
 * @category workflows
 */
export const PartitionWorkflow = Workflow.make("BackfillPartition", {
  payload: { jobId: Schema.String, job: Job, partition: Partition },
  success: PartitionRun.PartitionResult,
  error: BackfillError,
  idempotencyKey: ({ jobId, partition }) => `${jobId}/${partition.chain.label}/${partition.part}`
}).annotate(Workflow.SuspendOnFailure, true)

/**
 * A job's workflow. Its execution id is derived from the job id (itself the job's content).
 *
 * @since 0.1.0
 * @category workflows
 */
export const BackfillWorkflow = Workflow.make("Backfill", {
  payload: { jobId: Schema.String, job: Job },
  success: JobResult,
  error: BackfillError,
  idempotencyKey: ({ jobId }) => jobId
}).annotate(Workflow.SuspendOnFailure, true)

/**
 * Partitions a job runs at once when it does not say (`Job.concurrency`).
 *
 * @since 0.1.0
 * @category models
 */
export const defaultConcurrency = 64

/**
 * The job's first step: record the job, create its item table, split each chain's range, record the partitions.
 *
 * @since 0.1.0
 * @category activities
 */
export const plan = (jobId: string, job: Job) =>
  Effect.gen(function* () {
    const sources = yield* Sources
    yield* Store.migrate.pipe(Effect.mapError(fromSink))
    yield* Store.saveJob(jobId, job).pipe(Effect.mapError(fromSink))
    if (job.sink._tag === "Sql") yield* SqlSink.ensureTable(job).pipe(Effect.mapError(fromSink))
    const partitions = yield* Effect.forEach(chainsOf(job.target), (chain) =>
      Effect.flatMap(sources.clientFor(job, chain), (bs) => planChain(bs, job, chain))
    )
    const all = partitions.flat()
    yield* Store.savePartitions(jobId, all).pipe(Effect.mapError(fromSink))
    yield* Store.recordJobError(jobId, null).pipe(Effect.mapError(fromSink))
    return all
  }).pipe(
    // Recorded for `run` and `status`: a suspended workflow's cause comes back from storage without its class.
    Effect.tapError((e) => Store.recordJobError(jobId, e).pipe(Effect.ignore))
  )

/**
 * The workflows' implementations, registered with the `WorkflowEngine` in context (the cluster engine on a
 * runner). Needs the job database (`SqlClient`), `Sources`, and a file system for NDJSON sinks.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = Layer.mergeAll(
  BackfillWorkflow.toLayer(({ jobId, job }) =>
    Effect.gen(function* () {
      const partitions = yield* Activity.make({
        name: "Plan",
        success: Schema.Array(Partition),
        error: BackfillError,
        execute: plan(jobId, job)
      })
      const results = yield* Effect.forEach(
        partitions,
        (partition) => PartitionWorkflow.execute({ jobId, job, partition }),
        { concurrency: job.concurrency ?? defaultConcurrency }
      )
      return {
        partitions: results.length,
        items: results.reduce((n, r) => n + r.items, 0),
        pages: results.reduce((n, r) => n + r.pages, 0)
      }
    })
  ),
  PartitionWorkflow.toLayer(({ jobId, job, partition }) =>
    Activity.make({
      name: "Walk",
      success: PartitionRun.PartitionResult,
      error: BackfillError,
      execute: PartitionRun.run(jobId, job, partition)
    })
  )
)
