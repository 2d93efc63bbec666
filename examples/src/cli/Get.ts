/**
 * `blockscout get /path?query`: any GET path of API v2 that has no subcommand yet, through the client's escape
 * hatch (`getPath`, `streamPath`): the same key, retries, rate limit, redaction and exit codes as every
 * subcommand. Prints the body as one line of JSON; with `--all`, a paged path's items as NDJSON, following
 * `next_page_params` to the end (or `--limit`).
 *
 * When to use: an endpoint the table has no row for yet (`/stats`, `/config/backend-version`,
 * `/smart-contracts/0x..`). A row, when there is one, gives typed columns, CSV, Parquet and resume.
 */
import { Blockscout } from "@blockscout-effect/client"
import { Json } from "@blockscout-effect/export"
import { Effect, Option, PlatformError } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { clientLayer } from "./Api.ts"
import { exitOnUsage } from "./Exit.ts"
import { type CommonInput, commonFlags, usage } from "./Flags.ts"
import type { CliOptions } from "./Api.ts"
import { runJob, toStdout } from "./Run.ts"
import * as Screen from "./Screen.ts"
import { settingsFor } from "./Settings.ts"

const { chain, baseUrl, apiKey, secretKey, requestsPerSecond, timeout, retries, limit, pageSize } = commonFlags

/** The flags of `get`: where and how to connect, and for `--all` how much and in what pages. */
export const getFlags = {
  chain,
  baseUrl,
  apiKey,
  secretKey,
  requestsPerSecond,
  timeout,
  retries,
  all: Flag.Boolean("all").pipe(
    Flag.withDescription(
      "The path is a list ({ items, next_page_params }): print every item as NDJSON, page after page (the query " +
        "re-sent on each), instead of the first body"
    ),
    Flag.withDefault(false)
  ),
  limit: limit.pipe(Flag.withDescription("With --all: stop after this many items")),
  pageSize: pageSize.pipe(Flag.withDescription("With --all: items per request, 1 to 100 (default: 100)"))
}

type GetInput = Command.Command.Config.Infer<typeof getFlags>

/** `get`'s flags as the common input the checks take (NDJSON to stdout, nothing partitioned or resumed). */
const asCommon = (input: GetInput): CommonInput => ({
  ...input,
  chains: Option.none(),
  format: "ndjson",
  output: Option.none(),
  resume: Option.none(),
  columns: Option.none(),
  fromBlock: Option.none(),
  toBlock: Option.none(),
  fromIndex: Option.none(),
  toIndex: Option.none(),
  parts: Option.none(),
  concurrency: Option.none(),
  dryRun: false
})

/** Runs `get` with the parsed argument and flags. */
export const runGet = (path: string, input: GetInput, options: CliOptions) =>
  Effect.gen(function* () {
    if (!input.all && (Option.isSome(input.limit) || Option.isSome(input.pageSize))) {
      return yield* usage("--limit and --page-size need --all (without it, get prints one body)")
    }
    const common = asCommon(input)
    const settings = yield* settingsFor("get", [], common)
    const screen = yield* Screen.make
    const { layer, secrets } = yield* clientLayer(common, settings, options, (retries) =>
      Screen.onEvent(screen, retries)
    )
    const job = Effect.gen(function* () {
      const bs = yield* Blockscout
      if (input.all) {
        yield* toStdout(
          screen,
          settings,
          bs.streamPathPages(path, settings.pageSize === undefined ? {} : { pageSize: settings.pageSize })
        )
        return yield* screen.progress.finish
      }
      const body = yield* bs.getPath(path)
      yield* screen.data(`${JSON.stringify(Json.toJsonValue(body))}\n`).pipe(
        // The reader went away (`| head`): stop quietly.
        Effect.catchIf(
          (e): e is PlatformError.PlatformError => e instanceof PlatformError.PlatformError,
          () => Effect.void
        )
      )
    })
    return yield* runJob(job, { layer, screen, resume: undefined, secrets })
  }).pipe(Effect.mapError(exitOnUsage))

/** The `get` subcommand. */
export const getCommand = (options: CliOptions = {}) =>
  Command.make(
    "get",
    {
      path: Argument.String("path").pipe(
        Argument.withDescription("A path under /api/v2, with its query: /stats, /smart-contracts/0x..?foo=bar")
      ),
      flags: getFlags
    },
    (input) => runGet(input.path, input.flags, options)
  ).pipe(
    Command.withDescription(
      "GET any path of API v2 that has no subcommand yet, with the same key, retries, rate limit and exit codes: " +
        "the body as one line of JSON, or with --all a list's items as NDJSON. The path is relative to /api/v2 " +
        "(no host, no .., no credentials: exit 10 otherwise, nothing sent)."
    ),
    Command.withShortDescription("GET any API v2 path (JSON; --all: a list's items as NDJSON)"),
    Command.withExamples([
      { command: "blockscout get /config/backend-version --base-url https://eth.blockscout.com" },
      { command: "blockscout get '/tokens?type=ERC-20' --all --limit 100 --chain 1" }
    ])
  )
