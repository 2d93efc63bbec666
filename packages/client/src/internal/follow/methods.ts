/**
 * The follow methods, wired: the chain read through the `/blocks` rows (the newest page, a block by height, a
 * range of blocks), a row's items of a block range through its own partitioned stream (a poll's blocks one walk,
 * a page per 100 items; a catch-up's chunk split like a backfill's), an address's history through
 * `streamAddressHistory` over the range, each followed by the one engine (`engine.ts`).
 *
 * @internal
 */
import { KeyRanges } from "@blockscout-effect/schema"
import { Duration, Effect, Option, Result, Stream } from "effect"
import { BlockscoutError, type InvalidArgument } from "../../BlockscoutError.ts"
import type { Endpoint, EndpointTable, endpoints } from "../../endpoints.ts"
import {
  defaultFinality,
  defaultPollInterval,
  type FollowFrom,
  type FollowHistoryOptions,
  type FollowMethods,
  type FollowOptions,
  followIdentity
} from "../../Follow.ts"
import { type HistoryMethods, historyEntryKey } from "../../History.ts"
import type { EndpointArgs } from "../../Parameters.ts"
import { methodEntries } from "../../Methods.ts"
import { invalidArgument, quoted } from "../arguments.ts"
import { type ByName, namedArguments } from "../methods.ts"
import { redact, type Secrets } from "../redact.ts"
import { type BlockRef, type ChainView, type EngineConfig, follow, type ItemReader } from "./engine.ts"

/** What the follow methods read through: the service's by-name calls and its address history. */
export type FollowSource = Pick<ByName<typeof endpoints>, "page" | "stream" | "get"> &
  Pick<HistoryMethods, "streamAddressHistory">

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined

/** A block of `/blocks` or `/blocks/{n}` as the engine sees it. */
const refOf = (block: { readonly height: number; readonly hash: string; readonly parent_hash: string }): BlockRef => ({
  number: block.height,
  hash: block.hash,
  parent: block.parent_hash
})

/** The chain as the engine reads it: the consensus blocks of `/blocks`, one by height, a range. */
export const chainView = (source: FollowSource): ChainView => ({
  newest: Effect.map(source.page("blocks", { type: "block" }), (page) => page.items.map(refOf)),
  at: (height) =>
    source.get("block", { numberOrHash: String(height) }).pipe(
      Effect.map((block): BlockRef | undefined => refOf(block)),
      // 404: not indexed yet, or "Block lost consensus" while the height has none: the engine waits.
      BlockscoutError.catchReason("NotFound", () => Effect.succeed(undefined))
    ),
  range: (from, to) =>
    Effect.map(
      Stream.runCollect(source.stream("blocks", { type: "block", partition: { fromBlock: from, toBlock: to } })),
      (blocks) => blocks.map(refOf)
    )
})

/**
 * The options checked, with the chain's defaults; `InvalidArgument` names the first bad one, its value quoted
 * redacted (`secrets`).
 */
const checkOptions = (
  secrets: Secrets,
  endpoint: string,
  options: FollowOptions,
  chainId: number | undefined,
  request: string
): Result.Result<Omit<EngineConfig<unknown>, "chain" | "reader" | "endpoint">, BlockscoutError<InvalidArgument>> => {
  const count = (name: string, value: unknown, min: number, fallback: number) => {
    if (value === undefined) return Result.succeed(fallback)
    return typeof value === "number" && Number.isSafeInteger(value) && value >= min
      ? Result.succeed(value)
      : Result.fail(
          invalidArgument(endpoint, name, `${name} must be an integer, ${min} or more; got ${quoted(secrets, value)}`)
        )
  }
  const duration = (name: string, value: Duration.Input | undefined, fallback: Duration.Input) => {
    const decoded = Duration.fromInput(value ?? fallback)
    return Option.isSome(decoded) && Duration.isFinite(decoded.value)
      ? Result.succeed(decoded.value)
      : Result.fail(invalidArgument(endpoint, name, `${name} must be a finite duration; got ${quoted(secrets, value)}`))
  }
  return Result.gen(function* () {
    const confirmations = yield* count("confirmations", options.confirmations, 0, 0)
    const finality = yield* count("finality", options.finality, 1, defaultFinality(chainId))
    const catchUpBlocks = yield* count("catchUpBlocks", options.catchUpBlocks, 1, 100)
    const maxLagBlocks =
      options.maxLag?.blocks === undefined ? undefined : yield* count("maxLag.blocks", options.maxLag.blocks, 0, 0)
    const pollInterval = yield* duration("pollInterval", options.pollInterval, defaultPollInterval(chainId))
    const maxLag = yield* duration("maxLag.duration", options.maxLag?.duration, "5 minutes")
    const from = yield* startOf(endpoint, options.from, request)
    return {
      request,
      confirmations,
      finality,
      catchUpBlocks,
      maxLagBlocks,
      maxLagMillis: Duration.toMillis(maxLag),
      pollInterval,
      from
    }
  })
}

/** Where a follow starts, from what `from` was given. */
const startOf = (
  endpoint: string,
  from: FollowFrom | undefined,
  request: string
): Result.Result<EngineConfig<unknown>["from"], BlockscoutError<InvalidArgument>> => {
  const bad = (message: string) => Result.fail(invalidArgument(endpoint, "from", message))
  if (from === undefined) return Result.succeed({ _tag: "Head" })
  if (typeof from === "number") {
    return Number.isSafeInteger(from) && from >= 0
      ? Result.succeed({ _tag: "Block", block: from })
      : bad(`a block number is an integer, 0 or more; got ${from}`)
  }
  if ("hash" in from && "block" in from) {
    if (from.request !== request) {
      return bad(`the checkpoint belongs to another follow (${from.request}), not to ${request}`)
    }
    return Result.succeed({ _tag: "Checkpoint", block: from.block, hash: from.hash })
  }
  if ("ranges" in from) {
    const tops = from.ranges.map((r) => r.to)
    if (tops.length === 0 || tops.some((to) => to === null)) {
      return bad("a partitioned stream's progress says where to go on only when its span had a top (toBlock)")
    }
    return Result.succeed({ _tag: "Block", block: Math.max(...(tops as Array<number>)) + 1 })
  }
  if ("frontier" in from) {
    const toBlock = Result.try(() => field(JSON.parse(from.request), "toBlock"))
    if (Result.isFailure(toBlock) || typeof toBlock.success !== "number") {
      return bad("an address history's checkpoint says where to go on only when its range had a top (toBlock)")
    }
    return Result.succeed({ _tag: "Block", block: toBlock.success + 1 })
  }
  return bad("expected a block number, a follow checkpoint, a partitioned stream's progress or a history checkpoint")
}

/** Arguments a follow reads with itself: a caller may not set them. */
const reserved = ["cursor", "partition", "creditBudget"] as const

/** The follow methods over a service's reads. */
export const makeFollow = (
  table: EndpointTable,
  source: FollowSource,
  api: string,
  chainId: number | undefined,
  secrets: Secrets
): FollowMethods & Record<string, unknown> => {
  const chain = chainView(source)
  /**
   * The server's own average block time (`/stats`, milliseconds), as the poll interval when none was given:
   * one call at the start, where the table has the row; `undefined` (the chain's default) when it cannot say.
   */
  const serverInterval: Effect.Effect<Duration.Duration | undefined> = Object.hasOwn(table, "stats")
    ? source.get("stats" as never, {}).pipe(
        Effect.map((stats) => {
          const ms = field(stats, "average_block_time")
          return typeof ms === "number" && Number.isFinite(ms) && ms > 0
            ? Duration.millis(Math.min(60_000, Math.max(1_000, ms)))
            : undefined
        }),
        Effect.orElseSucceed(() => undefined)
      )
    : Effect.succeed(undefined)
  const run = <A>(endpoint: string, request: string, options: FollowOptions | undefined, reader: ItemReader<A>) =>
    Stream.unwrap(
      Effect.gen(function* () {
        const checked = yield* Effect.fromResult(checkOptions(secrets, endpoint, options ?? {}, chainId, request))
        const fromServer = options?.pollInterval === undefined ? yield* serverInterval : undefined
        return follow<A>({ ...checked, pollInterval: fromServer ?? checked.pollInterval, endpoint, chain, reader })
      })
    ).pipe(Stream.withSpan(`Blockscout.follow.${endpoint}`, { attributes: { "blockscout.endpoint": endpoint } }))

  const followRow = (row: Endpoint, args: EndpointArgs, options: FollowOptions | undefined) => {
    const range = KeyRanges.rangeOf(row)
    if (range === undefined || range.dimension !== "block") {
      return Stream.fail(invalidArgument(row.name, "name", `${row.name} has no block range: it cannot be followed`))
    }
    const given = reserved.find((name) => args[name] !== undefined)
    if (given !== undefined) {
      return Stream.fail(invalidArgument(row.name, given, `a follow reads its own ranges: ${given} does not apply`))
    }
    const ruled = KeyRanges.ruledOut(range, args)
    if (ruled !== undefined) {
      return Stream.fail(
        invalidArgument(
          row.name,
          ruled.filter,
          `${ruled.filter}=${ruled.value} is not in block order: it cannot be followed`
        )
      )
    }
    const request = JSON.stringify({ api, endpoint: row.name, args })
    const reader: ItemReader<unknown> = {
      // A poll's new blocks as one walk: split before any page shows how dense they are, a few blocks would
      // cost a request each (measured: 7 calls a poll instead of 2 for 6 blocks of token transfers, bench:follow).
      // A catch-up's chunk is split as a backfill is, for speed.
      items: (from, to, catchingUp) =>
        source.stream(row.name as never, {
          ...args,
          partition: { fromBlock: from, toBlock: to, ...(catchingUp ? {} : { concurrency: 1 }) }
        }),
      blockOf: (item) => KeyRanges.itemKeyOf(range, item),
      identity: followIdentity
    }
    return run(row.name, request, options, reader)
  }

  // The naming rule's follow methods (`methodEntries`): path parameters, then the filters, then the options.
  const rows: Record<string, unknown> = {}
  for (const { name, row, kind } of methodEntries(table)) {
    if (kind !== "follow") continue
    const n = row.pathParams.length
    rows[name] = (...positional: ReadonlyArray<unknown>) =>
      followRow(row, namedArguments(row, positional.slice(0, n + 1)), positional[n + 1] as FollowOptions | undefined)
  }

  const followAddressHistory = (address: string, options: FollowHistoryOptions = {}) => {
    const kinds = options.kinds
    const request = JSON.stringify({ api, address: address.toLowerCase(), kinds: kinds ?? null })
    return run("addressHistory", request, options, {
      items: (from, to) => source.streamAddressHistory(address, { kinds, fromBlock: from, toBlock: to }),
      blockOf: (entry) => entry.block,
      identity: historyEntryKey
    })
  }

  return {
    ...rows,
    followAddressHistory,
    follow: (name, args = {}, options) => {
      const row = typeof name === "string" && Object.hasOwn(table, name) ? table[name] : undefined
      if (row === undefined) {
        // Quoted redacted: a key passed as the name by mistake never shows.
        const shown = redact(secrets, String(name))
        return Stream.fail(invalidArgument(shown, "name", `no endpoint is named ${quoted(secrets, name)}`))
      }
      return followRow(row, args as EndpointArgs, options) as never
    }
  }
}
