/**
 * The `blockscout` command-line tool: one subcommand per list endpoint of the client's `endpoints` table,
 * streaming every item to stdout or a file as NDJSON, CSV, Parquet or a table, with a progress line, a
 * checkpoint and resume.
 *
 * When to use: `run(argv)` is the whole program as an Effect (main.ts gives it Node's services and an HTTP
 * client; tests give it the simulated Blockscout and capture stdout/stderr through `Stdio`).
 *
 * How commands are derived: each row's name in kebab case is the subcommand (`tokenInstanceTransfers` ->
 * `token-instance-transfers`), its path parameters are positional arguments in path order, and its filters
 * are flags (`literal`: one of the values; `literals` / `names`: a comma-separated list, as the API takes
 * them). A new row in the table is a new subcommand with no change here.
 *
 * The steps of a run, one module each: flags checked (`Flags.ts`, exit 2 naming the flag), the API chosen
 * (`Api.ts`), the output written (`Screen.ts` for stdout and stderr, `HistoryFile` of
 * `@blockscout-effect/export` for files), failures turned into one line and an exit code (`Exit.ts`).
 */
import {
  Blockscout,
  type BlockscoutEvent,
  type Endpoint,
  type EndpointName,
  endpoints
} from "@blockscout-effect/client"
import { CheckpointError, Format, HistoryFile, OutputError } from "@blockscout-effect/export"
import { Effect, Logger, Option, PlatformError, Stdio, Stream } from "effect"
import { Argument, CliError, CliOutput, Command, Flag } from "effect/cli"
import { clientLayer } from "./Api.ts"
import { backfillCommand } from "./Backfill.ts"
import { CliExit, exitCodes, fromBlockscoutError, scrub } from "./Exit.ts"
import { type CommonInput, commonFlags, listOf, type Settings, settingsOf, UsageError } from "./Flags.ts"
import * as Screen from "./Screen.ts"
import * as Table from "./Table.ts"

/** The tool's version, printed by `--version`. */
export const version = "0.1.0"

const count = (n: number) => n.toLocaleString("en-US")

/** `tokenInstanceTransfers` -> `token-instance-transfers`. */
export const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** Options for building the tool; tests pass client options (no pacing, fast retries). */
export interface CliOptions {
  /** Client options under the flags' (retries, rate limit, timeouts); a flag given on the command line wins. */
  readonly client?: import("@blockscout-effect/client").ClientOptions | undefined
}

/** A path parameter as a positional argument (also used by `backfill run`). */
export const pathArgument = (name: string, kind: string) =>
  Argument.String(kebab(name)).pipe(
    Argument.withDescription(
      kind === "address"
        ? "an address: 0x and 40 hex digits"
        : kind === "hash"
          ? "a transaction hash: 0x and 64 hex digits"
          : "a token id (decimal)"
    )
  )

/** A filter as a flag (also used by `backfill run`). */
export const filterFlag = (filter: Endpoint["filters"][number]) => {
  // effect/cli lists the choices of a literal flag itself; list flags name their values here.
  const values = filter.values === undefined || filter.kind === "literal" ? "" : `: ${filter.values.join(", ")}`
  const list = filter.kind === "literals" || filter.kind === "names"
  const description = `${filter.description}${values}${list ? " (comma-separated)" : ""}`
  return filter.kind === "literal" && filter.values !== undefined
    ? Flag.Literals(filter.name, filter.values).pipe(Flag.withDescription(description), Flag.optional)
    : Flag.String(filter.name).pipe(Flag.withDescription(description), Flag.optional)
}

/** The arguments for the client's `page`/`pages`: path parameters and filters, in the row's order. */
export const clientArgs = (
  row: Endpoint,
  path: Readonly<Record<string, string>>,
  filters: Readonly<Record<string, Option.Option<string>>>
): Record<string, string | ReadonlyArray<string>> => {
  const args: Record<string, string | ReadonlyArray<string>> = {}
  for (const p of row.pathParams) {
    const value = path[p.name]
    if (value !== undefined) args[p.name] = value
  }
  for (const f of row.filters) {
    const value = filters[f.name]
    if (value === undefined || Option.isNone(value)) continue
    args[f.name] = f.kind === "literals" || f.kind === "names" ? listOf(value.value) : value.value
  }
  return args
}

/** Client options from the checked flags, over the tool's own (a flag given wins). */
const clientOptions = (
  settings: Settings,
  options: CliOptions,
  onEvent: (e: BlockscoutEvent) => Effect.Effect<void>
) => ({
  ...options.client,
  ...(settings.requestsPerSecond === undefined ? {} : { rateLimit: { requestsPerSecond: settings.requestsPerSecond } }),
  ...(settings.timeoutSeconds === undefined ? {} : { timeout: `${settings.timeoutSeconds} seconds` as const }),
  ...(settings.retries === undefined
    ? {}
    : {
        retry:
          settings.retries === 0
            ? (false as const)
            : { ...(options.client?.retry === false ? {} : options.client?.retry), times: settings.retries }
      }),
  onEvent: (event: BlockscoutEvent) => Effect.andThen(onEvent(event), options.client?.onEvent?.(event) ?? Effect.void)
})

/** How many retries the client makes with these options (for "retry 2 of 5"). */
const retriesOf = (settings: Settings, options: CliOptions): number => {
  if (settings.retries !== undefined) return settings.retries
  const retry = options.client?.retry
  return retry === false ? 0 : (retry?.times ?? 5)
}

/** Streams the pages of `row` to stdout in the chosen format, stopping at `--limit`. */
const toStdout = <E, R>(
  screen: Screen.Screen,
  settings: Settings,
  pages: Stream.Stream<{ readonly items: ReadonlyArray<unknown> }, E, R>
) => {
  const columns = settings.columns ?? []
  const encoder =
    settings.format === "table"
      ? Table.makeTable(columns)
      : Format.makeEncoder(settings.format === "csv" ? "csv" : "ndjson", { columns })
  let written = 0
  const max = settings.limit ?? Number.POSITIVE_INFINITY
  return pages.pipe(
    Stream.mapEffect((page) => {
      const items = page.items.slice(0, max - written)
      written += items.length
      return Effect.andThen(screen.data(encoder.encodePage(items)), screen.progress.page(items.length))
    }),
    Stream.takeUntil(() => written >= max),
    Stream.runDrain,
    // The reader went away (`| head`): stop quietly, as Unix tools do.
    Effect.catchIf(
      (e): e is Extract<typeof e, PlatformError.PlatformError> => e instanceof PlatformError.PlatformError,
      () => Effect.void
    )
  )
}

/** Runs one endpoint with the parsed flags: the body of every subcommand. */
const runEndpoint = (
  row: Endpoint,
  args: Record<string, string | ReadonlyArray<string>>,
  input: CommonInput,
  options: CliOptions
) =>
  Effect.gen(function* () {
    const settings = yield* settingsOf(row, input)
    const screen = yield* Screen.make
    const retries = retriesOf(settings, options)
    // Each retry is announced at once (what failed, where, when the next try is), and counted on the line.
    const onEvent = (event: BlockscoutEvent) =>
      event._tag === "Retry"
        ? Effect.andThen(screen.progress.retry, screen.notice(Screen.retryNotice(event, retries)))
        : Effect.void
    const { layer, secrets } = yield* clientLayer(input, clientOptions(settings, options, onEvent))
    const { output, resume } = settings

    const job = Effect.gen(function* () {
      const bs = yield* Blockscout
      // `pages` serves every row; the bare-array row (E3) comes back as one page with no next cursor.
      const pages = (cursor: HistoryFile.Cursor | undefined) =>
        bs.pages(row.name as EndpointName, {
          ...args,
          ...(cursor === undefined ? {} : { cursor }),
          ...(settings.pageSize === undefined ? {} : { pageSize: settings.pageSize })
        })
      if (output === undefined) {
        yield* toStdout(screen, settings, pages(undefined))
        return yield* screen.progress.finish
      }
      const summary = yield* HistoryFile.run({
        pages,
        output,
        checkpoint: resume,
        // Identifies the history, so a checkpoint only resumes the query it was written for. The API is the
        // client's credential-free `target.apiUrl` (family, chain and base, whether from flags or the
        // environment), never the raw --base-url.
        query: JSON.stringify({ endpoint: row.name, args, pageSize: settings.pageSize ?? null, api: bs.target.apiUrl }),
        format: settings.format === "table" ? "ndjson" : settings.format, // table into a file was refused
        columns: settings.columns,
        limit: settings.limit,
        onPage: (_, n) => screen.progress.page(n)
      })
      yield* screen.progress.finish
      const state = summary.state
      yield* screen.notice(
        `${summary.resumed ? "resumed: " : ""}${count(summary.newItems)} items in ${count(summary.newPages)} pages ` +
          `written to ${output}${summary.resumed ? ` (${count(state.items)} in all)` : ""}, ` +
          `${summary.parquet ? `${count(summary.parquet.rows)} Parquet rows` : `${count(state.bytes)} bytes`}; ${
            summary.stopped === "done" ? "complete" : `stopped at --limit ${settings.limit}`
          }`
      )
    })
    return yield* job.pipe(
      Effect.provide(layer),
      // Ctrl-C or SIGTERM: leave the terminal clean and say what is kept (main.ts sets the exit code).
      Effect.onInterrupt(() =>
        Effect.andThen(
          screen.progress.clear,
          screen.notice(
            resume === undefined
              ? "blockscout: interrupted"
              : `blockscout: interrupted; ${resume} keeps every whole page: run the same command to resume`
          )
        )
      ),
      Effect.mapError((error) => {
        if (error instanceof CheckpointError) {
          return new CliExit({
            code: exitCodes.checkpoint,
            text: scrub(`blockscout: --resume ${error.path}: ${error.message}`, secrets)
          })
        }
        if (error instanceof OutputError) {
          return new CliExit({
            code: exitCodes.output,
            text: scrub(`blockscout: --output ${error.path}: ${error.message}`, secrets)
          })
        }
        const exit = fromBlockscoutError(error, secrets)
        // With a checkpoint, every whole page is kept: say how to carry on.
        const hint = resume === undefined ? "" : ` (${resume} keeps every whole page: run the same command to resume)`
        return new CliExit({ code: exit.code, text: exit.text + hint })
      })
    )
  }).pipe(
    Effect.mapError((error) =>
      error instanceof UsageError ? new CliExit({ code: exitCodes.usage, text: `blockscout: ${error.message}` }) : error
    )
  )

/** One subcommand for an endpoint row. */
export const endpointCommand = (row: Endpoint, options: CliOptions = {}) => {
  const path: Record<string, Argument.Argument<string>> = {}
  for (const p of row.pathParams) path[p.name] = pathArgument(p.name, p.kind)
  const filters: Record<string, Flag.Flag<Option.Option<string>>> = {}
  for (const f of row.filters) filters[f.name] = filterFlag(f)
  const usage = ["blockscout", kebab(row.name), ...row.pathParams.map((p) => `<${kebab(p.name)}>`)].join(" ")
  return Command.make(kebab(row.name), { path, filters, common: commonFlags }, (input) =>
    runEndpoint(row, clientArgs(row, input.path, input.filters), input.common, options)
  ).pipe(
    Command.withDescription(`${row.summary}. ${row.ids}: GET ${row.path}`),
    Command.withShortDescription(row.summary),
    Command.withExamples([
      { command: `${usage} --base-url https://eth.blockscout.com --limit 100 --format table` },
      { command: `${usage} --chain 1 -o out.ndjson --resume out.checkpoint.json` },
      { command: `${usage} --chain 1 --format parquet -o out.parquet --resume out.checkpoint.json` }
    ])
  )
}

/** The whole command tree: `blockscout <endpoint> ...`, one subcommand per row of `endpoints`. */
export const makeCommand = (options: CliOptions = {}) => {
  const rows: ReadonlyArray<Endpoint> = Object.values(endpoints)
  const [first, ...rest] = rows.map((row) => endpointCommand(row, options))
  return Command.make("blockscout").pipe(
    Command.withDescription(
      "Stream any Blockscout API v2 list endpoint to NDJSON, CSV, Parquet or a table, with progress, a checkpoint " +
        "and resume. Data goes to stdout (or --output), everything else to stderr. Exit codes: 0 ok, 2 usage, " +
        "3 checkpoint, 4 output file, 10-22 one per API error reason, 130 SIGINT, 143 SIGTERM."
    ),
    Command.withSubcommands(
      first === undefined ? [backfillCommand(options)] : [first, ...rest, backfillCommand(options)]
    )
  )
}

// Help goes to stdout; a usage error goes to stderr as the error and a pointer to --help, so a
// mistyped flag never puts a page of help text into a pipe meant for NDJSON.
const presenter = (stdio: Stdio.Stdio): CliOutput.Presenter => ({
  present: (event) =>
    Effect.gen(function* () {
      const formatter = yield* CliOutput.Formatter
      const write = (sink: "stdout" | "stderr", text: string) => Effect.orDie(Screen.writeTo(stdio, sink, `${text}\n`))
      switch (event._tag) {
        case "Help":
          return yield* write("stdout", formatter.formatHelpDoc(event.helpDoc))
        case "Version":
          return yield* write("stdout", formatter.formatVersion(event.name, event.version))
        case "InvalidInvocation":
          return yield* write(
            "stderr",
            `${event.errors.map((e) => `blockscout: ${e.message}`).join("\n")}\n` +
              `Run '${event.commandPath.join(" ")} --help' for usage.`
          )
      }
    })
})

/**
 * The tool as one Effect: parses `argv` (without `node` and the script), runs the subcommand, writes
 * output to `Stdio`'s stdout and messages and logs (every level) to its stderr, and fails with `CliExit`
 * (carrying the exit code) on any error, after writing its one-line message.
 */
export const run = (argv: ReadonlyArray<string>, options: CliOptions = {}) =>
  Effect.gen(function* () {
    const stdio = yield* Stdio.Stdio
    yield* Command.runWith(makeCommand(options), { version })(argv).pipe(
      Effect.provideService(CliOutput.Presenter, presenter(stdio)),
      Effect.provideService(CliOutput.Formatter, CliOutput.defaultFormatter({ colors: false })),
      Effect.catch((error) => {
        if (error instanceof CliExit) {
          return Effect.andThen(Effect.orDie(Screen.writeTo(stdio, "stderr", `${error.text}\n`)), Effect.fail(error))
        }
        if (CliError.isCliError(error)) {
          const usage = error._tag !== "ShowHelp" || error.errors.length > 0
          return usage ? Effect.fail(new CliExit({ code: exitCodes.usage, text: "usage" })) : Effect.void
        }
        return Effect.fail(error)
      }),
      // stdout is for data: Effect's loggers (the client logs retries at debug) write to stderr.
      Effect.provideService(Logger.LogToStderr, true)
    )
  })
