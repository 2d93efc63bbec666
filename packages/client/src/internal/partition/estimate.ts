/**
 * The dry run: what a history will cost before it is fetched. The item count comes from a count source (the
 * server's counters where they describe the request, by default, or the caller's own), or from one page: the first page of the span, at the
 * largest page, shows how many items a block (or index) holds, and the span's width times that density is
 * the estimate. Calls are the pages of 100 (or what the server gives) plus a boundary page per range; credits
 * the calls times the row's price; time the calls at the rate the server announced on that page (or the
 * client's own pacing).
 *
 * @internal
 */
import { Effect, Result } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { EndpointTable } from "../../endpoints.ts"
import { counterFor, itemsPerCount } from "../../CountSources.ts"
import type { CountSource, EstimateOptions, HistoryEstimate, PartitionOptions } from "../../Partition.ts"
import type { EndpointArgs, Page } from "../../Parameters.ts"
import { forStream, invalid, type Prepared, prepare } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { fetchPage } from "../pagination/fetch.ts"
import { checkSince } from "../version.ts"
import { itemKeyOf, positionOf, rangeOf, startCursor } from "./keys.ts"
import { effectiveRate } from "./pace.ts"
import { plan } from "./plan.ts"

/** The density one page shows: items over the keys from its first item down to its next cursor. */
const sampled = (prepared: Prepared, page: Page<unknown>, from: number, to: number | undefined): number | undefined => {
  const range = rangeOf(prepared.endpoint)
  if (page.next_page_params === null) {
    // The whole span on one page: counted, not estimated.
    return range === undefined
      ? page.items.length
      : page.items.filter((item) => (itemKeyOf(range, item) ?? from) >= from).length
  }
  if (range === undefined) return undefined
  const top = to ?? itemKeyOf(range, page.items[0])
  const bottom = positionOf(range, page.next_page_params)
  if (top === undefined || bottom === undefined || top < bottom) return undefined
  const density = page.items.length / (top - bottom + 1)
  return Math.round(density * (top - from + 1))
}

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
 * The items a counter's count stands for: the count in items per the first page's sample (a count of transfer
 * logs or holders: `CountSources.itemsPerCount`), or exactly the page's items when it is the whole list.
 */
const itemsOfCount = (endpoint: string, args: EndpointArgs, counted: number, first: Page<unknown>): number => {
  if (first.next_page_params === null) return first.items.length
  const rule = counterFor(endpoint, args)
  return rule === undefined ? counted : Math.round(counted * itemsPerCount(rule.unit, first.items))
}

/**
 * Estimates the history `args` (and its `partition` span) asks for; the count from `count`, else from the
 * server's counters (`counters`), whose counts are turned into items.
 */
export const estimate = (
  ctx: ClientContext,
  prepared: Prepared,
  args: EndpointArgs,
  partition: PartitionOptions | true | undefined,
  count: CountSource | undefined,
  counters: () => CountSource,
  requested: number | undefined
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
    const range = rangeOf(prepared.endpoint)
    const first = yield* fetchPage<unknown>(
      ctx,
      { ...prepared, cursor: to === undefined || range === undefined ? prepared.cursor : startCursor(range, to) },
      `Blockscout.estimate.${prepared.endpoint.name}`
    )
    const items =
      counted === undefined
        ? sampled(prepared, first, from, to)
        : count === undefined
          ? itemsOfCount(name, args, counted, first)
          : counted
    if (items === undefined) {
      return yield* Effect.fail(
        invalid(
          prepared.endpoint,
          "count",
          `${prepared.endpoint.name} cannot be sampled by density: give a count source`
        )
      )
    }
    const pageSize = runPageSize(ctx, prepared, requested, first)
    // A walk to the end of the list takes its pages (the server looks one item ahead: no empty last page);
    // each range of a partitioned run ends on a page of its own, reaching below it.
    const calls =
      segments.length === 0 ? Math.max(1, Math.ceil(items / pageSize)) : Math.ceil(items / pageSize) + segments.length
    const requestsPerSecond = effectiveRate(ctx)
    const known = requestsPerSecond !== undefined && Number.isFinite(requestsPerSecond) && requestsPerSecond > 0
    return {
      items,
      itemsFrom: counted === undefined ? "sample" : "count",
      pageSize,
      calls,
      credits: ctx.family === "pro" ? calls * prepared.endpoint.credits : 0,
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
        prepared.pageSize
      )
    ) as Effect.Effect<HistoryEstimate, Errors.BlockscoutError<Errors.CallReason>>
  }
