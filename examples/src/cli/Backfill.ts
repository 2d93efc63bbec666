/**
 * `blockscout backfill`: durable backfills into a database, from the command line.
 *
 * - `backfill run <endpoint> [args] [filters] [flags]`: one subcommand per paged row (derived from the
 *   `endpoints` table like the tool's own commands), and `address-history <address>` / `token-history <token>`;
 *   the job's fields are flags (`BackfillJob.ts`). It prints the job id on stdout, progress (partitions done,
 *   items, runners) on stderr, and waits for the end (`--detach`: does not wait; `--dry-run`: estimates only).
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
import { Backfill, type BackfillError, DryRun, Follow, Job, Runtime, Sources } from "@blockscout-effect/backfill"
import { type Endpoint, endpoints, type HistoryKind } from "@blockscout-effect/client"
import { Effect, Layer, Option, Stdio, Stream } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import {
  clientOptionsOf,
  type DbInput,
  dbFlags,
  isPostgres,
  type JobInput,
  jobFlags,
  followOf,
  jobOf,
  runtimeOf
} from "./BackfillJob.ts"
import { clientArgs, filterFlag, kebab, pathArgument } from "./Flags.ts"
import type { CliOptions } from "./Api.ts"
import * as CliDryRun from "./DryRun.ts"
import { CliExit, exitCodes } from "./Exit.ts"
import { UsageError, usage } from "./Flags.ts"
import { kindsOf } from "./HistoryFlags.ts"
import * as Screen from "./Screen.ts"

const count = (n: number) => n.toLocaleString("en-US")

const describe = (s: Backfill.Status) =>
  `backfill ${s.jobId}: ${s.done}/${s.total} partitions done, ${count(s.items)} items in ${count(s.pages)} pages` +
  (s.runners.length > 0 ? `; runners ${s.runners.map((r) => `${r.runner} (${r.partitions})`).join(", ")}` : "") +
  (s.errors.length > 0 ? `; ${s.errors.length} failing: ${s.errors[0]!.error}` : "") +
  (s.planError === undefined ? "" : `; its plan failed: ${s.planError}`)

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

/** A job's dry run: its estimate per chain and in all, JSON on stdout with the job's id, a summary on stderr. */
const dryRunJob = (screen: Screen.Screen, job: Job.Job, db: DbInput, options: CliOptions) =>
  Effect.gen(function* () {
    const client = yield* clientOptionsOf(db, options.client ?? {})
    const estimate = yield* DryRun.estimate(job).pipe(Effect.provide(Sources.layer(client)))
    const what = `backfill ${Job.id(job)}`
    yield* CliDryRun.print(screen, { job: Job.id(job), ...estimate }, [
      ...(estimate.chains.length > 1
        ? estimate.chains.map((c) =>
            CliDryRun.costLine(`${what} chain ${c.chain}`, {
              ...c,
              seconds: c.requestsPerSecond === undefined ? undefined : c.calls / c.requestsPerSecond
            })
          )
        : []),
      CliDryRun.costLine(what, {
        ...estimate,
        itemsFrom: estimate.chains.every((c) => c.itemsFrom === "count") ? "count" : "sample"
      })
    ])
  })

/** Runs the job reading `source` with the job's and the database's flags (or estimates it: `--dry-run`). */
const runSource = (
  source: Effect.Effect<Job.Source, UsageError>,
  input: { readonly job: JobInput; readonly db: DbInput },
  options: CliOptions
) =>
  runJob((screen) =>
    Effect.gen(function* () {
      const job = yield* jobOf(yield* source, input.job)
      const follow = yield* followOf(input.job)
      if (input.job.dryRun) return yield* dryRunJob(screen, job, input.db, options)
      // A followed job's range must be final: said now, not after the backfill (the follow never reads it again).
      if (follow !== undefined) {
        const client = yield* clientOptionsOf(input.db, options.client ?? {})
        yield* Follow.checkFinalTop(job, follow).pipe(Effect.provide(Sources.layer(client)))
      }
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
      if (follow === undefined) return
      // Then the head: each batch (up to a final block) committed with the follow's checkpoint; Ctrl-C and the
      // same command go on from it.
      const client = yield* clientOptionsOf(input.db, options.client ?? {})
      yield* Follow.follow(job, follow).pipe(
        Stream.runForEach((p) =>
          screen.notice(
            `backfill ${id} follow: chain ${p.chain} final up to ${p.final}: +${count(p.added)} -${count(p.retracted)}`
          )
        ),
        Effect.provide(Sources.layer(client)),
        Effect.provide(runtime)
      )
    })
  )

/** `backfill run <row>`: a paged row of the endpoints table, its path parameters and filters. */
const runCommand = (row: Endpoint, options: CliOptions) => {
  const path: Record<string, Argument.Argument<string>> = {}
  for (const p of row.pathParams) path[p.name] = pathArgument(p.name, p.kind)
  const filters: Record<string, Flag.Flag<Option.Option<string>>> = {}
  for (const f of row.filters) filters[f.name] = filterFlag(f)
  return Command.make(kebab(row.name), { path, filters, job: jobFlags, db: dbFlags }, (input) =>
    runSource(
      Effect.succeed({
        _tag: "Endpoint",
        endpoint: row.name as Job.PagedName,
        args: clientArgs(row, input.path, input.filters)
      }),
      input,
      options
    )
  ).pipe(Command.withDescription(`Backfill: ${row.summary}. ${row.ids}: GET ${row.path}`))
}

const addressArgument = (name: string) =>
  Argument.String(name).pipe(Argument.withDescription(`the ${name}: 0x and 40 hex digits`))

/** An address argument, checked (the job lower-cases it: one history is one job whatever its case). */
const checked = (name: string, value: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(value)
    ? Effect.succeed(value)
    : Effect.fail(new UsageError(`${name} ${JSON.stringify(value)}: expected 0x and 40 hex digits`))

/** `backfill run address-history <address>`: its transactions, token transfers and internal transactions. */
const addressHistoryCommand = (options: CliOptions) =>
  Command.make(
    "address-history",
    {
      address: addressArgument("address"),
      kinds: Flag.String("kinds").pipe(
        Flag.withDescription(
          "what to store, comma-separated: transaction, token-transfer, internal-transaction (default all)"
        ),
        Flag.optional
      ),
      job: jobFlags,
      db: dbFlags
    },
    (input) =>
      runSource(
        Effect.gen(function* () {
          const address = yield* checked("address", input.address)
          const kinds = yield* kindsOf(input.kinds)
          return {
            _tag: "AddressHistory" as const,
            address,
            ...(kinds === undefined ? {} : { kinds: kinds as [HistoryKind, ...Array<HistoryKind>] })
          }
        }),
        input,
        options
      )
  ).pipe(
    Command.withShortDescription("Backfill: an address's transactions, token transfers and internal transactions"),
    Command.withDescription(
      "Backfill an address's history: its transactions, token transfers and internal transactions (the client's " +
        "streamAddressHistory) into the transactions, token_transfers and internal_transactions tables (or NDJSON " +
        "lines {kind, block_number, transaction_index, transaction_hash, item}), partitioned by block ranges"
    )
  )

/** `backfill run token-history <token>`: a token's transfers (S19). */
const tokenHistoryCommand = (options: CliOptions) =>
  Command.make("token-history", { token: addressArgument("token"), job: jobFlags, db: dbFlags }, (input) =>
    runSource(
      Effect.map(checked("token", input.token), (token) => ({ _tag: "TokenHistory" as const, token })),
      input,
      options
    )
  ).pipe(
    Command.withShortDescription("Backfill: a token's transfers (S19), by block ranges"),
    Command.withDescription(
      "Backfill a token's history: its transfers (S19: GET /tokens/{token}/transfers) into token_transfers, " +
        "partitioned by block ranges"
    )
  )

/** `blockscout backfill ...`: run, runner, status, resume. */
export const backfillCommand = (options: CliOptions = {}) => {
  const rows = Object.values(endpoints).filter((row: Endpoint) => row.shape === "page")
  const [first, ...rest] = [
    ...rows.map((row) => runCommand(row, options)),
    addressHistoryCommand(options),
    tokenHistoryCommand(options)
  ]
  const run = Command.make("run").pipe(
    Command.withDescription(
      "Run a backfill job: one subcommand per paged endpoint, and an address's or a token's history"
    ),
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
