/**
 * The dry run: what a history will cost before it is fetched, with the range it may turn out in. The item count
 * comes from a count source (the server's counters where they describe the request, by default, or the
 * caller's own), or from pages sampled across the span at the largest page (`sample.ts`): the items of the keys
 * they cover whole, times the span. Calls are the pages the walk takes at the run's page size, as the
 * pagination takes them (`walkPages`: no empty last page; a range ending above the list's end ends on the page
 * crossing its bottom), in as many ranges as the partition engine is expected to cut; credits the calls times
 * the row's price; time the calls at the rate the server announced (or the client's own pacing).
 *
 * @internal
 */
import { KeyRanges } from "@blockscout-effect/schema"
import { Effect, Result } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { EndpointTable } from "../../endpoints.ts"
import { counterFor, itemsPerCount, itemsPerCountRange } from "../../CountSources.ts"
import type { CounterRule, CountSource, EstimateOptions } from "../../CountSources.ts"
import type { HistoryEstimate, PartitionOptions } from "../../Partition.ts"
import type { EndpointArgs, Page } from "../../Parameters.ts"
import { type Cursor, forStream, invalid, type Prepared, prepare } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { fetchPage } from "../pagination/fetch.ts"
import { checkSince } from "../version.ts"
import { effectiveRate, pagesPerRange, targetConcurrency } from "./pace.ts"
import { type Plan, plan } from "./plan.ts"
import {
  type Bounds,
  crossingCost,
  isSampleCount,
  type Keyed,
  maxSampleOption,
  sampleSpan,
  walkPageBounds,
  walkPages
} from "./sample.ts"

/**
 * What a dry run asks for a paged row: the largest page, whatever page size the run will ask (more items to
 * measure, at the same cost); `runPageSize` says what the run's pages will hold.
 */
export const sampleOf = (prepared: Prepared): Prepared =>
  forStream({ ...prepared, pageSize: undefined, largest: undefined })

/**
 * The items a run's page will hold, from the sample (`sampleOf`) and the page size the run asks (`requested`):
 * the sample's when it asks none or the server fixes it (11.x, which refused the largest page, always gives
 * 50), else the smaller of the two (a server clamps a size above its maximum), or the size asked when the
 * sample holds the whole list.
 */
export const runPageSize = (
  ctx: ClientContext,
  prepared: Prepared,
  requested: number | undefined,
  first: Page<unknown>
): number => {
  const sample = Math.max(first.items.length, 1)
  if (ctx.observed.largestPageRefused.has(prepared.endpoint.name)) return sample
  // The whole list on the sample: the run's pages are what it asks.
  if (first.next_page_params === null) return requested ?? sample
  return Math.min(requested ?? sample, sample)
}

/**
 * The items a counter's count stands for, and their range: the count in items per the first page's sample (a
 * count of transfer logs or holders: `CountSources.itemsPerCount`), between the count itself and that when the
 * page shows more items than counts (an ERC-1155 batch); exactly the page's items when it is the whole list.
 */
const itemsOfCount = (
  endpoint: string,
  args: EndpointArgs,
  counted: number,
  first: Page<unknown>
): readonly [number, Bounds] => {
  if (first.next_page_params === null) {
    const n = first.items.length
    return [n, { low: n, high: n }]
  }
  const rule = counterFor(endpoint, args)
  if (rule === undefined) return [counted, { low: counted, high: counted }]
  const items = Math.round(counted * itemsPerCount(rule.unit, first.items))
  return [items, countBounds(rule, counted, itemsPerCountRange(rule.unit, first.items))]
}

/**
 * The items a counter's count may stand for: the count times the items per count's range, widened by the rule's
 * `spread` when the server may have answered an estimate (`/stats`' totals).
 */
export const countBounds = (
  rule: CounterRule,
  counted: number,
  ratio: { readonly low: number; readonly high: number }
): Bounds => {
  const spread = rule.spread ?? 0
  return {
    low: Math.floor(counted * ratio.low * (1 - spread)),
    high: Math.ceil(counted * ratio.high * (1 + spread))
  }
}

/**
 * The ranges a partitioned run is expected to walk, from the engine's own rules (`pace.ts`, `segments.ts`,
 * `workers.ts`): one worker walks the first planned range as it is (no density known yet), and cuts each later
 * one into ranges of `pagesPerRange` pages less half a page once the pages show the density; several split the
 * span among themselves at once (at least one range each), then carve as many pages at a time as they go, and
 * halve the ranges still walked at the end (about one more range per worker).
 */
const rangesOf = (ctx: ClientContext, planned: Plan<unknown>, pages: number): number => {
  const parts = Math.max(1, planned.segments.length)
  const workers = targetConcurrency(ctx, planned.concurrency)
  // The engine cuts a range to hold half a page less than `pagesPerRange` (`workers.ts`).
  const per = pagesPerRange(planned.order, Math.max(1, workers)) - 0.5
  if (workers <= 1) return parts <= 1 ? 1 : 1 + (parts - 1) * Math.max(1, pages / parts / per)
  return Math.max(parts, workers) + pages / per
}

/** The range of a price: `calls` bounds times the row's credits (0 on an instance). */
const priced = (ctx: ClientContext, credits: number, calls: Bounds): Bounds =>
  ctx.family === "pro" ? { low: calls.low * credits, high: calls.high * credits } : { low: 0, high: 0 }

/**
 * Estimates the history `args` (and its `partition` span) asks for; the count from `count`, else from the
 * server's counters (`counters`), whose counts are turned into items, else from pages sampled across the span
 * (`samples` of them; default by the span's size, `sample.ts`).
 */
export const estimate = (
  ctx: ClientContext,
  prepared: Prepared,
  args: EndpointArgs,
  partition: PartitionOptions | true | undefined,
  count: CountSource | undefined,
  counters: () => CountSource,
  requested: number | undefined,
  samples?: number | undefined
): Effect.Effect<HistoryEstimate, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const planned = partition === undefined ? undefined : plan(prepared, partition)
    if (planned !== undefined && Result.isFailure(planned)) return yield* Effect.fail(planned.failure)
    const segments = planned?.success.segments ?? []
    const from = segments[segments.length - 1]?.lo ?? 0
    const top = segments[0]?.hi
    const to = top === undefined || !Number.isFinite(top) ? undefined : top
    const name = prepared.endpoint.name
    const counted = yield* (count ?? counters())({ endpoint: name, args })
    const range = KeyRanges.rangeOf(prepared.endpoint)
    const spanName = `Blockscout.estimate.${prepared.endpoint.name}`
    const fetch = (cursor: Cursor | undefined) =>
      fetchPage<unknown>(ctx, { ...prepared, cursor: cursor ?? prepared.cursor }, spanName)
    let first: Page<unknown>
    let items: number
    let bounds: Bounds
    // A count, or an even list: a range's items end where a density cut says (`crossingCost`).
    let unevenness = 0
    if (counted !== undefined || range === undefined) {
      first = yield* fetch(to === undefined || range === undefined ? undefined : KeyRanges.startCursor(range, to))
      if (counted === undefined) {
        // No keys to sample by: counted when the page holds the whole list, else a count source must say.
        if (first.next_page_params !== null) {
          return yield* Effect.fail(
            invalid(prepared.endpoint, "count", `${name} cannot be sampled by density: give a count source`)
          )
        }
        items = first.items.length
        bounds = { low: items, high: items }
      } else if (count === undefined) {
        ;[items, bounds] = itemsOfCount(name, args, counted, first)
        // A counter of logs (or holders) whose first page shows several items for one count (ERC-1155 batches):
        // the items per count from windows across the history too, or the list read whole when that is cheap.
        const rule = counterFor(name, args)
        if (rule !== undefined && range !== undefined && items !== counted && first.next_page_params !== null) {
          const keyed: Keyed = {
            keyOf: (item) => KeyRanges.itemKeyOf(range, item),
            positionOf: (cursor) => KeyRanges.positionOf(range, cursor),
            startAt: (key) => KeyRanges.startCursor(range, key),
            fetch
          }
          const read = yield* sampleSpan(keyed, from, to, (page) => runPageSize(ctx, prepared, requested, page), {
            samples,
            first
          })
          if (read?.exact) {
            items = read.items
            bounds = { low: items, high: items }
          } else if (read !== undefined) {
            const all = read.pages.flatMap((page) => page.items)
            items = Math.round(counted * itemsPerCount(rule.unit, all))
            bounds = countBounds(rule, counted, itemsPerCountRange(rule.unit, all))
          }
        }
      } else {
        items = counted
        bounds = { low: counted, high: counted }
      }
    } else {
      const keyed: Keyed = {
        keyOf: (item) => KeyRanges.itemKeyOf(range, item),
        positionOf: (cursor) => KeyRanges.positionOf(range, cursor),
        startAt: (key) => KeyRanges.startCursor(range, key),
        fetch
      }
      const sampled = yield* sampleSpan(keyed, from, to, (page) => runPageSize(ctx, prepared, requested, page), {
        samples
      })
      if (sampled === undefined) {
        return yield* Effect.fail(
          invalid(prepared.endpoint, "count", `${name}'s items carry no ${range.itemKey}: give a count source`)
        )
      }
      first = sampled.pages[0] as Page<unknown>
      items = sampled.items
      bounds = sampled.bounds
      unevenness = sampled.unevenness
    }
    const pageSize = runPageSize(ctx, prepared, requested, first)
    // A sequential walk goes to the list's end; a partitioned one ends each range on the page crossing its
    // bottom (`walkPages`), in as many ranges as the engine is expected to cut.
    const ranges = planned === undefined ? 1 : rangesOf(ctx, planned.success, items / pageSize)
    // A range ends on the page going below its bottom, but for a row keyed by one key per item (withdrawals):
    // its walk ends on the page ending at the bottom's item (`KeyRanges.isBelow`).
    const endsAtBottom = range !== undefined && range.cursorKeys.length === 1
    const crossing = planned !== undefined && from > 0 && !endsAtBottom
    // The engine cuts ranges half a page short of whole pages (`workers.ts`), and several workers halve ranges
    // where they stand: half a page each. The ranges planned (`parts`) and walked as they are end where their
    // keys say: as the list's evenness says (`crossingCost`; a whole page, or none, on an even list).
    const halved = planned !== undefined && targetConcurrency(ctx, planned.success.concurrency) > 1
    const parts = Math.min(ranges, planned === undefined ? 1 : Math.max(1, segments.length))
    const perRange = halved
      ? 0.5
      : (parts * crossingCost(unevenness, items / pageSize / parts, endsAtBottom) + (ranges - parts) * 0.5) / ranges
    const calls = Math.round(walkPages(items, pageSize, ranges, crossing, perRange))
    const callBounds = walkPageBounds(
      bounds,
      pageSize,
      planned === undefined ? 1 : Math.max(1, segments.length),
      ranges * 2,
      crossing
    )
    const requestsPerSecond = effectiveRate(ctx)
    const known = requestsPerSecond !== undefined && Number.isFinite(requestsPerSecond) && requestsPerSecond > 0
    const price = prepared.endpoint.credits
    return {
      items,
      itemsFrom: counted === undefined ? "sample" : "count",
      pageSize,
      calls,
      credits: ctx.family === "pro" ? calls * price : 0,
      range: { items: bounds, calls: callBounds, credits: priced(ctx, price, callBounds) },
      requestsPerSecond: known ? requestsPerSecond : undefined,
      seconds: known ? calls / requestsPerSecond : undefined
    } satisfies HistoryEstimate
  })

/** The service's `estimate`: the row by name, its arguments checked (`InvalidArgument`, nothing sent). */
export const estimateOf =
  (table: EndpointTable, ctx: ClientContext, counters: () => CountSource) =>
  (
    name: string,
    args: EndpointArgs = {},
    options: EstimateOptions = {}
  ): Effect.Effect<HistoryEstimate, Errors.BlockscoutError<Errors.CallReason>> => {
    const row = typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined
    if (row === undefined || row.shape === "item") {
      return Effect.fail(
        new Errors.BlockscoutError({
          reason: new Errors.InvalidArgument({
            endpoint: name,
            url: "",
            argument: "name",
            message: `${name} is not a paged or bare-array endpoint`
          })
        })
      )
    }
    const samples = options.samples
    if (samples !== undefined && !isSampleCount(samples)) {
      return Effect.fail(
        new Errors.BlockscoutError({
          reason: new Errors.InvalidArgument({
            endpoint: name,
            url: "",
            argument: "samples",
            message: `samples must be an integer from 1 to ${maxSampleOption}, got ${String(samples)}`
          })
        })
      )
    }
    const given = typeof args === "object" && args !== null && !Array.isArray(args) ? args : undefined
    const { partition, creditBudget: _, ...rest } = given ?? {}
    // One request and checked arguments: a one-call method's reasons (`estimate` never streams).
    // A row the server is too old for is `Unsupported` here too, before the counters are asked.
    const checked = Effect.tap(prepare(ctx, row, given === undefined ? args : rest), (prepared) =>
      checkSince(ctx, row, prepared.path)
    )
    return Effect.flatMap(checked, (prepared) =>
      estimate(
        ctx,
        row.shape === "page" ? sampleOf(prepared) : prepared,
        args,
        partition as PartitionOptions | true | undefined,
        options.count,
        counters,
        prepared.pageSize,
        options.samples
      )
    ) as Effect.Effect<HistoryEstimate, Errors.BlockscoutError<Errors.CallReason>>
  }
