/**
 * Options of the `Blockscout` layers as Effect Schemas, and the events a client reports while it works.
 *
 * One schema per shape: `ClientOptions` (what every layer takes), and `ProOptions` and `InstanceOptions` built
 * from it (`BlockscoutOptions` is either, with its `family`). The exported types are the schemas' encoded side
 * (what a user writes: a duration as `"30 seconds"` or milliseconds); checking a layer's options is decoding
 * them with its family's schema, which normalises durations to `Duration` and the base URL through `BaseUrl`,
 * and a failure names the option's path. `BlockscoutConfig.ts` reads the same fields from configuration, nested
 * (`retry.times`) and flat (`BLOCKSCOUT_RETRY_TIMES`) alike.
 *
 * @since 0.1.0
 */
import {
  Cause,
  Duration,
  Effect,
  Option,
  Predicate,
  Redacted,
  Result,
  Schema,
  SchemaIssue,
  SchemaTransformation
} from "effect"
import * as BaseUrl from "./BaseUrl.ts"
import { BlockscoutError, InvalidArgument } from "./BlockscoutError.ts"
import type { Family } from "./endpoints.ts"

/**
 * Where and how to connect, resolved from a layer's options: the request pipeline's starting point.
 *
 * @internal
 */
export interface Target {
  readonly family: Family
  readonly chainId: number | undefined
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly secretKey: Redacted.Redacted<string> | undefined
}

/** @internal The Pro API's base URL when none is given. */
export const defaultProBaseUrl = "https://api.blockscout.com"

/** @internal The bounds of `maxResponseBytes`: a body of 256 MiB still decodes to a string V8 can hold. */
export const responseBytesRange = [1024, 256 * 1024 * 1024] as const

/** @internal The bounds of a page size (`items_count`), the option's and every call's: servers cap at 100. */
export const pageSizeRange = [1, 1000] as const

/*
 * Every field schema says what it wants in an `expected` annotation: a failure message is "<option> must be
 * <expected>; got <value>" (`describeIssue` below), whichever step of the decoding failed (a config string that
 * is not a number, a number out of range). `redacted` marks a field whose value no message may show.
 */

/** A number option: a finite number passing `ok`, described as `expected`. */
const number = (expected: string, ok: (n: number) => boolean) =>
  Schema.Number.annotate({ expected }).check(
    Schema.makeFilter((n: number) => Number.isFinite(n) && ok(n), { expected })
  )

/** An integer from `min` to `max`. */
const integer = (expected: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  number(expected, (n) => Number.isSafeInteger(n) && n >= min && n <= max)

/**
 * A duration option: any `Duration.Input` that is finite and positive (or at least zero), decoded to a `Duration`.
 * From configuration it is Effect's duration text (`"30 seconds"`).
 */
const duration = (min: "positive" | "non-negative") => {
  const expected = `a ${min} duration (e.g. "30 seconds")`
  const valid = (d: Duration.Duration | undefined) =>
    d !== undefined && Duration.isFinite(d) && (min === "positive" ? Duration.isPositive(d) : !Duration.isNegative(d))
  const text = SchemaTransformation.transform<Duration.Input, string>({
    decode: (s) => s as Duration.Input,
    encode: String
  })
  return Schema.declare(
    (u: unknown): u is Duration.Input => valid(Option.getOrUndefined(Duration.fromInput(u as never))),
    {
      expected,
      toCodecStringTree: () => Schema.link<Duration.Input>()(Schema.String, text)
    }
  )
    .pipe(
      Schema.decodeTo(
        Schema.Duration,
        SchemaTransformation.transform<Duration.Duration, Duration.Input>({
          decode: Duration.fromInputUnsafe,
          encode: (d) => d
        })
      )
    )
    .annotate({ expected })
}

/** A key: a `Redacted` string that is not blank; from configuration, the variable's text. Never shown. */
const key = Schema.declare(
  (u: unknown): u is Redacted.Redacted<string> =>
    Redacted.isRedacted(u) && typeof Redacted.value(u) === "string" && (Redacted.value(u) as string).trim() !== "",
  {
    expected: 'a non-empty Redacted string (Redacted.make("..."))',
    redacted: true,
    toCodecStringTree: () =>
      Schema.link<Redacted.Redacted<string>>()(
        Schema.String,
        SchemaTransformation.transform({ decode: Redacted.make, encode: Redacted.value })
      )
  }
)

/** `true` or `false` (`"true"`/`"false"` from configuration). */
const boolean = Schema.Boolean.annotate({ expected: "true or false" })

/** A function called with each `BlockscoutEvent`; configuration cannot carry one. */
const onEvent = Schema.declare(
  (u: unknown): u is (event: BlockscoutEvent) => Effect.Effect<void> => typeof u === "function",
  { expected: "a function" }
)

/**
 * Where the API key goes: `"query"` (the `apikey` parameter, as the API doc says) or `"header"`
 * (`Authorization: Bearer` for Pro, `x-api-key` for an instance), which keeps the key out of proxy and server
 * access logs.
 *
 * @since 0.1.0
 * @category options
 */
export const ApiKeyPlacement = Schema.Literals(["query", "header"]).annotate({ expected: "one of query, header" })

/**
 * Where the API key goes (see the schema).
 *
 * @since 0.1.0
 * @category options
 */
export type ApiKeyPlacement = typeof ApiKeyPlacement.Type

/**
 * The fields of `ClientOptions.retry` (when not `false`), each optional.
 *
 * @since 0.1.0
 * @category options
 */
export const RetryOptions = Schema.Struct({
  /** Extra attempts after the first, an integer from 0 to 100 (default 5). */
  times: Schema.optional(integer("an integer from 0 to 100", 0, 100)),
  /** Backoff before the first retry (default 500 ms), doubling up to `max`. */
  base: Schema.optional(duration("non-negative")),
  /** Longest backoff (default 30 s). */
  max: Schema.optional(duration("non-negative"))
})

/**
 * The fields of `ClientOptions.rateLimit` (when not `false`), each optional.
 *
 * @since 0.1.0
 * @category options
 */
export const RateLimitOptions = Schema.Struct({
  /**
   * The pace for a server that announces nothing (no `x-ratelimit-*` headers); without it (or with 0) such a
   * server is not paced. It never overrides what a server announces.
   */
  requestsPerSecond: Schema.optional(number("a non-negative number", (n) => n >= 0)),
  /** At most this many requests of this layer in flight at once (default: no cap). */
  maxInFlight: Schema.optional(integer("a positive integer", 1))
})

/**
 * Behaviour shared by every layer: retries, timeouts, rate limit, paging and progress events. Decoding it is the
 * check a layer runs when built (a bad value fails it with `InvalidArgument` naming the option's path,
 * `retry.times`); durations decode to `Duration`.
 *
 * Every field is optional; the defaults follow the rate the server announces and suit the slow endpoints.
 *
 * @since 0.1.0
 * @category options
 */
export const ClientOptions = Schema.Struct({
  /** Where the API key goes (default `"query"`). */
  apiKeyIn: Schema.optional(ApiKeyPlacement),
  /** Per-request timeout (each attempt). Default 120 seconds: Blockscout's own client waits that long. */
  timeout: Schema.optional(duration("positive")),
  /**
   * Retries of 429, 5xx, transport failures and timeouts (never of other 4xx): `times` extra attempts
   * (default 5), exponential backoff from `base` (default 500 ms) capped at `max` (default 30 s), with jitter.
   * A `Retry-After` or `x-ratelimit-reset` the server sends is waited at least. `false` disables retries.
   */
  retry: Schema.optional(
    Schema.Union([Schema.Literal(false), RetryOptions]).annotate({ expected: "false or an object" })
  ),
  /**
   * The longest wait the client accepts from a server (`Retry-After`, or `x-ratelimit-reset` on a 429 or
   * once `x-ratelimit-remaining` reaches 0). Default 2 minutes (an instance's window is one minute). A 429
   * or 5xx asking for longer fails at once, its `retryAfter` holding what the server asked, so the caller
   * decides; a spent budget with a longer reset waits this long, then lets the server answer.
   */
  maxServerWait: Schema.optional(duration("non-negative")),
  /**
   * The rate limiter, one per key (per instance address for keyless calls), shared by every layer using the
   * same `RateLimits` registry (by default, every layer of the process). It follows what the server
   * announces in `x-ratelimit-limit`, `-remaining` and `-reset`: requests are spaced at the announced rate
   * (a 50 requests/s plan is used at about 49 a second), so no one second holds more than the limit whatever
   * limiter the server runs (fixed windows, token bucket, sliding log); never more are sent into a window than
   * it has left (requests in flight included); a 429 pauses the key for what it asks; and a server announcing
   * `-1` (unlimited) is not paced. The first request on a key finds out what the server announces before
   * others follow it. Its fields: `RateLimitOptions`. `false` disables the limiter: nothing is paced and a server's budget is not followed (its 429s are
   * still retried).
   */
  rateLimit: Schema.optional(
    Schema.Union([Schema.Literal(false), RateLimitOptions]).annotate({ expected: "false or an object" })
  ),
  /**
   * Default page size for every list call (`items_count`), an integer from 1 to 1000; servers default to 50
   * and cap at 100.
   */
  pageSize: Schema.optional(
    integer(`an integer from ${pageSizeRange[0]} to ${pageSizeRange[1]}`, pageSizeRange[0], pageSizeRange[1])
  ),
  /**
   * The largest response body the client reads, in bytes, counted after decompression (default 16 MiB; an
   * integer from 1 KiB to 256 MiB). A page is a few hundred kilobytes; a larger body fails with
   * `ResponseTooLarge` as soon as the limit is passed, so an endless body or a compression bomb costs at most
   * this much memory. Error bodies are read only as far as their summary needs (64 KiB). Raising it lets a
   * body block the event loop longer while it is parsed (tens of milliseconds per 16 MiB).
   */
  maxResponseBytes: Schema.optional(
    integer("an integer from 1024 (1 KiB) to 268435456 (256 MiB)", responseBytesRange[0], responseBytesRange[1])
  ),
  /**
   * Whether streams request the next page while the current one is decoded and consumed (default `true`).
   * One page ahead, never more: at most one request runs ahead of the page the stream waits for, so a stream
   * holds about two pages however slow its consumer. `false` requests each page only when the consumer pulls
   * it. A number is accepted for compatibility with earlier versions: `0` (or less) means `false`, any other
   * number `true` (a depth above one is not honoured).
   */
  prefetch: Schema.optional(Schema.Union([Schema.Boolean, Schema.Number]).annotate({ expected: "true or false" })),
  /**
   * Also record Effect's HTTP client span for every attempt (default false), beneath the request's own span.
   * Each request already runs in the client's span (`GET {url.template}`, with OpenTelemetry's HTTP attributes:
   * redacted URL, server, status; beneath the call's `Blockscout.<method>`); Effect's adds headers and
   * `traceparent` propagation to the server, at a measurable cost per page. Its URLs show credentials as
   * `<redacted>`, as everything else does.
   */
  httpClientSpans: Schema.optional(boolean),
  /**
   * Called for each request, response, retry and rate-limit wait (`BlockscoutEvent`); use it for progress
   * output or your own measures. Runs on the request's fiber, so keep it short. Must not fail.
   */
  onEvent: Schema.optional(onEvent)
})

/**
 * The options every layer takes, as a user writes them (the schema's encoded side).
 *
 * @since 0.1.0
 * @category options
 */
export type ClientOptions = typeof ClientOptions.Encoded

/** A failure at `path` whose message is its own (`describeIssue` prefixes the option's name). */
const failAt = (path: ReadonlyArray<PropertyKey>, message: string) =>
  Effect.fail(new SchemaIssue.Pointer(path, new SchemaIssue.InvalidValue({ message })))

/**
 * A family's struct with its base URL checked and normalised by `BaseUrl` (with or without `/api/v2`; a query,
 * a fragment, credentials or another scheme refused); for the Pro API, a chain id the URL names must be the
 * `chainId` option.
 */
const withBaseUrl = <S extends Schema.Struct<Schema.Struct.Fields>>(struct: S, family: Family) =>
  struct.pipe(
    Schema.decodeTo(
      Schema.toType(struct),
      SchemaTransformation.transformEffect({
        decode: (options: S["Type"]) => {
          const { baseUrl, chainId } = options as { readonly baseUrl?: string; readonly chainId?: number }
          const parsed = BaseUrl.parse(baseUrl ?? defaultProBaseUrl, { family })
          if (Result.isFailure(parsed)) return failAt(["baseUrl"], parsed.failure.message)
          const named = parsed.success.chainId
          if (named !== undefined && named !== chainId) {
            return failAt(["baseUrl"], `the base URL names chain ${named}, not the chain id ${chainId}`)
          }
          return Effect.succeed({ ...options, baseUrl: parsed.success.href } as S["Type"])
        },
        encode: (options: S["Type"]) => Effect.succeed(options)
      })
    )
  )

/**
 * Options of `Blockscout.layerPro`: the Pro API, `{baseUrl}/{chainId}/api/v2`. Decoding normalises the base URL
 * (default `https://api.blockscout.com`).
 *
 * @since 0.1.0
 * @category options
 */
export const ProOptions = withBaseUrl(
  Schema.Struct({
    ...ClientOptions.fields,
    /** The chain to query, a positive integer: 1 (Ethereum), 8453 (Base); one key serves every chain. */
    chainId: integer("a positive integer (1 for Ethereum)", 1),
    /** The Pro API key (`proapi_...`), kept `Redacted`. */
    apiKey: key,
    /**
     * Default `https://api.blockscout.com`; with or without `/{chainId}/api/v2` (a chain id it names must be
     * `chainId`). A query, a fragment, credentials or a scheme other than http(s) fail the layer.
     */
    baseUrl: Schema.optional(Schema.String.annotate({ expected: "a URL" }))
  }),
  "pro"
)

/**
 * Options of `Blockscout.layerPro`, as a user writes them.
 *
 * @since 0.1.0
 * @category options
 */
export type ProOptions = typeof ProOptions.Encoded

/**
 * Options of `Blockscout.layerInstance`: one explorer instance, `{baseUrl}/api/v2`. Decoding normalises the
 * base URL.
 *
 * @since 0.1.0
 * @category options
 */
export const InstanceOptions = withBaseUrl(
  Schema.Struct({
    ...ClientOptions.fields,
    /**
     * The explorer's address, e.g. `https://eth.blockscout.com`, with or without `/api/v2`. A query, a fragment,
     * credentials or a scheme other than http(s) fail the layer.
     */
    baseUrl: Schema.String.annotate({ expected: "a URL (an explorer's address, e.g. https://eth.blockscout.com)" }),
    /** Optional: raises the per-IP limits on instances that check keys. */
    apiKey: Schema.optional(key),
    /** Sent as `key`: unlocks addresses an instance restricts (403 without it). */
    secretKey: Schema.optional(key)
  }),
  "instance"
)

/**
 * Options of `Blockscout.layerInstance`, as a user writes them.
 *
 * @since 0.1.0
 * @category options
 */
export type InstanceOptions = typeof InstanceOptions.Encoded

/**
 * The options of `Blockscout.make`: a family and that family's options.
 *
 * @since 0.1.0
 * @category options
 */
export type BlockscoutOptions =
  | (ProOptions & { readonly family: "pro" })
  | (InstanceOptions & { readonly family: "instance" })

/** Options that passed their checks: where to connect, and how (durations decoded, the base URL normalised). */
export interface Checked {
  readonly target: Target
  readonly options:
    | (typeof ProOptions.Type & { readonly family: "pro" })
    | (typeof InstanceOptions.Type & { readonly family: "instance" })
}

/** A value as a message quotes it, shortened. Never called on a key. */
const show = (value: unknown): string => {
  const text =
    typeof value === "string"
      ? JSON.stringify(value)
      : Duration.isDuration(value)
        ? Duration.format(value)
        : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** What a schema issue is about: the option's path, what it wants, and the words of the failure. */
interface Problem {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/**
 * One message for a decoding failure: the first problem's option (named by `label`, from its path), what it
 * wants (the `expected` annotation nearest the option) and the value given, unless the option is `redacted`.
 * `label` names an option in messages: its path (`retry.times`) for the layers, the variable for configuration.
 *
 * @internal
 */
export const describeIssue = (
  issue: SchemaIssue.Issue,
  label: (path: ReadonlyArray<PropertyKey>) => string
): Problem => {
  let path: ReadonlyArray<PropertyKey> = []
  let expected: string | undefined
  let redacted = false
  let node: SchemaIssue.Issue = issue
  for (;;) {
    const annotations =
      node._tag === "Filter"
        ? node.filter.annotations
        : "ast" in node
          ? (node.ast as { readonly annotations?: Schema.Annotations.Annotations }).annotations
          : undefined
    if (expected === undefined && typeof annotations?.expected === "string") expected = annotations.expected
    if (annotations?.redacted === true) redacted = true
    if (node._tag === "Pointer") {
      path = [...path, ...node.path]
      expected = undefined
      redacted = false
      node = node.issue
    } else if (node._tag === "Filter" || node._tag === "Encoding") node = node.issue
    else if ((node._tag === "Composite" || node._tag === "AnyOf") && node.issues.length > 0) node = node.issues[0]!
    else break
  }
  // A value no member of a union takes (`prefetch: "yes"`): the member that says what it wants says it.
  if (expected === undefined && node._tag === "AnyOf") {
    expected = node.ast.types.map((member) => member.annotations?.expected).find(Predicate.isString)
  }
  const name = label(path)
  if (node._tag === "MissingKey") return { path, message: `${name} is required` }
  const own = node._tag === "InvalidValue" ? node.annotations?.message : undefined
  if (expected === undefined && typeof own === "string") return { path, message: `${name}: ${own}` }
  const shown =
    redacted || !SchemaIssue.hasInput(node) || node.input === undefined || Predicate.isFunction(node.input)
      ? ""
      : `; got ${show(node.input)}`
  return { path, message: `${name} must be ${expected ?? "valid"}${shown}` }
}

/**
 * Checks a layer's options: decodes them with its family's schema; the first problem found is the failure, an
 * `InvalidArgument` whose `argument` is the option's path (`label` words its message). The target comes back
 * with the normalised base URL.
 *
 * @internal
 */
export const decodeOptions = (
  options: BlockscoutOptions,
  label: (path: ReadonlyArray<PropertyKey>) => string = (path) => path.map(String).join(".")
): Result.Result<Checked, BlockscoutError<InvalidArgument>> => {
  const invalid = (argument: string, message: string) =>
    Result.fail(new BlockscoutError({ reason: new InvalidArgument({ endpoint: "", url: "", argument, message }) }))
  const family: unknown = options.family
  if (family !== "pro" && family !== "instance") {
    return invalid("family", `${label(["family"])} must be one of pro, instance; got ${show(family)}`)
  }
  const schema: Schema.Decoder<unknown> = family === "pro" ? ProOptions : InstanceOptions
  const decoded = Schema.decodeUnknownExit(schema)(options, { reportInput: true })
  if (decoded._tag === "Failure") {
    const error = decoded.cause.reasons.find(Cause.isFailReason)?.error
    const problem = describeIssue(error?.issue ?? new SchemaIssue.InvalidValue({ message: "invalid" }), label)
    return invalid(problem.path.map(String).join("."), problem.message)
  }
  const value = { ...(decoded.value as object), family } as Checked["options"]
  const { baseUrl, apiKey } = value
  const target: Target =
    value.family === "pro"
      ? { family, chainId: value.chainId, baseUrl: baseUrl ?? defaultProBaseUrl, apiKey, secretKey: undefined }
      : { family: "instance", chainId: undefined, baseUrl: value.baseUrl, apiKey, secretKey: value.secretKey }
  return Result.succeed({ target, options: value })
}

/**
 * What the client reports through `onEvent`. URLs are redacted; no event holds a key.
 *
 * @since 0.1.0
 * @category events
 */
export type BlockscoutEvent =
  | {
      readonly _tag: "Request"
      readonly endpoint: string
      readonly url: string
      /** 0 for the first attempt. */
      readonly attempt: number
    }
  | {
      readonly _tag: "Retry"
      readonly endpoint: string
      readonly url: string
      readonly attempt: number
      /** The reason tag of the failure being retried. */
      readonly reason: string
      readonly delayMillis: number
    }
  | {
      /**
       * An attempt ended: the server answered (`status`), or no answer came (`status` undefined: the connection
       * failed or the attempt timed out). One per `Request`, except for a request interrupted before it ended.
       */
      readonly _tag: "Response"
      readonly endpoint: string
      readonly url: string
      /** The attempt this answers, as in its `Request` event (0 for the first). */
      readonly attempt: number
      /** The HTTP status, or `undefined` when no answer came. */
      readonly status: number | undefined
      /**
       * From sending to the body read (or the failure), measured on the clock; the rate limiter's wait before
       * it is not included (`RateLimitWait`).
       */
      readonly durationMillis: number
      /**
       * The reason tag when the attempt failed (`"RateLimited"` for a 429, `"Timeout"`, a 200 whose body was
       * cut: `"Transport"`), `undefined` when it succeeded. A body that parses but does not match the schema
       * fails afterwards, with `Decode`.
       */
      readonly reason: string | undefined
    }
  | {
      /** A request waited for the rate limiter (its cap, the server's window, the pacing) before it went. */
      readonly _tag: "RateLimitWait"
      readonly endpoint: string
      /** How long it waited, measured on the clock, from asking for admission to being admitted. */
      readonly delayMillis: number
    }
  | IncompleteListEvent

/**
 * A page whose server says its list is not complete yet: 12.x servers and the Pro API put
 * `meta: { status: 2, message }` on internal-transaction lists while some internal transactions of the
 * page's block range are still being fetched from the node (`PageMetaStatus.pending`). The page itself
 * carries the same `meta`; this event reports it as it arrives, so a progress line, a log or a history's
 * completeness report can say so instead of passing an incomplete list off as a full history.
 *
 * Reported once per page, for every page method (`list*`, `stream*`, `stream*Pages`, the by-name calls).
 * Pages that say nothing (older servers, other lists) and pages with `status: 1` (complete) report nothing.
 *
 * @since 0.1.0
 * @category events
 */
export interface IncompleteListEvent {
  readonly _tag: "IncompleteList"
  readonly endpoint: string
  /** The page's URL, redacted. */
  readonly url: string
  /** The page's `meta.status`: 2 (`PageMetaStatus.pending`) today, or a value a newer server adds. */
  readonly status: number
  /** The server's words (`"Some internal transactions within this block range have not yet been processed"`). */
  readonly message: string | null
  /**
   * The blocks the page's items span (newest and oldest `block_number`), which is the range the server
   * checked; absent when the page is empty or its items carry no block number.
   */
  readonly blocks?: { readonly from: number; readonly to: number } | undefined
}
