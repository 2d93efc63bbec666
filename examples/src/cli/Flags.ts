/**
 * The flags every `blockscout` subcommand takes, as effect/cli parses them (types only).
 *
 * When to use: `commonFlags` is spread into each endpoint's command, `lookupFlags` into each lookup's; their
 * checks beyond types (ranges, combinations, columns) are `Settings.ts`'s, so every mistake is exit code 2
 * with the flag in the message, before any request is sent.
 */
import type { Endpoint } from "@blockscout-effect/client"
import { Format } from "@blockscout-effect/export"
import { Effect, Option } from "effect"
import { Argument, type Command, Flag } from "effect/cli"

/** The output formats of the tool: the file formats, and a table for a terminal. */
export const formats = [...Format.formats, "table"] as const

/** One of `formats`. */
export type OutputFormat = (typeof formats)[number]

/** A flag's value or combination is wrong; the message names the flag. */
export class UsageError extends Error {}

/** Fails with a `UsageError` saying `message` (name the flag in it). */
export const usage = (message: string): Effect.Effect<never, UsageError> => Effect.fail(new UsageError(message))

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
        "base instead. Without --chain and --base-url: BLOCKSCOUT_CHAIN_ID / BLOCKSCOUT_BASE_URL (and " +
        "BLOCKSCOUT_FAMILY), as the client's configuration reads them"
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
    Flag.withDescription(
      "Items per request, 1 to 100 (default: BLOCKSCOUT_PAGE_SIZE, else the largest a server gives, 100; 50 on 11.x)"
    ),
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
      "Requests a second for a server that announces no rate limit, above 0 (an announced limit is always followed; " +
        "default: BLOCKSCOUT_RATE_LIMIT_REQUESTS_PER_SECOND)"
    ),
    Flag.optional
  ),
  timeout: Flag.Finite("timeout").pipe(
    Flag.withDescription(
      "Seconds to wait for each response before retrying it (default: BLOCKSCOUT_TIMEOUT, else 120)"
    ),
    Flag.optional
  ),
  retries: Flag.Int("retries").pipe(
    Flag.withDescription(
      "Retries of a failed request (429, 5xx, network, timeout), 0 to 100 (default: BLOCKSCOUT_RETRY_TIMES, else 5)"
    ),
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
  ),
  dryRun: Flag.Boolean("dry-run").pipe(
    Flag.withDescription(
      "Estimate, do not fetch: items, calls, credits and time at the announced (or given) rate, from the " +
        "counters and the first page only; the estimate as JSON on stdout, a summary on stderr"
    ),
    Flag.withDefault(false)
  )
}

/** The parsed common flags. */
export type CommonInput = Command.Command.Config.Infer<typeof commonFlags>

const { limit: _limit, pageSize: _pageSize, resume: _resume, dryRun: _dryRun, ...lookup } = commonFlags

/**
 * The flags of a lookup (an item row such as `transaction 0x..`): the common ones but `--limit`, `--page-size`,
 * `--resume` and `--dry-run`, which mean nothing for one object (so `--help` does not offer them).
 */
export const lookupFlags = lookup

/** The parsed flags of a lookup. */
export type LookupInput = Command.Command.Config.Infer<typeof lookupFlags>

/** A lookup's flags as the common input `settingsOf` checks (no limit, page size or checkpoint). */
export const fromLookupInput = (input: LookupInput): CommonInput => ({
  ...input,
  limit: Option.none(),
  pageSize: Option.none(),
  resume: Option.none(),
  dryRun: false
})

/** A comma-separated flag value as a list (blanks dropped). */
export const listOf = (text: string): ReadonlyArray<string> =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

// === A row's own arguments and flags (the list subcommands and `backfill run` share them) ===

/** `tokenInstanceTransfers` -> `token-instance-transfers`. */
export const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

const pathDescriptions: Record<Endpoint["pathParams"][number]["kind"], string> = {
  address: "an address: 0x and 40 hex digits",
  hash: "a transaction hash: 0x and 64 hex digits",
  tokenId: "a token id (decimal)",
  block: "a block number (decimal) or a block hash (0x and 64 hex digits)"
}

/** A path parameter as a positional argument (also used by `backfill run`). */
export const pathArgument = (name: string, kind: Endpoint["pathParams"][number]["kind"]) =>
  Argument.String(kebab(name)).pipe(Argument.withDescription(pathDescriptions[kind]))

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
