/**
 * Page and array fetching: one request of a paged or bare-array endpoint, inside the request's span
 * (`GET {url.template}`, named in `spans.ts`), then decoded with the row's schema. A page's cursor comes back
 * credential-free.
 *
 * `fetchRaw` and `decodePage` are the two halves a stream uses apart (it reads the next cursor between them,
 * see `walk.ts`); `fetchPage` and `fetchWhole` are the one-call methods' whole request.
 *
 * @internal
 */
import { Effect } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { Page } from "../../Parameters.ts"
import type { Cursor, Prepared } from "../arguments.ts"
import type { ClientContext } from "../context.ts"
import { decodeJson } from "../decode.ts"
import { stripCredentials } from "../redact.ts"
import { sendWithRetries } from "../retry.ts"
import type { Parsed } from "../send.ts"
import { noStack, requestSpanOptions } from "../spans.ts"
import { type Query, queryOf, redactedUrl } from "../url.ts"
import { reportMeta } from "./meta.ts"

/** The request of one page: the query for the cursor it is asked with, and its redacted URL. */
export const requestOf = (
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined
): { readonly query: Query; readonly url: string } => {
  const query = queryOf(prepared, cursor)
  return { query, url: redactedUrl(ctx, prepared.path, query) }
}

/** The request as this client asks it: without the largest page once the row's server refused it. */
const sized = (ctx: ClientContext, prepared: Prepared): Prepared =>
  prepared.largest === true && ctx.observed.largestPageRefused.has(prepared.endpoint.name)
    ? { ...prepared, pageSize: undefined, largest: false }
    : prepared

/**
 * Whether a failure is the server refusing the largest page: a 422 naming `items_count` (11.x declares it
 * with a maximum of 50 on some rows and not at all on others; docs/blockscout-api.md, "Page size by version").
 */
const refusesLargest = (prepared: Prepared, error: Errors.BlockscoutError): boolean => {
  const reason = error.reason
  return (
    prepared.largest === true &&
    reason._tag === "InvalidRequest" &&
    reason.status === 422 &&
    reason.messages.some((message) => message.includes("items_count"))
  )
}

/**
 * Sends the request of one page inside the request's span (`spanName`, with the HTTP attributes of
 * `requestSpanOptions`); the body comes back parsed, not decoded.
 */
export const fetchRaw = (
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  spanName: string
): Effect.Effect<Parsed, Errors.BlockscoutError> => {
  const asked = sized(ctx, prepared)
  const { query, url } = requestOf(ctx, asked, cursor)
  // The body leaves the span through this box, so the span ends with no value: a tracer that keeps each
  // span's exit never holds a page body, nor a key an old server echoed into its cursor.
  const box: { body: Parsed | undefined } = { body: undefined }
  return sendWithRetries(ctx, asked.endpoint, asked.path, query, url).pipe(
    Effect.catch((error) => {
      if (!refusesLargest(asked, error)) return Effect.fail(error)
      // 11.x: the largest page is refused. Ask this page again at the server's own size, and every later page
      // of this row on this client, silently (the request before was answered, not retried).
      ctx.observed.largestPageRefused.add(asked.endpoint.name)
      const again = requestOf(ctx, sized(ctx, prepared), cursor)
      return sendWithRetries(ctx, asked.endpoint, asked.path, again.query, again.url)
    }),
    Effect.flatMap((body) => {
      box.body = body
      return Effect.void
    }),
    // No stack trace per span: one is captured per page otherwise, a measurable cost on long streams.
    Effect.withSpan(spanName, requestSpanOptions(ctx, prepared.endpoint, url), noStack),
    Effect.map(() => {
      const body = box.body!
      box.body = undefined
      return body
    })
  )
}

/**
 * Decodes a page body (fetched with `cursor`) and strips credentials from its cursor. The page keeps the
 * server's `meta` (12.x internal-transaction lists: whether the list is complete yet), and one that says it
 * is not complete is reported (`IncompleteList`, `meta.ts`).
 */
export const decodePage = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  cursor: Cursor | undefined,
  body: Parsed
): Effect.Effect<Page<A>, Errors.BlockscoutError> => {
  const url = () => requestOf(ctx, sized(ctx, prepared), cursor).url
  return decodeJson(ctx, prepared.endpoint, url, body).pipe(
    Effect.map((raw) => {
      const page = raw as Page<A>
      const next = page.next_page_params
      const next_page_params = next === null || next === undefined ? null : stripCredentials(ctx, next)
      return page.meta === undefined
        ? { items: page.items, next_page_params }
        : { items: page.items, next_page_params, meta: page.meta }
    }),
    Effect.tap((page) => reportMeta(ctx, prepared.endpoint.name, url, page))
  )
}

/**
 * Fetches the page of a paged endpoint at `prepared.cursor` (the first page when it has none), its request in
 * the span `spanName`; the page's own cursor comes back credential-free.
 */
export const fetchPage = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Effect.Effect<Page<A>, Errors.BlockscoutError> =>
  Effect.flatMap(fetchRaw(ctx, prepared, prepared.cursor, spanName), (body) =>
    decodePage<A>(ctx, prepared, prepared.cursor, body)
  )

/** Fetches a one-call endpoint (a bare array, E3, or a single item) and decodes its whole body. */
export const fetchWhole = <A>(
  ctx: ClientContext,
  prepared: Prepared,
  spanName: string
): Effect.Effect<A, Errors.BlockscoutError> =>
  Effect.flatMap(fetchRaw(ctx, prepared, undefined, spanName), (body) =>
    decodeJson(ctx, prepared.endpoint, () => requestOf(ctx, prepared, undefined).url, body)
  ).pipe(Effect.map((raw) => raw as A))
