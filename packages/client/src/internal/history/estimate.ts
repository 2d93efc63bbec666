/**
 * The dry run of an address's history: each list's items from a count source (the address's counters, for the
 * whole history) or its first page's density over the blocks, its pages at the size that page came in, and
 * the calls around them (finding a partitioned run's top, the report), priced by each row's credits and timed
 * at the rate the server announced.
 *
 * What is sent: the counters (once, for the lists they describe) and each list's first page at the start of
 * the span, at the largest page whatever the run's page size (one more for an 11.x server refusing it); nothing
 * else. The first pages also show how
 * many items a transfer log gives (an ERC-1155 batch several: the counters count logs) and how often a token
 * transfer must be placed by looking its transaction up.
 *
 * @internal
 */
import type { NextPageParams } from "@blockscout-effect/schema"
import { Effect, Result } from "effect"
import { BlockscoutError, type CallReason, InvalidArgument } from "../../BlockscoutError.ts"
import type { EndpointTable } from "../../endpoints.ts"
import type { HistoryKind } from "../../History.ts"
import type { AddressHistoryEstimate, HistoryEstimateOptions, HistoryListEstimate } from "../../HistoryEstimate.ts"
import type { Page } from "../../Parameters.ts"
import { type CounterRule, counterFor, itemsPerCount } from "../../CountSources.ts"
import type { CountSource } from "../../CountSources.ts"
import { prepare } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { fetchPage } from "../pagination/fetch.ts"
import { runPageSize, sampleOf } from "../partition/estimate.ts"
import { effectiveRate } from "../partition/pace.ts"
import { type Held, placeOf, unplaced } from "./entries.ts"
import { type Checked, check, rangeKeys, rows } from "./methods.ts"

const invalid = (argument: string, message: string) =>
  new BlockscoutError({
    reason: new InvalidArgument({ endpoint: "estimateAddressHistory", url: "", argument, message })
  })

/**
 * The items a list's first page shows for the blocks `from`..`to` (`to` undefined: from its newest item):
 * counted when the page is the whole list, else its density over the blocks it spans times the span. Items
 * with no block (pending transactions) count once, for the whole history.
 */
const sampled = (kind: HistoryKind, page: Page<unknown>, c: Checked, whole: boolean): number | undefined => {
  const blocks: Array<number> = []
  let unplaced = 0
  for (const item of page.items) {
    const block = placeOf(kind, item).block
    if (typeof block === "number") blocks.push(block)
    else unplaced++
  }
  const extra = whole ? unplaced : 0
  const to = c.toBlock
  if (page.next_page_params === null) {
    return blocks.filter((b) => b >= c.fromBlock && (to === undefined || b <= to)).length + extra
  }
  if (blocks.length === 0) return undefined
  const top = to ?? Math.max(...blocks)
  const next = page.next_page_params.block_number
  const bottom = typeof next === "number" ? next : Math.min(...blocks)
  if (top < bottom || top < c.fromBlock) return extra
  return Math.round((blocks.length / (top - bottom + 1)) * (top - c.fromBlock + 1)) + extra
}

/** A list's first page, as the dry run fetched it. */
interface FirstPage {
  readonly kind: HistoryKind
  readonly page: Page<unknown>
}

/**
 * The transaction lookups a run is expected to make (`unplaced`: a block holding the address's own
 * transaction and a token transfer of another transaction): counted over the blocks every list's first page
 * covers whole, per token transfer there, times the token transfers expected.
 */
const lookupsOf = (firsts: ReadonlyArray<FirstPage>, c: Checked, transfers: number): number => {
  // The blocks above each list's last block on its page (that block may go on on its next page).
  let bottom = c.fromBlock - 1
  const held: Array<Held> = []
  for (const { kind, page } of firsts) {
    for (const item of page.items) {
      const place = placeOf(kind, item)
      if (typeof place.block !== "number") continue
      held.push({
        kind,
        block: place.block,
        hash: place.hash,
        index: place.index,
        position: place.position,
        item,
        page: undefined
      })
    }
    const last = held.length === 0 ? undefined : held[held.length - 1]!.block
    if (page.next_page_params !== null && last !== undefined) bottom = Math.max(bottom, last)
  }
  const blocks = new Map<number, Array<Held>>()
  for (const h of held) {
    if (h.block <= bottom || (c.toBlock !== undefined && h.block > c.toBlock)) continue
    const list = blocks.get(h.block) ?? []
    list.push(h)
    blocks.set(h.block, list)
  }
  const looked = new Set<string>()
  let seen = 0
  for (const list of blocks.values()) {
    seen += list.filter((h) => h.kind === "tokenTransfer").length
    for (const hash of unplaced(list, new Map())) looked.add(hash)
  }
  return seen === 0 ? 0 : Math.round((looked.size / seen) * transfers)
}

/**
 * A list's items: sampled from its first page without a count; a count from the default counters in items (its
 * unit per the first page's items: `itemsPerCount`; the page itself when it is the whole list); another source's
 * count as given.
 */
const itemsOf = (
  kind: HistoryKind,
  first: Page<unknown>,
  c: Checked,
  whole: boolean,
  counted: number | undefined,
  rule: CounterRule | undefined
): number | undefined => {
  if (counted === undefined) return sampled(kind, first, c, whole)
  if (rule === undefined) return counted
  if (first.next_page_params === null) return first.items.length
  return Math.round(counted * itemsPerCount(rule.unit, first.items))
}

/** The parts of a partitioned run (1 unpartitioned), checked as the history checks them. */
const partsOf = (partition: HistoryEstimateOptions["partition"]): Result.Result<number, BlockscoutError> => {
  if (partition === undefined) return Result.succeed(1)
  const parts = partition === true ? 4 : (partition.parts ?? 4)
  return Number.isSafeInteger(parts) && parts >= 1 && parts <= 1024
    ? Result.succeed(parts)
    : Result.fail(invalid("partition", `parts must be an integer from 1 to 1024, got ${parts}`))
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
    const checked = check(address, options)
    if (Result.isFailure(checked)) return Effect.fail(checked.failure)
    const parts = partsOf(options.partition)
    if (Result.isFailure(parts)) return Effect.fail(parts.failure as BlockscoutError<InvalidArgument>)
    const c = checked.success
    const whole = c.fromBlock === 0 && c.toBlock === undefined
    const count = options.count ?? counters()
    const pro = ctx.family === "pro"

    const list = (kind: HistoryKind) =>
      Effect.gen(function* () {
        const row = table[rows[kind]]!
        const args = { address: c.address, ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }) }
        // A counter counts the whole history: a block range is not described (`CountSources.counterFor`).
        const span = whole ? {} : { partition: { fromBlock: c.fromBlock, toBlock: c.toBlock } }
        const counted = yield* count({ endpoint: row.name, args: { ...args, ...span } })
        const start: NextPageParams | undefined =
          c.toBlock === undefined
            ? undefined
            : Object.fromEntries(rangeKeys[kind].map((key, i) => [key, i === 0 ? (c.toBlock as number) + 1 : 0]))
        const prepared = sampleOf(yield* prepare(ctx, row, args))
        const first = yield* fetchPage<unknown>(
          ctx,
          { ...prepared, cursor: start },
          `Blockscout.estimateAddressHistory.${row.name}`
        )
        const items = itemsOf(
          kind,
          first,
          c,
          whole,
          counted,
          options.count === undefined ? counterFor(row.name, args) : undefined
        )
        if (items === undefined) {
          return yield* Effect.fail(
            invalid("count", `the ${row.name} list's items carry no block: give a count source`)
          )
        }
        const last = first.next_page_params === null
        const pageSize = runPageSize(ctx, prepared, options.pageSize, first)
        // A walk down to block 0 ends on the list's last page; one stopping above it, on the page that goes below.
        const pages =
          c.fromBlock > 0 && !last ? Math.floor(items / pageSize) + 1 : Math.max(1, Math.ceil(items / pageSize))
        // Each further range of a partitioned run ends on a page of its own.
        const calls = pages + parts.success - 1
        const estimate = {
          kind,
          endpoint: row.name,
          items,
          itemsFrom: counted === undefined ? "sample" : "count",
          pageSize,
          calls,
          credits: pro ? calls * row.credits : 0
        } satisfies HistoryListEstimate
        return { estimate, first }
      })

    const run = Effect.gen(function* () {
      const lists: Array<HistoryListEstimate> = []
      const firsts: Array<FirstPage> = []
      for (const kind of c.kinds) {
        const { estimate, first } = yield* list(kind)
        lists.push(estimate)
        firsts.push({ kind, page: first })
      }
      const transfers = lists.find((l) => l.kind === "tokenTransfer")?.items ?? 0
      const lookups = lookupsOf(firsts, c, transfers)
      const lookupCredits = pro ? lookups * (table.transaction?.credits ?? 0) : 0
      // A partitioned run without a top asks each list's newest page first.
      const top = options.partition !== undefined && c.toBlock === undefined ? lists : []
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
      const calls = lists.reduce((sum, l) => sum + l.calls, 0) + lookups + topCalls + report.length
      const rate = effectiveRate(ctx)
      const known = rate !== undefined && Number.isFinite(rate) && rate > 0
      return {
        lists,
        items: lists.reduce((sum, l) => sum + l.items, 0),
        lookups,
        calls,
        credits: lists.reduce((sum, l) => sum + l.credits, 0) + lookupCredits + topCredits + reportCredits,
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
