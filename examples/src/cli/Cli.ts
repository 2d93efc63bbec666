/**
 * The `blockscout` command-line tool: one subcommand per list endpoint of the client's `endpoints`
 * table, streaming every item to stdout or a file as NDJSON, CSV or a table, with a progress line, a
 * checkpoint and resume.
 *
 * When to use: `run(argv)` is the whole program as an Effect (main.ts gives it Node's services and an
 * HTTP client; tests give it the simulated Blockscout and capture stdout/stderr through `Stdio`).
 *
 * How commands are derived: each row's name in kebab case is the subcommand (`tokenInstanceTransfers` ->
 * `token-instance-transfers`), its path parameters are positional arguments in path order, and its
 * filters are flags (`literal`: one of the values; `literals` / `names`: a comma-separated list, as the
 * API takes them). A new row in the table is a new subcommand with no change here.
 */
import {
  Blockscout,
  type BlockscoutEvent,
  type ClientOptions,
  type Endpoint,
  type EndpointName,
  endpoints
} from "@blockscout-effect/client"
import { Config, Effect, Option, type Redacted, Stdio, Stream } from "effect"
import { Argument, CliError, CliOutput, Command, Flag } from "effect/cli"
import { CheckpointError } from "../lib/Checkpoint.ts"
import { type Format, formats, makeEncoder } from "../lib/Format.ts"
import * as HistoryFile from "../lib/HistoryFile.ts"
import * as Progress from "../lib/Progress.ts"
import { CliExit, exitCodes, fromBlockscoutError, scrub } from "./Exit.ts"

/** The tool's version, printed by `--version`. */
export const version = "0.1.0"

const count = (n: number) => n.toLocaleString("en-US")

/** `tokenInstanceTransfers` -> `token-instance-transfers`. */
export const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

// Flags every subcommand takes. They sit on each subcommand (not on the root), so they may be written
// after the subcommand name, where users put them.
const commonFlags = {
  chain: Flag.Int("chain").pipe(
    Flag.withDescription("Pro API chain id (1 = Ethereum); selects the Pro API (needs a key)"),
    Flag.optional
  ),
  baseUrl: Flag.String("base-url").pipe(
    Flag.withDescription(
      "An instance's address (https://eth.blockscout.com); with --chain, the Pro API's base instead. " +
        "Without --chain and --base-url: BLOCKSCOUT_CHAIN_ID / BLOCKSCOUT_BASE_URL from the environment"
    ),
    Flag.optional
  ),
  apiKey: Flag.Redacted("api-key").pipe(
    Flag.withDescription("API key (default: BLOCKSCOUT_API_KEY); prefer the variable, flags show up in `ps`"),
    Flag.optional
  ),
  format: Flag.Literals("format", formats).pipe(
    Flag.withDescription("ndjson (one JSON object a line; the default), csv, or table"),
    Flag.withDefault("ndjson" as Format)
  ),
  output: Flag.String("output").pipe(
    Flag.withAlias("o"),
    Flag.withDescription("Write to this file instead of stdout"),
    Flag.optional
  ),
  limit: Flag.Int("limit").pipe(
    Flag.withDescription("Stop after this many items (counting what a resumed file already holds)"),
    Flag.optional
  ),
  pageSize: Flag.Int("page-size").pipe(
    Flag.withDescription("Items per request (servers default to 50 and cap at 100)"),
    Flag.optional
  ),
  resume: Flag.String("resume").pipe(
    Flag.withDescription("Checkpoint file (needs --output): written after every page; if it exists, continue from it"),
    Flag.optional
  ),
  columns: Flag.String("columns").pipe(
    Flag.withDescription(
      "csv/table: comma-separated dotted columns (from.hash,total.value); default from the first page"
    ),
    Flag.optional
  ),
  requestsPerSecond: Flag.Finite("requests-per-second").pipe(
    Flag.withDescription("Client-side request pacing (default 5, the free Pro plan)"),
    Flag.optional
  )
}

/** The parsed common flags. */
type CommonInput = Command.Command.Config.Infer<typeof commonFlags>

/** Options for building the tool; tests pass client options (no pacing, fast retries). */
export interface CliOptions {
  /** Options merged into every client layer the tool builds (retries, rate limit, timeouts). */
  readonly client?: ClientOptions | undefined
}

class UsageError extends Error {}

const listOf = (text: string): ReadonlyArray<string> =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

const pathArgument = (name: string, kind: string) =>
  Argument.String(kebab(name)).pipe(
    Argument.withDescription(
      kind === "address"
        ? "an address: 0x and 40 hex digits"
        : kind === "hash"
          ? "a transaction hash: 0x and 64 hex digits"
          : "a token id (decimal)"
    )
  )

const filterFlag = (filter: Endpoint["filters"][number]) => {
  // effect/cli lists the choices of a literal flag itself; list flags name their values here.
  const values = filter.values === undefined || filter.kind === "literal" ? "" : `: ${filter.values.join(", ")}`
  const list = filter.kind === "literals" || filter.kind === "names"
  const description = `${filter.description}${values}${list ? " (comma-separated)" : ""}`
  return filter.kind === "literal" && filter.values !== undefined
    ? Flag.Literals(filter.name, filter.values).pipe(Flag.withDescription(description), Flag.optional)
    : Flag.String(filter.name).pipe(Flag.withDescription(description), Flag.optional)
}

/** The arguments for the client's `page`/`pages`: path parameters and filters, in the row's order. */
const clientArgs = (
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

const writeTo = (stdio: Stdio.Stdio, sink: "stdout" | "stderr", text: string) =>
  Stream.run(Stream.make(text), sink === "stdout" ? stdio.stdout() : stdio.stderr()).pipe(Effect.orDie)

const optionalSecret = (name: string) =>
  Config.option(Config.Redacted(name)).pipe(Effect.orElseSucceed(() => Option.none<Redacted.Redacted<string>>()))

/** Picks the client layer: flags first, then the environment (`Blockscout.layerConfig`). */
const clientLayer = (common: CommonInput, options: ClientOptions) =>
  Effect.gen(function* () {
    const envKey = yield* optionalSecret("BLOCKSCOUT_API_KEY")
    const envSecret = yield* optionalSecret("BLOCKSCOUT_SECRET_KEY")
    const apiKey = Option.orElse(common.apiKey, () => envKey)
    const secrets = [...Option.toArray(apiKey), ...Option.toArray(envSecret)]
    if (Option.isSome(common.chain)) {
      if (Option.isNone(apiKey)) {
        return yield* Effect.fail(
          new UsageError("the Pro API (--chain) needs a key: set BLOCKSCOUT_API_KEY or --api-key")
        )
      }
      return {
        secrets,
        layer: Blockscout.layerPro({
          ...options,
          chainId: common.chain.value,
          apiKey: apiKey.value,
          ...(Option.isSome(common.baseUrl) ? { baseUrl: common.baseUrl.value } : {})
        })
      }
    }
    if (Option.isSome(common.baseUrl)) {
      return {
        secrets,
        layer: Blockscout.layerInstance({
          ...options,
          baseUrl: common.baseUrl.value,
          ...(Option.isSome(apiKey) ? { apiKey: apiKey.value } : {}),
          ...(Option.isSome(envSecret) ? { secretKey: envSecret.value } : {})
        })
      }
    }
    return {
      secrets,
      layer: Blockscout.layerConfig(options)
    }
  })

/** Runs one endpoint with the parsed flags: the body of every subcommand. */
const runEndpoint = (
  row: Endpoint,
  args: Record<string, string | ReadonlyArray<string>>,
  common: CommonInput,
  options: CliOptions
) =>
  Effect.gen(function* () {
    const stdio = yield* Stdio.Stdio
    const output = Option.getOrUndefined(common.output)
    const resume = Option.getOrUndefined(common.resume)
    const limit = Option.getOrUndefined(common.limit)
    const pageSize = Option.getOrUndefined(common.pageSize)
    const columns = Option.map(common.columns, listOf).pipe(Option.getOrUndefined)
    if (resume !== undefined && output === undefined) {
      return yield* Effect.fail(new UsageError("--resume needs --output FILE (stdout cannot be resumed)"))
    }
    if (output !== undefined && common.format === "table") {
      return yield* Effect.fail(
        new UsageError("--format table is for reading in a terminal: use ndjson or csv with --output")
      )
    }
    if (limit !== undefined && limit < 1) return yield* Effect.fail(new UsageError("--limit must be at least 1"))
    if (pageSize !== undefined && pageSize < 1) {
      return yield* Effect.fail(new UsageError("--page-size must be at least 1"))
    }

    const progress = yield* Progress.make({
      write: (text) => writeTo(stdio, "stderr", text),
      enabled: yield* stdio.stderrIsTerminal
    })
    const onEvent = (event: BlockscoutEvent) => (event._tag === "Retry" ? progress.retry : Effect.void)
    const rps = Option.getOrUndefined(common.requestsPerSecond)
    const { layer, secrets } = yield* clientLayer(common, {
      ...(rps === undefined ? {} : { rateLimit: { requestsPerSecond: rps } }),
      ...options.client,
      onEvent: options.client?.onEvent
        ? (event) => Effect.andThen(onEvent(event), options.client?.onEvent?.(event) ?? Effect.void)
        : onEvent
    })

    const stream = Effect.gen(function* () {
      const bs = yield* Blockscout
      // `pages` serves every row; the bare-array row (E3) comes back as one page with no next cursor.
      const pages = (cursor: HistoryFile.Cursor | undefined) =>
        bs.pages(row.name as EndpointName, {
          ...args,
          ...(cursor === undefined ? {} : { cursor }),
          ...(pageSize === undefined ? {} : { pageSize })
        })

      if (output === undefined) {
        const encoder = makeEncoder(common.format, { columns })
        let written = 0
        const max = limit ?? Number.POSITIVE_INFINITY
        yield* pages(undefined).pipe(
          Stream.mapEffect((page) => {
            const items = page.items.slice(0, max - written)
            written += items.length
            return Effect.as(progress.page(items.length), encoder.encodePage(items))
          }),
          Stream.takeUntil(() => written >= max),
          Stream.run(stdio.stdout()),
          // The reader went away (`| head`): stop quietly, as Unix tools do.
          Effect.catchIf(
            (e) => e._tag === "PlatformError",
            () => Effect.void
          )
        )
        yield* progress.finish
        return
      }
      const summary = yield* HistoryFile.run({
        pages,
        output,
        checkpoint: resume,
        // Identifies the history, so a checkpoint only resumes the query it was written for. The API is the
        // client's credential-free `target.apiUrl` (family, chain and base, whether from flags or the
        // environment), never the raw --base-url: that may carry `user:pass@`, and the query is saved in the
        // checkpoint and printed when a resume is refused.
        query: JSON.stringify({
          endpoint: row.name,
          args,
          pageSize: pageSize ?? null,
          api: bs.target.apiUrl
        }),
        format: common.format === "csv" ? "csv" : "ndjson", // table into a file was refused above
        columns,
        limit,
        onPage: (_, n) => progress.page(n)
      })
      yield* progress.finish
      const state = summary.state
      yield* writeTo(
        stdio,
        "stderr",
        `${summary.resumed ? "resumed: " : ""}${count(summary.newItems)} items in ${count(summary.newPages)} pages ` +
          `written to ${output}${summary.resumed ? ` (${count(state.items)} in all)` : ""}, ${count(state.bytes)} bytes; ${
            summary.stopped === "done" ? "complete" : `stopped at --limit ${limit}`
          }\n`
      )
    })
    return yield* stream.pipe(
      Effect.provide(layer),
      Effect.mapError((error) => {
        if (error._tag === "ConfigError") {
          return new CliExit({
            code: exitCodes.usage,
            text:
              "blockscout: no API chosen: pass --chain (Pro API) or --base-url (an instance), or set " +
              "BLOCKSCOUT_CHAIN_ID with BLOCKSCOUT_API_KEY, or BLOCKSCOUT_BASE_URL"
          })
        }
        if (error instanceof CheckpointError) {
          return new CliExit({
            code: exitCodes.checkpoint,
            text: scrub(`blockscout: checkpoint ${error.path}: ${error.message}`, secrets)
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
      { command: `${usage} --chain 1 -o out.ndjson --resume out.checkpoint.json` }
    ])
  )
}

/** The whole command tree: `blockscout <endpoint> ...`, one subcommand per row of `endpoints`. */
export const makeCommand = (options: CliOptions = {}) => {
  const rows: ReadonlyArray<Endpoint> = Object.values(endpoints)
  const [first, ...rest] = rows.map((row) => endpointCommand(row, options))
  return Command.make("blockscout").pipe(
    Command.withDescription(
      "Stream any Blockscout API v2 list endpoint to NDJSON, CSV or a table, with progress, a checkpoint and resume. " +
        "Exit codes: 0 ok, 2 usage, 3 checkpoint/output, 10-20 one per API error reason, 130 interrupted."
    ),
    Command.withSubcommands(first === undefined ? [] : [first, ...rest])
  )
}

// Help goes to stdout; a usage error goes to stderr as the error and a pointer to --help, so a
// mistyped flag never puts a page of help text into a pipe meant for NDJSON.
const presenter = (stdio: Stdio.Stdio): CliOutput.Presenter => ({
  present: (event) =>
    Effect.gen(function* () {
      const formatter = yield* CliOutput.Formatter
      const write = (sink: "stdout" | "stderr", text: string) => writeTo(stdio, sink, `${text}\n`)
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
 * output to `Stdio`'s stdout and messages to its stderr, and fails with `CliExit` (carrying the exit code)
 * on any error, after writing its one-line message.
 */
export const run = (argv: ReadonlyArray<string>, options: CliOptions = {}) =>
  Effect.gen(function* () {
    const stdio = yield* Stdio.Stdio
    yield* Command.runWith(makeCommand(options), { version })(argv).pipe(
      Effect.provideService(CliOutput.Presenter, presenter(stdio)),
      Effect.provideService(CliOutput.Formatter, CliOutput.defaultFormatter({ colors: false })),
      Effect.catch((error) => {
        if (error instanceof CliExit) {
          return Effect.andThen(writeTo(stdio, "stderr", `${error.text}\n`), Effect.fail(error))
        }
        if (CliError.isCliError(error)) {
          const usage = error._tag !== "ShowHelp" || error.errors.length > 0
          return usage ? Effect.fail(new CliExit({ code: exitCodes.usage, text: "usage" })) : Effect.void
        }
        return Effect.fail(error)
      })
    )
  })
