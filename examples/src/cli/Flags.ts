/**
 * The flags every `blockscout` subcommand takes, and their checks.
 *
 * When to use: `commonFlags` is spread into each endpoint's command; `settingsOf(row, input)` turns the parsed
 * flags into checked `Settings` or fails with a `UsageError` naming the flag, before any request is sent (and
 * before any file is touched).
 *
 * Gotcha: effect/cli parses types (an integer is an integer); ranges, combinations and column names are
 * checked here, in one place, so every mistake is exit code 2 with the flag in the message.
 */
import type { Endpoint, PartitionOptions } from "@blockscout-effect/client"
import { chainIdColumn, parseChains } from "./Chains.ts"
import { Columns, Format } from "@blockscout-effect/export"
import { Effect, Option } from "effect"
import { type Command, Flag } from "effect/cli"
import * as Table from "./Table.ts"

/** The output formats of the tool: the file formats, and a table for a terminal. */
export const formats = [...Format.formats, "table"] as const

/** One of `formats`. */
export type OutputFormat = (typeof formats)[number]

/** A flag's value or combination is wrong; the message names the flag. */
export class UsageError extends Error {}

// Sit on each subcommand (not on the root), so they may be written after the subcommand name, where users
// put them.
export const commonFlags = {
  chain: Flag.Int("chain").pipe(
    Flag.withDescription("Pro API chain id (1 = Ethereum); selects the Pro API (needs a key)"),
    Flag.optional
  ),
  chains: Flag.String("chains").pipe(
    Flag.withDescription(
      "Pro API chain ids, comma-separated (1,10,8453): the same query on each, on the key's one rate limit; " +
        "every item gets a chain_id, a chain's failure is reported and the others go on"
    ),
    Flag.optional
  ),
  baseUrl: Flag.String("base-url").pipe(
    Flag.withDescription(
      "An instance's address (https://eth.blockscout.com, with or without /api/v2); with --chain, the Pro API's " +
        "base instead. Without --chain and --base-url: BLOCKSCOUT_CHAIN_ID / BLOCKSCOUT_BASE_URL from the environment"
    ),
    Flag.optional
  ),
  apiKey: Flag.Redacted("api-key").pipe(
    Flag.withDescription("API key (default: BLOCKSCOUT_API_KEY); prefer the variable, flags show up in `ps`"),
    Flag.optional
  ),
  secretKey: Flag.Redacted("secret-key").pipe(
    Flag.withDescription(
      "An instance's secret key for addresses it restricts (default: BLOCKSCOUT_SECRET_KEY); prefer the variable"
    ),
    Flag.optional
  ),
  format: Flag.Literals("format", formats).pipe(
    Flag.withDescription(
      "ndjson (one JSON object a line; the default), csv, parquet (needs --output), or table (a terminal)"
    ),
    Flag.withDefault("ndjson" as OutputFormat)
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
    Flag.withDescription("Items per request, 1 to 100 (default: the largest a server gives, 100; 50 on 11.x)"),
    Flag.optional
  ),
  resume: Flag.String("resume").pipe(
    Flag.withDescription("Checkpoint file (needs --output): written after every page; if it exists, continue from it"),
    Flag.optional
  ),
  columns: Flag.String("columns").pipe(
    Flag.withDescription(
      "csv/parquet/table: comma-separated dotted columns (from.hash,total.value); default: every field of the " +
        "resource (csv, parquet) or a few (table)"
    ),
    Flag.optional
  ),
  requestsPerSecond: Flag.Finite("requests-per-second").pipe(
    Flag.withDescription(
      "Requests a second for a server that announces no rate limit, above 0 (an announced limit is always followed)"
    ),
    Flag.optional
  ),
  timeout: Flag.Finite("timeout").pipe(
    Flag.withDescription("Seconds to wait for each response before retrying it (default 120)"),
    Flag.optional
  ),
  retries: Flag.Int("retries").pipe(
    Flag.withDescription("Retries of a failed request (429, 5xx, network, timeout), 0 to 100 (default 5)"),
    Flag.optional
  ),
  fromBlock: Flag.Int("from-block").pipe(
    Flag.withDescription("Partitioned: the oldest block included (rows keyed by block; default 0)"),
    Flag.optional
  ),
  toBlock: Flag.Int("to-block").pipe(
    Flag.withDescription("Partitioned: the newest block included (default: the newest the server has)"),
    Flag.optional
  ),
  fromIndex: Flag.Int("from-index").pipe(
    Flag.withDescription("Partitioned: the oldest index included (withdrawals; default 0)"),
    Flag.optional
  ),
  toIndex: Flag.Int("to-index").pipe(
    Flag.withDescription("Partitioned: the newest index included (withdrawals; default: the newest)"),
    Flag.optional
  ),
  parts: Flag.Int("parts").pipe(
    Flag.withDescription("Partitioned: split the span in this many ranges first (needs --to-block or --to-index)"),
    Flag.optional
  ),
  concurrency: Flag.String("concurrency").pipe(
    Flag.withDescription(
      "Partitioned: requests in flight, auto (the server's rate times its answer time; the default) or 1 to 1024. " +
        "Any partition flag fetches the history's ranges at once, newest first, in the order a plain run gives"
    ),
    Flag.optional
  )
}

/** The parsed common flags. */
export type CommonInput = Command.Command.Config.Infer<typeof commonFlags>

const { limit: _limit, pageSize: _pageSize, resume: _resume, ...lookup } = commonFlags

/**
 * The flags of a lookup (an item row such as `transaction 0x..`): the common ones but `--limit`, `--page-size`
 * and `--resume`, which mean nothing for one object (so `--help` does not offer them).
 */
export const lookupFlags = lookup

/** The parsed flags of a lookup. */
export type LookupInput = Command.Command.Config.Infer<typeof lookupFlags>

/** A lookup's flags as the common input `settingsOf` checks (no limit, page size or checkpoint). */
export const fromLookupInput = (input: LookupInput): CommonInput => ({
  ...input,
  limit: Option.none(),
  pageSize: Option.none(),
  resume: Option.none()
})

/** The checked flags of one run. */
export interface Settings {
  readonly format: OutputFormat
  readonly output: string | undefined
  readonly resume: string | undefined
  readonly limit: number | undefined
  readonly pageSize: number | undefined
  /** CSV, Parquet and table: the columns, from the row's schema (all, a `--columns` choice, or the table's few). */
  readonly columns: ReadonlyArray<Columns.Column> | undefined
  readonly requestsPerSecond: number | undefined
  readonly timeoutSeconds: number | undefined
  readonly retries: number | undefined
  /** A partitioned run: its span and concurrency (the client's `partition` option); `undefined`: sequential. */
  readonly partition: PartitionOptions | undefined
  /** `--chains`: the Pro API chains to run on (items tagged with `chain_id`). */
  readonly chains: ReadonlyArray<number> | undefined
}

/** A comma-separated flag value as a list (blanks dropped). */
export const listOf = (text: string): ReadonlyArray<string> =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

const usage = (message: string) => Effect.fail(new UsageError(message))

const inRange = (flag: string, value: number | undefined, min: number, max: number, what: string) =>
  value === undefined || (value >= min && value <= max) ? Effect.void : usage(`--${flag} ${value}: ${what}`)

const partitionFlags = ["from-block", "to-block", "from-index", "to-index", "parts", "concurrency"] as const

/** The `partition` option the partition flags ask for, checked against the row; `undefined` when none is given. */
const partitionOf = (row: Endpoint, input: CommonInput) =>
  Effect.gen(function* () {
    const get = Option.getOrUndefined
    const given = {
      "from-block": get(input.fromBlock),
      "to-block": get(input.toBlock),
      "from-index": get(input.fromIndex),
      "to-index": get(input.toIndex),
      parts: get(input.parts),
      concurrency: get(input.concurrency)
    }
    const first = partitionFlags.find((flag) => given[flag] !== undefined)
    if (first === undefined) return undefined
    const range = row.shape === "page" ? row.range : undefined
    if (range === undefined) {
      return yield* usage(`--${first}: ${row.name} cannot be partitioned (its cursor is not a block or an index)`)
    }
    const [from, to, other] =
      range.dimension === "block"
        ? (["from-block", "to-block", "index"] as const)
        : (["from-index", "to-index", "block"] as const)
    for (const flag of [`from-${other}`, `to-${other}`] as const) {
      if (given[flag] !== undefined)
        yield* usage(`--${flag}: ${row.name} is keyed by ${range.dimension}: use --${from}/--${to}`)
    }
    yield* inRange(from, given[from], 0, Number.MAX_SAFE_INTEGER, "must be 0 or more")
    yield* inRange(to, given[to], given[from] ?? 0, Number.MAX_SAFE_INTEGER, `must be at least --${from}`)
    yield* inRange("parts", given.parts, 1, 100_000, "must be from 1 to 100000")
    if (given.parts !== undefined && given[to] === undefined) yield* usage(`--parts needs --${to}`)
    const concurrency = given.concurrency
    const workers = concurrency === undefined || concurrency === "auto" ? "auto" : Number(concurrency)
    if (workers !== "auto" && !(Number.isInteger(workers) && workers >= 1 && workers <= 1024)) {
      yield* usage(`--concurrency ${concurrency}: must be auto or from 1 to 1024`)
    }
    const span =
      range.dimension === "block"
        ? { fromBlock: given["from-block"], toBlock: given["to-block"] }
        : { fromIndex: given["from-index"], toIndex: given["to-index"] }
    const partition: PartitionOptions = { ...span, parts: given.parts, concurrency: workers }
    return partition
  })

/** Checks every flag that needs more than its type (ranges, combinations, columns); fails with `UsageError`. */
export const settingsOf = (row: Endpoint, input: CommonInput) =>
  Effect.gen(function* () {
    const settings = yield* settingsFor(row.name, Columns.ofEndpoint(row), input)
    const partition = yield* partitionOf(row, input)
    if (partition !== undefined && settings.chains !== undefined) {
      yield* usage(
        "--chains runs each chain from its newest item: block and index spans differ per chain, drop the partition flags"
      )
    }
    return { ...settings, partition }
  })

/**
 * `settingsOf` for any output, without the row's partition: `what` names the items in messages, `columns` are
 * every column they have (CSV and Parquet write them all, `--columns` picks from them, `tableColumns` the few a
 * table shows).
 */
export const settingsFor = (
  what: string,
  columns: ReadonlyArray<Columns.Column>,
  input: CommonInput,
  tableColumns: (all: ReadonlyArray<Columns.Column>) => ReadonlyArray<Columns.Column> = Table.defaultColumns
) =>
  Effect.gen(function* () {
    const get = Option.getOrUndefined
    const format = input.format
    const output = get(input.output)
    const resume = get(input.resume)
    const rps = get(input.requestsPerSecond)
    const timeout = get(input.timeout)
    yield* inRange("limit", get(input.limit), 1, Number.MAX_SAFE_INTEGER, "must be at least 1")
    yield* inRange("page-size", get(input.pageSize), 1, 100, "must be from 1 to 100")
    yield* inRange("chain", get(input.chain), 1, Number.MAX_SAFE_INTEGER, "must be a positive chain id")
    yield* inRange("retries", get(input.retries), 0, 100, "must be from 0 to 100")
    if (rps !== undefined && !(rps > 0)) yield* usage(`--requests-per-second ${rps}: must be above 0`)
    if (timeout !== undefined && !(timeout > 0)) yield* usage(`--timeout ${timeout}: must be above 0 seconds`)
    if (output !== undefined && output.trim() === "") yield* usage("--output: needs a file name")
    if (resume !== undefined && output === undefined) {
      yield* usage("--resume needs --output FILE (stdout cannot be resumed)")
    }
    if (resume !== undefined && resume === output) yield* usage("--resume: the checkpoint cannot be the output file")
    if (output !== undefined && format === "table") {
      yield* usage("--format table is for reading in a terminal: use ndjson, csv or parquet with --output")
    }
    if (output === undefined && format === "parquet") yield* usage("--format parquet needs --output FILE")
    let chains: ReadonlyArray<number> | undefined
    if (Option.isSome(input.chains)) {
      const parsed = parseChains(input.chains.value)
      if (typeof parsed === "string") return yield* usage(parsed)
      if (Option.isSome(input.chain)) yield* usage("--chains and --chain: give one (--chains runs every chain listed)")
      if (resume !== undefined && Option.isSome(input.limit)) {
        yield* usage("--chains with --resume cannot stop at --limit (chains interleave): drop --limit to resume")
      }
      chains = parsed
    }

    let selected: ReadonlyArray<Columns.Column> | undefined
    const all = chains === undefined ? columns : [chainIdColumn, ...columns]
    if (Option.isSome(input.columns)) {
      if (format === "ndjson") yield* usage("--columns applies to csv, parquet and table output, not ndjson")
      const names = listOf(input.columns.value)
      if (names.length === 0) yield* usage("--columns: name at least one column")
      const chosen = Columns.select(all, names)
      if (chosen.unknown.length > 0) {
        yield* usage(
          `--columns: ${what} items have no column ${chosen.unknown.join(", ")} ` +
            `(they have ${all.length}, e.g. ${all
              .slice(0, 6)
              .map((c) => c.name)
              .join(", ")}; see --format csv --limit 1 for all)`
        )
      }
      selected = chosen.columns
    } else if (format === "csv" || format === "parquet") selected = all
    else if (format === "table") selected = tableColumns(all)

    const settings: Settings = {
      partition: undefined,
      format,
      output,
      resume,
      limit: get(input.limit),
      pageSize: get(input.pageSize),
      columns: selected,
      requestsPerSecond: rps,
      timeoutSeconds: timeout,
      retries: get(input.retries),
      chains
    }
    return settings
  })
