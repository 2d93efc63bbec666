/**
 * Streams a paginated history into a file (NDJSON, CSV or Parquet), page by page, with a checkpoint after
 * every page, and resumes from that checkpoint after Ctrl-C or a crash with nothing lost or repeated.
 *
 * When to use: any `stream*Pages` of the client (or `pages(name, args)`) into a file. The `blockscout` CLI and
 * the stream-history example are thin wrappers around `run`.
 *
 * How it stays exact: for each page it (1) appends the page's items to the output and fsyncs, then (2)
 * atomically replaces the checkpoint with the page's `next_page_params` and the output's new byte length. A
 * crash before (2) leaves the old checkpoint, whose byte length excludes the half-written page: resume
 * truncates the output to that length and fetches the page again. A crash after (2) resumes at the next page.
 * Either way each item is in the file exactly once. A partitioned stream's pages carry `progress` (the
 * client's `PartitionProgress`) instead: it is checkpointed the same way, and handed back to `pages` to resume.
 *
 * Parquet cannot be appended to, so a Parquet run stages its items as NDJSON beside the output
 * (`<output>.staging.ndjson`, resumable exactly as above) and converts the staging file to Parquet when the
 * run ends normally (history complete, `limit` or `maxPages` reached); a later run that continues the history
 * rewrites the Parquet file with every row. Without a checkpoint the staging file is removed afterwards.
 *
 * Gotchas: the output may not be written by anything else meanwhile. A checkpoint is tied to its query
 * (endpoint and arguments), format and output path, and resuming with different ones fails rather than
 * mixing two histories in one file. Without a checkpoint path the output is simply rewritten.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, type Schema, Stream } from "effect"
import * as Checkpoint from "./Checkpoint.ts"
import type { Column } from "./Columns.ts"
import * as Columns from "./Columns.ts"
import { OutputError } from "./Errors.ts"
import { type Format, makeEncoder } from "./Format.ts"
import * as Parquet from "./Parquet.ts"

/**
 * A saved `next_page_params`: the server's keys with the values it sent.
 *
 * @since 0.1.0
 * @category models
 */
export type Cursor = typeof Checkpoint.Cursor.Type

/**
 * A page as the client's page streams give it: items, the next cursor, and the cursor it was fetched with.
 *
 * @since 0.1.0
 * @category models
 */
export interface PageLike<A> {
  readonly items: ReadonlyArray<A>
  readonly next_page_params: Cursor | null
  readonly cursor?: Cursor | undefined
  /**
   * A partitioned stream's progress once this page is out (the client's `PartitionProgress`): checkpointed,
   * and given back to `pages` to resume. Its `next_page_params` is then its range's, not the stream's.
   */
  readonly progress?: unknown
}

/**
 * Options of `run`.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunOptions<A, E, R> {
  /**
   * The pages of the history from `cursor` on (`undefined`: from the first page); for a partitioned stream,
   * from `progress` (`undefined`: from its start), the `progress` of the last whole page written.
   */
  readonly pages: (cursor: Cursor | undefined, progress: unknown) => Stream.Stream<PageLike<A>, E, R>
  /** The output file. */
  readonly output: string
  /** The checkpoint file; if it exists, the run resumes from it. */
  readonly checkpoint?: string | undefined
  /** What is streamed, as stable text (e.g. JSON of endpoint and arguments); a checkpoint only resumes the same. */
  readonly query: string
  readonly format?: Format | undefined
  /**
   * CSV and Parquet: the columns, in order (`Columns.fromSchema` / `Columns.ofEndpoint`, or a `Columns.select`
   * of them). Required for those formats; a resumed run keeps the columns its checkpoint names.
   */
  readonly columns?: ReadonlyArray<Column> | undefined
  /** Stop once the output holds this many items (counting earlier runs). */
  readonly limit?: number | undefined
  /** Stop after this many pages in this run (a later run continues from the checkpoint). */
  readonly maxPages?: number | undefined
  /** fsync the output before each checkpoint (default true): needed for power loss, not for a crash. */
  readonly fsync?: boolean | undefined
  /** Parquet: how bigint columns are typed (see `Parquet.convert`). */
  readonly bigints?: "fit" | "string" | undefined
  /** Called after each page is written and checkpointed (progress display, logging). */
  readonly onPage?: ((state: Checkpoint.Checkpoint, pageItems: number) => Effect.Effect<void>) | undefined
}

/**
 * How a run ended.
 *
 * @since 0.1.0
 * @category models
 */
export interface Summary {
  /** The checkpoint state at the end (also what `run` would resume from). */
  readonly state: Checkpoint.Checkpoint
  /** Whether this run continued an earlier one. */
  readonly resumed: boolean
  /** Items and pages written by this run alone. */
  readonly newItems: number
  readonly newPages: number
  /** Why it stopped: the last page was written, `limit` was reached, or `maxPages` was. */
  readonly stopped: "done" | "limit" | "maxPages"
  /** Parquet: the file written (rows and column types). */
  readonly parquet?: Parquet.ConvertSummary | undefined
}

/**
 * The NDJSON file a Parquet run stages its items in: `<output>.staging.ndjson`.
 *
 * @since 0.1.0
 * @category files
 */
export const stagingFile = (output: string): string => `${output}.staging.ndjson`

/**
 * Streams pages into `output`, checkpointing after each; resumes from `checkpoint` when it exists.
 *
 * The output (and the checkpoint, when given) are opened before the first page is asked for, so a path that
 * cannot be written fails before any request is sent: `OutputError` for the output, `CheckpointError` for a
 * checkpoint that cannot be written or is unreadable, belongs to another query, format or output, or records
 * more bytes than its output has. The stream's own error otherwise: the checkpoint then still describes the
 * output exactly, so the same call resumes.
 *
 * @since 0.1.0
 * @category files
 */
export const run = Effect.fn("HistoryFile.run")(function* <A, E, R>(options: RunOptions<A, E, R>) {
  const fs = yield* FileSystem.FileSystem
  const format = options.format ?? "ndjson"
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY
  const fsync = options.fsync ?? true
  const checkpointPath = options.checkpoint
  const cpFail = (message: string) => new Checkpoint.CheckpointError({ path: checkpointPath ?? "", message })
  const outFail = (message: string) => new OutputError({ path: options.output, message })
  // Where the items go as text: the output itself, or the staging file of a Parquet output.
  const textFile = format === "parquet" ? stagingFile(options.output) : options.output

  const saved = checkpointPath === undefined ? undefined : yield* Checkpoint.read(checkpointPath)
  if (saved !== undefined) {
    if (saved.query !== options.query) return yield* cpFail(`was written for another query: ${saved.query}`)
    if (saved.format !== format) return yield* cpFail(`was written for format ${saved.format}, not ${format}`)
    if (saved.output !== options.output) return yield* cpFail(`belongs to output file ${saved.output}`)
  }
  // The columns: a resumed file keeps the ones its header (or staged rows) were written with.
  let columns: ReadonlyArray<Column> | undefined
  if (format !== "ndjson") {
    const given = options.columns
    if (given === undefined || given.length === 0) return yield* outFail(`${format} needs columns`)
    if (saved?.columns !== undefined) {
      const kept = Columns.select(given, saved.columns)
      if (kept.unknown.length > 0) {
        return yield* cpFail(`names columns this resource does not have: ${kept.unknown.join(", ")}`)
      }
      columns = kept.columns
    } else columns = given
  }
  let state: Checkpoint.Checkpoint = saved ?? {
    version: 1,
    query: options.query,
    output: options.output,
    format,
    ...(columns === undefined ? {} : { columns: columns.map((c) => c.name) }),
    cursor: null,
    skip: 0,
    done: false,
    bytes: 0,
    items: 0,
    pages: 0
  }
  const start = state
  const toParquet = Effect.gen(function* () {
    if (format !== "parquet" || columns === undefined) return undefined
    if (!(yield* fs.exists(textFile).pipe(Effect.orElseSucceed(() => false)))) return undefined
    const written = yield* Parquet.convert({
      input: textFile,
      output: options.output,
      columns,
      bigints: options.bigints
    })
    // Kept while a later run may continue the history; a complete or checkpoint-less one is done with it.
    if (checkpointPath === undefined || state.done) yield* Effect.ignore(fs.remove(textFile, { force: true }))
    return written
  })
  const summary = (stopped: Summary["stopped"]) =>
    Effect.map(
      toParquet,
      (parquet): Summary => ({
        state,
        resumed: saved !== undefined,
        newItems: state.items - start.items,
        newPages: state.pages - start.pages,
        stopped,
        ...(parquet === undefined ? {} : { parquet })
      })
    )
  if (state.done) return yield* summary("done")
  if (state.items >= limit) return yield* summary("limit")

  if (saved !== undefined) {
    // Resume: cut whatever a crashed run wrote after its last checkpoint.
    const size = yield* fs.stat(textFile).pipe(
      Effect.map((info) => Number(info.size)),
      Effect.mapError(() => cpFail(`its output file ${textFile} is missing`))
    )
    if (size < saved.bytes) return yield* cpFail(`records ${saved.bytes} bytes but ${textFile} has ${size}`)
    yield* fs.truncate(textFile, saved.bytes).pipe(Effect.mapError((e) => outFail(`cannot write: ${e.message}`)))
  } else {
    yield* fs.writeFileString(textFile, "").pipe(Effect.mapError((e) => outFail(`cannot write: ${e.message}`)))
    // Written before the first request, so a checkpoint path that cannot be written is known at once.
    if (checkpointPath !== undefined) yield* Checkpoint.write(checkpointPath, state)
  }
  const encoder = makeEncoder(format === "csv" ? "csv" : "ndjson", { columns, headerWritten: state.bytes > 0 })
  const textEncoder = new TextEncoder()
  let firstPage = true
  let pagesThisRun = 0

  yield* Effect.scoped(
    Effect.gen(function* () {
      const file = yield* fs
        .open(textFile, { flag: "a" })
        .pipe(Effect.mapError((e) => outFail(`cannot write: ${e.message}`)))
      const writePage = (page: PageLike<A>) =>
        Effect.gen(function* () {
          // Only the page fetched with the saved cursor can have items already in the file.
          const skip = firstPage ? state.skip : 0
          firstPage = false
          const items = page.items.slice(skip, skip + Math.max(0, limit - state.items))
          const whole = skip + items.length >= page.items.length
          const bytes = textEncoder.encode(encoder.encodePage(items))
          yield* file.writeAll(bytes).pipe(Effect.mapError((e) => outFail(`cannot write: ${e.message}`)))
          if (fsync) yield* file.sync.pipe(Effect.mapError((e) => outFail(`cannot write: ${e.message}`)))
          // A partitioned page's `next_page_params` is its range's: the stream's end says it is done (below).
          const partitioned = page.progress !== undefined
          state = {
            ...state,
            cursor: whole ? page.next_page_params : (page.cursor ?? state.cursor),
            ...(partitioned && whole ? { progress: page.progress as Schema.Json } : {}),
            skip: whole ? 0 : skip + items.length,
            done: whole && !partitioned && page.next_page_params === null,
            bytes: state.bytes + bytes.length,
            items: state.items + items.length,
            pages: state.pages + 1
          }
          pagesThisRun += 1
          if (checkpointPath !== undefined) yield* Checkpoint.write(checkpointPath, state)
          if (options.onPage) yield* options.onPage(state, items.length)
          return state
        })

      yield* options.pages(state.cursor ?? undefined, state.progress).pipe(
        Stream.mapEffect(writePage),
        Stream.takeUntil((s) => s.done || s.items >= limit || pagesThisRun >= maxPages),
        Stream.runDrain
      )
      // The stream ended on its own (not at a limit): the history is complete, whatever its last page said
      // (a partitioned stream's last page carries its range's cursor).
      if (!state.done && state.items < limit && pagesThisRun < maxPages) {
        state = { ...state, done: true }
        if (checkpointPath !== undefined) yield* Checkpoint.write(checkpointPath, state)
      }
    })
  ).pipe(
    // Without a checkpoint a Parquet run cannot be continued: its staging file goes with it.
    Effect.onError(() =>
      format === "parquet" && checkpointPath === undefined
        ? Effect.ignore(fs.remove(textFile, { force: true }))
        : Effect.void
    )
  )
  return yield* summary(state.done ? "done" : state.items >= limit ? "limit" : "maxPages")
})
