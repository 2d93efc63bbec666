/**
 * Streams a paginated history into a file, page by page, with a checkpoint after every page, and
 * resumes from that checkpoint after Ctrl-C or a crash with nothing lost or repeated.
 *
 * When to use: any `stream*Pages` of the client (or `pages(name, args)`) into NDJSON or CSV. The
 * `blockscout` CLI and the stream-history example are thin wrappers around `run`.
 *
 * How it stays exact: for each page it (1) appends the page's items to the output and fsyncs, then
 * (2) atomically replaces the checkpoint with the page's `next_page_params` and the output's new byte
 * length. A crash before (2) leaves the old checkpoint, whose byte length excludes the half-written page:
 * resume truncates the output to that length and fetches the page again. A crash after (2) resumes at the
 * next page. Either way each item is in the file exactly once.
 *
 * Gotchas: the output may not be written by anything else meanwhile. A checkpoint is tied to its query
 * (endpoint and arguments), format and output path, and resuming with different ones fails rather than
 * mixing two histories in one file. Without a checkpoint path the output is simply rewritten.
 */
import { Effect, FileSystem, Stream } from "effect"
import * as Checkpoint from "./Checkpoint.ts"
import { makeEncoder } from "./Format.ts"

/** A saved `next_page_params`: the server's keys with the values it sent. */
export type Cursor = typeof Checkpoint.Cursor.Type

/** A page as the client's page streams give it: items, the next cursor, and the cursor it was fetched with. */
export interface PageLike<A> {
  readonly items: ReadonlyArray<A>
  readonly next_page_params: Cursor | null
  readonly cursor?: Cursor | undefined
}

/** Options of `run`. */
export interface RunOptions<A, E, R> {
  /** The pages of the history from `cursor` on (`undefined`: from the first page). */
  readonly pages: (cursor: Cursor | undefined) => Stream.Stream<PageLike<A>, E, R>
  /** The output file. */
  readonly output: string
  /** The checkpoint file; if it exists, the run resumes from it. */
  readonly checkpoint?: string | undefined
  /** What is streamed, as stable text (e.g. JSON of endpoint and arguments); a checkpoint only resumes the same. */
  readonly query: string
  readonly format?: "ndjson" | "csv" | undefined
  /** CSV columns (default: chosen from the first page). */
  readonly columns?: ReadonlyArray<string> | undefined
  /** Stop once the output holds this many items (counting earlier runs). */
  readonly limit?: number | undefined
  /** Stop after this many pages in this run (a later run continues from the checkpoint). */
  readonly maxPages?: number | undefined
  /** fsync the output before each checkpoint (default true): needed for power loss, not for a crash. */
  readonly fsync?: boolean | undefined
  /** Called after each page is written and checkpointed (progress display, logging). */
  readonly onPage?: ((state: Checkpoint.Checkpoint, pageItems: number) => Effect.Effect<void>) | undefined
}

/** How a run ended. */
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
}

/**
 * Streams pages into `output`, checkpointing after each; resumes from `checkpoint` when it exists.
 *
 * Fails with `CheckpointError` for a checkpoint that is unreadable or belongs to another query, format or
 * output, or whose output file is shorter than it records; with the stream's own error otherwise (the
 * checkpoint then still describes the output exactly, so the same call resumes).
 */
export const run = Effect.fn("HistoryFile.run")(function* <A, E, R>(options: RunOptions<A, E, R>) {
  const fs = yield* FileSystem.FileSystem
  const format = options.format ?? "ndjson"
  const limit = options.limit ?? Number.POSITIVE_INFINITY
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY
  const fsync = options.fsync ?? true
  const checkpointPath = options.checkpoint
  const fail = (message: string) => new Checkpoint.CheckpointError({ path: checkpointPath ?? options.output, message })

  const saved = checkpointPath === undefined ? undefined : yield* Checkpoint.read(checkpointPath)
  if (saved !== undefined) {
    if (saved.query !== options.query) return yield* fail(`was written for another query: ${saved.query}`)
    if (saved.format !== format) return yield* fail(`was written for format ${saved.format}, not ${format}`)
    if (saved.output !== options.output) return yield* fail(`belongs to output file ${saved.output}`)
  }
  let state: Checkpoint.Checkpoint = saved ?? {
    version: 1,
    query: options.query,
    output: options.output,
    format,
    cursor: null,
    skip: 0,
    done: false,
    bytes: 0,
    items: 0,
    pages: 0
  }
  const start = state
  const summary = (stopped: Summary["stopped"]): Summary => ({
    state,
    resumed: saved !== undefined,
    newItems: state.items - start.items,
    newPages: state.pages - start.pages,
    stopped
  })
  if (state.done) return summary("done")
  if (state.items >= limit) return summary("limit")

  // Resume: cut whatever a crashed run wrote after its last checkpoint.
  if (saved !== undefined) {
    const size = yield* fs.stat(options.output).pipe(
      Effect.map((info) => Number(info.size)),
      Effect.mapError(() => fail(`its output file ${options.output} is missing`))
    )
    if (size < saved.bytes) return yield* fail(`records ${saved.bytes} bytes but ${options.output} has ${size}`)
    yield* fs.truncate(options.output, saved.bytes).pipe(Effect.mapError((e) => fail(e.message)))
  } else {
    yield* fs.writeFileString(options.output, "").pipe(Effect.mapError((e) => fail(e.message)))
  }
  const encoder = makeEncoder(format, {
    columns: saved?.columns ?? options.columns,
    headerWritten: state.bytes > 0
  })
  const textEncoder = new TextEncoder()
  let firstPage = true
  let pagesThisRun = 0

  yield* Effect.scoped(
    Effect.gen(function* () {
      const file = yield* fs.open(options.output, { flag: "a" }).pipe(Effect.mapError((e) => fail(e.message)))
      const writePage = (page: PageLike<A>) =>
        Effect.gen(function* () {
          // Only the page fetched with the saved cursor can have items already in the file.
          const skip = firstPage ? state.skip : 0
          firstPage = false
          const items = page.items.slice(skip, skip + Math.max(0, limit - state.items))
          const whole = skip + items.length >= page.items.length
          const bytes = textEncoder.encode(encoder.encodePage(items))
          yield* file.writeAll(bytes)
          if (fsync) yield* file.sync
          const columns = encoder.columns()
          state = {
            ...state,
            ...(columns === undefined ? {} : { columns }),
            cursor: whole ? page.next_page_params : (page.cursor ?? state.cursor),
            skip: whole ? 0 : skip + items.length,
            done: whole && page.next_page_params === null,
            bytes: state.bytes + bytes.length,
            items: state.items + items.length,
            pages: state.pages + 1
          }
          pagesThisRun += 1
          if (checkpointPath !== undefined) yield* Checkpoint.write(checkpointPath, state)
          if (options.onPage) yield* options.onPage(state, items.length)
          return state
        }).pipe(Effect.mapError((e) => (e._tag === "CheckpointError" ? e : fail(`cannot write output: ${e.message}`))))

      yield* options.pages(state.cursor ?? undefined).pipe(
        Stream.mapEffect(writePage),
        Stream.takeUntil((s) => s.done || s.items >= limit || pagesThisRun >= maxPages),
        Stream.runDrain
      )
    })
  )
  return summary(state.done ? "done" : state.items >= limit ? "limit" : "maxPages")
})
