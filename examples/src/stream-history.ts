/**
 * Example: stream a full history (every token transfer of a chain) to an NDJSON file, with progress on
 * stderr, a checkpoint after every page, and resume after Ctrl-C or a crash with nothing lost or repeated.
 *
 * Run: `node --conditions=source examples/src/stream-history.ts [output.ndjson]` (the simulated
 * Blockscout; set `BLOCKSCOUT_BASE_URL`, or `BLOCKSCOUT_CHAIN_ID` with `BLOCKSCOUT_API_KEY`, for the
 * real one). Press Ctrl-C midway and run it again: it continues where it stopped. `pnpm start` runs the
 * same stream from scratch.
 *
 * What it shows: `streamTokenTransfersPages` gives each page with its cursor; `HistoryFile.run` (in
 * `lib/`, copy it) appends a page's items, then atomically rewrites the checkpoint with the page's
 * `next_page_params` and the file's byte length. Resuming truncates the file to that length and
 * continues from that cursor, so a crash between the two steps never duplicates or loses an item.
 */
import { Blockscout } from "@blockscout-effect/client"
import type { TokenTransfer } from "@blockscout-effect/schema"
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Clock, Console, DateTime, Effect, FileSystem, Path, Stream } from "effect"
import * as Connection from "./lib/Connection.ts"
import { HistoryFile } from "@blockscout-effect/export"
import * as Progress from "./lib/Progress.ts"

/** Options of `streamHistory`. */
export interface StreamHistoryOptions {
  /** The NDJSON file. */
  readonly output: string
  /** The checkpoint file (default: the output's name with `.checkpoint.json`). */
  readonly checkpoint?: string | undefined
  /** Start over even if a checkpoint exists. */
  readonly fresh?: boolean | undefined
  /** Stop after this many pages in this run (a later run continues). */
  readonly maxPages?: number | undefined
  /** Items per request (default: the server's, 50). */
  readonly pageSize?: number | undefined
  /** Called with every page as it is written (after its checkpoint). */
  readonly onPage?:
    | ((items: ReadonlyArray<TokenTransfer>, state: HistoryFile.Summary["state"]) => Effect.Effect<void>)
    | undefined
}

/** The checkpoint path for an output file: `out.ndjson` -> `out.checkpoint.json`. */
export const checkpointFor = (output: string): string => `${output.replace(/\.ndjson$/, "")}.checkpoint.json`

/**
 * Streams every token transfer into `output`, resuming from its checkpoint when there is one.
 *
 * The query stored in the checkpoint names the endpoint and the API, so a checkpoint of one chain is
 * never continued against another.
 */
export const streamHistory = Effect.fn("streamHistory")(function* (options: StreamHistoryOptions) {
  const bs = yield* Blockscout
  const fs = yield* FileSystem.FileSystem
  const checkpoint = options.checkpoint ?? checkpointFor(options.output)
  if (options.fresh) yield* fs.remove(checkpoint, { force: true })
  let last: ReadonlyArray<TokenTransfer> = []
  return yield* HistoryFile.run({
    pages: (cursor) =>
      bs
        .streamTokenTransfersPages({ cursor, pageSize: options.pageSize })
        .pipe(Stream.tap((page) => Effect.sync(() => (last = page.items)))),
    output: options.output,
    checkpoint,
    query: JSON.stringify({ endpoint: "tokenTransfers", family: bs.family, chainId: bs.chainId ?? null }),
    maxPages: options.maxPages,
    onPage: options.onPage ? (state) => options.onPage!(last, state) : undefined
  })
})

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

const describeTransfer = (t: TokenTransfer | undefined): string =>
  t === undefined
    ? "-"
    : `${t.timestamp ? DateTime.formatIso(t.timestamp) : "?"}  ${t.token.symbol ?? "?"} ${
        t.token.type ?? ""
      }  ${t.from.hash.slice(0, 10)}… -> ${t.to.hash.slice(0, 10)}…  tx ${t.transaction_hash?.slice(0, 12) ?? "none"}…`

/**
 * The example's whole run with readable output: a line per page (or a live progress line on a
 * terminal), then a summary. `pnpm start` is this with `fresh: true`.
 */
export const runWithReport = (options: StreamHistoryOptions & { readonly quiet?: boolean | undefined }) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    const tty = process.stderr.isTTY === true
    const progress = yield* Progress.make({
      write: (text) => Effect.sync(() => void process.stderr.write(text)),
      enabled: tty && !options.quiet,
      noun: "transfers"
    })
    const byType = new Map<string, number>()
    let newest: TokenTransfer | undefined
    let oldest: TokenTransfer | undefined
    const summary = yield* streamHistory({
      ...options,
      onPage: (items, state) =>
        Effect.gen(function* () {
          for (const t of items) byType.set(t.token.type ?? "?", (byType.get(t.token.type ?? "?") ?? 0) + 1)
          newest ??= items[0]
          oldest = items.at(-1) ?? oldest
          yield* progress.page(items.length)
          // One line every fifth page keeps a full run to a screenful (a terminal gets the live line).
          if (!tty && !options.quiet && (state.pages % 5 === 0 || state.done)) {
            yield* Console.log(
              `page ${String(state.pages).padStart(3)}  ${String(items.length).padStart(3)} transfers  ${
                items[0]?.timestamp ? DateTime.formatIso(items[0].timestamp) : ""
              }  file ${kB(state.bytes)}`
            )
          }
        })
    }).pipe(
      Effect.onInterrupt(() =>
        Console.error(`\nInterrupted. The checkpoint holds every whole page; run again with --resume to continue.`)
      )
    )
    yield* progress.finish
    const seconds = ((yield* Clock.currentTimeMillis) - started) / 1000
    const state = summary.state
    yield* Console.log(
      [
        "",
        `${summary.resumed ? "Resumed and wrote" : "Wrote"} ${summary.newItems} token transfers in ${summary.newPages} pages ` +
          `(${seconds.toFixed(1)} s) to ${options.output}: ${state.items} in all, ${kB(state.bytes)}, ${
            state.done ? "the full history" : "more to come (run again with --resume)"
          }.`,
        `  by token type: ${[...byType].map(([t, n]) => `${t} ${n}`).join(", ") || "-"}`,
        `  newest: ${describeTransfer(newest)}`,
        `  oldest: ${describeTransfer(oldest)}`,
        `Checkpoint: ${options.checkpoint ?? checkpointFor(options.output)}${state.done ? " (complete)" : ""}`
      ].join("\n")
    )
    return summary
  })

if (import.meta.main) {
  const output = process.argv[2] ?? "examples/out/token-transfers.ndjson"
  Effect.gen(function* () {
    const path = yield* Path.Path
    yield* (yield* FileSystem.FileSystem).makeDirectory(path.dirname(output), { recursive: true })
    yield* runWithReport({ output })
  }).pipe(
    Effect.provide(
      Connection.layer({
        simulator: { blocks: 300 },
        onConnect: (where) => Console.log(`Streaming every token transfer from ${where} into ${output}`)
      })
    ),
    Effect.provide(NodeServices.layer),
    NodeRuntime.runMain
  )
}
