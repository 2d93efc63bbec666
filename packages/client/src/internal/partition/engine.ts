/**
 * The partitioned stream's engine: the shared state, the workers (`workers.ts`) and the emitter. The emitter
 * is the stream's own pull: each pull starts the workers the target concurrency allows, then hands out the
 * next page that may go (in chain order, the oldest page of the first range not fully out; in arrival order,
 * the page that came first), with the progress after it, or waits for a worker to deliver one.
 *
 * When the stream ends (its last page, a failure, `Stream.take`), its scope closes and every worker's
 * request is interrupted.
 *
 * @internal
 */
import type { KeyRange } from "@blockscout-effect/schema"
import { Deferred, Effect, Option, Stream } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { PartitionProgress } from "../../Partition.ts"
import type { Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { type Budget, exhausted } from "../pagination/budget.ts"
import { snapshot } from "./progress.ts"
import { type Delivered, makeDensity, type Segment } from "./segments.ts"
import { nextChange, notify, type Shared, spawn } from "./workers.ts"

/** How one partitioned stream runs. */
export interface EngineOptions<A> {
  readonly ctx: ClientContext
  readonly prepared: Prepared
  readonly range: KeyRange
  readonly spanName: string
  /** The ranges to fetch, newest first, end to end (done ones included, from a resumed progress). */
  readonly segments: Array<Segment<A>>
  readonly order: "chain" | "arrival"
  readonly concurrency: number | "auto"
  readonly budget: Budget | undefined
  /** Whether each emitted page carries the progress after it (page streams; item streams skip the cost). */
  readonly withProgress: boolean
}

/** A page as it goes out: its items and cursors, and the progress once it is out. */
export interface Emission<A> {
  readonly page: Delivered<A>
  readonly progress: PartitionProgress | undefined
}

/** Done ranges next to each other become one: the list stays as long as the ranges still in play. */
const compact = <A>(segments: Array<Segment<A>>): void => {
  for (let i = segments.length - 1; i > 0; i--) {
    const above = segments[i - 1] as Segment<A>
    const below = segments[i] as Segment<A>
    if (above.emittedDone && below.emittedDone && above.status === "fetched" && below.status === "fetched") {
      above.lo = below.lo
      segments.splice(i, 1)
    }
  }
}

/** Takes a range's oldest page out, and moves its emitted position past it. */
const takeFrom = <A>(shared: Shared<A>, seg: Segment<A>): Delivered<A> => {
  const page = seg.buffer.shift() as Delivered<A>
  shared.buffered -= 1
  if (page.last) {
    seg.emittedDone = true
    seg.emittedCursor = undefined
    compact(shared.segments)
  } else seg.emittedCursor = page.next ?? undefined
  return page
}

/** A range whose walk ended without a last page (a repeated cursor's page said it was the last) is out too. */
const endedEmpty = <A>(seg: Segment<A>): boolean =>
  !seg.emittedDone && seg.status === "fetched" && seg.buffer.length === 0

/** The next page that may go out, taken from its range; `undefined` when none may yet. */
const takeNext = <A>(shared: Shared<A>): Delivered<A> | undefined => {
  if (shared.order === "chain") {
    for (const seg of shared.segments) {
      if (seg.emittedDone) continue
      if (seg.buffer.length > 0) return takeFrom(shared, seg)
      if (!endedEmpty(seg)) return undefined
      seg.emittedDone = true
    }
    return undefined
  }
  let first: Segment<A> | undefined
  for (const seg of shared.segments) {
    if (endedEmpty(seg)) seg.emittedDone = true
    const head = seg.buffer[0]
    if (head !== undefined && (first === undefined || head.seq < (first.buffer[0] as Delivered<A>).seq)) first = seg
  }
  return first === undefined ? undefined : takeFrom(shared, first)
}

/** Runs the engine; `emit` turns each page going out into the stream's elements (its items, or the page). */
export const run = <A, Out>(
  options: EngineOptions<A>,
  emit: (emission: Emission<A>) => ReadonlyArray<Out>
): Stream.Stream<Out, Errors.BlockscoutError> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const shared: Shared<A> = {
        ...options,
        density: makeDensity(),
        scope: yield* Effect.scope,
        context: yield* Effect.context<never>(),
        workers: 0,
        leaving: 0,
        buffered: 0,
        seq: 0,
        failure: undefined,
        stopped: false,
        changed: Deferred.makeUnsafe<void>()
      }
      const progress = () => snapshot(options.prepared, options.range, shared.segments)
      const pull: Effect.Effect<readonly [ReadonlyArray<Out>, Option.Option<number>], Errors.BlockscoutError> =
        Effect.gen(function* () {
          while (true) {
            yield* spawn(shared)
            // After a failure, every page that can still go out in order goes first: less to fetch again.
            const page = takeNext(shared)
            if (page !== undefined) {
              notify(shared)
              return [emit({ page, progress: options.withProgress ? progress() : undefined }), Option.some(0)] as const
            }
            if (shared.failure !== undefined) return yield* Effect.fail(shared.failure)
            if (shared.segments.every((seg) => seg.emittedDone)) return [[], Option.none()] as const
            if (shared.stopped && shared.workers === 0 && options.budget !== undefined) {
              return yield* Effect.fail(exhausted(options.budget, options.prepared, { progress: progress() }))
            }
            yield* nextChange(shared)
          }
        })
      return Stream.paginate(0, () => pull)
    })
  )
