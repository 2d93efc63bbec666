/**
 * A job's dry run: what it will fetch and cost before anything is written, chain by chain, from the client's
 * estimates (`Blockscout.estimate` for a list, `estimateAddressHistory` for an address's history) with the job's
 * range, partitions and page size, plus the requests its plan makes (the head of an "everything" range).
 *
 * When to use: before `Backfill.run` of a long job (`blockscout backfill run ... --dry-run`). It needs only
 * `Sources` (the runtime layers provide it; `Sources.layer` over an `HttpClient` is enough): no database is
 * opened and nothing is written.
 *
 * How a job pages (what the figures count): each partition walks its range from its top down to the page that
 * crosses its bottom (`floor(n / page) + 1` pages for its `n` items; the last partition, to the list's end,
 * `ceil`), and an "everything" range asks the head first. The items come from the server's counters where they
 * describe the source, else from pages sampled across the range; every figure carries its range (`range`).
 *
 * Gotchas: it sends what the estimates send (the counters where they describe the source, and pages of each
 * list: a tenth of the run or so, or all of an address's lists when that is as cheap) on every chain. Times
 * assume the key's one rate for the whole job: on the Pro API every chain of a job shares its key's limit, so
 * the chains' calls add up at one rate.
 *
 * @since 0.1.0
 */
import { type BlockscoutError, type BlockscoutShape, CountSources, type EstimateRange } from "@blockscout-effect/client"
import { endpoints, KeyRanges } from "@blockscout-effect/schema"
import { Effect } from "effect"
import { BackfillError, fromBlockscout } from "./BackfillError.ts"
import type { Job } from "./Job.ts"
import { type Chain, chainsOf, historyHead, keyRangeOf } from "./Plan.ts"
import { Sources } from "./Sources.ts"
import { historyRows, kindsOf, type ListRead, listOf } from "./SourceRows.ts"

/** The low and high ends of one of a range's figures. */
type EstimateBounds = EstimateRange["items"]

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
  /** How far off `items`, `calls` and `credits` may be (the client's estimates' ranges, priced the same way). */
  readonly range: EstimateRange
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
  /** The chains' ranges, summed. */
  readonly range: EstimateRange
  /** The slowest chain's rate: the one the job's calls go at when they share a key. */
  readonly requestsPerSecond: number | undefined
  /** Expected duration at that rate; `undefined` when no rate is known (an unlimited server). */
  readonly seconds: number | undefined
}

const failure = (e: BlockscoutError): BackfillError =>
  e.reason._tag === "InvalidArgument"
    ? new BackfillError({ reason: "InvalidJob", message: e.message, retryable: false })
    : fromBlockscout(e)

/** `bounds` plus `n` at both ends. */
const plus = (bounds: EstimateBounds, n: number): EstimateBounds => ({ low: bounds.low + n, high: bounds.high + n })

/**
 * A list source on one chain: the row's items over the job's range (the client's `estimate`: the counters where
 * they describe the whole history, else pages sampled across the span), walked as the plan splits it: each
 * partition from its top down to the page that crosses its bottom (`CountSources.estimatePages`), plus the head the plan
 * asks of an "everything" range.
 */
const listEstimate = (bs: BlockscoutShape, job: Job, list: ListRead) => {
  const range = keyRangeOf(job)
  // A span is sampled over its blocks (or indexes); all of the history is counted where a counter describes it.
  const span =
    range === undefined || job.range._tag === "Everything"
      ? undefined
      : job.range._tag === "Blocks"
        ? { fromBlock: job.range.from, toBlock: job.range.to }
        : { fromIndex: job.range.from, toIndex: job.range.to }
  const args = {
    ...list.args,
    ...(job.pageSize === undefined ? {} : { pageSize: job.pageSize }),
    ...(span === undefined ? {} : { partition: span })
  }
  // The plan's partitions (`Plan.planChain`): a row that cannot be split is one walk to the list's end.
  const partitions =
    range === undefined
      ? 1
      : job.range._tag === "Everything"
        ? job.partitions
        : KeyRanges.split(job.range.from, job.range.to, job.partitions).length
  const head = range !== undefined && job.range._tag === "Everything" ? 1 : 0
  const crossing = job.range._tag !== "Everything" && job.range.from > 0
  const price = bs.family === "pro" ? endpoints[list.endpoint].credits : 0
  return Effect.map(bs.estimate(list.endpoint, args), (e) => {
    const pages = CountSources.estimatePages({ expected: e.items, ...e.range.items }, e.pageSize, partitions, crossing)
    const calls = pages.expected + head
    const callRange = plus(pages, head)
    return {
      items: e.items,
      itemsFrom: e.itemsFrom,
      calls,
      credits: calls * price,
      range: {
        items: e.range.items,
        calls: callRange,
        credits: { low: callRange.low * price, high: callRange.high * price }
      },
      requestsPerSecond: e.requestsPerSecond
    }
  })
}

/**
 * An address's history on one chain: its estimate over the plan's partitions, each walked as a history of its
 * own (`ranges`), plus the head the plan asks of an "everything" range (each list's newest page, asked here
 * the same way: the partitions need it).
 */
const historyEstimate = (bs: BlockscoutShape, job: Job, source: Extract<Job["source"], { _tag: "AddressHistory" }>) =>
  Effect.gen(function* () {
    if (job.range._tag === "Indexes") {
      return yield* new BackfillError({
        reason: "InvalidJob",
        message: `address history ${source.address} is keyed by block, not by index: use a block range`,
        retryable: false
      })
    }
    const kinds = kindsOf(source)
    const heads = job.range._tag === "Everything" ? kinds.length : 0
    const top = job.range._tag === "Everything" ? yield* historyHead(bs, job, source) : job.range.to
    const bottom = job.range._tag === "Everything" ? 0 : job.range.from
    // As `Plan.planChain` splits it: no block known (items without one), one walk of the whole history.
    const ranges = top === undefined || top < bottom ? undefined : KeyRanges.split(bottom, top, job.partitions)
    const e = yield* bs
      .estimateAddressHistory(source.address, {
        kinds,
        ...(ranges === undefined
          ? {}
          : {
              fromBlock: bottom,
              toBlock: top as number,
              ranges: ranges.map((r) => ({ fromBlock: r.lo, toBlock: r.hi }))
            }),
        ...(job.pageSize === undefined ? {} : { pageSize: job.pageSize }),
        reconcile: false
      })
      .pipe(Effect.mapError(failure))
    const price = bs.family === "pro" ? kinds.reduce((n, kind) => n + endpoints[historyRows[kind]].credits, 0) : 0
    return {
      items: e.items,
      itemsFrom: e.lists.every((l) => l.itemsFrom === "count") ? ("count" as const) : ("sample" as const),
      calls: e.calls + heads,
      credits: e.credits + (heads > 0 ? price : 0),
      range: {
        items: e.range.items,
        calls: plus(e.range.calls, heads),
        credits: plus(e.range.credits, heads > 0 ? price : 0)
      },
      requestsPerSecond: e.requestsPerSecond
    }
  })

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
    const total = (f: (c: ChainEstimate) => EstimateBounds): EstimateBounds => ({
      low: chains.reduce((n, c) => n + f(c).low, 0),
      high: chains.reduce((n, c) => n + f(c).high, 0)
    })
    const rates = chains.map((c) => c.requestsPerSecond)
    const rate =
      rates.every((r) => r !== undefined) && rates.length > 0 ? Math.min(...(rates as Array<number>)) : undefined
    return {
      chains,
      items: chains.reduce((n, c) => n + c.items, 0),
      calls,
      credits: chains.reduce((n, c) => n + c.credits, 0),
      range: {
        items: total((c) => c.range.items),
        calls: total((c) => c.range.calls),
        credits: total((c) => c.range.credits)
      },
      requestsPerSecond: rate,
      seconds: rate === undefined ? undefined : calls / rate
    }
  })
