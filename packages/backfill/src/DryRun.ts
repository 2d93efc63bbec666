/**
 * A job's dry run: what it will fetch and cost before anything is written, chain by chain, from the client's
 * estimates (`Blockscout.estimate` for a list, `estimateAddressHistory` for an address's history) with the job's
 * range, partitions and page size, plus the requests its plan makes (the head of an "everything" range).
 *
 * When to use: before `Backfill.run` of a long job (`blockscout backfill run ... --dry-run`). It needs only
 * `Sources` (the runtime layers provide it; `Sources.layer` over an `HttpClient` is enough): no database is
 * opened and nothing is written.
 *
 * Gotchas: it sends what the estimates send (the counters where they describe the source, and each list's first
 * page) on every chain. Times assume the key's one rate for the whole job: on the Pro API every chain of a job
 * shares its key's limit, so the chains' calls add up at one rate.
 *
 * @since 0.1.0
 */
import type { BlockscoutError, BlockscoutShape } from "@blockscout-effect/client"
import { endpoints } from "@blockscout-effect/schema"
import { Effect } from "effect"
import { BackfillError, fromBlockscout } from "./BackfillError.ts"
import type { Job } from "./Job.ts"
import { type Chain, chainsOf, keyRangeOf } from "./Plan.ts"
import { Sources } from "./Sources.ts"
import { kindsOf, type ListRead, listOf } from "./SourceRows.ts"

/**
 * One chain of a job, estimated.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChainEstimate {
  /** The chain's label (the `chain` column). */
  readonly chain: string
  /** Items expected. */
  readonly items: number
  /** Where the items' count came from: the server's counters, or the first pages' density. */
  readonly itemsFrom: "count" | "sample"
  /** Requests expected: the pages of every partition, and the plan's. */
  readonly calls: number
  /** Pro API credits expected; 0 on an instance. */
  readonly credits: number
  /** The rate this chain's client can go at (the server's announced rate, or the configured one). */
  readonly requestsPerSecond: number | undefined
}

/**
 * What a job is expected to fetch and cost.
 *
 * @since 0.1.0
 * @category models
 */
export interface JobEstimate {
  readonly chains: ReadonlyArray<ChainEstimate>
  readonly items: number
  readonly calls: number
  readonly credits: number
  /** The slowest chain's rate: the one the job's calls go at when they share a key. */
  readonly requestsPerSecond: number | undefined
  /** Expected duration at that rate; `undefined` when no rate is known (an unlimited server). */
  readonly seconds: number | undefined
}

const failure = (e: BlockscoutError): BackfillError =>
  e.reason._tag === "InvalidArgument"
    ? new BackfillError({ reason: "InvalidJob", message: e.message, retryable: false })
    : fromBlockscout(e)

/** A list source on one chain: the row's estimate over the job's range and partitions, and the plan's head. */
const listEstimate = (bs: BlockscoutShape, job: Job, list: ListRead) => {
  const range = keyRangeOf(job)
  const parts = { parts: job.partitions }
  // A span is the client's partitioned estimate (a boundary page per range); all of the history is the
  // sequential one (counted by the counters where they describe it), plus what the plan adds: the head, asked
  // of the first page, and a boundary page for each range but the last.
  const partition =
    range === undefined || job.range._tag === "Everything"
      ? undefined
      : job.range._tag === "Blocks"
        ? { ...parts, fromBlock: job.range.from, toBlock: job.range.to }
        : { ...parts, fromIndex: job.range.from, toIndex: job.range.to }
  const args = {
    ...list.args,
    ...(job.pageSize === undefined ? {} : { pageSize: job.pageSize }),
    ...(partition === undefined ? {} : { partition })
  }
  const planned = range !== undefined && job.range._tag === "Everything" ? 1 + (job.partitions - 1) : 0
  const price = bs.family === "pro" ? endpoints[list.endpoint].credits : 0
  return Effect.map(bs.estimate(list.endpoint, args), (e) => ({
    items: e.items,
    itemsFrom: e.itemsFrom,
    calls: e.calls + planned,
    credits: e.credits + planned * price,
    requestsPerSecond: e.requestsPerSecond
  }))
}

/** An address's history on one chain: its estimate over the job's blocks, partitions and page size. */
const historyEstimate = (bs: BlockscoutShape, job: Job, source: Extract<Job["source"], { _tag: "AddressHistory" }>) => {
  if (job.range._tag === "Indexes") {
    return Effect.fail(
      new BackfillError({
        reason: "InvalidJob",
        message: `address history ${source.address} is keyed by block, not by index: use a block range`,
        retryable: false
      })
    )
  }
  const blocks = job.range._tag === "Blocks" ? { fromBlock: job.range.from, toBlock: job.range.to } : {}
  return Effect.map(
    bs
      .estimateAddressHistory(source.address, {
        kinds: kindsOf(source),
        ...blocks,
        ...(job.pageSize === undefined ? {} : { pageSize: job.pageSize }),
        // Block ranges as the plan splits them; without a top, the plan reads each list's newest page.
        partition: { parts: job.partitions },
        reconcile: false
      })
      .pipe(Effect.mapError(failure)),
    (e) => ({
      items: e.items,
      itemsFrom: e.lists.every((l) => l.itemsFrom === "count") ? ("count" as const) : ("sample" as const),
      calls: e.calls,
      credits: e.credits,
      requestsPerSecond: e.requestsPerSecond
    })
  )
}

/** One chain of a job, estimated with that chain's client. */
const chainEstimate = (bs: BlockscoutShape, job: Job, chain: Chain) =>
  Effect.map(
    job.source._tag === "AddressHistory"
      ? historyEstimate(bs, job, job.source)
      : listEstimate(bs, job, listOf(job.source) as ListRead).pipe(Effect.mapError(failure)),
    (e): ChainEstimate => ({ chain: chain.label, ...e })
  )

/**
 * Estimates a job: every chain of its target, with the runner's clients (`Sources`), summed.
 *
 * @since 0.1.0
 * @category runs
 */
export const estimate = (job: Job): Effect.Effect<JobEstimate, BackfillError, Sources> =>
  Effect.gen(function* () {
    const sources = yield* Sources
    const chains = yield* Effect.forEach(chainsOf(job.target), (chain) =>
      Effect.flatMap(sources.clientFor(job, chain), (bs) => chainEstimate(bs, job, chain))
    )
    const calls = chains.reduce((n, c) => n + c.calls, 0)
    const rates = chains.map((c) => c.requestsPerSecond)
    const rate =
      rates.every((r) => r !== undefined) && rates.length > 0 ? Math.min(...(rates as Array<number>)) : undefined
    return {
      chains,
      items: chains.reduce((n, c) => n + c.items, 0),
      calls,
      credits: chains.reduce((n, c) => n + c.credits, 0),
      requestsPerSecond: rate,
      seconds: rate === undefined ? undefined : calls / rate
    }
  })
