/**
 * The request pipeline: the one path every endpoint takes.
 *
 * endpoint row -> arguments checked (`InvalidArgument`, nothing sent) -> URL for the family, credentials
 * attached -> rate limiter -> timeout -> status and body mapped to a reason -> decode with the row's schema,
 * all inside a retry of retryable reasons (one request at a time, never the whole stream) and a tracing span.
 *
 * @internal
 */
import {
  addressPattern,
  DecodeError,
  decodeResponseExit,
  hashPattern,
  isCursorValue,
  type NextPageParams,
  tokenIdPattern
} from "@blockscout-effect/schema"
import { Clock, Duration, Effect, type Exit, Metric, Random, Redacted, Result, type Schema, SchemaIssue } from "effect"
import type { HttpClientError, HttpClientResponse } from "effect/http"
import { HttpClient, HttpClientRequest } from "effect/http"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint, Family, Filter, PathParamKind } from "../endpoints.ts"
import type { BlockscoutEvent } from "../Options.ts"
import * as RateLimit from "./rateLimit.ts"

/**
 * A cursor as it travels: the schema's `NextPageParams`, values exactly as the server sent them (a `null`
 * value is not sent, a boolean is sent as `true`/`false`).
 */
export type Cursor = NextPageParams

/** A cursor value as a query parameter; `undefined` for `null` (a null key is not sent). */
const wireValue = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value)

/** Everything the pipeline needs, resolved once per layer. */
export interface ClientContext {
  readonly http: HttpClient.HttpClient
  readonly family: Family
  readonly chainId: number | undefined
  /** `{baseUrl}/{chainId}/api/v2` or `{baseUrl}/api/v2`, no trailing slash. */
  readonly base: string
  /** `base` without any userinfo (`user:pass@`): what errors, logs and spans show. */
  readonly publicBase: string
  /** Longest wait the client honours when a server asks for one (`Retry-After`, `x-ratelimit-reset`). */
  readonly maxWait: Duration.Duration
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly secretKey: Redacted.Redacted<string> | undefined
  readonly apiKeyIn: "query" | "header"
  readonly timeout: Duration.Duration
  readonly retryTimes: number
  readonly retryBase: Duration.Duration
  readonly retryMax: Duration.Duration
  readonly requestsPerSecond: number | undefined
  readonly rateLimited: boolean
  readonly limiterKey: string
  readonly registry: RateLimit.RateLimitRegistry
  readonly pageSize: number | undefined
  readonly prefetch: number
  readonly onEvent: ((event: BlockscoutEvent) => Effect.Effect<void>) | undefined
  readonly httpClientSpans: boolean
}

/** A request whose arguments passed their checks: what to ask, without credentials. */
export interface Prepared {
  readonly endpoint: Endpoint
  /** The path under the base, parameters substituted and encoded. */
  readonly path: string
  /** Filter query parameters, re-sent on every page. */
  readonly filters: ReadonlyArray<readonly [string, string]>
  readonly cursor: Cursor | undefined
  readonly pageSize: number | undefined
}

/** Counts every request sent (attempts included), by endpoint. */
export const requestsCounter = Metric.counter("blockscout_client_requests", {
  description: "HTTP requests sent by the Blockscout client, retries included"
})
// One attributed counter per endpoint, made once: `Metric.withAttributes` per request costs a lookup each time.
const requestsByEndpoint = new Map<string, Metric.Metric<number, unknown>>()
const requestsOf = (endpoint: string) => {
  let metric = requestsByEndpoint.get(endpoint)
  if (metric === undefined) {
    metric = Metric.withAttributes(requestsCounter, { endpoint })
    requestsByEndpoint.set(endpoint, metric)
  }
  return metric
}

/** Counts retries, by endpoint and reason. */
export const retriesCounter = Metric.counter("blockscout_client_retries", {
  description: "Requests the Blockscout client retried"
})

// ---------------------------------------------------------------------------------------------------------
// Arguments

const credentialNames = new Set(["apikey", "key"])

/** A cursor without credentials: servers before 12.0 echoed `apikey`/`key` into `next_page_params`. */
export const stripCredentials = (cursor: Cursor): Cursor => {
  let clean: Record<string, Cursor[string]> | undefined
  for (const name of Object.keys(cursor)) {
    if (credentialNames.has(name.toLowerCase())) {
      clean ??= { ...cursor }
      delete clean[name]
    }
  }
  return clean ?? cursor
}

const patterns: Record<PathParamKind, RegExp> = {
  address: addressPattern,
  hash: hashPattern,
  tokenId: tokenIdPattern
}

const invalid = (endpoint: Endpoint, argument: string, message: string) =>
  new Errors.BlockscoutError({
    reason: new Errors.InvalidArgument({ endpoint: endpoint.name, url: "", argument, message })
  })

const checkFilter = (
  endpoint: Endpoint,
  filter: Filter,
  value: unknown
): Result.Result<string, Errors.BlockscoutError> => {
  const fail = (message: string) => Result.fail(invalid(endpoint, filter.name, message))
  const allowed = filter.values ?? []
  switch (filter.kind) {
    case "literal":
      return typeof value === "string" && allowed.includes(value)
        ? Result.succeed(value)
        : fail(`${filter.name} must be one of ${allowed.join(", ")}; got ${show(value)}`)
    case "text":
      return typeof value === "string" && value.length > 0
        ? Result.succeed(value)
        : fail(`${filter.name} must be a non-empty string; got ${show(value)}`)
    case "literals":
    case "names": {
      const list = typeof value === "string" ? value.split(",") : value
      if (!Array.isArray(list) || list.length === 0) {
        return fail(`${filter.name} must be a non-empty list; got ${show(value)}`)
      }
      const seen: Array<string> = []
      for (const entry of list as ReadonlyArray<unknown>) {
        if (typeof entry !== "string") return fail(`${filter.name} entries must be strings; got ${show(entry)}`)
        if (filter.kind === "literals" && !allowed.includes(entry)) {
          return fail(`${filter.name} values must be among ${allowed.join(", ")}; got ${show(entry)}`)
        }
        if (filter.kind === "names" && !/^[A-Za-z0-9_$.:-]+$/.test(entry)) {
          return fail(`${filter.name} entries must be method names; got ${show(entry)}`)
        }
        if (!seen.includes(entry)) seen.push(entry)
      }
      return Result.succeed(seen.join(","))
    }
  }
}

const show = (value: unknown): string => {
  const text = typeof value === "string" ? JSON.stringify(value) : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

const checkCursor = (endpoint: Endpoint, value: unknown): Result.Result<Cursor, Errors.BlockscoutError> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return Result.fail(invalid(endpoint, "cursor", "cursor must be a next_page_params object"))
  }
  for (const [name, entry] of Object.entries(value)) {
    // `undefined` (an optional key left unset by the caller) is simply not sent, like null.
    if (entry !== undefined && !isCursorValue(entry)) {
      return Result.fail(
        invalid(endpoint, "cursor", `cursor value of ${name} must be a string, a number, a boolean or null`)
      )
    }
  }
  return Result.succeed(stripCredentials(value as Cursor))
}

/**
 * Checks every argument against the row (path parameters against the API doc's patterns, filters against
 * their literal sets, cursor and page size) and builds the credential-free request. Unknown argument
 * names are rejected too, so a typo never silently drops a filter.
 */
export const prepare = (
  endpoint: Endpoint,
  args: Readonly<Record<string, unknown>>,
  defaultPageSize: number | undefined
): Effect.Effect<Prepared, Errors.BlockscoutError> => {
  let path = endpoint.path
  for (const param of endpoint.pathParams) {
    const value = args[param.name]
    if (typeof value !== "string" || !patterns[param.kind].test(value)) {
      return Effect.fail(
        invalid(endpoint, param.name, `${param.name} must match ${patterns[param.kind].source}; got ${show(value)}`)
      )
    }
    path = path.replace(`{${param.name}}`, encodeURIComponent(value))
  }
  const filters: Array<readonly [string, string]> = []
  for (const filter of endpoint.filters) {
    const value = args[filter.name]
    if (value === undefined) continue
    const checked = checkFilter(endpoint, filter, value)
    if (Result.isFailure(checked)) return Effect.fail(checked.failure)
    filters.push([filter.name, checked.success])
  }
  const paged = endpoint.shape === "page"
  for (const name of Object.keys(args)) {
    const known =
      endpoint.pathParams.some((p) => p.name === name) ||
      endpoint.filters.some((f) => f.name === name) ||
      (paged && (name === "cursor" || name === "pageSize"))
    if (!known && args[name] !== undefined) {
      return Effect.fail(invalid(endpoint, name, `${endpoint.name} takes no argument ${show(name)}`))
    }
  }
  let cursor: Cursor | undefined
  if (args.cursor !== undefined && args.cursor !== null) {
    const checked = checkCursor(endpoint, args.cursor)
    if (Result.isFailure(checked)) return Effect.fail(checked.failure)
    cursor = checked.success
  }
  const pageSize = args.pageSize ?? (paged ? defaultPageSize : undefined)
  if (pageSize !== undefined && (typeof pageSize !== "number" || !Number.isInteger(pageSize) || pageSize < 1)) {
    return Effect.fail(invalid(endpoint, "pageSize", `pageSize must be a positive integer; got ${show(pageSize)}`))
  }
  return Effect.succeed({ endpoint, path, filters, cursor, pageSize })
}

// ---------------------------------------------------------------------------------------------------------
// URL and credentials

/**
 * The cursor's part of a query: each key once, `null` values left out, booleans as `true`/`false`.
 * Filters win over a cursor key of the same name (one query parameter each), a page size asked for wins
 * over an echoed `items_count`, and credentials are never taken from a cursor.
 */
const cursorQuery = (prepared: Prepared, cursor: Cursor | undefined): Array<readonly [string, string]> => {
  const query: Array<readonly [string, string]> = []
  if (cursor === undefined) return query
  for (const name of Object.keys(cursor)) {
    if (prepared.filters.some(([f]) => f === name)) continue
    if (name === "items_count" && prepared.pageSize !== undefined) continue
    if (credentialNames.has(name.toLowerCase())) continue
    const value = wireValue(cursor[name])
    if (value !== undefined) query.push([name, value])
  }
  return query
}

/** The query of one page: filters, then the cursor, then `items_count` when a page size is asked. */
export const queryOf = (prepared: Prepared, cursor: Cursor | undefined): ReadonlyArray<readonly [string, string]> => {
  const query: Array<readonly [string, string]> = [...prepared.filters, ...cursorQuery(prepared, cursor)]
  if (prepared.pageSize !== undefined) query.push(["items_count", String(prepared.pageSize)])
  return query
}

/**
 * A canonical text for a cursor: the query parameters it turns into, sorted and encoded. Two cursors with
 * the same text ask the server for the same page (whatever their key order or value types), so this is
 * what a stream compares to spot a repeat; cursors that differ on the wire never collide.
 */
export const cursorKey = (prepared: Prepared, cursor: Cursor | undefined): string =>
  cursorQuery(prepared, cursor)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join("&")

const redactedMark = "<redacted>"

/** The URL as errors, logs, spans and events show it: every credential replaced by `<redacted>`. */
export const redactedUrl = (
  ctx: ClientContext,
  path: string,
  query: ReadonlyArray<readonly [string, string]>
): string => {
  let search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")
  if (ctx.apiKey !== undefined && ctx.apiKeyIn === "query")
    search += `${search === "" ? "" : "&"}apikey=${redactedMark}`
  if (ctx.secretKey !== undefined) search += `${search === "" ? "" : "&"}key=${redactedMark}`
  return `${ctx.publicBase}${path}${search === "" ? "" : `?${search}`}`
}

/** A URL's `user:pass@` part, wherever a URL appears in a text. */
const userinfo = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]+@/gi

/**
 * Replaces any credential that found its way into a text (a server message, a decode error, an HTTP
 * client's own error, which may quote the URL with a base URL's `user:pass@`) by `<redacted>`.
 */
export const scrub = (ctx: ClientContext, text: string): string => {
  let out = text.replace(userinfo, `$1${redactedMark}@`)
  for (const secret of [ctx.apiKey, ctx.secretKey]) {
    if (secret === undefined) continue
    const value = Redacted.value(secret)
    if (value.length === 0) continue
    // As sent, and as a server may echo it back URL-encoded.
    for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join(redactedMark)
  }
  return out
}

const buildRequest = (
  ctx: ClientContext,
  path: string,
  query: ReadonlyArray<readonly [string, string]>
): HttpClientRequest.HttpClientRequest => {
  // Credentials travel as `Redacted` URL parameters, so Effect's HTTP span records them as `<redacted>`.
  const urlParams: Array<readonly [string, string | Redacted.Redacted<string>]> = [...query]
  const headers: Record<string, string> = { accept: "application/json" }
  if (ctx.apiKey !== undefined) {
    if (ctx.apiKeyIn === "query") urlParams.push(["apikey", ctx.apiKey])
    else if (ctx.family === "pro") headers.authorization = `Bearer ${Redacted.value(ctx.apiKey)}`
    else headers["x-api-key"] = Redacted.value(ctx.apiKey)
  }
  if (ctx.secretKey !== undefined) urlParams.push(["key", ctx.secretKey])
  return HttpClientRequest.get(`${ctx.base}${path}`, { urlParams, headers })
}

// ---------------------------------------------------------------------------------------------------------
// Status and body -> reason (the one place failures are classified)

const headerMillis = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const n = Number(value.trim())
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/** `Retry-After` as a wait: delay-seconds, or an HTTP date (a date in the past is no wait). */
const retryAfterHeader = (value: string | undefined, now: number): Duration.Duration | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Duration.seconds(Number(text))
  const date = Date.parse(text)
  return Number.isFinite(date) ? Duration.millis(Math.max(date - now, 0)) : undefined
}

/**
 * The wait a 429 asks for: `Retry-After` (seconds or an HTTP date), else `x-ratelimit-reset` (milliseconds;
 * `-1`, 0 or missing say nothing).
 */
const rateLimitWait = (headers: Readonly<Record<string, string | undefined>>, now: number) => {
  const retryAfter = retryAfterHeader(headers["retry-after"], now)
  if (retryAfter !== undefined) return retryAfter
  const reset = headerMillis(headers["x-ratelimit-reset"])
  return reset === undefined ? undefined : Duration.millis(reset)
}

/** The title (or first heading) of an HTML error page, as nginx, Cloudflare and other proxies send. */
const htmlSummary = (body: string): string | undefined => {
  if (!/^\s*</.test(body)) return undefined
  const found = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)
  const text = (found?.[1] ?? body)
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim()
  return text === "" ? "an HTML page" : `${text.length > 200 ? `${text.slice(0, 197)}...` : text} (HTML page)`
}

/** A text worth showing: a string that is not blank (specs allow `""` for every message field). */
const said = (u: unknown): u is string => typeof u === "string" && u.trim() !== ""

const errorEntry = (entry: unknown): string => {
  if (typeof entry !== "object" || entry === null) return String(entry)
  const e = entry as Record<string, unknown>
  const source = e.source as Record<string, unknown> | undefined
  const pointer = source?.pointer
  const parameter = source?.parameter
  const where = said(pointer) ? pointer : said(parameter) ? parameter : undefined
  const what = said(e.detail)
    ? e.detail
    : said(e.title)
      ? e.title
      : "detail" in e || "title" in e || "source" in e
        ? undefined
        : JSON.stringify(e)
  // Blank fields say nothing: the entry is dropped when neither part is left.
  return where === undefined ? (what ?? "") : what === undefined ? where : `${where}: ${what}`
}

/** The keys of the error bodies above: an object of only these, all blank, says nothing (the status speaks). */
const messageKeys = new Set(["message", "error", "source", "errors"])

/**
 * The server's messages from an error body: `message`; the Pro gateway's `error` (with its `source`);
 * each `errors[]` entry as `pointer: detail`; an HTML page's title; else the text itself, shortened. Blank
 * fields are skipped, and a body that says nothing else (`{}`, `{"message": ""}`) gives none (`HTTP <status>`).
 */
const messagesOf = (body: string): ReadonlyArray<string> => {
  const parsed = Result.try(() => JSON.parse(body) as unknown)
  const value = Result.isSuccess(parsed) ? parsed.success : undefined
  if (typeof value === "string" && value.trim() !== "") return [value]
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>
    if (said(record.message)) return [record.message]
    if (said(record.error)) {
      return [said(record.source) ? `${record.error} (source: ${record.source})` : record.error]
    }
    if (Array.isArray(record.errors)) return record.errors.map(errorEntry).filter(said)
    if (Object.keys(record).every((key) => messageKeys.has(key))) return []
  }
  const html = htmlSummary(body)
  if (html !== undefined) return [html]
  const text = body.trim()
  return text === "" ? [] : [text.length > 300 ? `${text.slice(0, 297)}...` : text]
}

/** Maps a non-2xx response to its reason. */
const reasonOfStatus = (
  where: { readonly endpoint: string; readonly url: string },
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  body: string,
  now: number
): Errors.BlockscoutErrorReason => {
  const messages = messagesOf(body)
  const message = messages.length === 0 ? `HTTP ${status}` : messages.join("; ")
  if (status === 404) return new Errors.NotFound({ ...where, message })
  if (status === 400 || status === 422) return new Errors.InvalidRequest({ ...where, status, message, messages })
  if (status === 401 || status === 403) return new Errors.Unauthorized({ ...where, status, message })
  if (status === 402) return new Errors.OutOfCredits({ ...where, message })
  if (status === 429) return new Errors.RateLimited({ ...where, message, retryAfter: rateLimitWait(headers, now) })
  // A 5xx's `x-ratelimit-reset` is the rate-limit window, not a request to wait: only `Retry-After` counts.
  if (status >= 500)
    return new Errors.ServerError({
      ...where,
      status,
      message,
      retryAfter: retryAfterHeader(headers["retry-after"], now)
    })
  return new Errors.InvalidRequest({ ...where, status, message, messages })
}

const transportReason = (
  ctx: ClientContext,
  where: { readonly endpoint: string; readonly url: string },
  error: HttpClientError.HttpClientError
): Errors.BlockscoutErrorReason => {
  const reason = error.reason
  if (reason._tag === "InvalidUrlError") {
    return new Errors.InvalidArgument({ ...where, argument: "baseUrl", message: "the base URL is not a valid URL" })
  }
  const cause = "cause" in reason && reason.cause instanceof Error ? `: ${reason.cause.message}` : ""
  const description = "description" in reason && typeof reason.description === "string" ? `: ${reason.description}` : ""
  return new Errors.Transport({ ...where, message: scrub(ctx, `${reason._tag}${description}${cause}`) })
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const decodeReason = (
  ctx: ClientContext,
  where: { readonly endpoint: string; readonly url: string },
  error: Schema.SchemaError
): Errors.BlockscoutErrorReason => {
  const issues = formatter(error.issue).issues
  const first = issues[0]
  const path =
    error instanceof DecodeError
      ? error.path.map(String).join(".")
      : (first?.path?.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".") ?? "")
  const message = issues
    .slice(0, 3)
    .map((i) => i.message)
    .join("; ")
  return new Errors.Decode({ ...where, path, message: scrub(ctx, message) })
}

// ---------------------------------------------------------------------------------------------------------
// One request, with limiter, timeout, mapping, decode; then the retry loop

// The schema package's precompiled decoder (same results and errors as Effect's, several times faster
// on valid pages), built once per endpoint row and reused.
const decoders = new WeakMap<Endpoint, (input: unknown) => Exit.Exit<unknown, Schema.SchemaError>>()
const decoderOf = (endpoint: Endpoint) => {
  let decode = decoders.get(endpoint)
  if (decode === undefined) {
    decode = decodeResponseExit(endpoint.response as unknown as Parameters<typeof decodeResponseExit>[0])
    decoders.set(endpoint, decode)
  }
  return decode
}

const disabled = () => true

const fail = (reason: Errors.BlockscoutErrorReason) => Effect.fail(new Errors.BlockscoutError({ reason }))

/** Reports an event to the layer's `onEvent`, if it has one. */
export const emit = (ctx: ClientContext, event: BlockscoutEvent): Effect.Effect<void> =>
  ctx.onEvent === undefined ? Effect.void : ctx.onEvent(event)

/**
 * A look at a successful response's body text before it is parsed, for the stream's prefetch (the next
 * cursor is read from the end of the text, so the next request starts before `JSON.parse`). `text` runs
 * once per attempt with a 2xx body; `unparsable` runs when that body then fails to parse (a cut body is
 * retried: whatever `text` started from it must stop).
 */
export interface BodyTap {
  readonly text: (body: string) => Effect.Effect<void>
  readonly unparsable: Effect.Effect<void>
}

const attemptOnce = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: ReadonlyArray<readonly [string, string]>,
  url: string,
  attempt: number,
  tap: BodyTap | undefined
): Effect.Effect<unknown, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const where = { endpoint: endpoint.name, url }
    let ticket = 0
    if (ctx.rateLimited) {
      const admitted = yield* RateLimit.acquire(ctx.registry, ctx.limiterKey, ctx.requestsPerSecond)
      ticket = admitted.ticket
      if (admitted.waited > 0)
        yield* emit(ctx, { _tag: "RateLimitWait", endpoint: endpoint.name, delayMillis: admitted.waited })
    }
    yield* emit(ctx, { _tag: "Request", endpoint: endpoint.name, url, attempt })
    yield* Metric.update(requestsOf(endpoint.name), 1)
    const execute = ctx.http.execute(buildRequest(ctx, path, query))
    const exchange = Effect.flatMap(
      // Effect's own HTTP span is off unless asked for: the request's span (endpoint, family, chain,
      // redacted URL) already covers it, and recording every header of every page costs ~20% of throughput.
      ctx.httpClientSpans ? execute : Effect.provideService(execute, HttpClient.TracerDisabledWhen, disabled),
      (response: HttpClientResponse.HttpClientResponse) => Effect.map(response.text, (body) => ({ response, body }))
    ).pipe(
      Effect.mapError((error) => new Errors.BlockscoutError({ reason: transportReason(ctx, where, error) })),
      Effect.timeoutOrElse({
        duration: ctx.timeout,
        orElse: () => fail(new Errors.Timeout({ ...where, timeout: ctx.timeout }))
      })
    )
    const { body, response } = yield* exchange
    const status = response.status
    // Headers are converted to a record on each read: read them only where they are used (the limiter,
    // failures), not on every successful page of a stream without rate limiting.
    let headers: Readonly<Record<string, string | undefined>> | undefined
    const headersOf = () => (headers ??= response.headers)
    yield* Effect.annotateCurrentSpan("http.response.status_code", status)
    if (ctx.rateLimited) {
      yield* RateLimit.observe(
        ctx.registry,
        ctx.limiterKey,
        ticket,
        status,
        headersOf(),
        Duration.toMillis(ctx.maxWait)
      )
    }
    if (status < 200 || status >= 300) {
      const now = yield* Clock.currentTimeMillis
      return yield* fail(reasonOfStatus(where, status, headersOf(), scrub(ctx, body), now))
    }
    if (tap !== undefined) yield* tap.text(body)
    const json = Result.try(() => JSON.parse(body) as unknown)
    if (Result.isFailure(json)) {
      if (tap !== undefined) yield* tap.unparsable
      const text = body.trimStart()
      // Cut JSON (or nothing) is a cut connection: worth another try. Anything else (an HTML page from a
      // proxy or a frontend at the wrong base URL) will not change on a retry.
      if (text === "" || text.startsWith("{") || text.startsWith("[")) {
        return yield* fail(
          new Errors.Transport({
            ...where,
            message: `the response body is truncated (${body.length} characters, not valid JSON)`
          })
        )
      }
      const type = headersOf()["content-type"] ?? "no content type"
      return yield* fail(
        new Errors.Decode({
          ...where,
          path: "",
          message: scrub(ctx, `expected a JSON body, got ${type}: ${messagesOf(body)[0] ?? ""}`)
        })
      )
    }
    return json.success
  })

/** Decodes a response body with the endpoint's schema (`Decode` on a mismatch, never retried). */
export const decodeJson = (
  ctx: ClientContext,
  endpoint: Endpoint,
  url: () => string,
  json: unknown
): Effect.Effect<unknown, Errors.BlockscoutError> =>
  decoderOf(endpoint)(json).pipe(
    Effect.mapError(
      (error) =>
        new Errors.BlockscoutError({ reason: decodeReason(ctx, { endpoint: endpoint.name, url: url() }, error) })
    )
  )

/** Backoff for retry `attempt` (0-based): `base * 2^attempt`, capped at `max`, times a jitter in [0.5, 1.5). */
const backoff = (ctx: ClientContext, attempt: number): Effect.Effect<number> =>
  Effect.map(Random.next, (r) => {
    const raw = Math.min(Duration.toMillis(ctx.retryBase) * 2 ** attempt, Duration.toMillis(ctx.retryMax))
    return Math.round(raw * (0.5 + r))
  })

/**
 * Sends one request and parses its JSON body, retrying retryable reasons within the budget. A retry
 * re-sends this request only: a stream that calls it per page never restarts or repeats items. `tap` sees
 * each 2xx body text before it is parsed (the stream's early prefetch).
 */
export const fetchJson = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: ReadonlyArray<readonly [string, string]>,
  url: string,
  tap?: BodyTap
): Effect.Effect<unknown, Errors.BlockscoutError> => {
  const loop = (attempt: number): Effect.Effect<unknown, Errors.BlockscoutError> =>
    attemptOnce(ctx, endpoint, path, query, url, attempt, tap).pipe(
      Effect.catch((error) => {
        const reason = error.reason
        if (!Errors.isRetryable(reason) || attempt >= ctx.retryTimes) return Effect.fail(error)
        const serverWait = Errors.retryAfterOf(reason)
        // The server asks for a longer wait than the client honours: fail now, with its `retryAfter`.
        if (serverWait !== undefined && Duration.isGreaterThan(serverWait, ctx.maxWait)) return Effect.fail(error)
        return Effect.gen(function* () {
          const delayMillis = Math.max(yield* backoff(ctx, attempt), serverWait ? Duration.toMillis(serverWait) : 0)
          yield* Effect.logDebug("Blockscout request retried").pipe(
            Effect.annotateLogs({
              endpoint: endpoint.name,
              url,
              reason: reason._tag,
              attempt: attempt + 1,
              delayMillis
            })
          )
          yield* emit(ctx, {
            _tag: "Retry",
            endpoint: endpoint.name,
            url,
            attempt: attempt + 1,
            reason: reason._tag,
            delayMillis
          })
          yield* Metric.update(
            Metric.withAttributes(retriesCounter, { endpoint: endpoint.name, reason: reason._tag }),
            1
          )
          yield* Effect.sleep(Duration.millis(delayMillis))
          return yield* loop(attempt + 1)
        })
      })
    )
  return Effect.andThen(Effect.annotateCurrentSpan({ "blockscout.url": url }), loop(0))
}

/** Span attributes of a request: endpoint, family, chain. */
export const spanAttributes = (ctx: ClientContext, endpoint: Endpoint): Record<string, unknown> => ({
  "blockscout.endpoint": endpoint.name,
  "blockscout.family": ctx.family,
  ...(ctx.chainId === undefined ? {} : { "blockscout.chain_id": ctx.chainId })
})
