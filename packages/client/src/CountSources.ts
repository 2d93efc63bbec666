/**
 * Where a dry run's item count comes from (`CountSource`, taken by `Blockscout.estimate`): the server's own
 * counters for the lists they describe (`fromCounters`, the default), or none, so the first page's density is
 * sampled (`sample`); and what a count comes to in pages (`estimatePages`, for ranges you walk yourself).
 *
 * Which counter answers which list, and how Blockscout counts (its `Address.Counters`, `Token` counters, the
 * chain's cached counters and the lists' queries):
 *
 * | list | counter | what one count is |
 * | --- | --- | --- |
 * | S3 an address's transactions | `/addresses/{a}/counters` `transactions_count` | pending ones included, as in the list; a contract's counts only what was sent to it, so the transaction creating it is one more item |
 * | S4 an address's token transfers | `token_transfers_count` | one per transfer log: an ERC-1155 batch is one transfer and one item per token id |
 * | E7 blocks validated | `validations_count` | every block the address mined, as the list |
 * | S19 a token's transfers | `/tokens/{t}/counters` `transfers_count` | one per transfer log, as above |
 * | S20 a token's holders | `token_holders_count` | distinct holders: an ERC-1155 holder of several ids is one holder and one item per id |
 * | E2 an NFT instance's transfers | K1 `/tokens/{t}/instances/{id}/transfers-count` | one per transfer log, counted when asked |
 * | E9 withdrawals | K2 `/withdrawals/counters` `withdrawals_count` | the newest withdrawal's index plus one |
 * | E8 verified smart contracts | K3 `/smart-contracts/counters` `verified_smart_contracts` | the verified contracts (`q` and `filter` not split by) |
 * | S10 blocks | H2 `/stats` `total_blocks` | consensus blocks (`type` block only); may be an estimate, a tenth either way |
 * | E4 transactions | H2 `/stats` `total_transactions` | validated and pending (`filter` validated only, no `type` or `method`); may be an estimate, a tenth either way |
 * | S12, S13, T5 a block's transactions, withdrawals, internal transactions | S11 `/blocks/{n}` `transactions_count`, `withdrawals_count`, `internal_transactions_count` | as listed (no `type`; internal ones without the top-level calls, as the list) |
 *
 * `/stats` `total_addresses` counts every address, while `/addresses` lists those holding coin: no list uses it.
 * K4 `/transactions/stats` counts a sliding day: no list's whole count.
 *
 * A counter counts a list's whole history, unfiltered: a request with a filter it does not split by, a cursor, or
 * a block or index span is not described, and is sampled instead. The counts are the server's cached ones and may
 * trail its lists for a while; `/stats`' totals may be estimates (`CounterRule.spread`: the estimate's range says
 * so). A server without the counter (404, older than the counter row's `since`, or not sending the field) is
 * sampled too; a list whose items carry no block or index (a block's lists, the verified contracts) is then
 * counted from its first page when that holds it whole, and is refused (`InvalidArgument`) otherwise.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import type { BlockscoutError, CallReason } from "./BlockscoutError.ts"
import type { EndpointArgs } from "./Parameters.ts"
import { type EndpointItem, endpoints } from "./endpoints.ts"
import { walkPageBounds, walkPages } from "./internal/partition/sample.ts"
import type { EstimateBounds } from "./Partition.ts"

/**
 * Where a dry run's item count comes from, given the row and its arguments: the server's counters
 * (`CountSources.fromCounters`, the default), or a source of your own; `undefined` when it does not know, and
 * the first page of the span is sampled instead (`CountSources.sample` always does).
 *
 * @since 0.1.0
 * @category estimate
 */
export type CountSource = (request: {
  readonly endpoint: string
  readonly args: EndpointArgs
}) => Effect.Effect<number | undefined, BlockscoutError>

/**
 * Options of a dry run (`Blockscout.estimate`).
 *
 * @since 0.1.0
 * @category estimate
 */
export interface EstimateOptions {
  /**
   * The item count's source. Default: the server's counters where one describes the request (an address's
   * transactions, token transfers or blocks validated, a token's transfers or holders, an NFT instance's transfers,
   * the chain's withdrawals, verified contracts, blocks or transactions, a block's transactions, withdrawals or
   * internal transactions, all of the history:
   * `CountSources.counterRules`, `counterFor`), one more request; else pages sampled across the span (`samples`).
   */
  readonly count?: CountSource | undefined
  /**
   * Windows to sample across the span when no count source answers (each a page, now and then two): more is
   * closer and costs more requests. Default: one per 4 pages the run is expected to take, 1 to 48; an even list
   * (every window alike) stops at 3, and a span the windows would mostly cover is read whole (then counted).
   * At most 64.
   */
  readonly samples?: number | undefined
}

/**
 * The counter rows a dry run reads (`CounterRule.counter`): an address's and a token's counters, an NFT instance's
 * transfers count (K1), the chain's withdrawal (K2) and smart contract (K3) counters, and the chain's stats (H2).
 *
 * @since 0.1.0
 * @category models
 */
export type CounterName =
  | "addressCounters"
  | "tokenCounters"
  | "tokenInstanceTransfersCount"
  | "withdrawalCounters"
  | "smartContractCounters"
  | "stats"
  | "block"

/**
 * One counter's answer to one list: which counter row, which of its fields, which of the request's arguments name
 * its subject (the counter's path parameters: none for a chain-wide one, the token and id for an NFT instance), and
 * how its count relates to the list's items. One shape for every counter: `fromCounters` reads a counter once per
 * subject whichever lists it answers.
 *
 * @since 0.1.0
 * @category models
 */
export type CounterRule = {
  readonly [N in CounterName]: {
    readonly counter: N
    readonly field: keyof EndpointItem<N> & string
    /**
     * What one count is: an item of the list (`item`), a transfer log (`transferLog`: an ERC-1155 batch is one
     * count and an item per token id) or a holder (`holder`: an ERC-1155 holder of several ids is one count
     * and an item per id). `itemsPerCount` turns counts into items from a sample of the list.
     */
    readonly unit: CountUnit
    /** How the count and the list's items differ, in a line. */
    readonly note: string
    /** Filters the counter does not split by: a request with any of them is not described (but see `accepts`). */
    readonly unless: ReadonlyArray<string>
    /** A filter's value the counter does describe (the list's default, given explicitly), by filter name. */
    readonly accepts?: Readonly<Record<string, string>> | undefined
    /**
     * How far the count may be from the list's, as a share either way, when the server may answer an estimate
     * rather than a count (`/stats`' totals from table statistics while its cache is cold): the estimate's item
     * range is this wide. Absent: the count is a count (cached, so it may trail the list for a while).
     */
    readonly spread?: number | undefined
  }
}[CounterName]

/**
 * What one count of a counter is (`CounterRule.unit`).
 *
 * @since 0.1.0
 * @category models
 */
export type CountUnit = "item" | "transferLog" | "holder"

/**
 * The counter of each list a counter describes, by endpoint row name. What each count is, from Blockscout's
 * backend: `/stats` `total_blocks` counts consensus blocks (`BlocksCount`), `total_transactions` every
 * transaction, pending ones too (`TransactionsCount`); both are cached counts, but a server with a cold cache
 * (and 5.x-7.x servers between refreshes) answers the planner's estimate from PostgreSQL's table statistics
 * (`estimated_count_from`; 90% of it for blocks), hence their `spread`. `total_addresses` counts every address,
 * while `/addresses` lists those holding coin: not used. `/withdrawals/counters` is the newest withdrawal's index
 * plus one; `/smart-contracts/counters` `verified_smart_contracts` counts the verified contracts table, refreshed
 * every 30 minutes.
 *
 * @since 0.1.0
 * @category models
 */
export const counterRules: Readonly<Record<string, CounterRule>> = {
  addressTransactions: {
    counter: "addressCounters",
    field: "transactions_count",
    unit: "item",
    note: "pending ones included, as in the list; a contract's count leaves out the transaction that created it",
    unless: ["filter"]
  },
  addressTokenTransfers: {
    counter: "addressCounters",
    field: "token_transfers_count",
    unit: "transferLog",
    note: "counted per transfer log: an ERC-1155 batch is one, listed once per token id",
    unless: ["type", "filter", "token"]
  },
  blocksValidated: {
    counter: "addressCounters",
    field: "validations_count",
    unit: "item",
    note: "every block the address mined, as listed",
    unless: []
  },
  tokenTransfersByToken: {
    counter: "tokenCounters",
    field: "transfers_count",
    unit: "transferLog",
    note: "counted per transfer log: an ERC-1155 batch is one, listed once per token id",
    unless: []
  },
  tokenHolders: {
    counter: "tokenCounters",
    field: "token_holders_count",
    unit: "holder",
    note: "distinct holders: an ERC-1155 holder of several ids is listed once per id",
    unless: []
  },
  tokenInstanceTransfers: {
    counter: "tokenInstanceTransfersCount",
    field: "transfers_count",
    unit: "transferLog",
    note: "counted when asked, per transfer log: an ERC-1155 batch moving the id is one",
    unless: []
  },
  withdrawals: {
    counter: "withdrawalCounters",
    field: "withdrawals_count",
    unit: "item",
    note: "the newest withdrawal's index plus one: a server still indexing older withdrawals lists fewer",
    unless: []
  },
  smartContracts: {
    counter: "smartContractCounters",
    field: "verified_smart_contracts",
    unit: "item",
    note: "every verified contract, refreshed every 30 minutes; a server hiding scam addresses lists fewer",
    unless: ["q", "filter"]
  },
  blockTransactions: {
    counter: "block",
    field: "transactions_count",
    unit: "item",
    note: "the block's transactions, as listed (the detail preloads them to count them)",
    unless: ["type"]
  },
  blockWithdrawals: {
    counter: "block",
    field: "withdrawals_count",
    unit: "item",
    note: "the block's withdrawals, as listed; absent on servers or chains without them",
    unless: []
  },
  blockInternalTransactions: {
    counter: "block",
    field: "internal_transactions_count",
    unit: "item",
    note: "the block's internal transactions but the top-level calls, as listed; absent before the server sends it",
    unless: []
  },
  blocks: {
    counter: "stats",
    field: "total_blocks",
    unit: "item",
    note: "consensus blocks, as listed; a cold cache answers an estimate from table statistics",
    unless: ["type"],
    accepts: { type: "block" },
    spread: 0.1
  },
  transactions: {
    counter: "stats",
    field: "total_transactions",
    unit: "item",
    note: "pending transactions too, which the list leaves out; a cold cache answers an estimate from table statistics",
    unless: ["filter", "type", "method"],
    accepts: { filter: "validated" },
    spread: 0.1
  }
}

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}

/** What one item is one of, for a unit: its transfer log, or its holder. */
const unitKey: Record<Exclude<CountUnit, "item">, (item: unknown) => string> = {
  transferLog: (item) => {
    const t = record(item)
    return `${String(t.block_hash)}:${String(t.transaction_hash)}:${String(t.log_index)}`
  },
  holder: (item) => String(record(record(item).address).hash).toLowerCase()
}

/**
 * Items of a list per count of `unit`, from a sample of its items (a page): 1 for `item`; for `transferLog`,
 * the items over the transfer logs they belong to (an ERC-1155 batch gives several); for `holder`, over the
 * holders. 1 for an empty sample. A dry run multiplies a counter's count by it to estimate the list's items.
 *
 * @since 0.1.0
 * @category accessors
 */
export const itemsPerCount = (unit: CountUnit, items: ReadonlyArray<unknown>): number => {
  if (unit === "item" || items.length === 0) return 1
  const keyOf = unitKey[unit]
  return items.length / new Set(items.map(keyOf)).size
}

/**
 * How far a sample's `itemsPerCount` may be from the whole list's: the ratio plus or minus two standard errors
 * of the items per count (never below 1: a count stands for an item at least). A dry run's item range from a
 * counter of transfer logs or holders; `{ low: 1, high: 1 }` for `item`.
 *
 * @since 0.1.0
 * @category accessors
 */
export const itemsPerCountRange = (
  unit: CountUnit,
  items: ReadonlyArray<unknown>
): { readonly low: number; readonly high: number } => {
  if (unit === "item" || items.length === 0) return { low: 1, high: 1 }
  const keyOf = unitKey[unit]
  const per = new Map<unknown, number>()
  for (const item of items) {
    const key = keyOf(item)
    per.set(key, (per.get(key) ?? 0) + 1)
  }
  const n = per.size
  const ratio = items.length / n
  let squares = 0
  for (const c of per.values()) squares += (c - ratio) ** 2
  // A count of one kind only (every log one item) still says little about the logs not seen: a tenth either way.
  const se = n > 1 ? Math.sqrt(squares / (n - 1) / n) : ratio
  const spread = Math.max(2 * se, ratio * 0.1 * Math.min(1, 10 / n))
  return { low: Math.max(1, ratio - spread), high: ratio + spread }
}

/** Whether a partition option asks for a part of the history (a span or a resumed run), not all of it. */
const isPart = (partition: unknown): boolean => {
  if (partition === undefined || partition === true || typeof partition !== "object" || partition === null) return false
  const p = partition as Record<string, unknown>
  return ["fromBlock", "toBlock", "fromIndex", "toIndex", "resume"].some((key) => p[key] !== undefined)
}

/**
 * The request's arguments a counter is asked with: its row's path parameters (none for a chain-wide counter, the
 * token and id for an NFT instance's), named as the lists' own arguments are.
 */
const paramsOf = (rule: CounterRule): ReadonlyArray<string> => endpoints[rule.counter].pathParams.map((p) => p.name)

/**
 * The counter that describes a request, or `undefined`: the row has none, or the request asks for part of the
 * history (a cursor, a span, a filter the counter does not split by).
 *
 * @since 0.1.0
 * @category accessors
 */
export const counterFor = (endpoint: string, args: EndpointArgs): CounterRule | undefined => {
  const rule = Object.hasOwn(counterRules, endpoint) ? counterRules[endpoint] : undefined
  if (rule === undefined || paramsOf(rule).some((param) => typeof args[param] !== "string")) return undefined
  if (args.cursor !== undefined || isPart(args.partition)) return undefined
  const described = (filter: string) => args[filter] === undefined || args[filter] === rule.accepts?.[filter]
  return rule.unless.every(described) ? rule : undefined
}

/**
 * The counters a client reads through: its `get` by name (a `BlockscoutShape` is one).
 *
 * @since 0.1.0
 * @category models
 */
export interface CounterReader {
  readonly get: <N extends CounterName>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<EndpointItem<N>, BlockscoutError<CallReason>>
}

/**
 * A count source reading the server's counters through `client` (`counterFor` says which, when any): one
 * request per counter and subject (an address, a token, an NFT instance, a block, or none for the chain's), kept
 * for the source's life, so the lists it answers share it (`/stats` answers blocks and transactions, a block's
 * details its three lists). It returns the counter's count as is (transfer logs, holders); `Blockscout.estimate`,
 * when it uses this source by default, turns it into items with the first page's `itemsPerCount`. A counter the
 * server does not have (`NotFound`: an address on a server before 7.0; `Unsupported`: a server older than the counter
 * row's `since`) is no count, and the list is sampled; any other failure fails the estimate.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromCounters = (client: CounterReader): CountSource => {
  const known = new Map<string, Readonly<Record<string, unknown>>>()
  const read = (rule: CounterRule, args: EndpointArgs) => {
    const params = paramsOf(rule)
    const subject = params.map((param) => String(args[param]).toLowerCase())
    const key = [rule.counter, ...subject].join(":")
    const cached = known.get(key)
    if (cached !== undefined) return Effect.succeed(cached)
    const given = Object.fromEntries(params.map((param) => [param, args[param]]))
    const answer: Effect.Effect<Readonly<Record<string, unknown>>, BlockscoutError<CallReason>> = client.get(
      rule.counter,
      given
    )
    return Effect.tap(answer, (counters) => Effect.sync(() => known.set(key, counters)))
  }
  return ({ endpoint, args }) => {
    const rule = counterFor(endpoint, args)
    if (rule === undefined) return Effect.succeed(undefined)
    return read(rule, args).pipe(
      Effect.map((counters) => {
        const value = Number(counters[rule.field])
        return Number.isSafeInteger(value) && value >= 0 ? value : undefined
      }),
      // A server without the counter (before its `since`, or a chain without the feature) is no count: sampled.
      Effect.catchIf(
        (error) => error.reason._tag === "NotFound" || error.reason._tag === "Unsupported",
        () => Effect.succeed(undefined)
      )
    )
  }
}

/**
 * The count source that knows nothing: the estimate samples the first page's density over the span (or fails
 * with `InvalidArgument` for a list whose items carry no block or index). Pass it to skip the counters.
 *
 * @since 0.1.0
 * @category constructors
 */
export const sample: CountSource = () => Effect.succeed(undefined)

/**
 * The requests a walk of `items` takes at `pageSize` a page, split in `ranges` ranges each walked down to its
 * bottom on its own, as this client's pagination takes them: a walk to the list's end takes `ceil(items /
 * pageSize)` pages (the server looks one item ahead: never an empty last page, one page for none); a range
 * ending above the list's end (`crossing`: a span starting above block 0 on a list that goes on below) ends on
 * the page crossing its bottom, `floor(n / pageSize) + 1`, half a page over its items on average. `expected` is
 * the point (rounded), `low` and `high` its ends for `items`' own range.
 *
 * When to use: pricing ranges you walk yourself (the backfill's partitions); `estimate` prices the client's
 * own. Gotcha: `ranges` are walked each from its own top: a partitioned stream cuts more as it goes (see
 * `estimate`).
 *
 * @since 0.1.0
 * @category estimate
 */
export const estimatePages = (
  items: { readonly expected: number } & EstimateBounds,
  pageSize: number,
  ranges: number,
  crossing: boolean
): { readonly expected: number } & EstimateBounds => {
  const size = Math.max(1, pageSize)
  const n = Math.max(1, Math.floor(ranges))
  return {
    expected: Math.round(walkPages(items.expected, size, n, crossing)),
    ...walkPageBounds(items, size, n, n, crossing)
  }
}
