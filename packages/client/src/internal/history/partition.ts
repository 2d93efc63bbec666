/**
 * A partitioned history: the span split into block ranges, each merged on its own (`merge.ts`, its own three
 * lists walked from the range's top), several at once under the client's one rate limiter, and emitted in
 * chain order: a range's pages go out once every range above it is out, the ranges below fetching ahead into
 * small bounded queues meanwhile (memory: a few pages per range in flight).
 *
 * Its checkpoints are ordinary history checkpoints: once a page of range `i` is out, every block above the
 * page's oldest is out and none below, so the checkpoint is range `i`'s, with the tally of everything out so
 * far and, for a list done with range `i` but not with the history, the cursor of the range below. A run
 * resumes from it partitioned (the rest split again) or not, alike.
 *
 * @internal
 */
import { KeyRanges, type NextPageParams } from "@blockscout-effect/schema"
import { type Cause, Effect, type Queue, Scope, Stream } from "effect"
import type { BlockscoutError } from "../../BlockscoutError.ts"
import type { HistoryKind, HistoryPage } from "../../History.ts"
import type { HistoryCheckpoint, SourceProgress } from "../../History.ts"
import { addTallies, type HistoryReport, type HistoryTally } from "../../History.ts"

/** A block range, both ends inclusive. */
export interface Range {
  readonly fromBlock: number
  readonly toBlock: number
}

/** A partitioned run. */
export interface PartitionInput {
  readonly request: string
  /** The span's bottom and top (the top found from the lists' newest items when not given). */
  readonly span: Range
  readonly parts: number
  readonly concurrency: number
  /** The tally before the span's first page: a checkpoint's, or the pending transactions found at the top. */
  readonly tally: HistoryTally
  /** Where the top range resumes (a checkpoint's lists and frontier); absent: from its top. */
  readonly resume: { readonly sources: ReadonlyArray<SourceProgress>; readonly frontier: number } | undefined
  /** One range's pages (its own tally from zero, no report). */
  readonly run: (range: Range, resume: PartitionInput["resume"]) => Stream.Stream<HistoryPage, BlockscoutError>
  /** The cursor that asks a list for everything below `block`. */
  readonly below: (kind: HistoryKind, block: number) => NextPageParams
  readonly finish: ((tally: HistoryTally) => Effect.Effect<HistoryReport, BlockscoutError>) | undefined
}

/** `span` cut into at most `parts` ranges of whole blocks, newest first (`KeyRanges.split`, as every partitioning). */
export const blockRanges = (span: Range, parts: number): Array<Range> =>
  KeyRanges.split(span.fromBlock, span.toBlock, parts).map(({ lo, hi }) => ({ fromBlock: lo, toBlock: hi }))

const allDone = (checkpoint: HistoryCheckpoint) => checkpoint.sources.every((source) => source.done)

/** The span's pages in chain order, ranges merged `concurrency` at a time. */
export const partitioned = (input: PartitionInput): Stream.Stream<HistoryPage, BlockscoutError> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const scope = yield* Effect.scope
      const ranges = blockRanges(input.span, input.parts)
      const queues = new Map<number, Queue.Dequeue<HistoryPage, BlockscoutError | Cause.Done>>()
      // Each range fetches ahead into a queue of its own, started in the stream's scope (ending the stream
      // interrupts every range still fetching).
      const start = (i: number) =>
        Effect.gen(function* () {
          const range = ranges[i]
          if (range === undefined || started.has(i)) return
          started.add(i)
          const pages = input.run(range, i === 0 ? input.resume : undefined)
          queues.set(i, yield* Stream.toQueue(pages, { capacity: 2 }).pipe(Scope.provide(scope)))
        })
      // The ranges started (each once, even after its queue is dropped).
      const started = new Set<number>()
      for (let i = 0; i < input.concurrency; i++) yield* start(i)
      let done = input.tally
      const emitRange = (i: number) =>
        Stream.unwrap(
          Effect.gen(function* () {
            yield* start(i)
            yield* start(i + input.concurrency - 1)
            const last = i === ranges.length - 1
            const below = (ranges[i] as Range).fromBlock
            let rangeTally: HistoryTally | undefined
            return Stream.fromQueue(queues.get(i) as Queue.Dequeue<HistoryPage, BlockscoutError>).pipe(
              Stream.mapEffect((page) =>
                Effect.gen(function* () {
                  rangeTally = page.tally
                  const tally = addTallies(done, page.tally)
                  const end = last && allDone(page.checkpoint)
                  const checkpoint: HistoryCheckpoint = {
                    ...page.checkpoint,
                    request: input.request,
                    tally,
                    // A list done with this range is not done with the span: it goes on below it.
                    sources: last
                      ? page.checkpoint.sources
                      : page.checkpoint.sources.map((source) =>
                          source.done
                            ? { kind: source.kind, cursor: input.below(source.kind, below), done: false }
                            : source
                        )
                  }
                  const report = end && input.finish !== undefined ? yield* input.finish(tally) : undefined
                  return report === undefined
                    ? { entries: page.entries, checkpoint, tally }
                    : { entries: page.entries, checkpoint, tally, report }
                })
              ),
              Stream.onEnd(
                Effect.sync(() => {
                  if (rangeTally !== undefined) done = addTallies(done, rangeTally)
                  // The range is out: its queue is no longer needed.
                  queues.delete(i)
                })
              )
            )
          })
        )
      return Stream.flatMap(Stream.range(0, ranges.length - 1), emitRange)
    })
  )

/** A run that needs no range: one empty page with the report (an empty history, or a finished checkpoint). */
export const finished = (
  request: string,
  checkpoint: HistoryCheckpoint | undefined,
  kinds: ReadonlyArray<HistoryKind>,
  tally: HistoryTally,
  finish: PartitionInput["finish"]
): Stream.Stream<HistoryPage, BlockscoutError> =>
  Stream.fromEffect(
    Effect.gen(function* () {
      const last: HistoryCheckpoint = checkpoint ?? {
        version: 1,
        request,
        frontier: null,
        sources: kinds.map((kind) => ({ kind, done: true })),
        tally
      }
      const report = finish === undefined ? undefined : yield* finish(last.tally)
      return report === undefined
        ? { entries: [], checkpoint: last, tally: last.tally }
        : { entries: [], checkpoint: last, tally: last.tally, report }
    })
  )
