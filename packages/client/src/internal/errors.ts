/**
 * Error mapping: the one place a server's answer (its status, its body) or the transport's failure becomes a
 * reason. One mapper per failure source, each giving a `BlockscoutErrorReason` (whether it is retried is decided
 * from the reason, in `BlockscoutError.ts`):
 *
 * - `reasonOfStatus`: a non-2xx response (status, headers, body) -> `NotFound`, `InvalidRequest`, ...,
 *   `Redirected` for any 3xx (`redirectReason`: redirects are never followed);
 * - `unparsableReason`: a 2xx body that is not JSON -> `Transport` (JSON cut short: retried) or `Decode`
 *   (no body, trailing bytes, malformed, another format: final);
 * - `tooLargeReason`, `tooComplexReason`, `brokenBodyReason`: a body over the size limit, one too complex to
 *   parse in bounded time, or one whose transfer failed;
 * - `transportReason`: the HTTP client's own failure -> `Transport` (or `InvalidArgument` for a bad URL);
 * - `decodeReason`: a body that does not match the row's schema -> `Decode`; `tooManyItemsReason`,
 *   `undecodableReason`: a page with more items than any page holds, a body the decoder threw on -> `Decode`;
 *
 * and the waits a server asks for (`Retry-After`, `x-ratelimit-reset`). Every text taken from a server or
 * an error is summarised and redacted (`summary.ts`, `redact.ts`) before it is kept: bounded and linear.
 *
 * Reasons a step finds on its own, with no answer to read, are made where it finds them: `InvalidArgument`
 * (`arguments.ts`, `invalidArgument`), `Unsupported` (`version.ts`), `Timeout` (`send.ts`), `PaginationStalled`
 * (`pagination/recover.ts`), `BudgetExhausted` (`pagination/budget.ts`).
 *
 * @internal
 */
import { DecodeError } from "@blockscout-effect/schema"
import { Duration, Effect, Result, type Schema, SchemaIssue } from "effect"
import type { HttpClientError } from "effect/http"
import * as Errors from "../BlockscoutError.ts"
import { publicUrl, type Secrets } from "./redact.ts"
import { maxContainers } from "./body.ts"
import { messagesOf, shown } from "./summary.ts"

/** Fails with a `BlockscoutError` of this reason: how a step of the pipeline fails with what a mapper gave. */
export const fail = (reason: Errors.StreamReason): Effect.Effect<never, Errors.BlockscoutError> =>
  Effect.fail(new Errors.BlockscoutError({ reason }))

/** Where a failure happened: the endpoint row's name and the redacted URL. */
export interface Where {
  readonly endpoint: string
  readonly url: string
}

/** Response headers, as a record (lower-case names). */
export type Headers = Readonly<Record<string, string | undefined>>

// ---------------------------------------------------------------------------------------------------------
// Waits a server asks for

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
 * `-1`, 0 or missing say nothing). The retry of the refused request and the limiter's pause of its key both
 * read it here.
 */
export const rateLimitWait = (headers: Headers, now: number) => {
  const retryAfter = retryAfterHeader(headers["retry-after"], now)
  if (retryAfter !== undefined) return retryAfter
  const reset = headerMillis(headers["x-ratelimit-reset"])
  return reset === undefined ? undefined : Duration.millis(reset)
}

// ---------------------------------------------------------------------------------------------------------
// One mapper per failure source

/** Where a redirect points, as an error shows it: no userinfo, query or fragment, redacted, short. */
const locationOf = (secrets: Secrets, base: string, location: string | undefined): string => {
  if (location === undefined || location.trim() === "") return ""
  const resolved = Result.try(() => new URL(location.trim(), base))
  return shown(secrets, Result.isSuccess(resolved) ? publicUrl(resolved.success.href) : location)
}

/**
 * A redirect, refused: the client never follows one, so a key in a header or the query never goes where a
 * server points. `status` 0 is a browser's opaque redirect (fetch with `redirect: "manual"`).
 */
export const redirectReason = (
  secrets: Secrets,
  where: Where,
  status: number,
  location: string | undefined,
  base: string
): Errors.StreamReason => {
  const to = locationOf(secrets, base, location)
  return new Errors.Redirected({
    ...where,
    status,
    location: to,
    message: `the server answered ${status === 0 ? "with a redirect" : status}${to === "" ? "" : ` pointing to ${to}`}; redirects are not followed, so no credential goes where a server points (use that address as the base URL if you trust it)`
  })
}

/**
 * What a 404 or 501 can say of the row asked: a row without path parameters names no item that could be
 * missing, so its 404 means the server does not serve the path (a release before it, or a feature not enabled).
 */
export interface RowFacts {
  readonly pathParams: ReadonlyArray<unknown>
  /** The first release serving the row, when it is not every supported one. */
  readonly since?: string | undefined
}

/** The words of a `NotFound` for a path the server does not serve. */
const notServed = (status: number, message: string, row: RowFacts | undefined): string => {
  const since = row?.since === undefined ? "" : `, which serves it from ${row.since} on`
  return status === 501
    ? `the server does not serve this endpoint (501 Not Implemented: ${message}); it has not enabled the feature behind it`
    : `the server does not serve this endpoint (404: ${message}): a release before it${since}, or a feature it has not enabled`
}

/** Maps a non-2xx response to its reason, from its status, headers and (possibly cut) body. */
export const reasonOfStatus = (
  secrets: Secrets,
  where: Where,
  status: number,
  headers: Headers,
  body: { readonly text: string; readonly cut: boolean },
  now: number,
  row?: RowFacts | undefined
): Errors.StreamReason => {
  if (status === 0 || (status >= 300 && status < 400)) {
    return redirectReason(secrets, where, status, headers.location, where.url)
  }
  const messages = messagesOf(secrets, body.text, body.cut)
  const message = messages.length === 0 ? `HTTP ${status}` : messages.join("; ")
  // A 404 names a missing item, unless the row names none (no path parameters): then the path itself is missing.
  if (status === 404) {
    return new Errors.NotFound({
      ...where,
      message: row !== undefined && row.pathParams.length === 0 ? notServed(404, message, row) : message
    })
  }
  // 501: the server has this path but not the feature behind it (a microservice it does not run: account
  // abstraction's user-ops indexer answers `Service is disabled`). Asking again changes nothing.
  if (status === 501) return new Errors.NotFound({ ...where, message: notServed(501, message, row) })
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

/**
 * How a text that `JSON.parse` refused ends, in one linear pass over its brackets and strings: cut short
 * inside its first value (`"cut"`), a whole value followed by other bytes (the count), or malformed.
 */
const jsonEnding = (text: string): "cut" | "malformed" | number => {
  let i = 0
  while (i < text.length && text.charCodeAt(i) <= 32) i++
  const first = text.charCodeAt(i)
  if (first !== 123 && first !== 91) return "malformed"
  let depth = 0
  let inString = false
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 92) i++
      else if (code === 34) inString = false
    } else if (code === 34) inString = true
    else if (code === 123 || code === 91) depth++
    else if (code === 125 || code === 93) {
      depth--
      if (depth === 0) {
        const rest = text.slice(i + 1).trim().length
        return rest === 0 ? "malformed" : rest
      }
    }
  }
  return "cut"
}

/**
 * Maps a 2xx body that is not valid JSON, for what it is. JSON cut short inside its value is a cut
 * transfer: `Transport`, worth another try. Everything else will not change on a retry and is `Decode`:
 * no body at all (a 204, an empty 200), a JSON value followed by other bytes, malformed JSON, or another
 * format (an HTML page from a proxy or a frontend at the wrong base URL).
 */
export const unparsableReason = (
  secrets: Secrets,
  where: Where,
  status: number,
  headers: () => Headers,
  body: string
): Errors.StreamReason => {
  const decode = (message: string) => new Errors.Decode({ ...where, path: "", message })
  if (body.trim() === "") {
    return decode(`the server answered ${status} with no body; expected a JSON body`)
  }
  const ending = jsonEnding(body)
  if (ending === "cut") {
    return new Errors.Transport({
      ...where,
      message: `the response body is truncated (${body.length} characters, JSON cut short)`
    })
  }
  if (typeof ending === "number") {
    return decode(`a JSON body followed by ${ending} characters of something else; expected JSON alone`)
  }
  const type = headers()["content-type"] ?? "no content type"
  const first = body.trimStart()
  if (first.startsWith("{") || first.startsWith("["))
    return decode(`the body is not valid JSON (${shown(secrets, type, 80)})`)
  return decode(`expected a JSON body, got ${shown(secrets, type, 80)}: ${messagesOf(secrets, body)[0] ?? ""}`)
}

/** Maps a 2xx body longer than `maxResponseBytes`: reading stopped at the limit. */
export const tooLargeReason = (where: Where, limit: number): Errors.StreamReason =>
  new Errors.ResponseTooLarge({
    ...where,
    limit,
    message: `the response body is larger than maxResponseBytes (${limit} bytes); reading stopped there`
  })

/** Maps a 2xx body with more objects and arrays than any page holds: refused unread and unparsed (`body.ts`). */
export const tooComplexReason = (where: Where): Errors.StreamReason =>
  new Errors.Decode({
    ...where,
    path: "",
    message: `the body holds more than ${maxContainers} objects and arrays, more than any page; it was not parsed`
  })

/** Maps a body whose transfer failed part way: a cut connection, worth another try. */
export const brokenBodyReason = (secrets: Secrets, where: Where, bytes: number, cause: unknown): Errors.StreamReason =>
  new Errors.Transport({
    ...where,
    message: `the response body is truncated: the connection failed after ${bytes} bytes (${shown(secrets, causeText(cause))})`,
    cause: scrubbedError(secrets, cause)
  })

/** A failure's own words, bounded: an `Error`'s message (and its cause's), else its tag. */
const causeText = (cause: unknown): string => {
  if (typeof cause !== "object" || cause === null) return String(cause)
  const error = cause as { readonly message?: unknown; readonly cause?: unknown; readonly _tag?: unknown }
  const inner = error.cause instanceof Error ? `: ${error.cause.message}` : ""
  return `${typeof error.message === "string" ? error.message : String(error._tag ?? "error")}${inner}`
}

/**
 * A copy of an error and its causes with every text scrubbed (`name`, `message`; five causes deep at most, a
 * hostile cycle ends there), and no stack: what a `Transport` keeps as its `cause`. Values that are not
 * errors are dropped, since nothing says what they hold.
 */
const scrubbedError = (secrets: Secrets, error: unknown, depth = 0): Error | undefined => {
  if (!(error instanceof Error) || depth >= 5) return undefined
  const cause = scrubbedError(secrets, error.cause, depth + 1)
  const copy = new Error(shown(secrets, error.message, 1000), cause === undefined ? undefined : { cause })
  copy.name = shown(secrets, error.name, 100)
  copy.stack = `${copy.name}: ${copy.message}`
  return copy
}

/**
 * Maps the HTTP client's own failure (connection, invalid URL, body read), keeping it as the reason's `cause`
 * (scrubbed). A body whose read failed was cut by the connection: "the response body is truncated", as for
 * a cut body that did arrive (`unparsableReason`).
 */
export const transportReason = (
  secrets: Secrets,
  where: Where,
  error: HttpClientError.HttpClientError
): Errors.StreamReason => {
  const reason = error.reason
  if (reason._tag === "InvalidUrlError") {
    return new Errors.InvalidArgument({ ...where, argument: "baseUrl", message: "the base URL is not a valid URL" })
  }
  const cause = "cause" in reason && reason.cause instanceof Error ? `: ${reason.cause.message}` : ""
  const description = "description" in reason && typeof reason.description === "string" ? `: ${reason.description}` : ""
  const message =
    reason._tag === "DecodeError"
      ? `the response body is truncated (the connection ended before the body did${description}${cause})`
      : `${reason._tag}${description}${cause}`
  return new Errors.Transport({
    ...where,
    message: shown(secrets, message, 1000),
    cause: scrubbedError(secrets, error)
  })
}

/** Maps a page with more items than any page holds (`decode.ts`'s `maxItems`): refused undecoded. */
export const tooManyItemsReason = (where: Where, count: number, limit: number): Errors.StreamReason =>
  new Errors.Decode({
    ...where,
    path: "items",
    message: `a page of ${count} items; pages hold at most ${limit}, so it was not decoded`
  })

/** Maps a body the decoder threw on (one nested deeper than its stack): `Decode`, not a defect. */
export const undecodableReason = (secrets: Secrets, where: Where, thrown: unknown): Errors.StreamReason =>
  new Errors.Decode({
    ...where,
    path: "",
    message: `the body could not be decoded: ${shown(secrets, thrown instanceof Error ? thrown.message : String(thrown))}`
  })

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** Maps a schema mismatch: the path of the first issue, the first three messages (bounded, redacted). */
export const decodeReason = (secrets: Secrets, where: Where, error: Schema.SchemaError): Errors.StreamReason => {
  const issues = formatter(error.issue).issues
  const first = issues[0]
  const path =
    error instanceof DecodeError
      ? error.path.map(String).join(".")
      : (first?.path?.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".") ?? "")
  const message = issues
    .slice(0, 3)
    .map((i) => shown(secrets, i.message))
    .join("; ")
  return new Errors.Decode({ ...where, path: shown(secrets, path), message })
}
