/**
 * The checkpoint file of a history stream: where the output file ends and which cursor comes next.
 *
 * When to use: `HistoryFile.run` writes one after every page and reads it back to resume. You only touch
 * this module to inspect a checkpoint (`read`) or to build your own resumable writer.
 *
 * The format (version 1), one JSON object:
 * `{"version":1,"query":"...","output":"out.ndjson","format":"ndjson","cursor":{"block_number":225,"index":1},
 * "skip":0,"done":false,"bytes":693914,"items":500,"pages":10}`. `cursor` is the next page to fetch (null: the
 * first), `bytes` the length of the (staged) output after the last whole page, `skip` the items of the page at
 * `cursor` already written (non-zero only when a limit stopped in the middle of a page). For Parquet, `bytes`
 * counts the NDJSON staging file beside the output (`<output>.staging.ndjson`). A partitioned stream's
 * checkpoint also holds `progress`, the client's `PartitionProgress` after the last whole page (its ranges
 * and their cursors); `cursor` is then unused.
 *
 * Gotchas: a checkpoint is JSON written atomically (temp file, fsync, rename), so a crash leaves either the
 * old or the new checkpoint, never half of one. It holds no credentials: the client strips `apikey`/`key`
 * from cursors, and the query fingerprint is built from endpoint arguments only.
 *
 * @since 0.1.0
 */
import { NextPageParams } from "@blockscout-effect/schema"
import { Effect, FileSystem, Path, Schema } from "effect"
import { CheckpointError } from "./Errors.ts"

export { CheckpointError } from "./Errors.ts"

/**
 * A `next_page_params` as saved: the server's keys with the values it sent (string, number, boolean or
 * null), the schema package's own cursor codec so a checkpoint holds exactly what the client hands out.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Cursor = NextPageParams

/**
 * The checkpoint file's schema (version 1).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Checkpoint = Schema.Struct({
  version: Schema.Literal(1),
  /** What is being streamed (endpoint and arguments), as canonical JSON; resuming another query is refused. */
  query: Schema.String,
  /** The output file the byte count refers to. */
  output: Schema.String,
  format: Schema.Literals(["ndjson", "csv", "parquet"]),
  /** CSV and Parquet: the columns of the output (for CSV, the header already in the file). */
  columns: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Cursor of the next page to fetch; null = the first page. */
  cursor: Schema.NullOr(Cursor),
  /**
   * A partitioned stream's progress after the last whole page (the client's `PartitionProgress`, checked by
   * the client when it resumes from it); absent for a sequential stream.
   */
  progress: Schema.optionalKey(Schema.Json),
  /** Items of the page at `cursor` already in the output (non-zero only when `--limit` stopped mid-page). */
  skip: Schema.Number,
  /** True once the last page (next_page_params null) is written. */
  done: Schema.Boolean,
  /** Length of the output file, in bytes, after the last written page: resume truncates to it. */
  bytes: Schema.Number,
  items: Schema.Number,
  pages: Schema.Number
})

/**
 * A decoded checkpoint.
 *
 * @since 0.1.0
 * @category models
 */
export type Checkpoint = typeof Checkpoint.Type

const CheckpointJson = Schema.fromJsonString(Checkpoint)
const decode = Schema.decodeUnknownEffect(CheckpointJson)
const encode = Schema.encodeEffect(CheckpointJson)

/**
 * Reads a checkpoint; `undefined` when the file does not exist (a fresh start).
 *
 * Gotcha: a file that exists but does not decode fails with `CheckpointError` rather than starting over,
 * so a typo in `--resume` never silently overwrites an output file.
 *
 * @since 0.1.0
 * @category files
 */
export const read = Effect.fn("Checkpoint.read")(function* (path: string) {
  const fs = yield* FileSystem.FileSystem
  const fail = (message: string) => new CheckpointError({ path, message })
  const exists = yield* fs.exists(path).pipe(Effect.mapError((e) => fail(`cannot access: ${e.message}`)))
  if (!exists) return undefined
  const text = yield* fs.readFileString(path).pipe(Effect.mapError((e) => fail(`cannot read: ${e.message}`)))
  return yield* decode(text).pipe(Effect.mapError(() => fail("not a checkpoint file (or a newer version)")))
})

/**
 * Writes a checkpoint atomically: a sibling temp file is written and fsynced, then renamed over `path`.
 *
 * Gotcha: rename is atomic within one file system, which is why the temp file sits next to `path`.
 *
 * @since 0.1.0
 * @category files
 */
export const write = Effect.fn("Checkpoint.write")(function* (path: string, checkpoint: Checkpoint) {
  const fs = yield* FileSystem.FileSystem
  const paths = yield* Path.Path
  const fail = (message: string) => new CheckpointError({ path, message })
  const text = yield* encode(checkpoint).pipe(Effect.mapError(() => fail("cannot encode")))
  const tmp = paths.join(paths.dirname(path), `.${paths.basename(path)}.tmp`)
  yield* Effect.scoped(
    Effect.gen(function* () {
      const file = yield* fs.open(tmp, { flag: "w" })
      yield* file.writeAll(new TextEncoder().encode(`${text}\n`))
      yield* file.sync
    })
  ).pipe(Effect.mapError((e) => fail(`cannot write: ${e.message}`)))
  yield* fs.rename(tmp, path).pipe(Effect.mapError((e) => fail(`cannot write: ${e.message}`)))
})
