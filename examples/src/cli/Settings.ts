/**
 * The common flags checked: the parsed flags (`Flags.ts`) turned into the `Settings` of one run, or a
 * `UsageError` naming the flag, before any request is sent (and before any file is touched).
 *
 * When to use: `settingsOf(row, input)` for an endpoint's command; `settingsFor` for any other output (an
 * address history), which has no row to partition by.
 *
 * Gotcha: effect/cli parses types (an integer is an integer); ranges, combinations and column names are
 * checked here, in one place, so every mistake is exit code 2 with the flag in the message.
 */
import type { Endpoint, PartitionOptions } from "@blockscout-effect/client"
import { Columns } from "@blockscout-effect/export"
import { Effect, Option } from "effect"
import { chainIdColumn, parseChains } from "./Chains.ts"
import { type CommonInput, listOf, type OutputFormat, usage } from "./Flags.ts"
import * as Table from "./Table.ts"

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
  /** `--dry-run`: estimate, fetch nothing beyond the counters and the first page. */
  readonly dryRun: boolean
}

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
      chains,
      dryRun: input.dryRun
    }
    return settings
  })
