/**
 * Pagination: one page, and streams of pages and items, for every `shape: "page"` endpoint.
 *
 * A stream follows `next_page_params` until it is null, re-sending the filters on every page (servers
 * drop them from cursors), stripping `apikey`/`key` from every cursor, and failing with
 * `PaginationStalled` when a cursor repeats and asking that page once more repeats it again (cursors are
 * compared as the query they send: an empty `{}` cursor, which would fetch the first page again, is a repeat
 * too). Each page is one `fetchJson`, which retries on its own, so a
 * retry never restarts the stream. The next page is requested while the current one is parsed, decoded
 * and consumed (one page ahead; the cursor is read from the end of the body text first, see `tailCursor`);
 * `Stream.take` stops the fetching (the request in flight is interrupted).
 *
 * @internal
 */
import { isCursorValue } from "@blockscout-effect/schema"
import { Deferred, Effect, Fiber, Option, Result, Stream } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { Page, PageWithCursor } from "../Parameters.ts"
import type { BodyTap, ClientContext, Cursor, Prepared } from "./request.ts"
import {
  cursorKey,
  decodeJson,
  emit as emitEvent,
  fetchJson,
  queryOf,
  redactedUrl,
  spanAttributes,
  stripCredentials
} from "./request.ts"

/** The request of one page: the cursor it was asked with, and its redacted URL. */
const requestOf = (ctx: ClientContext, prepared: Prepared, cursor: Cursor | undefined) => {
  const query = queryOf(prepared, cursor)
  return { query, url: redactedUrl(ctx, prepared.path, query) }
}

/**
 * Sends the request of one page inside a span named for the method; the body comes back parsed, not decoded.
 * `tap` sees the body text before it is parsed.
 */
const fetchRaw = (
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  spanName: string,
  tap?: BodyTap
): Effect.Effect<unknown, Errors.BlockscoutError> => {
  const { query, url } = requestOf(ctx, prepared, cursor)
  return fetchJson(ctx, prepared.endpoint, prepared.path, query, url, tap).pipe(
    // No stack trace per span: one is captured per page otherwise, a measurable cost on long streams.
    Effect.withSpan(spanName, { attributes: spanAttributes(ctx, prepared.endpoint) }, { captureStackTrace: false })
  )
}

/** Decodes a page body and strips credentials from its cursor. */
const decodePage = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  json: unknown
): Effect.Effect<Page<A>, Errors.BlockscoutError> =>
  decodeJson(ctx, prepared.endpoint, () => requestOf(ctx, prepared, cursor).url, json).pipe(
    Effect.map((raw) => {
      const page = raw as Page<A>
      const next = page.next_page_params
      return next === null || next === undefined
        ? { items: page.items, next_page_params: null }
        : { items: page.items, next_page_params: stripCredentials(next) }
    })
  )

/** Fetches one page of a paged endpoint, inside a span named `spanName`; its cursor is credential-free. */
export const fetchPage = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  spanName: string
): Effect.Effect<Page<A>, Errors.BlockscoutError> =>
  Effect.flatMap(fetchRaw(ctx, prepared, cursor, spanName), (json) => decodePage<A>(ctx, prepared, cursor, json))

/** Fetches the bare-array endpoint (E3) as one effect. */
export const fetchArray = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Effect.Effect<ReadonlyArray<A>, Errors.BlockscoutError> =>
  Effect.flatMap(fetchRaw(ctx, prepared, undefined, spanName), (json) =>
    decodeJson(ctx, prepared.endpoint, () => requestOf(ctx, prepared, undefined).url, json)
  ).pipe(Effect.map((raw) => raw as ReadonlyArray<A>))

/**
 * The cursor a raw body points to, read before the body is decoded so the next request can start while
 * this page decodes. `undefined` when there is none or it is malformed (decoding then reports it).
 */
const rawNext = (json: unknown): Cursor | undefined => {
  if (typeof json !== "object" || json === null) return undefined
  const next = (json as { readonly next_page_params?: unknown }).next_page_params
  if (typeof next !== "object" || next === null || Array.isArray(next)) return undefined
  for (const value of Object.values(next)) {
    if (!isCursorValue(value)) return undefined
  }
  return stripCredentials(next as Cursor)
}

const cursorMarker = '"next_page_params":'

/**
 * The cursor at the end of a body's text, read before the body is parsed: Blockscout (Elixir's Jason) writes
 * keys sorted, so `next_page_params` is the last key, `{"items":[...],"next_page_params":{...}}`. Only the
 * text after the last `"next_page_params":` is parsed, then checked like a parsed body's cursor (`rawNext`).
 * Anything else (another key order, spaces, a cut body, a trailing key) gives `undefined`: no early request.
 * It is a guess, never trusted: the parsed and decoded page decides, and a request started from a wrong
 * guess is interrupted.
 */
const tailCursor = (body: string): Cursor | undefined => {
  const at = body.lastIndexOf(cursorMarker)
  if (at < 0) return undefined
  const end = body.lastIndexOf("}")
  if (end < at || body.slice(end + 1).trim() !== "") return undefined
  const value = Result.try(() => JSON.parse(body.slice(at + cursorMarker.length, end)) as unknown)
  return Result.isSuccess(value) ? rawNext({ next_page_params: value.success }) : undefined
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

interface State {
  readonly cursor: Cursor | undefined
  /** Pages fetched so far. */
  readonly pages: number
  /**
   * Set when `cursor` was already used: the next step asks the page that handed it out (`from`) once more,
   * and fails unless that answer points somewhere new.
   */
  readonly repeated: boolean
  /** The cursor of the page that handed out `cursor`. */
  readonly from: Cursor | undefined
  /** The request for `cursor`, already under way (prefetch). */
  readonly ahead: Ahead | undefined
}

/**
 * A prefetched request: the fiber, and the parsed body it leaves here. The body is handed over through
 * this slot (and the slot emptied on taking it), not as the fiber's result: a finished fiber keeps its
 * result, and finished prefetch fibers stayed reachable across young-generation collections, so every
 * page's parsed body was copied and promoted to the old generation (about 0.1 ms of GC a page).
 */
interface Ahead {
  readonly fiber: Fiber.Fiber<void, Errors.BlockscoutError>
  readonly slot: { json: unknown }
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
interface Watch {
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

/**
 * Waits for a prefetched body and takes it out of its slot; from now on its tail may start the next request,
 * which `start` forks from the stream's own fiber as soon as the tail is read.
 */
const takeAhead = (
  ahead: Ahead,
  start: (cursor: Cursor, key: string, watch: Watch) => Effect.Effect<void>
): Effect.Effect<unknown, Errors.BlockscoutError> =>
  Effect.suspend(() => {
    const watch = ahead.watch
    watch.wanted = true
    const join = Effect.map(Fiber.join(ahead.fiber), () => {
      const json = ahead.slot.json
      ahead.slot.json = undefined
      return json
    })
    const signal = watch.signal
    if (signal === undefined) return join
    const fork = Effect.suspend(() => {
      const tail = watch.tail
      watch.tail = undefined
      return tail === undefined ? Effect.void : start(tail.cursor, tail.key, watch)
    })
    return Effect.andThen(Deferred.await(signal), Effect.andThen(fork, join))
  })

/** Interrupts an early request (which aborts it), and whatever it started in turn. */
const abandon = (ahead: Ahead): Effect.Effect<void> =>
  Effect.andThen(Fiber.interrupt(ahead.fiber), () => drop(ahead.watch))

/** Interrupts the early request a page's tail started, if any. */
const drop = (watch: Watch): Effect.Effect<void> =>
  Effect.suspend(() => {
    const early = watch.early
    watch.early = undefined
    return early === undefined ? Effect.void : abandon(early)
  })

/**
 * Every page from `prepared.cursor` (or the first page) to the last, each with the cursor it was fetched
 * with. The stall check runs before a repeated cursor is sent, so the page that handed it out is emitted;
 * that page is then asked for once more, and only a second repeat fails the stream (`PaginationStalled`).
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
export const pages = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<PageWithCursor<A>, Errors.BlockscoutError> =>
  walk<A, PageWithCursor<A>>(ctx, prepared, spanName, (page) => [page])

/**
 * Every item of every page, in order. Each page's items go downstream as one chunk (no per-item
 * flattening step, which costs more than the fetch on large histories).
 */
export const items = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<A, Errors.BlockscoutError> => walk<A, A>(ctx, prepared, spanName, (page) => page.items)

/** The walk behind `pages` and `items`: `emit` says what each page contributes to the stream. */
const walk = <A, Out>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string,
  emit: (page: PageWithCursor<A>) => ReadonlyArray<Out>
): Stream.Stream<Out, Errors.BlockscoutError> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const scope = yield* Effect.scope
      // Per run of the stream: the cursors already used, compared as the query they send (`cursorKey`), so
      // key order or value types never hide a repeat, and an empty cursor counts as the first page.
      const cursorId = (cursor: Cursor | undefined) => cursorKey(prepared, cursor)
      const seen = new Set<string>([cursorId(prepared.cursor)])
      // Prefetches run in the stream's context (its parent span), not in the request that started them: an
      // early request is forked from inside the previous page's request.
      const context = yield* Effect.context<never>()
      /** Starts the request for `cursor` in the stream's scope, at once, so it is on the wire before decoding. */
      const fetchAhead = (cursor: Cursor, key: string): Effect.Effect<Ahead> => {
        const slot: { json: unknown } = { json: undefined }
        const signal = Deferred.makeUnsafe<void>()
        const watch: Watch = { wanted: false, early: undefined, signal, tail: undefined }
        const fill = Effect.map(fetchRaw(ctx, prepared, cursor, spanName, tapOf(watch)), (json) => {
          slot.json = json
        }).pipe(
          Effect.onError(() => drop(watch)),
          Effect.ensuring(Deferred.succeed(signal, undefined)),
          Effect.provideContext(context)
        )
        return Effect.map(Effect.forkIn(fill, scope, { startImmediately: true }), (fiber) => ({
          fiber,
          slot,
          key,
          watch
        }))
      }
      /** Starts the request for the page after `watch`'s, from its tail, and puts it on the wire. */
      const startEarly = (cursor: Cursor, key: string, watch: Watch): Effect.Effect<void> =>
        Effect.flatMap(fetchAhead(cursor, key), (early) => {
          watch.early = early
          return yieldToEventLoop
        })
      /**
       * The look at a page's text: when the stream waits for that page, the cursor at the end of the text
       * (`tailCursor`, then the same checks as a parsed cursor: credentials stripped, a repeat starts nothing)
       * starts the next request before `JSON.parse`; a body that does not parse interrupts it. The fork always
       * happens on the stream's fiber: for a prefetched page the tap only hands the cursor over (`Watch.signal`)
       * and yields, so the stream, waiting in `takeAhead`, forks it before this body is parsed. A later attempt
       * at the same page (the first was cut) replaces it on the stream's own page, and starts nothing early on a
       * prefetched one (the next request then starts from the parsed cursor).
       */
      const tapOf = (watch: Watch): BodyTap => ({
        text: (body) =>
          Effect.suspend(() => {
            if (!watch.wanted) return Effect.void
            const cursor = tailCursor(body)
            const key = cursor === undefined ? undefined : cursorId(cursor)
            if (cursor === undefined || key === undefined || seen.has(key)) return drop(watch)
            const signal = watch.signal
            // The stream's own page: this is the stream's fiber, fork here.
            if (signal === undefined) return Effect.andThen(drop(watch), startEarly(cursor, key, watch))
            // A prefetched page: hand the cursor to the stream (waiting in `takeAhead`), which forks the request,
            // and let it run before this body is parsed. A later attempt (the first body was cut) starts nothing.
            if (Deferred.isDoneUnsafe(signal)) return drop(watch)
            watch.tail = { cursor, key }
            return Effect.andThen(Deferred.succeed(signal, undefined), yieldToEventLoop)
          }),
        unparsable: drop(watch)
      })
      const step = (
        state: State
      ): Effect.Effect<readonly [ReadonlyArray<Out>, Option.Option<State>], Errors.BlockscoutError> =>
        Effect.gen(function* () {
          if (state.repeated && state.cursor !== undefined) {
            const stalled = new Errors.BlockscoutError({
              reason: new Errors.PaginationStalled({
                endpoint: prepared.endpoint.name,
                url: requestOf(ctx, prepared, state.cursor).url,
                cursor: state.cursor,
                pages: state.pages
              })
            })
            // One more look at the page that handed out the repeat: a stale replica or a glitch behind a load
            // balancer answers right the second time. Its items were emitted already; only its cursor is used.
            yield* Effect.logDebug("Blockscout cursor repeated; asking that page again").pipe(
              Effect.annotateLogs({ endpoint: prepared.endpoint.name, url: stalled.url })
            )
            yield* emitEvent(ctx, {
              _tag: "Retry",
              endpoint: prepared.endpoint.name,
              url: requestOf(ctx, prepared, state.from).url,
              attempt: 1,
              reason: "PaginationStalled",
              delayMillis: 0
            })
            const again = yield* decodePage<A>(
              ctx,
              prepared,
              state.from,
              yield* fetchRaw(ctx, prepared, state.from, spanName)
            )
            if (again.next_page_params === null) return [[], Option.none()] as const
            const id = cursorId(again.next_page_params)
            if (seen.has(id)) return yield* Effect.fail(stalled)
            seen.add(id)
            const next: State = {
              cursor: again.next_page_params,
              pages: state.pages,
              repeated: false,
              from: state.from,
              ahead: undefined
            }
            return [[], Option.some(next)] as const
          }
          let json: unknown
          let watch: Watch
          if (state.ahead !== undefined) {
            watch = state.ahead.watch
            json = yield* takeAhead(state.ahead, startEarly)
          } else {
            const direct: Watch = { wanted: true, early: undefined, signal: undefined, tail: undefined }
            watch = direct
            json =
              ctx.prefetch > 0
                ? yield* fetchRaw(ctx, prepared, state.cursor, spanName, tapOf(direct)).pipe(
                    Effect.onError(() => drop(direct))
                  )
                : yield* fetchRaw(ctx, prepared, state.cursor, spanName)
          }
          const next = rawNext(json)
          const nextId = next === undefined ? undefined : cursorId(next)
          const repeated = nextId !== undefined && seen.has(nextId)
          // The request the tail started is kept when the parsed body points to the same page; otherwise it is
          // interrupted and the next request starts from the parsed cursor, as it would without the tail.
          let ahead = watch.early
          watch.early = undefined
          if (ahead !== undefined && (ahead.key !== nextId || repeated)) {
            yield* abandon(ahead)
            ahead = undefined
          }
          if (ahead === undefined && next !== undefined && nextId !== undefined && !repeated && ctx.prefetch > 0) {
            ahead = yield* fetchAhead(next, nextId)
            yield* yieldToEventLoop
          }
          const page = yield* decodePage<A>(ctx, prepared, state.cursor, json)
          const current: PageWithCursor<A> = { ...page, cursor: state.cursor }
          const id = page.next_page_params === null ? undefined : cursorId(page.next_page_params)
          // The decoded cursor has the last word: a prefetch for any other page is interrupted.
          if (ahead !== undefined && ahead.key !== id) {
            yield* abandon(ahead)
            ahead = undefined
          }
          if (page.next_page_params === null || id === undefined) return [emit(current), Option.none()] as const
          const stalled = seen.has(id)
          seen.add(id)
          return [
            emit(current),
            Option.some({
              cursor: page.next_page_params,
              pages: state.pages + 1,
              repeated: stalled,
              from: state.cursor,
              ahead
            })
          ] as const
        })
      return Stream.paginate<State, Out, Errors.BlockscoutError>(
        { cursor: prepared.cursor, pages: 0, repeated: false, from: undefined, ahead: undefined },
        step
      )
    })
  )
