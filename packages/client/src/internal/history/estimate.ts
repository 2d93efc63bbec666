/**
 * The dry run of an address's history: each list's items from a count source (the address's counters, for the
 * whole history) or its pages by block, its pages at the run's size, the transaction lookups, and the calls
 * around them (finding a partitioned run's top, the report), priced by each row's credits and timed at the rate
 * the server announced; each with the range it may turn out in.
 *
 * What is sent: the counters (once, for the lists they describe) and each list's pages at the largest page
 * whatever the run's page size: the newest of the span, then, for a budget of about a quarter of the run's
 * calls (`samples`), either every page of every list (when that is about as cheap: an address's lists
 * usually are, and everything is then counted, lookups included) or pages spread over the span (`sample.ts`).
 * The pages also show how many items a transfer log gives (an ERC-1155 batch several: the counters count logs)
 * and how often a token transfer must be placed by looking its transaction up.
 *
 * @internal
 */
import { KeyRanges } from "@blockscout-effect/schema"
import { Effect, Result } from "effect"
import { BlockscoutError, type CallReason, InvalidArgument } from "../../BlockscoutError.ts"
import { counterFor, itemsPerCount, itemsPerCountRange } from "../../CountSources.ts"
import type { EndpointTable } from "../../endpoints.ts"
import type { HistoryKind } from "../../History.ts"
import type { AddressHistoryEstimate, HistoryEstimateOptions, HistoryListEstimate } from "../../HistoryEstimate.ts"
import type { EndpointArgs, Page } from "../../Parameters.ts"
import type { CountSource } from "../../CountSources.ts"
import { type Prepared, prepare, quoted } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import type { Secrets } from "../redact.ts"
import { fetchPage } from "../pagination/fetch.ts"
import { effectiveRate } from "../partition/pace.ts"
import { countBounds, runPageSize, sampleOf } from "../partition/estimate.ts"
import {
  type Bounds,
  crossingCost,
  isSampleCount,
  type Keyed,
  maxSampleOption,
  type Sampled,
  sampleSpan,
  samplesFor,
  walkPageBounds,
  walkPages
} from "../partition/sample.ts"
import { type Held, placeOf, unplaced } from "./entries.ts"
import { blockRanges, type Range } from "./partition.ts"
import { check, rangeKeys, rows } from "./methods.ts"

const invalid = (argument: string, message: string) =>
  new BlockscoutError({
    reason: new InvalidArgument({ endpoint: "estimateAddressHistory", url: "", argument, message })
  })

/** A list as the dry run reads it: its row, its count (if a counter answered), and how it is sampled by block. */
interface ListPlan {
  readonly kind: HistoryKind
  readonly row: EndpointTable[string]
  readonly args: EndpointArgs
  readonly counted: number | undefined
  readonly prepared: Prepared
  readonly keyed: Keyed
}

/** What the dry run read of a list: its pages by block, and its items with their range. */
interface ListRead extends ListPlan {
  readonly sampled: Sampled
  readonly items: number
  readonly bounds: Bounds
  readonly pageSize: number
}

/**
 * A list's pages counted range by range, when it was read whole: the run's ranges (`blockRanges`, as a partitioned
 * history cuts its span; one range unpartitioned) each end on the list's last page, or on the page going below
 * the range when the list goes on below it (`floor + 1`; the walk asks nothing past that page). `undefined` when
 * the list was sampled.
 */
const exactPages = (l: ListRead, ranges: ReadonlyArray<Range>, pending: number): number | undefined => {
  if (!l.sampled.exact) return undefined
  const blocks: Array<number> = []
  for (const page of l.sampled.pages) {
    for (const item of page.items) {
      const block = l.keyed.keyOf(item)
      if (block !== undefined) blocks.push(block)
    }
  }
  const last = l.sampled.pages[l.sampled.pages.length - 1] as Page<unknown>
  const bottom = ranges[ranges.length - 1]?.fromBlock ?? 0
  const endsBelow = last.next_page_params !== null || blocks.some((b) => b < bottom)
  let pages = 0
  for (const [i, range] of ranges.entries()) {
    const n = blocks.filter((b) => b >= range.fromBlock && b <= range.toBlock).length + (i === 0 ? pending : 0)
    const below = i < ranges.length - 1 ? blocks.some((b) => b < range.fromBlock) || endsBelow : endsBelow
    pages += below ? Math.floor(n / l.pageSize) + 1 : Math.max(1, Math.ceil(n / l.pageSize))
  }
  return pages
}

/** Whether `block` lies in one of `covers` (both ends inclusive). */
const covered = (covers: Sampled["covers"], block: number): boolean =>
  covers.some((c) => block >= c.low && block <= c.top)

/**
 * The transaction lookups a run is expected to make (`unplaced`: a block holding the address's own transaction
 * and a token transfer of another transaction), and their range: counted in the blocks every list's pages cover
 * whole, per token transfer there, times the token transfers expected. Exact when every list was read whole.
 */
const lookupsOf = (
  lists: ReadonlyArray<ListRead>,
  transfers: ListRead | undefined,
  from: number,
  to: number | undefined
): readonly [number, Bounds] => {
  if (transfers === undefined) return [0, { low: 0, high: 0 }]
  const blocks = new Map<number, Array<Held>>()
  for (const { kind, sampled } of lists) {
    for (const page of sampled.pages) {
      for (const item of page.items) {
        const place = placeOf(kind, item)
        const block = place.block
        if (typeof block !== "number" || block < from || (to !== undefined && block > to)) continue
        // A list read whole covers every block (none above its newest item: it has nothing there).
        if (!lists.every((l) => l.sampled.exact || covered(l.sampled.covers, block))) continue
        const held = blocks.get(block) ?? []
        held.push({
          kind,
          block,
          hash: place.hash,
          index: place.index,
          position: place.position,
          item,
          page: undefined
        })
        blocks.set(block, held)
      }
    }
  }
  const looked = new Set<string>()
  let seen = 0
  for (const held of blocks.values()) {
    seen += held.filter((h) => h.kind === "tokenTransfer").length
    for (const hash of unplaced(held, new Map())) looked.add(hash)
  }
  if (lists.every((l) => l.sampled.exact)) return [looked.size, { low: looked.size, high: looked.size }]
  if (seen === 0) return [0, { low: 0, high: Math.ceil(transfers.bounds.high * 0.5) }]
  const p = looked.size / seen
  // A share of the transfers seen: its binomial standard error (at least one lookup's worth), twice.
  const se = Math.max(Math.sqrt((p * (1 - p)) / seen), 1 / seen)
  return [
    Math.round(p * transfers.items),
    {
      low: Math.floor(Math.max(0, p - 2 * se) * transfers.bounds.low),
      high: Math.ceil((p + 2 * se) * transfers.bounds.high)
    }
  ]
}

/** Whether `ranges` are block ranges end to end within the span: whole blocks, none empty, none overlapping. */
const checkRanges = (
  ranges: HistoryEstimateOptions["ranges"]
): Result.Result<ReadonlyArray<Range> | undefined, BlockscoutError> => {
  if (ranges === undefined) return Result.succeed(undefined)
  const isBlock = (n: unknown) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0
  if (!Array.isArray(ranges) || ranges.length === 0 || ranges.length > 1024) {
    return Result.fail(invalid("ranges", "ranges must be 1 to 1024 block ranges"))
  }
  const sorted = [...ranges].sort((a, b) => b.toBlock - a.toBlock)
  for (const [i, r] of sorted.entries()) {
    if (!isBlock(r.fromBlock) || !isBlock(r.toBlock) || r.fromBlock > r.toBlock) {
      return Result.fail(invalid("ranges", "each range needs whole blocks, fromBlock at or below toBlock"))
    }
    const below = sorted[i + 1]
    if (below !== undefined && below.toBlock >= r.fromBlock) {
      return Result.fail(invalid("ranges", "ranges must not overlap"))
    }
  }
  return Result.succeed(sorted.map((r) => ({ fromBlock: r.fromBlock, toBlock: r.toBlock })))
}

/** The parts of a partitioned run (1 unpartitioned), checked as the history checks them. */
const partsOf = (
  secrets: Secrets,
  partition: HistoryEstimateOptions["partition"]
): Result.Result<number, BlockscoutError> => {
  if (partition === undefined) return Result.succeed(1)
  const parts = partition === true ? 4 : (partition.parts ?? 4)
  return Number.isSafeInteger(parts) && parts >= 1 && parts <= 1024
    ? Result.succeed(parts)
    : Result.fail(invalid("partition", `parts must be an integer from 1 to 1024, got ${quoted(secrets, parts)}`))
}

/** The client's span attributes (family, chain), as the history's other calls carry them. */
const spanAttributes = (ctx: ClientContext): Record<string, unknown> => ({
  "blockscout.family": ctx.family,
  ...(ctx.chainId === undefined ? {} : { "blockscout.chain_id": ctx.chainId })
})

/** `estimateAddressHistory` over a client context; `counters` makes the default count source of one call. */
export const estimateHistory =
  (table: EndpointTable, ctx: ClientContext, counters: () => CountSource) =>
  (
    address: string,
    options: HistoryEstimateOptions = {}
  ): Effect.Effect<AddressHistoryEstimate, BlockscoutError<CallReason>> => {
    const checked = check(ctx, address, options)
    if (Result.isFailure(checked)) return Effect.fail(checked.failure)
    const partsOf_ = partsOf(ctx, options.partition)
    if (Result.isFailure(partsOf_)) return Effect.fail(partsOf_.failure as BlockscoutError<InvalidArgument>)
    const given = checkRanges(options.ranges)
    if (Result.isFailure(given)) return Effect.fail(given.failure as BlockscoutError<InvalidArgument>)
    if (given.success !== undefined && options.partition !== undefined) {
      return Effect.fail(invalid("ranges", "give ranges or partition, not both"))
    }
    if (options.samples !== undefined && !isSampleCount(options.samples)) {
      return Effect.fail(
        invalid(
          "samples",
          `samples must be an integer from 1 to ${maxSampleOption}, got ${quoted(ctx, options.samples)}`
        )
      )
    }
    const c = checked.success
    const whole = c.fromBlock === 0 && c.toBlock === undefined
    const count = options.count ?? counters()
    const pro = ctx.family === "pro"

    const from = c.fromBlock
    // Ranges walked one by one, each a history of its own (a backfill's partitions), or a partitioned run's.
    const separate = given.success
    const parts = separate?.length ?? partsOf_.success

    // Each list's count (where a counter describes it) and how it is read by block.
    const planOf = (kind: HistoryKind) =>
      Effect.gen(function* () {
        const row = table[rows[kind]]!
        const args = { address: c.address, ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }) }
        // A counter counts the whole history: a block range is not described (`CountSources.counterFor`).
        const span = whole ? {} : { partition: { fromBlock: c.fromBlock, toBlock: c.toBlock } }
        const counted = yield* count({ endpoint: row.name, args: { ...args, ...span } })
        const prepared = sampleOf(yield* prepare(ctx, row, args))
        const keys = { cursorKeys: rangeKeys[kind] }
        const spanName = `Blockscout.estimateAddressHistory.${row.name}`
        const keyed: Keyed = {
          keyOf: (item) => {
            const block = placeOf(kind, item).block
            return typeof block === "number" ? block : undefined
          },
          positionOf: (cursor) => KeyRanges.positionOf(keys, cursor),
          startAt: (top) => KeyRanges.startCursor(keys, top),
          fetch: (cursor) => fetchPage<unknown>(ctx, { ...prepared, cursor }, spanName)
        }
        return { kind, row, args, counted, prepared, keyed } satisfies ListPlan
      })

    /** A list's items from its pages: the counter's count in items, or what the pages show (pending included). */
    const readOf = (plan: ListPlan, sampled: Sampled): ListRead => {
      const first = sampled.pages[0] as Page<unknown>
      const pageSize = runPageSize(ctx, plan.prepared, options.pageSize, first)
      // Pending transactions carry no block: on the newest page, once, for the whole history.
      const pending = whole ? first.items.filter((item) => plan.keyed.keyOf(item) === undefined).length : 0
      const rule = options.count === undefined ? counterFor(plan.row.name, plan.args) : undefined
      const all = sampled.pages.flatMap((page) => page.items)
      if (plan.counted === undefined || sampled.exact) {
        const items = sampled.items + pending
        return {
          ...plan,
          sampled,
          pageSize,
          items,
          // The history leaves pending transactions out: the low end counts without them.
          bounds: { low: sampled.bounds.low, high: sampled.bounds.high + pending }
        }
      }
      if (rule === undefined) {
        return { ...plan, sampled, pageSize, items: plan.counted, bounds: { low: plan.counted, high: plan.counted } }
      }
      return {
        ...plan,
        sampled,
        pageSize,
        items: Math.round(plan.counted * itemsPerCount(rule.unit, all)),
        bounds: countBounds(rule, plan.counted, itemsPerCountRange(rule.unit, all))
      }
    }

    const run = Effect.gen(function* () {
      const plans: Array<ListPlan> = []
      for (const kind of c.kinds) plans.push(yield* planOf(kind))
      // The newest page of each list, and what it says the history holds: how many pages to spend.
      const firsts: Array<Sampled> = []
      for (const plan of plans) {
        const first = yield* plan.keyed.fetch(c.toBlock === undefined ? undefined : plan.keyed.startAt(c.toBlock))
        const rough = yield* sampleSpan(plan.keyed, from, c.toBlock, () => 1, { samples: 1, walkWhole: false, first })
        if (rough === undefined) {
          return yield* Effect.fail(
            invalid("count", `the ${plan.row.name} list's items carry no block: give a count source`)
          )
        }
        firsts.push(rough)
      }
      // Pages at the largest size to read every list whole, and the run's pages (lookups included, about one
      // per ten token transfers): the samples' budget is a quarter of the run.
      const largest = firsts.map((f) => Math.max(1, (f.pages[0] as Page<unknown>).items.length))
      const wholePages = firsts.reduce((n, f, i) => n + Math.ceil(f.items / (largest[i] as number)), 0)
      const runPages = plans.reduce((n, plan, i) => {
        const size = runPageSize(ctx, plan.prepared, options.pageSize, (firsts[i] as Sampled).pages[0] as Page<unknown>)
        return n + (plan.counted ?? (firsts[i] as Sampled).items) / size
      }, 0)
      const transfersRough = firsts[c.kinds.indexOf("tokenTransfer")]?.items ?? 0
      const budget = samplesFor(runPages + transfersRough / 10, options.samples)
      // Read whole when that is about as cheap as the samples: every count exact, the lookups too.
      const readWhole = wholePages <= 1.5 * budget + plans.length
      const lists: Array<ListRead> = []
      for (const [i, plan] of plans.entries()) {
        const first = firsts[i] as Sampled
        const share = Math.max(
          1,
          Math.round((budget * Math.ceil(first.items / (largest[i] as number))) / Math.max(1, wholePages))
        )
        const sampled = first.exact
          ? first
          : yield* sampleSpan(plan.keyed, from, c.toBlock, () => largest[i] as number, {
              samples: readWhole ? budget : share,
              walkWhole: readWhole,
              first: first.pages[0]
            })
        lists.push(readOf(plan, sampled ?? first))
      }
      const transferList = lists.find((l) => l.kind === "tokenTransfer")
      const [lookups, lookupBounds] = lookupsOf(lists, transferList, from, c.toBlock)
      const lookupPrice = pro ? (table.transaction?.credits ?? 0) : 0
      // The run's block ranges: its span (the top its lists' newest items show, when not given) cut as it cuts.
      const newest = Math.max(from, ...lists.map((l) => l.sampled.top ?? from))
      const ranges = separate ?? blockRanges({ fromBlock: from, toBlock: c.toBlock ?? newest }, parts)
      const estimates = lists.map((l): HistoryListEstimate => {
        const first = l.sampled.pages[0] as Page<unknown>
        // A walk down to block 0 ends on the list's last page; one stopping above it, on the page going below.
        const crossing = c.fromBlock > 0 && first.next_page_params !== null
        const perRange = crossingCost(l.sampled.unevenness, l.items / l.pageSize / parts)
        const pending = whole ? first.items.filter((item) => l.keyed.keyOf(item) === undefined).length : 0
        const counted = exactPages(l, ranges, pending)
        const calls = Math.round(counted ?? walkPages(l.items, l.pageSize, parts, crossing, perRange))
        // Counted pages still meet a run's own turns (a block split across pages, a range's last page): one a
        // range either way.
        const callBounds =
          counted === undefined
            ? walkPageBounds(l.bounds, l.pageSize, parts, parts, crossing)
            : { low: Math.max(1, counted - ranges.length), high: counted + ranges.length }
        const price = pro ? l.row.credits : 0
        return {
          kind: l.kind,
          endpoint: l.row.name,
          items: l.items,
          // Read whole, the pages counted it; else a counter's count, or the pages' density.
          itemsFrom: l.sampled.exact || l.counted !== undefined ? "count" : "sample",
          pageSize: l.pageSize,
          calls,
          credits: calls * price,
          range: {
            items: l.bounds,
            calls: callBounds,
            credits: { low: callBounds.low * price, high: callBounds.high * price }
          }
        }
      })
      // A partitioned run without a top asks each list's newest page first.
      const top = options.partition !== undefined && c.toBlock === undefined ? estimates : []
      const topCalls = top.length
      const topCredits = top.reduce((sum, l) => sum + (pro ? (table[l.endpoint]?.credits ?? 0) : 0), 0)
      // The report: the counters and the address's details (whole histories of transactions or transfers), and
      // the indexing status.
      const counted = c.kinds.includes("transaction") || c.kinds.includes("tokenTransfer")
      const report =
        options.reconcile === false
          ? []
          : [...(whole && counted ? ["addressCounters", "address"] : []), "indexingStatus"]
      const reportCredits = report.reduce((sum, name) => sum + (pro ? (table[name]?.credits ?? 0) : 0), 0)
      const fixed = topCalls + report.length
      const fixedCredits = topCredits + reportCredits
      const sum = (f: (l: HistoryListEstimate) => number) => estimates.reduce((n, l) => n + f(l), 0)
      const calls = sum((l) => l.calls) + lookups + fixed
      const rate = effectiveRate(ctx)
      const known = rate !== undefined && Number.isFinite(rate) && rate > 0
      return {
        lists: estimates,
        items: sum((l) => l.items),
        lookups,
        calls,
        credits: sum((l) => l.credits) + lookups * lookupPrice + fixedCredits,
        range: {
          items: { low: sum((l) => l.range.items.low), high: sum((l) => l.range.items.high) },
          calls: {
            low: sum((l) => l.range.calls.low) + lookupBounds.low + fixed,
            high: sum((l) => l.range.calls.high) + lookupBounds.high + fixed
          },
          credits: {
            low: sum((l) => l.range.credits.low) + lookupBounds.low * lookupPrice + fixedCredits,
            high: sum((l) => l.range.credits.high) + lookupBounds.high * lookupPrice + fixedCredits
          }
        },
        requestsPerSecond: known ? rate : undefined,
        seconds: known ? calls / rate : undefined
      } satisfies AddressHistoryEstimate
    })
    const traced: Effect.Effect<AddressHistoryEstimate, BlockscoutError> = Effect.withSpan(
      run,
      "Blockscout.estimateAddressHistory",
      {
        attributes: spanAttributes(ctx),
        captureStackTrace: false
      }
    )
    return traced as Effect.Effect<AddressHistoryEstimate, BlockscoutError<CallReason>>
  }
