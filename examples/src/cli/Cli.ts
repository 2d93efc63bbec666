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
import { type Endpoint, endpoints, type Follow } from "@blockscout-effect/client"
import { Effect, Logger, Option, Stdio } from "effect"
import { type Argument, CliError, CliOutput, Command, type Flag } from "effect/cli"
import { abiFlag, logRow, readAbi, withAbi } from "./Abi.ts"
import { backfillCommand } from "./Backfill.ts"
import { CliExit, exitCodes, exitOnUsage } from "./Exit.ts"
import {
  clientArgs,
  type CommonInput,
  commonFlags,
  filterFlag,
  fromLookupInput,
  kebab,
  lookupFlags,
  pathArgument
} from "./Flags.ts"
import { type FollowInput, followFlags, followOptionsOf, runFollow } from "./Follow.ts"
import { getCommand } from "./Get.ts"
import { historyCommand } from "./History.ts"
import type { CliOptions } from "./Api.ts"
import { runEndpoint } from "./Run.ts"
import { settingsFor } from "./Settings.ts"
import { Columns } from "@blockscout-effect/export"
import * as Screen from "./Screen.ts"

export type { CliOptions } from "./Api.ts"

/** The tool's version, printed by `--version`. */
export const version = "0.1.0"

/**
 * A list command of a row with a block range: its pages (`runEndpoint`), or with `--follow` the head
 * (`Follow.ts`), each line decorated with `--abi`'s decoding when given (log rows).
 */
const listOrFollow = (
  row: Endpoint,
  args: Record<string, string | ReadonlyArray<string>>,
  input: { readonly common: CommonInput; readonly follow: FollowInput },
  options: CliOptions,
  abiFile: string | undefined
) =>
  Effect.gen(function* () {
    const follow = yield* followOptionsOf(input.follow, input.common)
    if (follow === undefined) return yield* runEndpoint(row, args, input.common, options, abiFile)
    const settings = yield* settingsFor(row.name, Columns.ofEndpoint(row), input.common)
    const decorate = abiFile === undefined ? undefined : withAbi(yield* readAbi(abiFile))
    const { pageSize } = settings
    return yield* runFollow(settings, follow, input.common, options, {
      events: (bs, from) =>
        bs.follow(
          row.name as Follow.FollowName<typeof endpoints>,
          pageSize === undefined ? args : { ...args, pageSize },
          {
            from,
            confirmations: follow.confirmations,
            finality: follow.finality,
            pollInterval: follow.pollInterval
          }
        ),
      line: (item) => (decorate === undefined ? item : decorate({ items: [item] }).items[0]),
      query: (api) => ({ endpoint: row.name, args, api })
    })
  }).pipe(Effect.mapError(exitOnUsage))

/** One subcommand for an endpoint row: a list streams every item; a lookup (an item row) prints its object. */
export const endpointCommand = (row: Endpoint, options: CliOptions = {}) => {
  const path: Record<string, Argument.Argument<string>> = {}
  for (const p of row.pathParams) path[p.name] = pathArgument(p.name, p.kind)
  const filters: Record<string, Flag.Flag<Option.Option<string>>> = {}
  for (const f of row.filters) filters[f.name] = filterFlag(f)
  const usage = ["blockscout", kebab(row.name), ...row.pathParams.map((p) => `<${kebab(p.name)}>`)].join(" ")
  const description = `${row.summary}. ${row.ids}: GET ${row.path}${row.gotcha === undefined ? "" : `. ${row.gotcha}`}`
  const command =
    row.shape === "item"
      ? // A lookup has one object: nothing to limit, page or resume.
        Command.make(kebab(row.name), { path, filters, common: lookupFlags }, (input) =>
          runEndpoint(row, clientArgs(row, input.path, input.filters), fromLookupInput(input.common), options)
        ).pipe(
          Command.withExamples([
            { command: `${usage} --base-url https://eth.blockscout.com` },
            { command: `${usage} --chain 1 --format table` }
          ])
        )
      : row.shape === "page" && row.range?.dimension === "block"
        ? // A row with a block range can also be followed (--follow); a list of logs also takes --abi (Abi.ts).
          logRow(row)
          ? Command.make(
              kebab(row.name),
              { path, filters, common: commonFlags, abi: abiFlag, follow: followFlags },
              (input) =>
                listOrFollow(
                  row,
                  clientArgs(row, input.path, input.filters),
                  input,
                  options,
                  Option.getOrUndefined(input.abi)
                )
            ).pipe(
              Command.withExamples([
                { command: `${usage} --base-url https://eth.blockscout.com --limit 100` },
                { command: `${usage} --chain 1 --abi erc20.json --limit 100` },
                { command: `${usage} --chain 1 --follow --confirmations 2` }
              ])
            )
          : Command.make(kebab(row.name), { path, filters, common: commonFlags, follow: followFlags }, (input) =>
              listOrFollow(row, clientArgs(row, input.path, input.filters), input, options, undefined)
            ).pipe(
              Command.withExamples([
                { command: `${usage} --base-url https://eth.blockscout.com --limit 100 --format table` },
                { command: `${usage} --chain 1 -o out.ndjson --resume out.checkpoint.json` },
                { command: `${usage} --chain 1 --follow --confirmations 2` },
                { command: `${usage} --chain 1 --follow --format csv -o out.csv --resume out.checkpoint.json` }
              ])
            )
        : logRow(row)
          ? // A list of logs also takes --abi (Abi.ts).
            Command.make(kebab(row.name), { path, filters, common: commonFlags, abi: abiFlag }, (input) =>
              runEndpoint(
                row,
                clientArgs(row, input.path, input.filters),
                input.common,
                options,
                Option.getOrUndefined(input.abi)
              )
            ).pipe(
              Command.withExamples([
                { command: `${usage} --base-url https://eth.blockscout.com --limit 100` },
                { command: `${usage} --chain 1 --abi erc20.json --limit 100` }
              ])
            )
          : Command.make(kebab(row.name), { path, filters, common: commonFlags }, (input) =>
              runEndpoint(row, clientArgs(row, input.path, input.filters), input.common, options)
            ).pipe(
              Command.withExamples([
                { command: `${usage} --base-url https://eth.blockscout.com --limit 100 --format table` },
                { command: `${usage} --chain 1 -o out.ndjson --resume out.checkpoint.json` },
                { command: `${usage} --chain 1 --format parquet -o out.parquet --resume out.checkpoint.json` }
              ])
            )
  return command.pipe(Command.withDescription(description), Command.withShortDescription(row.summary))
}

/**
 * The whole command tree: `blockscout <endpoint> ...`, one subcommand per row of `endpoints`, and
 * `address-history` (History.ts).
 */
export const makeCommand = (options: CliOptions = {}) => {
  const rows: ReadonlyArray<Endpoint> = Object.values(endpoints)
  const [first, ...rest] = [
    ...rows.map((row) => endpointCommand(row, options)),
    historyCommand(options),
    getCommand(options)
  ]
  return Command.make("blockscout").pipe(
    Command.withDescription(
      "Stream any Blockscout API v2 list endpoint to NDJSON, CSV, Parquet or a table, with progress, a checkpoint " +
        "and resume; look one item up (transaction, block, address, token, ...) in the same formats. Data goes to " +
        "stdout (or --output), everything else to stderr. Exit codes: 0 ok, 2 usage, " +
        "3 checkpoint, 4 output file, 10-26 one per API error reason, 130 SIGINT, 143 SIGTERM. `get /path` reaches " +
        "any API v2 path without a subcommand. Every BLOCKSCOUT_* variable of the client's configuration is read " +
        "(BLOCKSCOUT_PAGE_SIZE, BLOCKSCOUT_RETRY_BASE, ...); a flag wins over its variable."
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
