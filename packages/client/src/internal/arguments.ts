/**
 * Arguments: the first step of every request. A method's arguments are checked against the endpoint's row
 * (path parameters against the API doc's patterns, filters against their literal sets, cursor and page size)
 * and turned into a `Prepared` request, without credentials (a cursor's entries that carry one are dropped).
 * A failure is `InvalidArgument` and nothing is sent.
 *
 * @internal
 */
import { isCursorValue, type NextPageParams, pathParamPatterns } from "@blockscout-effect/schema"
import { Effect, Result } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint, Filter } from "../endpoints.ts"
import { pageSizeRange } from "../Options.ts"
import type { ClientContext } from "./context.ts"
import { redact, type Secrets, stripCredentials } from "./redact.ts"

/**
 * A cursor as it travels: the schema's `NextPageParams`, values exactly as the server sent them (a `null`
 * value is not sent, a boolean is sent as `true`/`false`).
 */
export type Cursor = NextPageParams

/** A request whose arguments passed their checks: what to ask, without credentials. */
export interface Prepared {
  readonly endpoint: Endpoint
  /** The path under the base, parameters substituted and encoded. */
  readonly path: string
  /** Filter query parameters, re-sent on every page. */
  readonly filters: ReadonlyArray<readonly [string, string]>
  readonly cursor: Cursor | undefined
  readonly pageSize: number | undefined
  /**
   * `pageSize` is the client's own choice, the largest page (`largestPage`), not the caller's: a server that
   * refuses it (11.x answers 422 to `items_count=100`) is asked again without it (`fetch.ts`).
   */
  readonly largest?: boolean | undefined
}

/**
 * The largest page a server gives: 12.x and the Pro API clamp `items_count` to `MAX_ITEMS_PER_PAGE`, 100 by
 * default (docs/blockscout-api.md, "Page size by version"); a server set lower clamps it, without an error.
 */
export const largestPage = 100

/**
 * A stream's request: the caller's page size, else the largest page (half the requests and credits of the
 * servers' default 50), marked so that a server refusing it is asked again without it.
 */
export const forStream = (prepared: Prepared): Prepared =>
  prepared.pageSize !== undefined ? prepared : { ...prepared, pageSize: largestPage, largest: true }

const patterns = pathParamPatterns

/**
 * An `InvalidArgument` failure of the call named `endpoint` (a row's name, or a path call's): nothing was sent.
 * Every argument check of a call builds its failure here.
 */
export const invalidArgument = (endpoint: string, argument: string, message: string) =>
  new Errors.BlockscoutError({ reason: new Errors.InvalidArgument({ endpoint, url: "", argument, message }) })

/** An `InvalidArgument` failure of `endpoint`'s row: nothing was sent. */
export const invalid = (endpoint: Endpoint, argument: string, message: string) =>
  invalidArgument(endpoint.name, argument, message)

/**
 * A caller's value as an error message quotes it: redacted first, then shortened, so a cut never leaves part of
 * a secret behind (a key given as an argument by mistake). Every argument check quotes through it.
 */
export const quoted = (secrets: Secrets, value: unknown): string => {
  const text = redact(secrets, typeof value === "string" ? JSON.stringify(value) : String(value))
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

const checkFilter = (
  secrets: Secrets,
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
        : fail(`${filter.name} must be one of ${allowed.join(", ")}; got ${quoted(secrets, value)}`)
    case "text":
      return typeof value === "string" && value.length > 0
        ? Result.succeed(value)
        : fail(`${filter.name} must be a non-empty string; got ${quoted(secrets, value)}`)
    case "integer": {
      const text =
        typeof value === "bigint" || (typeof value === "number" && Number.isSafeInteger(value))
          ? String(value)
          : typeof value === "string"
            ? value
            : ""
      return /^(0|[1-9]\d*)$/.test(text)
        ? Result.succeed(text)
        : fail(`${filter.name} must be a non-negative integer; got ${quoted(secrets, value)}`)
    }
    case "address":
    case "hash":
      return typeof value === "string" && patterns[filter.kind].test(value)
        ? Result.succeed(value)
        : fail(`${filter.name} must match ${patterns[filter.kind].source}; got ${quoted(secrets, value)}`)
    case "literals":
    case "names": {
      const list = typeof value === "string" ? value.split(",") : value
      if (!Array.isArray(list) || list.length === 0) {
        return fail(`${filter.name} must be a non-empty list; got ${quoted(secrets, value)}`)
      }
      const seen: Array<string> = []
      for (const entry of list as ReadonlyArray<unknown>) {
        if (typeof entry !== "string")
          return fail(`${filter.name} entries must be strings; got ${quoted(secrets, entry)}`)
        if (filter.kind === "literals" && !allowed.includes(entry)) {
          return fail(`${filter.name} values must be among ${allowed.join(", ")}; got ${quoted(secrets, entry)}`)
        }
        if (filter.kind === "names" && !/^[A-Za-z0-9_$.:-]+$/.test(entry)) {
          return fail(`${filter.name} entries must be method names; got ${quoted(secrets, entry)}`)
        }
        if (!seen.includes(entry)) seen.push(entry)
      }
      return Result.succeed(seen.join(","))
    }
  }
}

const checkCursor = (
  secrets: Secrets,
  endpoint: Endpoint,
  value: unknown
): Result.Result<Cursor, Errors.BlockscoutError> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return Result.fail(invalid(endpoint, "cursor", "cursor must be a next_page_params object"))
  }
  // Credentials first: an entry carrying one is dropped, whatever its value, and never quoted.
  const cursor = stripCredentials(secrets, value as Record<string, unknown>)
  for (const [name, entry] of Object.entries(cursor)) {
    // `undefined` (an optional key left unset by the caller) is simply not sent, like null.
    if (entry !== undefined && !isCursorValue(entry)) {
      return Result.fail(
        invalid(
          endpoint,
          "cursor",
          `cursor value of ${quoted(secrets, name)} must be a string, a number, a boolean or null`
        )
      )
    }
  }
  return Result.succeed(cursor as Cursor)
}

const isPageSize = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= pageSizeRange[0] && value <= pageSizeRange[1]

/**
 * Checks every argument against the row (path parameters against the API doc's patterns, filters against
 * their literal sets, cursor and page size) and builds the credential-free request. Unknown argument names
 * are rejected too, so a typo never silently drops a filter. The message of a failure is redacted: it
 * quotes the caller's values, and a secret among them (a key passed as a filter) must not show.
 */
export const prepare = (
  ctx: Pick<ClientContext, "secrets" | "pageSize">,
  endpoint: Endpoint,
  args: unknown
): Effect.Effect<Prepared, Errors.BlockscoutError> => {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return Effect.fail(invalid(endpoint, "options", `the options must be an object; got ${quoted(ctx, args)}`))
  }
  return Effect.mapError(prepareArgs(ctx, endpoint, args as Readonly<Record<string, unknown>>), (error) =>
    error.reason._tag === "InvalidArgument"
      ? invalid(endpoint, error.reason.argument, redact(ctx, error.reason.message))
      : error
  )
}

const prepareArgs = (
  ctx: Pick<ClientContext, "secrets" | "pageSize">,
  endpoint: Endpoint,
  args: Readonly<Record<string, unknown>>
): Effect.Effect<Prepared, Errors.BlockscoutError> => {
  let path = endpoint.path
  for (const param of endpoint.pathParams) {
    const value = args[param.name]
    if (typeof value !== "string" || !patterns[param.kind].test(value)) {
      return Effect.fail(
        invalid(
          endpoint,
          param.name,
          `${param.name} must match ${patterns[param.kind].source}; got ${quoted(ctx, value)}`
        )
      )
    }
    path = path.replace(`{${param.name}}`, encodeURIComponent(value))
  }
  const filters: Array<readonly [string, string]> = []
  for (const filter of endpoint.filters) {
    const value = args[filter.name]
    if (value === undefined) continue
    const checked = checkFilter(ctx, endpoint, filter, value)
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
      return Effect.fail(invalid(endpoint, name, `${endpoint.name} takes no argument ${quoted(ctx, name)}`))
    }
  }
  let cursor: Cursor | undefined
  if (args.cursor !== undefined && args.cursor !== null) {
    const checked = checkCursor(ctx, endpoint, args.cursor)
    if (Result.isFailure(checked)) return Effect.fail(checked.failure)
    cursor = checked.success
  }
  const pageSize = args.pageSize ?? (paged ? ctx.pageSize : undefined)
  if (pageSize !== undefined && !isPageSize(pageSize)) {
    return Effect.fail(
      invalid(endpoint, "pageSize", `pageSize must be an integer from 1 to 1000; got ${quoted(ctx, pageSize)}`)
    )
  }
  return Effect.succeed({ endpoint, path, filters, cursor, pageSize })
}
