/**
 * The path escape hatch (`Path.ts`): a caller's path and query checked, then a row made for the call, so the
 * call runs through the one pipeline the table's rows use: `prepare` (cursor and page size), `fetchWhole` for
 * one body, the walk (`pagination/walk.ts`) for every page. The caller's query is the prepared request's
 * filters, so a stream re-sends it on every page exactly as it re-sends a row's filters.
 *
 * A path is refused (`InvalidArgument`, nothing sent) unless it is relative to `/api/v2`: it starts with one
 * `/`, its segments are RFC 3986 path characters (percent-encoded bytes allowed), none empty, none `.` or `..`
 * (as written or percent-encoded), none holding an encoded `/` or `\`; no fragment; no credential anywhere
 * (by name in the query, by value in the path or the query). A query after `?` in the path is parsed and sent
 * with the options' query.
 *
 * @internal
 */
import { Page, type PageSchema } from "@blockscout-effect/schema"
import { Effect, Result, Schema, Stream } from "effect"
import type { BlockscoutError, InvalidArgument } from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import { type PathMethods, type PathQuery, pathLimits, type StreamPathOptions } from "../Path.ts"
import { forStream, invalidArgument, type Prepared, prepare, quoted } from "./arguments.ts"
import type { ClientContext } from "./context.ts"
import { checkCreditBudget, makeBudget } from "./pagination/budget.ts"
import * as Fetch from "./pagination/fetch.ts"
import * as Walk from "./pagination/walk.ts"
import { carriesSecret, isCredentialName } from "./redact.ts"
import { callSpanOptions, requestSpanName } from "./spans.ts"
import type { Query } from "./url.ts"

/** The names a path call's errors, spans and metrics carry (one each: a path is not a metric label). */
export type PathCall = "getPath" | "streamPath"

/** One path segment as RFC 3986 allows it (`pchar`), percent-encoded bytes included. */
const segmentPattern = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/

const decodedOrUndefined = (text: string): string | undefined => {
  const decoded = Result.try(() => decodeURIComponent(text))
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

/** Why a path (without its query) cannot be sent, or `undefined` when it can. */
const pathProblem = (path: string): string | undefined => {
  if (!path.startsWith("/")) return "must start with / (it is relative to /api/v2: /transactions, not a URL)"
  if (path.startsWith("//")) return "must not start with // (a host, not a path)"
  const segments = path.slice(1).split("/")
  if (segments[0] === "api" && segments[1] === "v2") return "is relative to /api/v2: leave /api/v2 out"
  for (const segment of segments) {
    if (segment === "") return "has an empty segment (// or a trailing /)"
    if (!segmentPattern.test(segment)) return `has a character a path cannot hold in ${JSON.stringify(segment)}`
    const decoded = decodedOrUndefined(segment)
    if (decoded === undefined) return `has a bad percent-encoding in ${JSON.stringify(segment)}`
    if (decoded === "." || decoded === "..") return "must not hold . or .. segments"
    if (decoded.includes("/") || decoded.includes("\\")) return "must not hold an encoded / or \\"
  }
  return undefined
}

/** A query value on the wire, `undefined` when it is not sent, or `false` when it cannot be sent. */
const wireValue = (value: unknown): string | undefined | false => {
  if (value === undefined || value === null) return undefined
  if (typeof value === "string") return value
  if (typeof value === "bigint" || typeof value === "boolean") return String(value)
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : false
  if (Array.isArray(value)) {
    const parts: Array<string> = []
    for (const entry of value as ReadonlyArray<unknown>) {
      if (typeof entry === "string") parts.push(entry)
      else if (typeof entry === "number" && Number.isFinite(entry)) parts.push(String(entry))
      else return false
    }
    return parts.length === 0 ? undefined : parts.join(",")
  }
  return false
}

/** A path and query, checked: what the request sends before its cursor and credentials. */
export interface CheckedPath {
  readonly path: string
  readonly query: Query
}

/**
 * Checks a caller's path and query (`InvalidArgument` naming `path` or `query`, the value redacted): the path's
 * own query (after `?`) first, then the options' query, whose names replace the path's.
 */
export const checkPath = (
  ctx: ClientContext,
  call: PathCall,
  path: unknown,
  query: PathQuery | undefined
): Result.Result<CheckedPath, BlockscoutError<InvalidArgument>> => {
  const fail = (argument: string, message: string) => Result.fail(invalidArgument(call, argument, message))
  if (typeof path !== "string") return fail("path", `the path must be a string; got ${quoted(ctx, path)}`)
  if (path.length > pathLimits.pathLength) {
    return fail("path", `the path is ${path.length} characters; at most ${pathLimits.pathLength} are sent`)
  }
  // A secret is never quoted, not even redacted: the call says only that there is one.
  if (carriesSecret(ctx, path)) return fail("path", "the path carries a credential: the layer sends its own")
  if (path.includes("#")) return fail("path", `the path must not hold a fragment (#); got ${quoted(ctx, path)}`)
  const at = path.indexOf("?")
  const bare = at < 0 ? path : path.slice(0, at)
  const problem = pathProblem(bare)
  if (problem !== undefined) return fail("path", `the path ${problem}; got ${quoted(ctx, path)}`)
  const given: Array<readonly [string, unknown]> = []
  if (query !== undefined && query !== null) {
    if (typeof query !== "object" || Array.isArray(query)) {
      return fail("query", `the query must be an object of names to values; got ${quoted(ctx, query)}`)
    }
    given.push(...Object.entries(query).filter(([, value]) => value !== undefined))
  }
  const entries: Array<readonly [string, unknown]> = []
  if (at >= 0) {
    for (const [name, value] of new URLSearchParams(path.slice(at + 1))) {
      if (!given.some(([n]) => n === name)) entries.push([name, value])
    }
  }
  entries.push(...given)
  const sent: Array<readonly [string, string]> = []
  for (const [name, value] of entries) {
    if (name === "") return fail("query", "a query parameter has an empty name")
    if (isCredentialName(name) || carriesSecret(ctx, name)) {
      return fail("query", "the query carries a credential: the layer sends its own")
    }
    const wire = wireValue(value)
    if (wire === false) {
      return fail("query", `${quoted(ctx, name)} must be a string, a number, a bigint, a boolean or a list of those`)
    }
    if (wire === undefined) continue
    if (carriesSecret(ctx, wire)) return fail("query", "the query carries a credential: the layer sends its own")
    sent.push([name, wire])
  }
  if (sent.length > pathLimits.queryParameters) {
    return fail("query", `${sent.length} query parameters; at most ${pathLimits.queryParameters} are sent`)
  }
  return Result.succeed({ path: bare, query: sent })
}

/** Any JSON body, for a call given no schema. */
const AnyJson: Schema.Decoder<unknown> = Schema.Unknown

/** The page schema of each item schema, made once (the decoder is compiled once per schema, `decode.ts`). */
const pageSchemas = new WeakMap<object, PageSchema<Schema.Top>>()
const pageOf = (item: Schema.Top): PageSchema<Schema.Top> => {
  let page = pageSchemas.get(item)
  if (page === undefined) {
    page = Page(item)
    pageSchemas.set(item, page)
  }
  return page
}

/**
 * The row of one path call: the checked path, no parameters or filters of its own (the query goes in as the
 * prepared request's filters), both families, and the API's base price of 20 credits a request.
 */
const rowOf = (call: PathCall, path: string, response: Schema.Top): Endpoint =>
  ({
    name: call,
    ids: "",
    method: "Path",
    summary: "a path of API v2 without a row",
    path,
    pathParams: [],
    filters: [],
    cursorKeys: [],
    families: ["pro", "instance"],
    credits: 20,
    shape: call === "getPath" ? "item" : "page",
    response
  }) as unknown as Endpoint

/** The request of a path call: its row, then `prepare`'s checks (cursor, page size), then the query. */
const prepared = (
  ctx: ClientContext,
  call: PathCall,
  path: unknown,
  options: StreamPathOptions<unknown> | undefined,
  response: Schema.Top
): Effect.Effect<Prepared, BlockscoutError> =>
  Effect.gen(function* () {
    if (options !== undefined && (typeof options !== "object" || options === null)) {
      return yield* Effect.fail(invalidArgument(call, "options", "the options must be an object"))
    }
    const checked = yield* Effect.fromResult(checkPath(ctx, call, path, options?.query))
    if (call === "streamPath" && checked.query.some(([name]) => name === "items_count")) {
      return yield* Effect.fail(invalidArgument(call, "query", "items_count is the page size: give it as pageSize"))
    }
    const row = rowOf(call, checked.path, response)
    const args = call === "getPath" ? {} : { cursor: options?.cursor, pageSize: options?.pageSize }
    const request = yield* prepare(ctx, row, args)
    return { ...request, filters: checked.query }
  })

const budgetOf = (
  ctx: ClientContext,
  request: Prepared,
  options: StreamPathOptions<unknown> | undefined
): Effect.Effect<ReturnType<typeof makeBudget>, BlockscoutError> =>
  Effect.map(Effect.fromResult(checkCreditBudget("streamPath", options?.creditBudget)), (limit) =>
    makeBudget(ctx, request, limit)
  )

/** A path call's page stream: the rows' walk over the path's request, the largest page unless one was asked. */
const walkPages = <Out>(
  ctx: ClientContext,
  path: string,
  options: StreamPathOptions<unknown> | undefined,
  walk: (request: Prepared, span: string, budget: ReturnType<typeof makeBudget>) => Stream.Stream<Out, BlockscoutError>
): Stream.Stream<Out, BlockscoutError> => {
  const response = pageOf(options?.schema ?? AnyJson)
  return Stream.unwrap(
    Effect.gen(function* () {
      const request = forStream(yield* prepared(ctx, "streamPath", path, options, response))
      const budget = yield* budgetOf(ctx, request, options)
      return walk(request, requestSpanName(ctx, request.endpoint), budget)
    })
  ).pipe(Stream.withSpan("Blockscout.streamPath", callSpanOptions(ctx, rowOf("streamPath", "", response))))
}

/** `getPath`, `streamPath` and `streamPathPages` over `ctx`. */
export const makePaths = (ctx: ClientContext): PathMethods => ({
  getPath: (path, options) => {
    const response = options?.schema ?? AnyJson
    const call = Effect.flatMap(prepared(ctx, "getPath", path, options, response), (request) =>
      Fetch.fetchWhole(ctx, request, requestSpanName(ctx, request.endpoint))
    )
    return Effect.withSpan(call, "Blockscout.getPath", callSpanOptions(ctx, rowOf("getPath", "", response))) as never
  },
  streamPath: (path, options) =>
    walkPages(ctx, path, options as StreamPathOptions<unknown>, (request, span, budget) =>
      Walk.items(ctx, request, span, budget)
    ) as never,
  streamPathPages: (path, options) =>
    walkPages(ctx, path, options as StreamPathOptions<unknown>, (request, span, budget) =>
      Walk.pages(ctx, request, span, budget)
    ) as never
})
