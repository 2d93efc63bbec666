/**
 * `blockscout backfill`: durable backfills into a database, from the command line.
 *
 * - `backfill run <endpoint> [args] [filters] [flags]`: one subcommand per paged row (derived from the
 *   `endpoints` table like the tool's own commands); the job's fields are flags. It prints the job id on stdout,
 *   progress (partitions done, items, runners) on stderr, and waits for the end (`--detach`: does not wait).
 * - `backfill runner --db postgres://... --runner host:port`: a cluster runner that takes a share of every job.
 * - `backfill status <job-id>` and `backfill resume <job-id>`.
 *
 * `--db` is a SQLite file (default `backfill.db`: one process, nothing to start) or a PostgreSQL URL (runners;
 * `run` and `resume` are then runners too with `--runner`, or clients that only submit and watch without it).
 * `--redis` shares each API key's rate limit between the processes of a cluster.
 *
 * Gotchas: credentials are never flags here: a job names the variable holding the key (`--api-key-env`, default
 * `BLOCKSCOUT_API_KEY`), and every runner reads it from its own environment.
 */
import { Backfill, type BackfillError, Job, Runtime } from "@blockscout-effect/backfill"
import { BaseUrl, type ClientOptions, type Endpoint, endpoints, RateLimits } from "@blockscout-effect/client"
import { NodeRedis } from "@effect/platform-node"
import { Effect, Layer, Option, Redacted, Result, Stdio } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { type CliOptions, clientArgs, filterFlag, kebab, pathArgument } from "./Cli.ts"
import { CliExit, exitCodes } from "./Exit.ts"
import { listOf, UsageError } from "./Flags.ts"
import * as Screen from "./Screen.ts"

const dbFlags = {
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

const jobFlags = {
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
  )
}

type JobInput = Command.Command.Config.Infer<typeof jobFlags>
type DbInput = Command.Command.Config.Infer<typeof dbFlags>

const usage = (message: string) => Effect.fail(new UsageError(message))
const get = Option.getOrUndefined
const isPostgres = Runtime.isPostgres

/** The job of `backfill run`, from its flags; every mistake is a `UsageError` naming the flag. */
const jobOf = (row: Endpoint, args: Job.SourceArgs, input: JobInput) =>
  Effect.gen(function* () {
    const blocks = get(input.fromBlock) !== undefined || get(input.toBlock) !== undefined
    const indexes = get(input.fromIndex) !== undefined || get(input.toIndex) !== undefined
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
      source: { _tag: "Endpoint", endpoint: row.name as Job.PagedName, args },
      range,
      partitions: input.partitions,
      sink: Option.isSome(input.ndjson) ? { _tag: "Ndjson", directory: input.ndjson.value } : { _tag: "Sql" },
      ...(Option.isSome(input.pageSize) ? { pageSize: input.pageSize.value } : {}),
      ...(Option.isSome(input.concurrency) ? { concurrency: input.concurrency.value } : {})
    }).pipe(Effect.mapError((e) => new UsageError(`invalid job: ${e.message}`)))
  })

/** The runtime for `--db` and `--runner`: local SQLite, a cluster runner, or a cluster client. */
const runtimeOf = (input: DbInput, options: ClientOptions) =>
  Effect.gen(function* () {
    const rps = get(input.requestsPerSecond)
    if (rps !== undefined && !(rps > 0)) return yield* usage(`--requests-per-second ${rps}: must be above 0`)
    const client = { ...options, ...(rps === undefined ? {} : { rateLimit: { requestsPerSecond: rps } }) }
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

const count = (n: number) => n.toLocaleString("en-US")

const describe = (s: Backfill.Status) =>
  `backfill ${s.jobId}: ${s.done}/${s.total} partitions done, ${count(s.items)} items in ${count(s.pages)} pages` +
  (s.runners.length > 0 ? `; runners ${s.runners.map((r) => `${r.runner} (${r.partitions})`).join(", ")}` : "") +
  (s.errors.length > 0 ? `; ${s.errors.length} failing: ${s.errors[0]!.error}` : "")

/**
 * The exit code of a backfill failure, from the tool's one table: the client's reason when the server's answer
 * stopped it (13 a wrong key, 14 credits spent, 15 rate limited, ...), 2 for a job that cannot run as written, 4
 * for a database or directory that refused a write, 11 for an unknown job id.
 */
const codeOf = (error: BackfillError): number => {
  switch (error.reason) {
    case "NotFound":
      return exitCodes.NotFound
    case "InvalidJob":
      return exitCodes.usage
    case "Sink":
      return exitCodes.output
    case "Fetch":
      return (exitCodes as Record<string, number>)[error.tag ?? ""] ?? exitCodes.unexpected
  }
}

/** One line and an exit code for whatever stopped the command (usage, backfill, database, runner socket). */
const fail = (error: BackfillError | UsageError | { readonly message: string }) =>
  error instanceof UsageError
    ? new CliExit({ code: exitCodes.usage, text: `blockscout: ${error.message}` })
    : new CliExit({
        code: "reason" in error && error._tag === "BackfillError" ? codeOf(error) : exitCodes.unexpected,
        text: `blockscout: backfill: ${error.message}`
      })

/** Runs a job (or resumes one) with progress on stderr. */
const runJob = <E extends BackfillError | UsageError | { readonly message: string }, R>(
  start: (screen: Screen.Screen) => Effect.Effect<unknown, E, R>
) =>
  Effect.gen(function* () {
    const screen = yield* Screen.make
    yield* start(screen)
  }).pipe(Effect.mapError(fail))

const runCommand = (row: Endpoint, options: CliOptions) => {
  const path: Record<string, Argument.Argument<string>> = {}
  for (const p of row.pathParams) path[p.name] = pathArgument(p.name, p.kind)
  const filters: Record<string, Flag.Flag<Option.Option<string>>> = {}
  for (const f of row.filters) filters[f.name] = filterFlag(f)
  return Command.make(kebab(row.name), { path, filters, job: jobFlags, db: dbFlags }, (input) =>
    runJob((screen) =>
      Effect.gen(function* () {
        const job = yield* jobOf(row, clientArgs(row, input.path, input.filters), input.job)
        const runtime = yield* runtimeOf(input.db, options.client ?? {})
        const id = Job.id(job)
        const stdio = yield* Stdio.Stdio
        yield* Effect.orDie(Screen.writeTo(stdio, "stdout", `${id}\n`))
        if (input.job.detach) return yield* Effect.provide(Backfill.start(job), runtime)
        const watch = Backfill.watch(id, (s) => screen.notice(describe(s)), { every: 2000 }).pipe(Effect.ignore)
        const result = yield* Effect.raceFirst(
          Backfill.run(job),
          Effect.andThen(Effect.sleep(1000), Effect.andThen(watch, Effect.never))
        ).pipe(Effect.provide(runtime))
        yield* screen.notice(`backfill ${id} complete: ${count(result.items)} items in ${result.partitions} partitions`)
      })
    )
  ).pipe(Command.withDescription(`Backfill: ${row.summary}. ${row.ids}: GET ${row.path}`))
}

/** `blockscout backfill ...`: run, runner, status, resume. */
export const backfillCommand = (options: CliOptions = {}) => {
  const rows = Object.values(endpoints).filter((row: Endpoint) => row.shape === "page")
  const [first, ...rest] = rows.map((row) => runCommand(row, options))
  const run = Command.make("run").pipe(
    Command.withDescription("Run a backfill job: one subcommand per paged endpoint"),
    Command.withSubcommands(first === undefined ? [] : [first, ...rest])
  )
  const runner = Command.make("runner", { db: dbFlags }, (input) =>
    Effect.gen(function* () {
      if (!isPostgres(input.db.db) || Option.isNone(input.db.runner)) {
        return yield* usage("runner needs a postgres:// --db and --runner host:port")
      }
      const runtime = yield* runtimeOf(input.db, options.client ?? {})
      return yield* Layer.launch(runtime)
    }).pipe(Effect.mapError(fail))
  ).pipe(Command.withDescription("Serve as a cluster runner until stopped (SIGTERM hands its partitions over)"))
  const jobId = Argument.String("job-id").pipe(Argument.withDescription("The id `backfill run` printed"))
  const status = Command.make("status", { jobId, db: dbFlags.db }, (input) =>
    Effect.gen(function* () {
      const stdio = yield* Stdio.Stdio
      const s = yield* Backfill.status(input.jobId).pipe(Effect.provide(Runtime.layerDatabase(input.db)))
      const lines = s.partitions.map(
        (p) =>
          `${p.chain}/${p.part} ${p.lo ?? "-"}..${p.hi ?? "-"} ${p.done ? "done" : "running"} ${count(p.items)} items` +
          `${p.runner === null ? "" : ` on ${p.runner}`}${p.error === null || p.done ? "" : ` error: ${p.error}`}`
      )
      yield* Effect.orDie(Screen.writeTo(stdio, "stdout", `${describe(s)}\n${lines.join("\n")}\n`))
    }).pipe(Effect.mapError(fail))
  ).pipe(Command.withDescription("Where a job stands: partitions, items, runners, errors"))
  const resume = Command.make("resume", { jobId, db: dbFlags }, (input) =>
    runJob((screen) =>
      Effect.gen(function* () {
        const runtime = yield* runtimeOf(input.db, options.client ?? {})
        const result = yield* Backfill.resume(input.jobId).pipe(Effect.provide(runtime))
        yield* screen.notice(`backfill ${input.jobId} complete: ${count(result.items)} items`)
      })
    )
  ).pipe(Command.withDescription("Run a job's stopped partitions again from their cursors, and wait for the end"))
  return Command.make("backfill").pipe(
    Command.withDescription("Durable backfills into SQLite, PostgreSQL or NDJSON part files"),
    Command.withSubcommands([run, runner, status, resume])
  )
}
