/**
 * URLs: the query of a page (filters, cursor, page size), the canonical key of a cursor, where the
 * credentials go in the query, and the URL as sent and as shown (credentials replaced by `<redacted>`).
 *
 * @internal
 */
import type { Redacted } from "effect"
import type { Cursor, Prepared } from "./arguments.ts"
import type { ClientContext } from "./context.ts"
import { isCredentialName, redactedMark } from "./redact.ts"

/** A query: name and value pairs, in order, not yet encoded. */
export type Query = ReadonlyArray<readonly [string, string]>

/**
 * A cursor value as a query parameter; for `null`, `undefined` (the key is not sent), or the empty string on a row
 * whose server reads every key of its cursor (`nullCursorKeys: "empty"`: `key=`, which every release of that
 * endpoint reads as null; the literal `null` only from 6.10 on).
 */
const wireValue = (value: unknown, nulls: "omit" | "empty"): string | undefined =>
  value === undefined ? undefined : value === null ? (nulls === "empty" ? "" : undefined) : String(value)

/**
 * The cursor's part of a query: each key once, `null` values left out (or sent empty where the row says so),
 * booleans as `true`/`false`.
 * Filters win over a cursor key of the same name (one query parameter each), a page size asked for wins
 * over an echoed `items_count`, and credentials are never taken from a cursor.
 */
const cursorQuery = (prepared: Prepared, cursor: Cursor | undefined): Array<readonly [string, string]> => {
  const query: Array<readonly [string, string]> = []
  if (cursor === undefined) return query
  const nulls = prepared.endpoint.nullCursorKeys ?? "omit"
  for (const name of Object.keys(cursor)) {
    if (prepared.filters.some(([f]) => f === name)) continue
    if (name === "items_count" && prepared.pageSize !== undefined) continue
    if (isCredentialName(name)) continue
    const value = wireValue(cursor[name], nulls)
    if (value !== undefined) query.push([name, value])
  }
  return query
}

/** The query of one page: filters, then the cursor, then `items_count` when a page size is asked. */
export const queryOf = (prepared: Prepared, cursor: Cursor | undefined): Query => {
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

/** The URL a request is sent to, before its query: the API root (credentials in it included) and the path. */
export const requestUrl = (ctx: ClientContext, path: string): string => `${ctx.base}${path}`

/**
 * The credentials that travel in the query, after the page's own parameters: the API key as `apikey` (unless
 * it goes in a header), the secret key as `key`. The URL as sent and the URL as shown both list these.
 */
export const credentialParams = (ctx: ClientContext): ReadonlyArray<readonly [string, Redacted.Redacted<string>]> => {
  const params: Array<readonly [string, Redacted.Redacted<string>]> = []
  if (ctx.apiKey !== undefined && ctx.apiKeyIn === "query") params.push(["apikey", ctx.apiKey])
  if (ctx.secretKey !== undefined) params.push(["key", ctx.secretKey])
  return params
}

/** The URL as errors, logs, spans and events show it: every credential replaced by `<redacted>`. */
export const redactedUrl = (ctx: ClientContext, path: string, query: Query): string => {
  let search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")
  for (const [name] of credentialParams(ctx)) search += `${search === "" ? "" : "&"}${name}=${redactedMark}`
  return `${ctx.publicBase}${path}${search === "" ? "" : `?${search}`}`
}
