/**
 * The walk: streams of pages and items for every `shape: "page"` endpoint, as a cursor state machine.
 *
 * A walk follows `next_page_params` from a start cursor until it is null (or the walk's `until` bound says
 * stop), re-sending the filters on every page (servers drop them from cursors; `queryOf`), stripping
 * credentials from every cursor, and reporting each page with the cursor it was fetched with. Each page is
 * one `fetchJson`, which retries on its own, so a retry never restarts the stream. A cursor already used
 * (compared as the query it sends: an empty `{}` cursor, which would fetch the first page again, is a repeat
 * too) is not sent: the page that handed it out is asked once more (`recover.ts`), and only a second repeat
 * fails the stream (`PaginationStalled`).
 *
 * The next page is requested while the current one is parsed, decoded and consumed (one page ahead; the
 * cursor is read from the end of the body text first, `prefetch.ts`); `Stream.take` stops the fetching (the
 * request in flight is interrupted).
 *
 * @internal
 */
import { Effect, Option, Stream } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { PageWithCursor } from "../../Parameters.ts"
import type { Cursor, Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { decodePage, fetchRaw } from "./fetch.ts"
import { rawNext } from "./nextCursor.ts"
import {
  type Ahead,
  abandon,
  drop,
  fetchAhead,
  ownWatch,
  takeAhead,
  tapOf,
  type Watch,
  yieldToEventLoop
} from "./prefetch.ts"
import { askAgain, type Repeat } from "./recover.ts"
import { keyOf, makeRun, type Run } from "./run.ts"

/** Where a walk stands between two pages. */
type State =
  /** The page at `cursor` is next; `ahead`, its request already under way (prefetch). */
  | {
      readonly _tag: "Next"
      readonly cursor: Cursor | undefined
      /** Pages fetched so far. */
      readonly pages: number
      readonly ahead: Ahead | undefined
    }
  /** The last page handed out a cursor already used: ask that page again before going on. */
  | ({ readonly _tag: "Repeated" } & Repeat)

/** What a step gives the stream: this page's output, then where to go (none: the walk is over). */
type Step<Out> = readonly [ReadonlyArray<Out>, Option.Option<State>]

/** How a walk starts, ends and what it emits. */
export interface WalkOptions<A, Out> {
  /** The cursor of the first page (`undefined`: the first page of the endpoint). */
  readonly start: Cursor | undefined
  /**
   * Where to stop: called with each next cursor before its page is requested (early from the body text,
   * prefetched or in order); `true` ends the walk after the current page, and that page is never requested.
   * Default: follow every cursor to the last page.
   */
  readonly until?: ((next: Cursor) => boolean) | undefined
  /** What each page contributes to the stream (its items, or the page itself). */
  readonly emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
}

/**
 * The body of the page the walk is at: taken from its prefetched request, or requested now (its tail may
 * start the next request early, when prefetching), with the watch of what that body started.
 */
const bodyOf = (
  run: Run,
  state: { readonly cursor: Cursor | undefined; readonly ahead: Ahead | undefined }
): Effect.Effect<{ readonly json: unknown; readonly watch: Watch }, Errors.BlockscoutError> => {
  const { ctx, prepared, spanName } = run
  if (state.ahead !== undefined) {
    const watch = state.ahead.watch
    return Effect.map(takeAhead(run, state.ahead), (json) => ({ json, watch }))
  }
  const watch = ownWatch()
  const fetched = ctx.prefetch
    ? fetchRaw(ctx, prepared, state.cursor, spanName, tapOf(run, watch)).pipe(Effect.onError(() => drop(watch)))
    : fetchRaw(ctx, prepared, state.cursor, spanName)
  return Effect.map(fetched, (json) => ({ json, watch }))
}

/**
 * One page: its body, the request for the next page started from the parsed cursor (unless its tail already
 * started it), then the decode, whose cursor has the last word: a request for any other page is interrupted.
 */
const nextPage = <A, Out>(
  run: Run,
  state: Extract<State, { readonly _tag: "Next" }>,
  emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
): Effect.Effect<Step<Out>, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const { json, watch } = yield* bodyOf(run, state)
    const parsed = rawNext(json)
    const parsedKey = parsed === undefined ? undefined : keyOf(run, parsed)
    const follow = parsed !== undefined && parsedKey !== undefined && !run.seen.has(parsedKey) && !run.stops(parsed)
    // The request the tail started is kept when the parsed body points to the same page; otherwise it is
    // interrupted and the next request starts from the parsed cursor, as it would without the tail.
    let ahead = watch.early
    watch.early = undefined
    if (ahead !== undefined && (ahead.key !== parsedKey || !follow)) {
      yield* abandon(ahead)
      ahead = undefined
    }
    if (ahead === undefined && follow && run.ctx.prefetch) {
      ahead = yield* fetchAhead(run, parsed, parsedKey)
      yield* yieldToEventLoop
    }
    const page = yield* decodePage<A>(run.ctx, run.prepared, state.cursor, json)
    const out = emit({ ...page, cursor: state.cursor })
    const next = page.next_page_params
    const key = next === null ? undefined : keyOf(run, next)
    if (next === null || key === undefined || run.stops(next)) {
      if (ahead !== undefined) yield* abandon(ahead)
      return [out, Option.none()] as const
    }
    const repeated = run.seen.has(key)
    // The decoded cursor has the last word: a prefetch for any other page is interrupted.
    if (ahead !== undefined && (ahead.key !== key || repeated)) {
      yield* abandon(ahead)
      ahead = undefined
    }
    run.seen.add(key)
    const pages = state.pages + 1
    return [
      out,
      Option.some<State>(
        repeated
          ? { _tag: "Repeated", cursor: next, from: state.cursor, pages }
          : { _tag: "Next", cursor: next, pages, ahead }
      )
    ] as const
  })

/** The repeated cursor's step: nothing emitted; on to the cursor the page gave the second time, or the end. */
const repeatedPage = <Out>(run: Run, repeat: Repeat): Effect.Effect<Step<Out>, Errors.BlockscoutError> =>
  Effect.map(
    askAgain(run, repeat),
    (cursor): Step<Out> => [
      [],
      cursor === undefined
        ? Option.none()
        : Option.some({ _tag: "Next", cursor, pages: repeat.pages, ahead: undefined })
    ]
  )

/**
 * Every page from `options.start` to the last (or to `options.until`), each reported to `options.emit` with the
 * cursor it was fetched with. The stall check runs before a repeated cursor is sent, so the page that handed
 * it out is emitted; that page is then asked for once more, and only a second repeat fails the stream.
 *
 * Prefetch: as soon as the body text of the page the stream waits for is read, the request for the next
 * page is forked from the cursor at its end (`tailCursor`; one page ahead, at most), so the server's time
 * and the transfer overlap this page's parsing, decoding and the consumer's work. The parsed, then the
 * decoded, cursor must name the same page (`cursorKey`), else that request is interrupted and the next one
 * starts from the parsed or decoded cursor, as when the tail gives nothing. A cut body (retried) or a page
 * that fails interrupts it too. Every fork lives in the stream's scope: when the stream ends or is
 * interrupted (`Stream.take`), the request in flight is interrupted, which aborts it.
 *
 * Gotcha: a request started from the tail and then interrupted was admitted by the rate limiter and counted
 * (`Request` event, request metric) like any other; it never happens with a real Blockscout server, whose
 * tail and body always agree, except when a body is cut.
 */
export const walk = <A, Out>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  options: WalkOptions<A, Out>
): Stream.Stream<Out, Errors.BlockscoutError> =>
  Stream.unwrap(
    Effect.map(makeRun(ctx, prepared, spanName, options.start, options.until), (run) =>
      Stream.paginate<State, Out, Errors.BlockscoutError>(
        { _tag: "Next", cursor: options.start, pages: 0, ahead: undefined },
        (state) => (state._tag === "Next" ? nextPage(run, state, options.emit) : repeatedPage<Out>(run, state))
      )
    )
  )

/** Every page from `prepared.cursor` (or the first page) to the last, each with the cursor it was fetched with. */
export const pages = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<PageWithCursor<A>, Errors.BlockscoutError> =>
  walk<A, PageWithCursor<A>>(ctx, prepared, spanName, { start: prepared.cursor, emit: (page) => [page] })

/**
 * Every item of every page, in order. Each page's items go downstream as one chunk (no per-item
 * flattening step, which costs more than the fetch on large histories).
 */
export const items = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<A, Errors.BlockscoutError> =>
  walk<A, A>(ctx, prepared, spanName, { start: prepared.cursor, emit: (page) => page.items })
