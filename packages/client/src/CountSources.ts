/**
 * Where a dry run's item count comes from (`CountSource`, taken by `Blockscout.estimate`): the server's own
 * counters for the lists they describe (`fromCounters`, the default), or none, so the first page's density is
 * sampled (`sample`).
 *
 * Which counter answers which list, and how Blockscout counts (its `Address.Counters`, `Token` counters and
 * the lists' queries):
 *
 * | list | counter | what one count is |
 * | --- | --- | --- |
 * | S3 an address's transactions | `/addresses/{a}/counters` `transactions_count` | pending ones included, as in the list; a contract's counts only what was sent to it, so the transaction creating it is one more item |
 * | S4 an address's token transfers | `token_transfers_count` | one per transfer log: an ERC-1155 batch is one transfer and one item per token id |
 * | E7 blocks validated | `validations_count` | every block the address mined, as the list |
 * | S19 a token's transfers | `/tokens/{t}/counters` `transfers_count` | one per transfer log, as above |
 * | S20 a token's holders | `token_holders_count` | distinct holders: an ERC-1155 holder of several ids is one holder and one item per id |
 *
 * A counter counts a list's whole history, unfiltered: a request with a filter it does not split by (`filter`,
 * `type`, `token`), a cursor, or a block or index span is not described, and is sampled instead. The counts are
 * the server's cached ones and may trail its lists for a while.
 *
 * @since 0.1.0
 */
import type { AddressCounters, TokenCounters } from "@blockscout-effect/schema"
import { Effect } from "effect"
import type { BlockscoutShape } from "./Blockscout.ts"
import type { BlockscoutError, CallReason } from "./BlockscoutError.ts"
import type { EndpointArgs } from "./Parameters.ts"
import type { CountSource } from "./Partition.ts"

/**
 * One counter's answer to one list: which counter, which of its fields, which path parameter names the
 * address or token, and how its count relates to the list's items.
 *
 * @since 0.1.0
 * @category models
 */
export type CounterRule =
  | {
      readonly counter: "addressCounters"
      readonly field: keyof Pick<AddressCounters, "transactions_count" | "token_transfers_count" | "validations_count">
      readonly param: "address"
      /**
       * What one count is: an item of the list (`item`), a transfer log (`transferLog`: an ERC-1155 batch is one
       * count and an item per token id) or a holder (`holder`: an ERC-1155 holder of several ids is one count
       * and an item per id). `itemsPerCount` turns counts into items from a sample of the list.
       */
      readonly unit: CountUnit
      /** How the count and the list's items differ, in a line. */
      readonly note: string
      /** Filters the counter does not split by: a request with any of them is not described. */
      readonly unless: ReadonlyArray<string>
    }
  | {
      readonly counter: "tokenCounters"
      readonly field: keyof TokenCounters
      readonly param: "token"
      readonly unit: CountUnit
      readonly note: string
      readonly unless: ReadonlyArray<string>
    }

/**
 * What one count of a counter is (`CounterRule.unit`).
 *
 * @since 0.1.0
 * @category models
 */
export type CountUnit = "item" | "transferLog" | "holder"

/**
 * The counter of each list a counter describes, by endpoint row name.
 *
 * @since 0.1.0
 * @category models
 */
export const counterRules: Readonly<Record<string, CounterRule>> = {
  addressTransactions: {
    counter: "addressCounters",
    field: "transactions_count",
    param: "address",
    unit: "item",
    note: "pending ones included, as in the list; a contract's count leaves out the transaction that created it",
    unless: ["filter"]
  },
  addressTokenTransfers: {
    counter: "addressCounters",
    field: "token_transfers_count",
    param: "address",
    unit: "transferLog",
    note: "counted per transfer log: an ERC-1155 batch is one, listed once per token id",
    unless: ["type", "filter", "token"]
  },
  blocksValidated: {
    counter: "addressCounters",
    field: "validations_count",
    param: "address",
    unit: "item",
    note: "every block the address mined, as listed",
    unless: []
  },
  tokenTransfersByToken: {
    counter: "tokenCounters",
    field: "transfers_count",
    param: "token",
    unit: "transferLog",
    note: "counted per transfer log: an ERC-1155 batch is one, listed once per token id",
    unless: []
  },
  tokenHolders: {
    counter: "tokenCounters",
    field: "token_holders_count",
    param: "token",
    unit: "holder",
    note: "distinct holders: an ERC-1155 holder of several ids is listed once per id",
    unless: []
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

/** Whether a partition option asks for a part of the history (a span or a resumed run), not all of it. */
const isPart = (partition: unknown): boolean => {
  if (partition === undefined || partition === true || typeof partition !== "object" || partition === null) return false
  const p = partition as Record<string, unknown>
  return ["fromBlock", "toBlock", "fromIndex", "toIndex", "resume"].some((key) => p[key] !== undefined)
}

/**
 * The counter that describes a request, or `undefined`: the row has none, or the request asks for part of the
 * history (a cursor, a span, a filter the counter does not split by).
 *
 * @since 0.1.0
 * @category accessors
 */
export const counterFor = (endpoint: string, args: EndpointArgs): CounterRule | undefined => {
  const rule = Object.hasOwn(counterRules, endpoint) ? counterRules[endpoint] : undefined
  if (rule === undefined || typeof args[rule.param] !== "string") return undefined
  if (args.cursor !== undefined || isPart(args.partition)) return undefined
  return rule.unless.some((filter) => args[filter] !== undefined) ? undefined : rule
}

/**
 * The counters a client reads through: its `get` by name (a `BlockscoutShape` is one).
 *
 * @since 0.1.0
 * @category models
 */
export type CounterReader = Pick<BlockscoutShape, "get">

/**
 * A count source reading the server's counters through `client` (`counterFor` says which, when any): one
 * request per address or token, kept for the source's life, so a history's lists share it. It returns the
 * counter's count as is (transfer logs, holders); `Blockscout.estimate`, when it uses this source by default,
 * turns it into items with the first page's `itemsPerCount`. A counter the server
 * does not have (`NotFound`: an address on a server before 7.0) is no count, and the list is sampled; any other
 * failure fails the estimate.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromCounters = (client: CounterReader): CountSource => {
  const known = new Map<string, Readonly<Record<string, unknown>>>()
  const read = (rule: CounterRule, subject: string) => {
    const key = `${rule.counter}:${subject.toLowerCase()}`
    const cached = known.get(key)
    if (cached !== undefined) return Effect.succeed(cached)
    const answer: Effect.Effect<Readonly<Record<string, unknown>>, BlockscoutError<CallReason>> = rule.counter ===
    "addressCounters"
      ? client.get("addressCounters", { address: subject })
      : client.get("tokenCounters", { token: subject })
    return Effect.tap(answer, (counters) => Effect.sync(() => known.set(key, counters)))
  }
  return ({ endpoint, args }) => {
    const rule = counterFor(endpoint, args)
    if (rule === undefined) return Effect.succeed(undefined)
    return read(rule, args[rule.param] as string).pipe(
      Effect.map((counters) => {
        const value = Number(counters[rule.field])
        return Number.isSafeInteger(value) && value >= 0 ? value : undefined
      }),
      Effect.catchIf(
        (error) => error.reason._tag === "NotFound",
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
