/**
 * Pagination: one page, and streams of pages and items, for every `shape: "page"` endpoint.
 *
 * A stream follows `next_page_params` until it is null, re-sending the filters on every page (servers
 * drop them from cursors), stripping `apikey`/`key` from every cursor, and failing with
 * `PaginationStalled` when a cursor repeats. Each page is one `send`, which retries on its own, so a
 * retry never restarts the stream. Pages are fetched `prefetch` ahead of the consumer; `Stream.take`
 * stops the fetching (an in-flight prefetch is interrupted, which aborts its request).
 *
 * @internal
 */
import { Effect, Option, Stream } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { RawPage } from "../endpoints.ts"
import type { ClientContext, Cursor, Prepared } from "./request.ts"
import { queryOf, redactedUrl, send, spanAttributes, stripCredentials } from "./request.ts"

/** A page with the (credential-free) cursor it was fetched with; `undefined` for the first page. */
export interface PageWithCursor<A> extends RawPage<A> {
  readonly cursor: Cursor | undefined
}

/** Fetches one page of a paged endpoint, inside a span named `spanName`; its cursor is credential-free. */
export const fetchPage = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  spanName: string
): Effect.Effect<RawPage<A>, Errors.BlockscoutError> => {
  const query = queryOf(prepared, cursor)
  return send(ctx, prepared.endpoint, prepared.path, query).pipe(
    Effect.map((raw) => {
      const page = raw as RawPage<A>
      const next = page.next_page_params
      return next === null || next === undefined
        ? { items: page.items, next_page_params: null }
        : { items: page.items, next_page_params: stripCredentials(next) }
    }),
    Effect.withSpan(spanName, { attributes: spanAttributes(ctx, prepared.endpoint) })
  )
}

/** Fetches the bare-array endpoint (E3) as one effect. */
export const fetchArray = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Effect.Effect<ReadonlyArray<A>, Errors.BlockscoutError> =>
  send(ctx, prepared.endpoint, prepared.path, queryOf(prepared, undefined)).pipe(
    Effect.map((raw) => raw as ReadonlyArray<A>),
    Effect.withSpan(spanName, { attributes: spanAttributes(ctx, prepared.endpoint) })
  )

/** A stable text for a cursor, independent of key order, to spot repeats. */
const cursorId = (cursor: Cursor | undefined): string =>
  cursor === undefined
    ? ""
    : JSON.stringify(
        Object.keys(cursor)
          .sort()
          .map((k) => [k, cursor[k]])
      )

interface State {
  readonly cursor: Cursor | undefined
  /** Pages fetched so far. */
  readonly pages: number
  /** Set when `cursor` was already used: the next step fails instead of fetching it. */
  readonly repeated: boolean
}

/**
 * Every page from `prepared.cursor` (or the first page) to the last, each with the cursor it was fetched
 * with. The stall check runs before a repeated cursor is sent, so the page that handed it out is emitted.
 */
export const pages = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<PageWithCursor<A>, Errors.BlockscoutError> =>
  Stream.suspend(() => {
    // Per run of the stream: the cursors already used.
    const seen = new Set<string>([cursorId(prepared.cursor)])
    const step = (
      state: State
    ): Effect.Effect<readonly [ReadonlyArray<PageWithCursor<A>>, Option.Option<State>], Errors.BlockscoutError> => {
      if (state.repeated && state.cursor !== undefined) {
        return Effect.fail(
          new Errors.BlockscoutError({
            reason: new Errors.PaginationStalled({
              endpoint: prepared.endpoint.name,
              url: redactedUrl(ctx, prepared.path, queryOf(prepared, state.cursor)),
              cursor: state.cursor,
              pages: state.pages
            })
          })
        )
      }
      return Effect.map(fetchPage<A>(ctx, prepared, state.cursor, spanName), (page) => {
        const current: PageWithCursor<A> = { ...page, cursor: state.cursor }
        const next = page.next_page_params
        if (next === null) return [[current], Option.none()] as const
        const id = cursorId(next)
        const repeated = seen.has(id)
        seen.add(id)
        return [[current], Option.some({ cursor: next, pages: state.pages + 1, repeated })] as const
      })
    }
    const stream = Stream.paginate<State, PageWithCursor<A>, Errors.BlockscoutError>(
      { cursor: prepared.cursor, pages: 0, repeated: false },
      step
    )
    return ctx.prefetch > 0 ? Stream.buffer(stream, { capacity: ctx.prefetch }) : stream
  })

/** Every item of every page, in order. */
export const items = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Stream.Stream<A, Errors.BlockscoutError> =>
  pages<A>(ctx, prepared, spanName).pipe(
    Stream.map((page) => page.items),
    Stream.flattenIterable
  )
