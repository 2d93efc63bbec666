/**
 * Sinks that write a stream of decoded items to a file: NDJSON, CSV, or Parquet.
 *
 * When to use: `stream.pipe(Stream.run(Sinks.csv("out.csv", Columns.fromSchema(Transaction))))` for a one-off
 * export of any item stream (`bs.streamTransactions(...)`, a filtered or joined stream of your own). For a
 * history you want to resume after a crash, stream pages into `HistoryFile.run` instead: it checkpoints the
 * cursor with the file.
 *
 * Gotchas: the file is rewritten from scratch. NDJSON and CSV are written as chunks arrive (a failed stream
 * leaves the items written so far); Parquet stages items in a temporary NDJSON file and writes the Parquet file
 * once the stream ends, so a failed stream leaves no Parquet file (and any previous one untouched).
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Path, Sink } from "effect"
import type { Column } from "./Columns.ts"
import { OutputError } from "./Errors.ts"
import { makeEncoder } from "./Format.ts"
import * as Parquet from "./Parquet.ts"

/**
 * What a sink wrote.
 *
 * @since 0.1.0
 * @category models
 */
export interface Written {
  readonly path: string
  readonly items: number
  /** Parquet: each column's SQL type. */
  readonly columns?: Parquet.ConvertSummary["columns"] | undefined
}

const textSink = (path: string, format: "ndjson" | "csv", columns: ReadonlyArray<Column> | undefined) =>
  Sink.unwrap(
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const fail = (e: { readonly message: string }) => new OutputError({ path, message: `cannot write: ${e.message}` })
      const file = yield* fs.open(path, { flag: "w" }).pipe(Effect.mapError(fail))
      const encoder = makeEncoder(format, { columns })
      const bytes = new TextEncoder()
      let items = 0
      // The CSV header goes out even for an empty stream.
      if (format === "csv") yield* file.writeAll(bytes.encode(encoder.encodePage([]))).pipe(Effect.mapError(fail))
      return Sink.forEachArray((chunk: ReadonlyArray<unknown>) => {
        items += chunk.length
        return file.writeAll(bytes.encode(encoder.encodePage(chunk))).pipe(Effect.mapError(fail))
      }).pipe(Sink.mapEffect(() => Effect.as(file.sync.pipe(Effect.mapError(fail)), { path, items } as Written)))
    })
  )

/**
 * Writes every item as one line of JSON (`bigint` as decimal strings, timestamps as ISO 8601).
 *
 * @since 0.1.0
 * @category sinks
 */
export const ndjson = (path: string): Sink.Sink<Written, unknown, never, OutputError, FileSystem.FileSystem> =>
  textSink(path, "ndjson", undefined)

/**
 * Writes a CSV file with a header of `columns` (see `Columns` for the flattening rule) and one row per item.
 *
 * @since 0.1.0
 * @category sinks
 */
export const csv = (
  path: string,
  columns: ReadonlyArray<Column>
): Sink.Sink<Written, unknown, never, OutputError, FileSystem.FileSystem> => textSink(path, "csv", columns)

/**
 * Writes a Parquet file with typed `columns` (see `Parquet.convert`) once the stream ends.
 *
 * @since 0.1.0
 * @category sinks
 */
export const parquet = (
  path: string,
  columns: ReadonlyArray<Column>,
  options: { readonly bigints?: "fit" | "string" | undefined } = {}
): Sink.Sink<Written, unknown, never, OutputError, FileSystem.FileSystem | Path.Path> =>
  Sink.unwrap(
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const paths = yield* Path.Path
      const dir = yield* fs
        .makeTempDirectoryScoped()
        .pipe(Effect.mapError((e) => new OutputError({ path, message: `cannot stage: ${e.message}` })))
      const staging = paths.join(dir, "items.ndjson")
      return Sink.mapEffect(textSink(staging, "ndjson", undefined), (staged) =>
        Effect.map(
          Parquet.convert({ input: staging, output: path, columns, bigints: options.bigints }),
          (written): Written => ({ path, items: staged.items, columns: written.columns })
        )
      )
    })
  )
