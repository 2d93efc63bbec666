/**
 * `--follow`: a list command (or `address-history`) that keeps going as the chain grows, through the client's
 * `follow` methods. On stdout as NDJSON each line is an item with `op: "add"` or `op: "retract"` (an item of a
 * block that lost consensus: delete what the earlier line added), as soon as its block is `--confirmations`
 * deep. Into a file (`--output`, any format), and as CSV or a table on stdout, only final blocks are written (a
 * file cannot take a line back): every line is an `add`, and `--resume` keeps the follow's checkpoint (the
 * newest final block), so Ctrl-C and a rerun go on with nothing lost or repeated.
 *
 * When to use: `followFlags` sit on every command whose rows can be followed (a block range, `Cli.ts`) and on
 * `address-history`; `runFollow` is the body of such a run once `--follow` is given.
 */
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutShape,
  type FollowReason,
  Follow
} from "@blockscout-effect/client"
import { Format, HistoryFile } from "@blockscout-effect/export"
import { Duration, Effect, Option, PlatformError, Schema, Stream } from "effect"
import { Flag } from "effect/cli"
import { clientLayer } from "./Api.ts"
import { chainInput } from "./Chains.ts"
import { type CommonInput, type UsageError, usage } from "./Flags.ts"
import type { CliOptions } from "./Api.ts"
import { count, runJob } from "./Run.ts"
import * as Screen from "./Screen.ts"
import type { Settings } from "./Settings.ts"
import * as Table from "./Table.ts"

/** The follow flags. */
export const followFlags = {
  follow: Flag.Boolean("follow").pipe(
    Flag.withDescription(
      "Keep going as the chain grows, reorg-safe: NDJSON on stdout adds op add|retract to each line; a file " +
        "(and csv or table on stdout) gets final blocks only. --from-block is the first block (default: the newest)"
    ),
    Flag.withDefault(false)
  ),
  confirmations: Flag.Int("confirmations").pipe(
    Flag.withDescription("--follow: emit a block once this many blocks are on top of it (default 0)"),
    Flag.optional
  ),
  finality: Flag.Int("finality").pipe(
    Flag.withDescription("--follow: blocks after which a block is final (default: the chain's, else 64)"),
    Flag.optional
  ),
  pollInterval: Flag.Finite("poll-interval").pipe(
    Flag.withDescription(
      "--follow: seconds between polls for new blocks (default: the server's average block time, else the chain's)"
    ),
    Flag.optional
  )
}

/** The parsed follow flags. */
export interface FollowInput {
  readonly follow: boolean
  readonly confirmations: Option.Option<number>
  readonly finality: Option.Option<number>
  readonly pollInterval: Option.Option<number>
}

/**
 * `--poll-interval` (seconds) as a duration, checked to be from 0.05 to 3600 seconds; `undefined` when not given.
 * Shared by the list commands' `--follow` and `backfill run --follow`.
 */
export const pollIntervalOf = (
  seconds: number | undefined
): Effect.Effect<Duration.Duration | undefined, UsageError> =>
  seconds === undefined
    ? Effect.succeed(undefined)
    : seconds >= 0.05 && seconds <= 3600
      ? Effect.succeed(Duration.millis(Math.round(seconds * 1000)))
      : usage(`--poll-interval ${seconds}: must be from 0.05 to 3600 seconds`)

/** The follow's options from the flags, checked; `undefined` without `--follow` (other follow flags refused). */
export const followOptionsOf = (input: FollowInput, common: CommonInput) =>
  Effect.gen(function* () {
    const confirmations = Option.getOrUndefined(input.confirmations)
    const finality = Option.getOrUndefined(input.finality)
    const seconds = Option.getOrUndefined(input.pollInterval)
    if (!input.follow) {
      if (confirmations !== undefined) yield* usage("--confirmations needs --follow")
      if (finality !== undefined) yield* usage("--finality needs --follow")
      if (seconds !== undefined) yield* usage("--poll-interval needs --follow")
      return undefined
    }
    const pollInterval = yield* pollIntervalOf(seconds)
    if (confirmations !== undefined && confirmations < 0)
      yield* usage(`--confirmations ${confirmations}: must be 0 or more`)
    if (finality !== undefined && finality < 1) yield* usage(`--finality ${finality}: must be 1 or more`)
    const refused = [
      ["to-block", common.toBlock],
      ["from-index", common.fromIndex],
      ["to-index", common.toIndex],
      ["parts", common.parts],
      ["concurrency", common.concurrency],
      ["chains", common.chains]
    ] as const
    for (const [flag, value] of refused) {
      if (Option.isSome(value as Option.Option<unknown>))
        yield* usage(`--${flag} does not go with --follow (it has no end)`)
    }
    if (common.dryRun) yield* usage("--dry-run does not go with --follow: a follow has no end to estimate")
    const fromBlock = Option.getOrUndefined(common.fromBlock)
    if (fromBlock !== undefined && fromBlock < 0) yield* usage(`--from-block ${fromBlock}: must be 0 or more`)
    return { confirmations, finality, pollInterval, fromBlock }
  })

/** The checked follow flags of one run. */
export type FollowSettings = NonNullable<Effect.Success<ReturnType<typeof followOptionsOf>>>

const decodeCheckpoint = Schema.decodeUnknownEffect(Follow.FollowCheckpointSchema)

/** What a followed command follows: its events from a start, an item's line and identity, the query it is. */
export interface Followed<A> {
  /** The events from `from` (a block number, a checkpoint, or the newest block when `undefined`). */
  readonly events: (
    bs: BlockscoutShape,
    from: number | Follow.FollowCheckpoint | undefined
  ) => Stream.Stream<Follow.FollowEvent<A>, BlockscoutError<FollowReason>>
  /** The line written for an item (the item itself for a list row). */
  readonly line: (item: A) => unknown
  /** An item's identity (for final-only outputs). */
  readonly identity?: ((item: A) => string) | undefined
  /** The query a checkpoint belongs to, given the client's API URL. */
  readonly query: (api: string) => unknown
}

/** Runs a followed command: the client built, events written to stdout or a file, until `--limit` or Ctrl-C. */
export const runFollow = <A>(
  settings: Settings,
  follow: FollowSettings,
  input: CommonInput,
  options: CliOptions,
  followed: Followed<A>
) =>
  Effect.gen(function* () {
    const screen = yield* Screen.make
    const { layer, secrets } = yield* clientLayer(chainInput(input, settings), settings, options, (retries) =>
      Screen.onEvent(screen, retries)
    )
    const identity = followed.identity ?? Follow.followIdentity
    const job = Effect.gen(function* () {
      const bs = yield* Blockscout
      const events = (from: number | Follow.FollowCheckpoint | undefined) =>
        followed.events(bs, from ?? follow.fromBlock)
      const max = settings.limit ?? Number.POSITIVE_INFINITY
      if (settings.output === undefined && settings.format === "ndjson") {
        // Live: every add and retract as it happens.
        const encoder = Format.makeEncoder("ndjson")
        let written = 0
        return yield* events(undefined).pipe(
          Stream.filter((e) => e._tag !== "Finalized"),
          Stream.mapEffect((event) => {
            if (event._tag === "Added") written += 1
            const line = { op: event._tag === "Added" ? "add" : "retract", ...(followed.line(event.item) as object) }
            return Effect.andThen(screen.data(encoder.encodePage([line])), screen.progress.page(1))
          }),
          Stream.takeUntil(() => written >= max),
          Stream.runDrain,
          Effect.catchIf(
            (e): e is Extract<typeof e, PlatformError.PlatformError> => e instanceof PlatformError.PlatformError,
            () => Effect.void
          )
        )
      }
      yield* screen.notice(
        `blockscout: --follow into ${settings.output ?? `${settings.format} on stdout`} writes final blocks only ` +
          "(a file cannot take a line back); NDJSON on stdout shows every add and retract as it happens"
      )
      const pagesFrom = (from: number | Follow.FollowCheckpoint | undefined) =>
        Follow.finalizedPages(events(from), identity).pipe(
          Stream.map((page) => ({
            items: page.items.map((item) =>
              settings.format === "ndjson" ? { op: "add", ...(followed.line(item) as object) } : followed.line(item)
            ),
            next_page_params: null,
            progress: page.checkpoint
          }))
        )
      if (settings.output === undefined) {
        const columns = settings.columns ?? []
        const encoder = settings.format === "table" ? Table.makeTable(columns) : Format.makeEncoder("csv", { columns })
        let written = 0
        return yield* pagesFrom(undefined).pipe(
          Stream.mapEffect((page) => {
            const items = page.items.slice(0, max - written)
            written += items.length
            return Effect.andThen(screen.data(encoder.encodePage(items)), screen.progress.page(items.length))
          }),
          Stream.takeUntil(() => written >= max),
          Stream.runDrain
        )
      }
      const summary = yield* HistoryFile.run({
        pages: (_cursor, progress) =>
          Stream.unwrap(
            Effect.map(
              progress === undefined ? Effect.succeed(undefined) : Effect.orDie(decodeCheckpoint(progress)),
              (checkpoint) => pagesFrom(checkpoint)
            )
          ),
        output: settings.output,
        checkpoint: settings.resume,
        query: JSON.stringify({ follow: followed.query(bs.target.apiUrl), fromBlock: follow.fromBlock ?? null }),
        format: settings.format === "table" ? "ndjson" : settings.format,
        columns: settings.columns,
        limit: settings.limit,
        onPage: (_, n) => screen.progress.page(n)
      })
      yield* screen.progress.finish
      yield* screen.notice(
        `${summary.resumed ? "resumed: " : ""}${count(summary.newItems)} items of final blocks written to ` +
          `${settings.output}${summary.resumed ? ` (${count(summary.state.items)} in all)` : ""}; stopped at --limit ${settings.limit}`
      )
    })
    return yield* runJob(job, { layer, screen, resume: settings.resume, secrets })
  })
