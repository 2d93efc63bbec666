/**
 * Parquet files of decoded items, written by DuckDB (`@duckdb/node-api`) with typed columns.
 *
 * When to use: `HistoryFile.run({ format: "parquet", ... })` (resumable) or `Sinks.parquet` (a stream of
 * items) write Parquet for you; `convert` is the step they share: an NDJSON file of items (as `Json.stringify`
 * writes them) becomes a Parquet file whose columns are `Columns` (the same flattened columns as CSV).
 *
 * Column types: `string` VARCHAR, `integer` BIGINT, `number` DOUBLE, `boolean` BOOLEAN, `timestamp`
 * TIMESTAMP WITH TIME ZONE (UTC), `json` JSON (arrays and nested values as JSON text), and `bigint` (wei
 * amounts, gas, token ids) exact: DECIMAL(38,0) when every value of the column in the file fits 38 digits,
 * else VARCHAR holding the decimal digits (token amounts and ids are uint256: up to 78 digits, which no
 * Parquet number holds). `bigints: "string"` makes every bigint column VARCHAR, for a schema that does not
 * depend on the data.
 *
 * Why DuckDB: its Parquet writer is maintained with the engine analysts read Parquet with, it converts the
 * staged NDJSON without holding it in memory, and `@duckdb/node-api` ships its native binary inside an npm
 * package (`@duckdb/node-bindings-<platform>`), so nothing is downloaded at install or run time. Extension
 * auto-install is switched off: the JSON and Parquet extensions are built in.
 *
 * Gotchas: the Parquet file is replaced atomically (temp file beside it, then rename), so a reader never sees
 * half a file. A value that does not fit its column's type fails the conversion rather than being dropped.
 *
 * @since 0.1.0
 */
import { DuckDBInstance } from "@duckdb/node-api"
import { Effect, FileSystem, Path } from "effect"
import type { Column, ColumnKind } from "./Columns.ts"
import { OutputError } from "./Errors.ts"

/**
 * Options of `convert`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ConvertOptions {
  /** The NDJSON file of items (one `Json.stringify`-ed item a line). */
  readonly input: string
  /** The Parquet file to write (replaced atomically). */
  readonly output: string
  /** The columns, in order. */
  readonly columns: ReadonlyArray<Column>
  /** `"fit"` (default): DECIMAL(38,0) when every value fits, else VARCHAR; `"string"`: always VARCHAR. */
  readonly bigints?: "fit" | "string" | undefined
  /** Parquet compression (default `zstd`). */
  readonly compression?: "zstd" | "snappy" | "gzip" | "uncompressed" | undefined
}

/**
 * What `convert` wrote: the row count and each column's SQL type.
 *
 * @since 0.1.0
 * @category models
 */
export interface ConvertSummary {
  readonly rows: number
  readonly columns: ReadonlyArray<{ readonly name: string; readonly type: string }>
}

const sqlString = (s: string): string => `'${s.replaceAll("'", "''")}'`
const sqlIdentifier = (s: string): string => `"${s.replaceAll('"', '""')}"`
const jsonPath = (path: ReadonlyArray<string>): string =>
  sqlString(
    path.length === 0 ? "$" : `$${path.map((k) => `."${k.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join("")}`
  )

const scalarType: Record<Exclude<ColumnKind, "bigint">, string> = {
  string: "VARCHAR",
  integer: "BIGINT",
  number: "DOUBLE",
  boolean: "BOOLEAN",
  timestamp: "TIMESTAMPTZ",
  json: "JSON"
}

// DuckDB's JSON functions give SQL NULL for a missing key and for a JSON null, on the text form.
const expression = (column: Column, type: string): string => {
  const path = jsonPath(column.path)
  const text = `json_extract_string(json, ${path})`
  return column.kind === "json"
    ? `CASE WHEN ${text} IS NULL THEN NULL ELSE json_extract(json, ${path}) END`
    : `CAST(${text} AS ${type})`
}

const run = <A>(message: string, output: string, f: () => Promise<A>) =>
  Effect.tryPromise({
    try: f,
    catch: (e) =>
      new OutputError({ path: output, message: `${message}: ${e instanceof Error ? e.message : String(e)}` })
  })

/**
 * Converts an NDJSON file of items into a Parquet file with typed columns.
 *
 * @since 0.1.0
 * @category files
 */
export const convert = Effect.fn("Parquet.convert")(function* (options: ConvertOptions) {
  const fs = yield* FileSystem.FileSystem
  const paths = yield* Path.Path
  const fail = (message: string) => new OutputError({ path: options.output, message })
  const output = paths.resolve(options.output)
  const tmp = paths.join(paths.dirname(output), `.${paths.basename(output)}.tmp`)
  // DuckDB's readers expand globs (`*`, `?`, `[`) in a path: it reads the input through a link of a fixed name.
  const dir = yield* fs.makeTempDirectoryScoped().pipe(Effect.mapError((e) => fail(e.message)))
  const link = paths.join(dir, "items.ndjson")
  yield* fs.symlink(paths.resolve(options.input), link).pipe(Effect.mapError((e) => fail(e.message)))

  const instance = yield* Effect.acquireRelease(
    run("cannot start DuckDB", options.output, () =>
      DuckDBInstance.create(":memory:", { autoinstall_known_extensions: "false", autoload_known_extensions: "false" })
    ),
    (db) => Effect.sync(() => db.closeSync())
  )
  const connection = yield* Effect.acquireRelease(
    run("cannot start DuckDB", options.output, () => instance.connect()),
    (c) => Effect.sync(() => c.closeSync())
  )
  const query = (sql: string) =>
    run("cannot write Parquet", options.output, () => connection.runAndReadAll(sql)).pipe(
      Effect.map((r) => r.getRowObjectsJson())
    )
  const source = `read_ndjson_objects(${sqlString(link)})`

  // A bigint column is DECIMAL(38,0) only if every value in the file fits.
  const bigints = options.columns.filter((c) => c.kind === "bigint")
  const widths = new Map<string, number>()
  if (bigints.length > 0 && options.bigints !== "string") {
    const [row] = yield* query(
      `SELECT ${bigints
        .map((c, i) => `max(length(ltrim(json_extract_string(json, ${jsonPath(c.path)}), '-'))) AS w${i}`)
        .join(", ")} FROM ${source}`
    )
    for (const [i, c] of bigints.entries()) widths.set(c.name, Number(row?.[`w${i}`] ?? 0))
  }
  const types = options.columns.map((c) =>
    c.kind === "bigint"
      ? options.bigints !== "string" && (widths.get(c.name) ?? 0) <= 38
        ? "DECIMAL(38,0)"
        : "VARCHAR"
      : scalarType[c.kind]
  )
  const select = options.columns.map((c, i) => `${expression(c, types[i]!)} AS ${sqlIdentifier(c.name)}`).join(",\n  ")
  const compression = options.compression ?? "zstd"
  const [written] = yield* query(
    `COPY (SELECT ${select} FROM ${source}) TO ${sqlString(tmp)} (FORMAT parquet, COMPRESSION ${compression})`
  ).pipe(Effect.onError(() => Effect.ignore(fs.remove(tmp, { force: true }))))
  yield* fs.rename(tmp, output).pipe(Effect.mapError((e) => fail(`cannot write: ${e.message}`)))
  const summary: ConvertSummary = {
    rows: Number(written?.Count ?? 0),
    columns: options.columns.map((c, i) => ({ name: c.name, type: types[i]! }))
  }
  return summary
}, Effect.scoped)
