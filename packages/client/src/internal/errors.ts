/**
 * Error mapping: the one place failures are classified. One mapper per failure source, each giving a
 * `BlockscoutErrorReason` (whether it is retried is decided from the reason, in `BlockscoutError.ts`):
 *
 * - `reasonOfStatus`: a non-2xx response (status, headers, body) -> `NotFound`, `InvalidRequest`, ...;
 * - `unparsableReason`: a 2xx body that is not JSON -> `Transport` (cut: retried) or `Decode`;
 * - `transportReason`: the HTTP client's own failure -> `Transport` (or `InvalidArgument` for a bad URL);
 * - `decodeReason`: a body that does not match the row's schema -> `Decode`;
 *
 * and the waits a server asks for (`Retry-After`, `x-ratelimit-reset`). Every text taken from a server or
 * an error goes through `scrub` before it is kept.
 *
 * @internal
 */
import { DecodeError } from "@blockscout-effect/schema"
import { Duration, Result, type Schema, SchemaIssue } from "effect"
import type { HttpClientError } from "effect/http"
import * as Errors from "../BlockscoutError.ts"
import { type Secrets, scrub } from "./redact.ts"

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
 * `-1`, 0 or missing say nothing).
 */
const rateLimitWait = (headers: Headers, now: number) => {
  const retryAfter = retryAfterHeader(headers["retry-after"], now)
  if (retryAfter !== undefined) return retryAfter
  const reset = headerMillis(headers["x-ratelimit-reset"])
  return reset === undefined ? undefined : Duration.millis(reset)
}

// ---------------------------------------------------------------------------------------------------------
// What an error body says

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

// ---------------------------------------------------------------------------------------------------------
// One mapper per failure source

/** Maps a non-2xx response to its reason; `body` is already scrubbed. */
export const reasonOfStatus = (
  where: Where,
  status: number,
  headers: Headers,
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

/**
 * Maps a 2xx body that is not valid JSON. Cut JSON (or nothing) is a cut connection: `Transport`, worth
 * another try. Anything else (an HTML page from a proxy or a frontend at the wrong base URL) will not change
 * on a retry: `Decode`.
 */
export const unparsableReason = (
  secrets: Secrets,
  where: Where,
  headers: () => Headers,
  body: string
): Errors.BlockscoutErrorReason => {
  const text = body.trimStart()
  if (text === "" || text.startsWith("{") || text.startsWith("[")) {
    return new Errors.Transport({
      ...where,
      message: `the response body is truncated (${body.length} characters, not valid JSON)`
    })
  }
  const type = headers()["content-type"] ?? "no content type"
  return new Errors.Decode({
    ...where,
    path: "",
    message: scrub(secrets, `expected a JSON body, got ${type}: ${messagesOf(body)[0] ?? ""}`)
  })
}

/**
 * A copy of an error and its causes with every text scrubbed (`name`, `message`; five causes deep at most, a
 * hostile cycle ends there), and no stack: what a `Transport` keeps as its `cause`. Values that are not
 * errors are dropped, since nothing says what they hold.
 */
const scrubbedError = (secrets: Secrets, error: unknown, depth = 0): Error | undefined => {
  if (!(error instanceof Error) || depth >= 5) return undefined
  const cause = scrubbedError(secrets, error.cause, depth + 1)
  const copy = new Error(scrub(secrets, error.message), cause === undefined ? undefined : { cause })
  copy.name = scrub(secrets, error.name)
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
): Errors.BlockscoutErrorReason => {
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
  return new Errors.Transport({ ...where, message: scrub(secrets, message), cause: scrubbedError(secrets, error) })
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** Maps a schema mismatch: the path of the first issue, the first three messages. */
export const decodeReason = (
  secrets: Secrets,
  where: Where,
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
  return new Errors.Decode({ ...where, path, message: scrub(secrets, message) })
}
