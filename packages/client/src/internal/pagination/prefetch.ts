/**
 * The prefetch machinery: the request for the next page is started while the current one is parsed,
 * decoded and consumed, one page ahead at most.
 *
 * Two ways a request starts ahead: from the parsed body's cursor (`fetchAhead`, by the walk), and earlier,
 * from the cursor at the end of the body text before it is parsed (`tapOf`, the body tap, which starts it
 * only for the page the stream is waiting for). Each prefetched request is an `Ahead`; what its own body may
 * start in turn is its `Watch`. Every fork happens on the stream's own fiber, in the stream's scope.
 *
 * @internal
 */
import { Deferred, Effect, Fiber } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { Cursor } from "../arguments.ts"
import type { BodyTap, Parsed } from "../send.ts"
import { affordable, charge, settle } from "./budget.ts"
import { fetchRaw } from "./fetch.ts"
import { keyOf, type Run } from "./run.ts"
import { tailCursor } from "./nextCursor.ts"

/**
 * Lets the event loop run once, so a request just forked is written to the socket before this fiber
 * decodes a page (synchronous work of about a millisecond). `Effect.yieldNow` is not enough: the
 * scheduler runs ready fibers in one batch, and the HTTP client needs a few turns of the event loop.
 * `setImmediate` where it exists (Node, Bun, as Effect's own scheduler does), `setTimeout` elsewhere.
 */
export const yieldToEventLoop: Effect.Effect<void> = Effect.callback<void>((resume) => {
  const host = globalThis as unknown as {
    readonly setImmediate?: (f: () => void) => unknown
    readonly setTimeout: (f: () => void, ms: number) => unknown
  }
  const done = () => resume(Effect.void)
  if (host.setImmediate !== undefined) host.setImmediate(done)
  else host.setTimeout(done, 0)
})

/**
 * A prefetched request: the fiber, and the parsed body it leaves here. The body is handed over through
 * this slot (and the slot emptied on taking it), not as the fiber's result: a finished fiber keeps its
 * result, and finished prefetch fibers stayed reachable across young-generation collections, so every
 * page's parsed body was copied and promoted to the old generation (about 0.1 ms of GC a page).
 */
export interface Ahead {
  readonly fiber: Fiber.Fiber<void, Errors.BlockscoutError>
  readonly slot: { body: Parsed | undefined }
  /** The canonical key (`cursorKey`) of the cursor it asks for. */
  readonly key: string
  readonly watch: Watch
}

/**
 * What one page's request may start from its body's text before the body is parsed (`tailCursor`).
 * `wanted`: the stream is waiting for this page; only then may its tail start the next request, so at most
 * one page is fetched ahead of the one the stream waits for (a prefetched page that arrives while the
 * stream is busy starts nothing; the stream starts the next request from it as before, once it takes it).
 * `early`: the request so started, until the stream takes it over or interrupts it.
 */
export interface Watch {
  wanted: boolean
  early: Ahead | undefined
  /**
   * For a prefetched page: done when its tail is read (`tail` then holds the cursor) or its request ends. The
   * stream forks the early request itself: forked from inside the prefetch fiber, page data outlived the
   * young generation and was promoted (GC time about 3x at 0 ms server time).
   */
  readonly signal: Deferred.Deferred<void> | undefined
  tail: { readonly cursor: Cursor; readonly key: string } | undefined
}

/** The watch of a page the stream fetches itself (not prefetched): waited for at once, nothing to signal. */
export const ownWatch = (): Watch => ({ wanted: true, early: undefined, signal: undefined, tail: undefined })

/**
 * Starts the request for `cursor` in the stream's scope, at once, so it is on the wire before decoding. It is
 * charged to the stream's budget now: callers check `affordable` first.
 */
export const fetchAhead = (run: Run, cursor: Cursor, key: string): Effect.Effect<Ahead> => {
  const slot: { body: Parsed | undefined } = { body: undefined }
  const signal = Deferred.makeUnsafe<void>()
  const watch: Watch = { wanted: false, early: undefined, signal, tail: undefined }
  charge(run.budget)
  const fill = Effect.map(fetchRaw(run.ctx, run.prepared, cursor, run.spanName, tapOf(run, watch)), (body) => {
    slot.body = body
  }).pipe(
    Effect.onError(() => drop(watch)),
    Effect.ensuring(
      Effect.andThen(
        Effect.sync(() => settle(run.budget)),
        Deferred.succeed(signal, undefined)
      )
    ),
    Effect.provideContext(run.context)
  )
  return Effect.map(Effect.forkIn(fill, run.scope, { startImmediately: true }), (fiber) => ({
    fiber,
    slot,
    key,
    watch
  }))
}

/** Starts the request for the page after `watch`'s, from its tail, and puts it on the wire. */
const startEarly = (run: Run, cursor: Cursor, key: string, watch: Watch): Effect.Effect<void> =>
  Effect.flatMap(fetchAhead(run, cursor, key), (early) => {
    watch.early = early
    return yieldToEventLoop
  })

/**
 * The look at a page's text: when the stream waits for that page, the cursor at the end of the text
 * (`tailCursor`, then the same checks as a parsed cursor: credentials stripped, a repeat or a cursor past the
 * walk's bound starts nothing) starts the next request before `JSON.parse`; a body that does not parse
 * interrupts it. The fork always happens on the stream's fiber: for a prefetched page the tap only hands the
 * cursor over (`Watch.signal`) and yields, so the stream, waiting in `takeAhead`, forks it before this body is
 * parsed. A later attempt at the same page (the first was cut) replaces it on the stream's own page, and
 * starts nothing early on a prefetched one (the next request then starts from the parsed cursor).
 */
export const tapOf = (run: Run, watch: Watch): BodyTap => ({
  text: (body) =>
    Effect.suspend(() => {
      if (!watch.wanted) return Effect.void
      const cursor = tailCursor(run.ctx, body)
      const key = cursor === undefined ? undefined : keyOf(run, cursor)
      if (
        cursor === undefined ||
        key === undefined ||
        run.seen.has(key) ||
        run.stops(cursor) ||
        !affordable(run.budget)
      ) {
        return drop(watch)
      }
      const signal = watch.signal
      // The stream's own page: this is the stream's fiber, fork here.
      if (signal === undefined) return Effect.andThen(drop(watch), startEarly(run, cursor, key, watch))
      // A prefetched page: hand the cursor to the stream (waiting in `takeAhead`), which forks the request,
      // and let it run before this body is parsed. A later attempt (the first body was cut) starts nothing.
      if (Deferred.isDoneUnsafe(signal)) return drop(watch)
      watch.tail = { cursor, key }
      return Effect.andThen(Deferred.succeed(signal, undefined), yieldToEventLoop)
    }),
  unparsable: drop(watch)
})

/**
 * Waits for a prefetched body and takes it out of its slot; from now on its tail may start the next request,
 * which is forked from the stream's own fiber (this one) as soon as the tail is read.
 */
export const takeAhead = (run: Run, ahead: Ahead): Effect.Effect<Parsed, Errors.BlockscoutError> =>
  Effect.suspend(() => {
    const watch = ahead.watch
    watch.wanted = true
    const join = Effect.map(Fiber.join(ahead.fiber), () => {
      const body = ahead.slot.body!
      ahead.slot.body = undefined
      return body
    })
    const signal = watch.signal
    if (signal === undefined) return join
    const fork = Effect.suspend(() => {
      const tail = watch.tail
      watch.tail = undefined
      return tail === undefined ? Effect.void : startEarly(run, tail.cursor, tail.key, watch)
    })
    return Effect.andThen(Deferred.await(signal), Effect.andThen(fork, join))
  })

/** Interrupts a prefetched request (which aborts it), and whatever it started in turn. */
export const abandon = (ahead: Ahead): Effect.Effect<void> =>
  Effect.andThen(Fiber.interrupt(ahead.fiber), () => drop(ahead.watch))

/** Interrupts the early request a page's tail started, if any. */
export const drop = (watch: Watch): Effect.Effect<void> =>
  Effect.suspend(() => {
    const early = watch.early
    watch.early = undefined
    return early === undefined ? Effect.void : abandon(early)
  })
