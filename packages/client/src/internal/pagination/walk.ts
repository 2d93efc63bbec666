/**
 * The walk: streams of pages and items for every `shape: "page"` endpoint, as a cursor state machine.
 *
 * A walk follows `next_page_params` from a start cursor until it is null (or the walk's `until` bound says
 * stop), re-sending the filters on every page (servers drop them from cursors; `queryOf`), stripping
 * credentials from every cursor, and reporting each page with the cursor it was fetched with. Each page is
 * one `sendWithRetries` (`retry.ts`), which retries on its own, so a retry never restarts the stream. A page
 * is emitted only once its cursor is known to advance (`recover.ts`): a page whose cursor repeats one already
 * used (compared as the query it sends: an empty `{}` cursor, which would fetch the first page again, is a
 * repeat too) is held back and asked for once more, and the second answer is emitted in its place; a second
 * repeat, or a run of empty pages each with a new cursor, fails the stream (`PaginationStalled`). The cursors
 * used are remembered in bounded memory (`history.ts`).
 *
 * The next page is requested while the current one is decoded and consumed (one page ahead, from the parsed
 * body's cursor); `Stream.take` stops the fetching (the request in flight is interrupted).
 *
 * @internal
 */
import { cursorNeedsText, isCursorValue } from "@blockscout-effect/schema"
import { Effect, Fiber, Option, Stream } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { Page, PageWithCursor } from "../../Parameters.ts"
import type { Cursor, Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { type Secrets, stripCredentials } from "../redact.ts"
import type { Parsed } from "../send.ts"
import { affordable, type Budget, charge, exhausted, settle } from "./budget.ts"
import { decodePage, fetchRaw } from "./fetch.ts"
import { askAgain, judge, type Repeat, type Verdict } from "./recover.ts"
import { keyOf, makeRun, type Run } from "./run.ts"

/**
 * The cursor a raw body points to, read before the body is decoded so the next request can start while
 * this page decodes. `undefined` when there is none, it is malformed (decoding then reports it), or it holds
 * a number `JSON.parse` did not keep as the server wrote it (beyond 2^53, `1.000000000000000000001`, `-0`,
 * `1E-7`: `text`, the body, says so): only the decoded cursor, read from the text, goes back exactly.
 */
const rawNext = (secrets: Secrets, json: unknown, text: string): Cursor | undefined => {
  if (typeof json !== "object" || json === null) return undefined
  const next = (json as { readonly next_page_params?: unknown }).next_page_params
  if (typeof next !== "object" || next === null || Array.isArray(next)) return undefined
  for (const value of Object.values(next)) if (!isCursorValue(value)) return undefined
  // A number `JSON.parse` did not keep as written (the schema's one rule for cursor numbers): wait for the decode.
  if (cursorNeedsText(text)) return undefined
  return stripCredentials(secrets, next as Cursor)
}

/**
 * Lets the event loop run once, so a request just forked is written to the socket before this fiber
 * decodes a page (synchronous work of about a millisecond). `Effect.yieldNow` is not enough: the
 * scheduler runs ready fibers in one batch, and the HTTP client needs a few turns of the event loop.
 * `setImmediate` where it exists (Node, Bun, as Effect's own scheduler does), `setTimeout` elsewhere.
 */
const yieldToEventLoop: Effect.Effect<void> = Effect.callback<void>((resume) => {
  const host = globalThis as unknown as {
    readonly setImmediate?: (f: () => void) => unknown
    readonly setTimeout: (f: () => void, ms: number) => unknown
  }
  const done = () => resume(Effect.void)
  if (host.setImmediate !== undefined) host.setImmediate(done)
  else host.setTimeout(done, 0)
})

/**
 * The next page's request, started while this one is decoded and consumed: the fiber, and the parsed body it
 * leaves here. The body is handed over through this slot (emptied on taking it), not as the fiber's result: a
 * finished fiber keeps its result, and finished prefetch fibers stayed reachable across young-generation
 * collections, so every page's parsed body was copied and promoted to the old generation (about 0.1 ms of GC
 * a page).
 */
interface Ahead {
  readonly fiber: Fiber.Fiber<void, Errors.BlockscoutError>
  readonly slot: { body: Parsed | undefined }
  /** The canonical key (`cursorKey`) of the cursor it asks for. */
  readonly key: string
}

/**
 * Starts the request for `cursor` in the stream's scope, at once, so it is on the wire before decoding. It is
 * charged to the stream's budget now: callers check `affordable` first.
 */
const fetchAhead = (run: Run, cursor: Cursor, key: string): Effect.Effect<Ahead> => {
  const slot: { body: Parsed | undefined } = { body: undefined }
  charge(run.budget)
  const fill = Effect.map(fetchRaw(run.ctx, run.prepared, cursor, run.spanName), (body) => {
    slot.body = body
  }).pipe(Effect.ensuring(Effect.sync(() => settle(run.budget))), Effect.provideContext(run.context))
  return Effect.map(Effect.forkIn(fill, run.scope, { startImmediately: true }), (fiber) => ({ fiber, slot, key }))
}

/** Waits for a request started ahead and takes its body out of its slot. */
const takeAhead = (ahead: Ahead): Effect.Effect<Parsed, Errors.BlockscoutError> =>
  Effect.map(Fiber.join(ahead.fiber), () => {
    const body = ahead.slot.body!
    ahead.slot.body = undefined
    return body
  })

/** Interrupts a request started ahead (which aborts it). */
const abandon = (ahead: Ahead): Effect.Effect<void> => Fiber.interrupt(ahead.fiber)

/** Where a walk stands between two pages. */
type State =
  /** The page at `cursor` is next; `ahead`, its request already under way (prefetch). */
  | {
      readonly _tag: "Next"
      readonly cursor: Cursor | undefined
      /** Pages fetched so far. */
      readonly pages: number
      /** Empty pages in a row so far. */
      readonly empty: number
      readonly ahead: Ahead | undefined
    }
  /** The last page handed out a cursor already used: it is held back, and asked for again. */
  | ({ readonly _tag: "Repeated" } & Repeat)

/** What a step gives the stream: this page's output, then where to go (none: the walk is over). */
type Step<Out> = readonly [ReadonlyArray<Out>, Option.Option<State>]

/** How a walk starts, ends and what it emits. */
export interface WalkOptions<A, Out> {
  /** The cursor of the first page (`undefined`: the first page of the endpoint). */
  readonly start: Cursor | undefined
  /**
   * Where to stop: called with each next cursor before its page is requested (ahead or in order); `true` ends
   * the walk after the current page, and that page is never requested.
   * Default: follow every cursor to the last page.
   */
  readonly until?: ((next: Cursor) => boolean) | undefined
  /** What each page contributes to the stream (its items, or the page itself). */
  readonly emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
  /** Whether to request the next page while this one is consumed; default: the layer's `prefetch`. */
  readonly prefetch?: boolean | undefined
  /**
   * The credits the walk may spend: no request is sent beyond it, and a page it does not cover ends the walk
   * with `BudgetExhausted` (the cursor of that page to resume from). Default: none (nothing is counted).
   */
  readonly budget?: Budget | undefined
}

/** The body of the page the walk is at: taken from the request started ahead for it, or requested now. */
const bodyOf = (
  run: Run,
  state: { readonly cursor: Cursor | undefined; readonly ahead: Ahead | undefined }
): Effect.Effect<Parsed, Errors.BlockscoutError> => {
  if (state.ahead !== undefined) return takeAhead(state.ahead)
  const budget = run.budget
  if (budget !== undefined && !affordable(budget)) return Effect.fail(exhausted(budget, run.prepared, state))
  charge(budget)
  return Effect.ensuring(
    fetchRaw(run.ctx, run.prepared, state.cursor, run.spanName),
    Effect.sync(() => settle(budget))
  )
}

/**
 * Where a judged page (fetched with `from`) takes the stream: emitted when its cursor advances or it is the
 * last, held back (nothing emitted) when its cursor repeats. `ahead`, a request already started for the next
 * page, is kept only when it asks for the page the verdict goes to.
 */
const stepOf = <A, Out>(
  page: Page<A>,
  from: Cursor | undefined,
  pages: number,
  verdict: Verdict,
  ahead: Ahead | undefined,
  emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
): Effect.Effect<Step<Out>> => {
  const keep = ahead !== undefined && verdict._tag === "Advance" && ahead.key === verdict.key
  const step: Step<Out> =
    verdict._tag === "Repeated"
      ? [[], Option.some({ _tag: "Repeated", ...verdict.repeat })]
      : [
          emit({ ...page, cursor: from }),
          verdict._tag === "Last"
            ? Option.none()
            : Option.some({
                _tag: "Next",
                cursor: verdict.cursor,
                pages,
                empty: verdict.empty,
                ahead: keep ? ahead : undefined
              })
        ]
  return ahead === undefined || keep ? Effect.succeed(step) : Effect.as(abandon(ahead), step)
}

/**
 * One page: its body, the request for the next page started from the parsed cursor, then the decode, whose
 * cursor has the last word (`judge`): a request for any other page is interrupted, and a page whose cursor
 * repeats is held back.
 */
const nextPage = <A, Out>(
  run: Run,
  state: Extract<State, { readonly _tag: "Next" }>,
  emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
): Effect.Effect<Step<Out>, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const body = yield* bodyOf(run, state)
    let ahead: Ahead | undefined
    if (run.prefetch && affordable(run.budget)) {
      const parsed = rawNext(run.ctx, body.json, body.text)
      const key = parsed === undefined ? undefined : keyOf(run, parsed)
      if (parsed !== undefined && key !== undefined && !run.seen.has(key) && !run.stops(parsed)) {
        ahead = yield* fetchAhead(run, parsed, key)
        yield* yieldToEventLoop
      }
    }
    const decoded = decodePage<A>(run.ctx, run.prepared, state.cursor, body)
    const page = yield* ahead === undefined ? decoded : Effect.onError(decoded, () => abandon(ahead))
    const pages = state.pages + 1
    const verdict = yield* Effect.onError(judge(run, page, state.cursor, pages, state.empty, false), () =>
      ahead === undefined ? Effect.void : abandon(ahead)
    )
    return yield* stepOf(page, state.cursor, pages, verdict, ahead, emit)
  })

/** The held page's step: the page asked again is emitted in its place, if its cursor advances. */
const repeatedPage = <A, Out>(
  run: Run,
  repeat: Repeat,
  emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
): Effect.Effect<Step<Out>, Errors.BlockscoutError> =>
  Effect.flatMap(askAgain<A>(run, repeat), ({ page, verdict }) =>
    stepOf(page, repeat.from, repeat.pages, verdict, undefined, emit)
  )

/**
 * Every page from `options.start` to the last (or to `options.until`), each reported to `options.emit` with the
 * cursor it was fetched with, once its cursor is known to advance. The stall check runs before a repeated
 * cursor is sent: the page that handed it out is held back and asked for once more, the second answer is
 * emitted in its place, and only a second repeat fails the stream (the held page unemitted).
 *
 * Prefetch: once the body of a page is parsed, the request for the next page is forked from its cursor (one
 * page ahead, at most), so the server's time and the transfer overlap this page's decoding and the consumer's
 * work. The decoded cursor must name the same page (`cursorKey`), else that request is interrupted and the next
 * one starts from the decoded cursor. A page that fails interrupts it too. Every fork lives in the stream's
 * scope: when the stream ends or is interrupted (`Stream.take`), the request in flight is interrupted, which
 * aborts it.
 */
export const walk = <A, Out>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  options: WalkOptions<A, Out>
): Stream.Stream<Out, Errors.BlockscoutError> =>
  Stream.unwrap(
    Effect.map(
      makeRun(ctx, prepared, spanName, options.start, options.until, {
        prefetch: options.prefetch,
        budget: options.budget
      }),
      (run) =>
        Stream.paginate<State, Out, Errors.BlockscoutError>(
          { _tag: "Next", cursor: options.start, pages: 0, empty: 0, ahead: undefined },
          (state) =>
            state._tag === "Next" ? nextPage(run, state, options.emit) : repeatedPage(run, state, options.emit)
        )
    )
  )

/**
 * Every page from `prepared.cursor` (or the first page) to the last, each with the cursor it was fetched with;
 * within `budget` when given.
 */
export const pages = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  budget?: Budget,
  until?: (next: Cursor) => boolean
): Stream.Stream<PageWithCursor<A>, Errors.BlockscoutError> =>
  walk<A, PageWithCursor<A>>(ctx, prepared, spanName, { start: prepared.cursor, until, emit: (page) => [page], budget })

/**
 * Every item of every page, in order; within `budget` when given. Each page's items go downstream as one
 * chunk (no per-item flattening step, which costs more than the fetch on large histories).
 */
export const items = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  budget?: Budget
): Stream.Stream<A, Errors.BlockscoutError> =>
  walk<A, A>(ctx, prepared, spanName, { start: prepared.cursor, emit: (page) => page.items, budget })
