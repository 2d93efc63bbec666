/**
 * The job of `blockscout backfill run`, from its flags: the target (`--chain` or `--base-url`), the range, the
 * partitions, the sink and the page size, for any source (an endpoint row, an address's or a token's history);
 * and the runtime `--db`, `--runner` and `--redis` choose. Every mistake is a `UsageError` naming the flag, before
 * anything is opened or sent.
 */
import { Job, Runtime } from "@blockscout-effect/backfill"
import { BaseUrl, type ClientOptions, RateLimits } from "@blockscout-effect/client"
import { NodeRedis } from "@effect/platform-node"
import { Effect, Layer, Option, Redacted, Result } from "effect"
import { type Command, Flag } from "effect/cli"
import { listOf, UsageError, usage } from "./Flags.ts"
import { followFlags, pollIntervalOf } from "./Follow.ts"

export const dbFlags = {
  db: Flag.String("db").pipe(
    Flag.withDescription("A SQLite file (one process; created when missing) or a postgres:// URL (cluster runners)"),
    Flag.withDefault("backfill.db")
  ),
  runner: Flag.String("runner").pipe(
    Flag.withDescription("host:port: with a postgres --db, run partitions here as a cluster runner listening there"),
    Flag.optional
  ),
  redis: Flag.String("redis").pipe(
    Flag.withDescription("redis:// URL: share each API key's rate limit with every process using this Redis"),
    Flag.optional
  ),
  requestsPerSecond: Flag.Finite("requests-per-second").pipe(
    Flag.withDescription("Client-side pacing per key, for servers that announce no limit (default 5)"),
    Flag.optional
  )
}

export const jobFlags = {
  chain: Flag.String("chain").pipe(
    Flag.withDescription("Pro API chain id(s), comma-separated (1,8453)"),
    Flag.optional
  ),
  baseUrl: Flag.String("base-url").pipe(
    Flag.withDescription("An instance's address; with --chain, the Pro API's base instead"),
    Flag.optional
  ),
  chainLabel: Flag.String("chain-label").pipe(
    Flag.withDescription("An instance's `chain` value in the tables (default: its host)"),
    Flag.optional
  ),
  apiKeyEnv: Flag.String("api-key-env").pipe(
    Flag.withDescription("The variable holding the API key, read by every runner"),
    Flag.withDefault("BLOCKSCOUT_API_KEY")
  ),
  secretKeyEnv: Flag.String("secret-key-env").pipe(
    Flag.withDescription("The variable holding an instance's secret key"),
    Flag.optional
  ),
  fromBlock: Flag.Int("from-block").pipe(Flag.withDescription("First block (inclusive)"), Flag.optional),
  toBlock: Flag.Int("to-block").pipe(Flag.withDescription("Last block (inclusive)"), Flag.optional),
  fromIndex: Flag.Int("from-index").pipe(Flag.withDescription("First withdrawal index (inclusive)"), Flag.optional),
  toIndex: Flag.Int("to-index").pipe(Flag.withDescription("Last withdrawal index (inclusive)"), Flag.optional),
  partitions: Flag.Int("partitions").pipe(
    Flag.withDescription("Key ranges per chain, 1 to 10000"),
    Flag.withDefault(8)
  ),
  concurrency: Flag.Int("concurrency").pipe(
    Flag.withDescription("Partitions running at once, across runners (default 64)"),
    Flag.optional
  ),
  pageSize: Flag.Int("page-size").pipe(Flag.withDescription("Items per request, 1 to 100"), Flag.optional),
  ndjson: Flag.String("ndjson").pipe(
    Flag.withDescription("Write NDJSON part files into this directory instead of SQL tables"),
    Flag.optional
  ),
  detach: Flag.Boolean("detach").pipe(
    Flag.withDescription("Start the job, print its id and exit"),
    Flag.withDefault(false)
  ),
  dryRun: Flag.Boolean("dry-run").pipe(
    Flag.withDescription(
      "Estimate the job, do not run it: items, calls, credits and time per chain and in all, from the counters " +
        "and each list's first page; no database is opened"
    ),
    Flag.withDefault(false)
  ),
  follow: Flag.Boolean("follow").pipe(
    Flag.withDescription(
      "Once the range is done, keep the tables current as the chain grows, reorg-safe (SQL only, needs " +
        "--to-block): each batch's upserts, deletes and checkpoint in one transaction; a rerun goes on"
    ),
    Flag.withDefault(false)
  ),
  confirmations: Flag.Int("confirmations").pipe(
    Flag.withDescription("--follow: write a block once this many blocks are on top of it (default 0)"),
    Flag.optional
  ),
  finality: Flag.Int("finality").pipe(
    Flag.withDescription("--follow: blocks after which a block is final (default: the chain's, else 64)"),
    Flag.optional
  ),
  // The server's average block time is what a follow polls at by default; a server whose `/stats` is off (or a
  // chain faster than a second) needs it set, as the list commands' `--follow` allows.
  pollInterval: followFlags.pollInterval
}

/** The follow options of `backfill run --follow`, checked against the job's flags; `undefined` without it. */
export const followOf = (input: JobInput) =>
  Effect.gen(function* () {
    const confirmations = get(input.confirmations)
    const finality = get(input.finality)
    const seconds = get(input.pollInterval)
    if (!input.follow) {
      if (confirmations !== undefined || finality !== undefined) {
        yield* usage("--confirmations and --finality need --follow")
      }
      if (seconds !== undefined) yield* usage("--poll-interval needs --follow")
      return undefined
    }
    if (Option.isSome(input.ndjson)) yield* usage("--follow writes SQL tables: drop --ndjson")
    if (get(input.toBlock) === undefined)
      yield* usage("--follow needs --from-block/--to-block: it starts after --to-block")
    if (input.detach || input.dryRun) yield* usage("--follow does not go with --detach or --dry-run")
    if (confirmations !== undefined && confirmations < 0)
      yield* usage(`--confirmations ${confirmations}: must be 0 or more`)
    if (finality !== undefined && finality < 1) yield* usage(`--finality ${finality}: must be 1 or more`)
    const pollInterval = yield* pollIntervalOf(seconds)
    return { confirmations, finality, pollInterval }
  })

export type JobInput = Command.Command.Config.Infer<typeof jobFlags>
export type DbInput = Command.Command.Config.Infer<typeof dbFlags>

const get = Option.getOrUndefined
export const isPostgres = Runtime.isPostgres

/** The job of `backfill run` reading `source`, from its flags; every mistake is a `UsageError` naming the flag. */
export const jobOf = (source: Job.Source, input: JobInput) =>
  Effect.gen(function* () {
    const blocks = get(input.fromBlock) !== undefined || get(input.toBlock) !== undefined
    const indexes = get(input.fromIndex) !== undefined || get(input.toIndex) !== undefined
    if (indexes && source._tag !== "Endpoint") {
      return yield* usage("--from-index/--to-index: a history is keyed by block: use --from-block/--to-block")
    }
    if (blocks && indexes) return yield* usage("--from-block/--to-block and --from-index/--to-index exclude each other")
    const bounds = (from: number | undefined, to: number | undefined, flag: string) =>
      from === undefined || to === undefined
        ? usage(`--from-${flag} and --to-${flag} go together`)
        : to < from
          ? usage(`--to-${flag} ${to} is below --from-${flag} ${from}`)
          : Effect.succeed({ from, to })
    const range: Job.Range = blocks
      ? { _tag: "Blocks", ...(yield* bounds(get(input.fromBlock), get(input.toBlock), "block")) }
      : indexes
        ? { _tag: "Indexes", ...(yield* bounds(get(input.fromIndex), get(input.toIndex), "index")) }
        : { _tag: "Everything" }
    const apiKey = { config: input.apiKeyEnv }
    let target: Job.Target
    if (Option.isSome(input.chain)) {
      const chains = listOf(input.chain.value).map(Number)
      if (chains.length === 0 || chains.some((c) => !Number.isSafeInteger(c) || c < 1)) {
        return yield* usage(`--chain ${input.chain.value}: positive chain ids, comma-separated`)
      }
      const base = get(input.baseUrl)
      const url = base === undefined ? undefined : BaseUrl.parse(base, { family: "pro" })
      if (url !== undefined && Result.isFailure(url)) return yield* usage(`--base-url: ${url.failure.message}`)
      target = {
        family: "pro",
        chains: chains as [number, ...Array<number>],
        apiKey,
        ...(url === undefined ? {} : { baseUrl: (url as Result.Success<BaseUrl.BaseUrl, never>).success.href })
      }
    } else if (Option.isSome(input.baseUrl)) {
      const url = BaseUrl.parse(input.baseUrl.value, { family: "instance" })
      if (Result.isFailure(url)) return yield* usage(`--base-url: ${url.failure.message}`)
      const secret = get(input.secretKeyEnv)
      target = {
        family: "instance",
        baseUrl: url.success.href,
        apiKey,
        ...(Option.isSome(input.chainLabel) ? { chain: input.chainLabel.value } : {}),
        ...(secret === undefined ? {} : { secretKey: { config: secret } })
      }
    } else return yield* usage("no API chosen: pass --chain (Pro API) or --base-url (an instance)")
    return yield* Job.make({
      target,
      source,
      range,
      partitions: input.partitions,
      sink: Option.isSome(input.ndjson) ? { _tag: "Ndjson", directory: input.ndjson.value } : { _tag: "Sql" },
      ...(Option.isSome(input.pageSize) ? { pageSize: input.pageSize.value } : {}),
      ...(Option.isSome(input.concurrency) ? { concurrency: input.concurrency.value } : {})
    }).pipe(Effect.mapError((e) => new UsageError(`invalid job: ${e.message}`)))
  })

/** Every partition's client options: the tool's, with `--requests-per-second` for a server announcing none. */
export const clientOptionsOf = (input: DbInput, options: ClientOptions) =>
  Effect.gen(function* () {
    const rps = get(input.requestsPerSecond)
    if (rps !== undefined && !(rps > 0)) return yield* usage(`--requests-per-second ${rps}: must be above 0`)
    const client: ClientOptions = {
      ...options,
      ...(rps === undefined ? {} : { rateLimit: { requestsPerSecond: rps } })
    }
    return client
  })

/** The runtime for `--db` and `--runner`: local SQLite, a cluster runner, or a cluster client. */
export const runtimeOf = (input: DbInput, options: ClientOptions) =>
  Effect.gen(function* () {
    const client = yield* clientOptionsOf(input, options)
    const redis = get(input.redis)
    if (redis !== undefined && !/^rediss?:\/\//.test(redis))
      return yield* usage(`--redis ${redis}: expected redis://host:port`)
    // Each key's spacing kept in Redis: every process on it shares the key's one limit.
    const rateLimits =
      redis === undefined ? undefined : RateLimits.layerRedis().pipe(Layer.provide(NodeRedis.layer({ url: redis })))
    const common = { client, ...(rateLimits === undefined ? {} : { rateLimits }) }
    const runner = get(input.runner)
    if (!isPostgres(input.db)) {
      if (runner !== undefined) return yield* usage("--runner needs a postgres:// --db (runners share one database)")
      return Runtime.layerLocal({ ...common, filename: input.db })
    }
    const database = Redacted.make(input.db)
    if (runner === undefined) return Runtime.layerClient({ ...common, database })
    const match = /^(.+):(\d+)$/.exec(runner)
    if (match === null) return yield* usage(`--runner ${runner}: expected host:port`)
    return Runtime.layerRunner({ ...common, database, address: { host: match[1]!, port: Number(match[2]) } })
  })
