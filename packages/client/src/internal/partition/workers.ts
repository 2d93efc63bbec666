/**
 * The workers of a partitioned stream: each takes a range (cutting it first, or cutting a range being walked
 * when none waits), walks it with the one pagination walk from its cursor down to its bottom, and hands every
 * page, cut to the range (`deliver`: the step between a worker's request and the emitter), to the emitter
 * (`engine.ts`). Workers come and go with the target concurrency; a
 * worker holding pages that chain order cannot emit yet waits before fetching more.
 *
 * All shared state is plain mutable data on one thread: every decision happens between two yields, so it is
 * never seen half made.
 *
 * @internal
 */
import { type KeyRange, KeyRanges } from "@blockscout-effect/schema"
import { type Context, Deferred, Effect, Exit, type Scope, Stream } from "effect"
import * as Errors from "../../BlockscoutError.ts"
import type { PageWithCursor } from "../../Parameters.ts"
import type { Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import type { Budget } from "../pagination/budget.ts"
import * as Walk from "../pagination/walk.ts"
import { noStack, partitionSpanName, partitionSpanOptions, reportPartition } from "../spans.ts"
import { arrivalCap, bufferCap, heldPages, pagesPerRange, rangeWindow, targetConcurrency } from "./pace.ts"
import { carvePoint, cutAt, type Density, observeDensity, type Segment, spanFor, splitPoint } from "./segments.ts"

/** Everything the workers and the emitter share. */
export interface Shared<A> {
  readonly ctx: ClientContext
  readonly prepared: Prepared
  readonly range: KeyRange
  readonly spanName: string
  readonly order: "chain" | "arrival"
  readonly concurrency: number | "auto"
  readonly budget: Budget | undefined
  /** The ranges, newest first, end to end. */
  readonly segments: Array<Segment<A>>
  readonly density: Density
  /** The stream's scope and context: workers are forked in them, and end with the stream. */
  readonly scope: Scope.Scope
  readonly context: Context.Context<never>
  workers: number
  /** Workers that decided to leave (the target went down) and have not ended yet. */
  leaving: number
  /** Pages fetched and not emitted. */
  buffered: number
  /** Arrival counter. */
  seq: number
  /** The failure that ends the stream. */
  failure: Errors.BlockscoutError | undefined
  /** The budget stopped a worker: no request is started any more. */
  stopped: boolean
  /** Completed (and replaced) whenever anything changes: what waiting fibers wait on. */
  changed: Deferred.Deferred<void>
}

/** Wakes every fiber waiting for a change. */
export const notify = <A>(shared: Shared<A>): void => {
  const changed = shared.changed
  shared.changed = Deferred.makeUnsafe<void>()
  Deferred.doneUnsafe(changed, Exit.void)
}

/** Waits for the next change (take `changed` before checking what to wait for: no wake-up is lost). */
export const nextChange = <A>(shared: Shared<A>): Effect.Effect<void> => Deferred.await(shared.changed)

const target = <A>(shared: Shared<A>): number => targetConcurrency(shared.ctx, shared.concurrency)

/**
 * The ranges a worker may work on: in chain order, the first ranges not yet out (the window), so no worker
 * runs far ahead of what can be emitted; in arrival order, all of them.
 */
const workable = <A>(shared: Shared<A>): ReadonlyArray<Segment<A>> => {
  if (shared.order === "arrival") return shared.segments
  // Holding all it may: only the ranges the emitter needs next (as many as workers) are worked on.
  const window = pressed(shared) ? target(shared) : rangeWindow(target(shared))
  const out: Array<Segment<A>> = []
  for (const seg of shared.segments) {
    if (seg.emittedDone) continue
    if (out.length >= window) break
    out.push(seg)
  }
  return out
}

/**
 * The span a new range is cut to: a few pages and a half, from the density seen so far. A range's walk ends on
 * the page crossing its bottom, `floor(items / page) + 1` pages: cut to hold a whole number of pages, a density
 * seen a little high or low made that page land just past the range's end or a whole page later, so each cut
 * cost next to nothing or a whole page as the chain went (a dry run could not say which); cut half a page short
 * of it, a cut costs half a page either way, and as much on a chain whose ranges' counts spread wide.
 */
const rangeSpan = <A>(shared: Shared<A>): number | undefined =>
  spanFor(shared.density, pagesPerRange(shared.order, target(shared)) - 0.5)

/** A range a worker could take: one waiting, or the part below the position of one being walked. */
const available = <A>(
  shared: Shared<A>
): Segment<A> | { readonly split: Segment<A>; readonly at: number } | undefined => {
  const segments = workable(shared)
  const waiting = segments.find((seg) => seg.status === "pending")
  if (waiting !== undefined) return waiting
  const running = segments.filter((seg) => seg.status === "running")
  // Chain order splits the range nearest the front (the emitter waits for it); arrival order the widest.
  if (shared.order === "arrival") running.sort((a, b) => b.lo - a.lo)
  const span = rangeSpan(shared)
  // Halving a range costs a page crossing the cut, half a page on average. While ranges wait beyond the window
  // (chain order holding all it may), only the range the emitter waits for is halved: the others' halves
  // could not go out before it anyway, and halving them as workers come free made the number of ranges, and
  // so the calls, depend on timing (a dry run missed by 6%). At the history's end every range may be.
  const beyond = shared.order === "chain" && shared.segments.some((seg) => seg.status === "pending")
  for (const seg of running) {
    const at = splitPoint(shared.range, seg, shared.density, span, !beyond || isHead(shared, seg))
    if (at !== undefined) return { split: seg, at }
  }
  // Nothing in the window to take or halve: rather than idle (fewer requests in flight than rate x latency, 93%
  // of the limit instead of 95% in the bench), a worker takes the next range waiting beyond it, cut as any
  // other, so which worker takes it changes nothing in the ranges. Only while the consumer keeps up (the head's
  // pages go out as they come): behind a slow one, that would only hold more pages.
  if (beyond && consumerKeepsUp(shared)) return shared.segments.find((seg) => seg.status === "pending")
  return undefined
}

/** Whether a worker would find anything to do. */
const hasWork = <A>(shared: Shared<A>): boolean => available(shared) !== undefined

/**
 * The range for a worker: the newest one waiting, cut to a few pages' span once the density is known, else
 * what a range being walked gives up below its position (cut the same way).
 */
const takeWork = <A>(shared: Shared<A>): Segment<A> | undefined => {
  const found = available(shared)
  if (found === undefined) return undefined
  const seg = "split" in found ? cutAt(shared.segments, found.split, found.at) : found
  const carve = carvePoint(shared.range, seg, rangeSpan(shared))
  if (carve !== undefined) cutAt(shared.segments, seg, carve)
  seg.status = "running"
  return seg
}

/** The first range chain order has not fully emitted: the one the emitter waits for. */
const isHead = <A>(shared: Shared<A>, seg: Segment<A>): boolean => shared.segments.find((s) => !s.emittedDone) === seg

/**
 * Whether chain order's consumer keeps up, so a worker may walk a range beyond the window: the range the
 * emitter waits for holds no page (its pages go out as they come), and the pages held stay under half as many
 * again as `bufferCap` (bench: 141 pages at most held with 11 workers against 123 before, where `heldPages`
 * as the bound let an unlimited server's run hold more).
 */
const consumerKeepsUp = <A>(shared: Shared<A>): boolean => {
  const head = shared.segments.find((s) => !s.emittedDone)
  const cap = Math.min(heldPages, 1.5 * bufferCap(target(shared)))
  return head !== undefined && head.buffer.length === 0 && shared.buffered < cap
}

/** Chain order holds as many pages as it may: only the range the emitter waits for goes on. */
const pressed = <A>(shared: Shared<A>): boolean =>
  shared.order === "chain" && shared.buffered >= bufferCap(target(shared))

/**
 * Whether a range's worker waits before its next page: the consumer is behind (the head holds two pages in
 * chain order; in arrival order, a page per worker is held).
 */
const mustWait = <A>(shared: Shared<A>, seg: Segment<A>): boolean => {
  if (shared.failure !== undefined || shared.stopped) return false
  if (shared.order === "chain") return isHead(shared, seg) && seg.buffer.length >= 2
  return shared.buffered >= arrivalCap(target(shared))
}

/**
 * Whether a range's worker lets it go after this page: the budget stopped the stream, fewer workers are
 * wanted, or chain order holds all it may and this range is not among the ones the emitter needs next (its
 * worker then helps with those instead of idling; they may exceed the cap by a few pages each).
 */
const letsGo = <A>(shared: Shared<A>, seg: Segment<A>): boolean =>
  shared.stopped ||
  shared.workers - shared.leaving > target(shared) ||
  (pressed(shared) && !workable(shared).includes(seg))

/**
 * Walks one range to its bottom, or until it must let go of it (the budget, a failure, fewer workers), in a
 * span of its own beneath the stream's, its requests' spans beneath it (`spans.ts`).
 */
const walkRange = <A>(shared: Shared<A>, seg: Segment<A>): Effect.Effect<void> => {
  const { range } = shared
  let letGo = false
  let walked = 0
  let failed: string | undefined
  const pages = Walk.walk<A, PageWithCursor<A>>(shared.ctx, shared.prepared, shared.spanName, {
    start: seg.cursor ?? (Number.isFinite(seg.hi) ? KeyRanges.startCursor(range, seg.hi) : undefined),
    until: (next) => KeyRanges.isBelow(range, next, seg.lo),
    emit: (page) => [page],
    // One request per worker: nothing is in flight when a worker lets its range go.
    prefetch: false,
    budget: shared.budget
  })
  // What follows a delivered page, built once per range: nothing here holds the page (see `onPage`).
  const stop = Effect.sync(() => {
    letGo = true
    return false
  })
  const waitForRoom: Effect.Effect<void> = Effect.suspend(() =>
    mustWait(shared, seg) ? Effect.andThen(nextChange(shared), waitForRoom) : Effect.void
  )
  const goOn = Effect.andThen(
    waitForRoom,
    Effect.suspend(() => (shared.failure !== undefined || shared.stopped ? stop : Effect.succeed(true)))
  )
  const afterSpawn = Effect.suspend(() => (letsGo(shared, seg) ? stop : goOn))
  const next = Effect.andThen(spawn(shared), afterSpawn)
  // The page is delivered before any effect runs, and no closure made per page keeps it: closures made per
  // page (an `Effect.gen` body here before) kept each page alive through every young-generation GC until the
  // next full one, so pages were promoted and the old generation grew (BENCHMARKS.md, "Stream memory").
  const onPage = (page: PageWithCursor<A>): Effect.Effect<boolean> => {
    const last = deliver(shared, seg, page)
    walked += 1
    notify(shared)
    return last || shared.failure !== undefined ? Effect.succeed(false) : next
  }
  return pages.pipe(
    Stream.runForEachWhile(onPage),
    Effect.catch((error) => {
      failed = error.reason._tag
      if (error.reason._tag === "BudgetExhausted") {
        shared.stopped = true
        letGo = true
      } else if (shared.failure === undefined) shared.failure = error
      return Effect.void
    }),
    Effect.andThen(
      Effect.sync(() => {
        // Let go: the range waits for a worker again, from its cursor. Else its walk ended on its own.
        if (seg.status === "running") seg.status = letGo || shared.failure !== undefined ? "pending" : "fetched"
        notify(shared)
      })
    ),
    Effect.andThen(Effect.suspend(() => reportPartition(seg, walked, letGo, failed))),
    Effect.withSpan(partitionSpanName, partitionSpanOptions(shared.ctx, shared.prepared.endpoint, range), noStack)
  )
}

/** One worker: ranges, one after the other, until there is none, or fewer workers are wanted. */
const worker = <A>(shared: Shared<A>): Effect.Effect<void> => {
  let leaving = false
  const loop: Effect.Effect<void> = Effect.suspend(() => {
    if (shared.failure !== undefined || shared.stopped) return Effect.void
    if (shared.workers - shared.leaving > target(shared)) {
      leaving = true
      shared.leaving += 1
      return Effect.void
    }
    const seg = takeWork(shared)
    if (seg === undefined) return Effect.void
    return Effect.andThen(walkRange(shared, seg), loop)
  })
  return Effect.ensuring(
    loop,
    Effect.sync(() => {
      shared.workers -= 1
      if (leaving) shared.leaving -= 1
      notify(shared)
    })
  )
}

/** Starts workers up to the target concurrency while there is work and room to hold what they fetch. */
export const spawn = <A>(shared: Shared<A>): Effect.Effect<void> =>
  Effect.suspend(() => {
    const wanted = target(shared)
    if (shared.failure !== undefined || shared.stopped) return Effect.void
    const forks: Array<Effect.Effect<unknown>> = []
    while (shared.workers - shared.leaving < wanted && hasWork(shared)) {
      shared.workers += 1
      forks.push(
        Effect.forkIn(Effect.provideContext(worker(shared), shared.context), shared.scope, { startImmediately: true })
      )
      // One new worker per range that can be taken: `hasWork` is re-read after it took its range.
      break
    }
    return forks.length === 0 ? Effect.void : Effect.andThen(Effect.all(forks, { discard: true }), spawn(shared))
  })

// A fetched page taken into its range: its items cut to the range's bounds, the range's position and the key
// density moved on, the page held for the emitter.

const missingKey = <A>(shared: Shared<A>, index: number): Errors.BlockscoutError =>
  new Errors.BlockscoutError({
    reason: new Errors.Decode({
      endpoint: shared.prepared.endpoint.name,
      url: "",
      path: `items.${index}.${shared.range.itemKey}`,
      message: `a partitioned stream needs each item's ${shared.range.itemKey} to cut a range at its bound; this server's items do not carry it`
    })
  })

/**
 * Takes a fetched page into its range: its items cut to `[lo, hi]` (an item without its key is kept only where
 * the next cursor shows the whole page is in the range), the range's position and the density updated.
 * Returns whether the range's walk is over.
 */
const deliver = <A>(shared: Shared<A>, seg: Segment<A>, page: PageWithCursor<A>): boolean => {
  const { range } = shared
  const next = page.next_page_params
  const last = next === null || KeyRanges.isBelow(range, next, seg.lo)
  // Items are below the cursor they were asked with (so at most `hi`), and at or above the next cursor: when
  // it is at or above `lo` (and names the page's last item: no batch keys), the whole page is in the range.
  const wholeInRange =
    next !== null && !KeyRanges.hasExtraKeys(range, next) && (KeyRanges.positionOf(range, next) ?? -1) >= seg.lo
  let kept: Array<A> | undefined
  let lowest = Number.POSITIVE_INFINITY
  let highest = Number.NEGATIVE_INFINITY
  page.items.forEach((item, i) => {
    const key = KeyRanges.itemKeyOf(range, item)
    const inRange = key === undefined ? wholeInRange : key >= seg.lo && key <= seg.hi
    if (key === undefined && !wholeInRange && shared.failure === undefined) shared.failure = missingKey(shared, i)
    if (key !== undefined && inRange) {
      lowest = Math.min(lowest, key)
      highest = Math.max(highest, key)
    }
    if (!inRange && kept === undefined) kept = page.items.slice(0, i)
    else if (inRange && kept !== undefined) kept.push(item)
  })
  const items = kept ?? page.items
  const before =
    page.cursor === undefined
      ? Number.isFinite(seg.hi)
        ? seg.hi + 1
        : highest + 1
      : KeyRanges.positionOf(range, page.cursor)
  const after = last ? seg.lo : KeyRanges.positionOf(range, next)
  if (before !== undefined && after !== undefined && Number.isFinite(before)) {
    observeDensity(shared.density, items.length, before - after, page.items.length)
  }
  seg.floor = Math.min(seg.floor, lowest)
  if (last) seg.status = "fetched"
  else seg.cursor = next
  seg.buffer.push({
    items,
    cursor: page.cursor,
    next,
    last,
    seq: ++shared.seq,
    ...(page.meta === undefined ? {} : { meta: page.meta })
  })
  shared.buffered += 1
  return last
}
