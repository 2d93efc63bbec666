/**
 * `BlockscoutError`: the one error every client method fails with, and the reasons it carries.
 *
 * Callers match on `error.reason._tag`, or narrow the error channel with `BlockscoutError.catchReason` /
 * `catchReasons`. Whether a reason is worth another attempt, and how long the server asked to wait, are
 * properties of the reason (`isRetryable`, `retryAfter`), decided here and nowhere else; the error repeats
 * them. Errors and reasons are `Schema` classes: `Schema.toCodecJson(BlockscoutError)` encodes one to JSON
 * and decodes it back (a durable job records its failures that way).
 *
 * Each method's error type names only the reasons it can fail with: `BlockscoutError<R>` is generic over its
 * reason union (the whole union by default), and the method types use the sets below (`RequestReason`,
 * `CallReason`, `StreamReason`).
 *
 * Gotcha: reason tags are short (`NotFound`, `Timeout`) and may equal an app's own error tags. They never
 * stand alone in an error channel: they live under `BlockscoutError`'s `reason`, so `Effect.catchTag` on
 * the app's tags never sees them. Code that lifts a reason out (`Effect.mapError((e) => e.reason)`) should
 * tell them apart with `isBlockscoutErrorReason`, not by tag: each reason's schema identifier is namespaced
 * (`@blockscout-effect/client/BlockscoutError/NotFound`), so schema-based checks never confuse them either.
 *
 * One module, as Effect's `HttpClientError.ts` is: the reasons' shared base, the reasons in the order a call
 * meets them (its arguments, the server's status, the body and the wire, then the stream), the error, and the
 * narrowing combinators. How a response becomes a reason is the request pipeline's (`internal/errors.ts`).
 *
 * @since 0.1.0
 */
import { NextPageParams } from "@blockscout-effect/schema"
import { Duration, Effect, Predicate, Schema } from "effect"
import { dual } from "effect/Function"
import { PartitionProgressSchema } from "./Partition.ts"

// The reasons' base

const ReasonTypeId = "~@blockscout-effect/client/BlockscoutError/Reason" as const

/** A reason's schema identifier: namespaced, so it never matches an app's own class of the same tag. */
const identifier = (tag: string) => `@blockscout-effect/client/BlockscoutError/${tag}`

/**
 * What every reason has: where it happened, and the defaults of `isRetryable` (false) and `retryAfter` (none).
 * Fields every reason carries: the endpoint row name and the request URL, credentials redacted.
 */
class Reason extends Schema.Error<Reason>(identifier("Reason"))({
  /** The endpoint row name (`"transactions"`, `"tokenTransfers"`, ...); `""` for a layer's own options. */
  endpoint: Schema.String,
  /** The request URL with every credential replaced by `<redacted>`; `""` when none was built. */
  url: Schema.String
}) {
  /** Marks a reason for `isBlockscoutErrorReason` (on the prototype: never an own field, never encoded). */
  get [ReasonTypeId](): typeof ReasonTypeId {
    return ReasonTypeId
  }
  /**
   * The reason's tag (`String(reason)` reads `NotFound: ...`). Schema classes write their identifier to
   * `name` on each subclass prototype; the setter takes that write and keeps the tag.
   */
  override get name(): string {
    return (this as unknown as { readonly _tag: string })._tag
  }
  override set name(_identifier: string) {}
  /** Whether another attempt may succeed. */
  get isRetryable(): boolean {
    return false
  }
  /**
   * The wait the server asked for: none, unless the reason has a `retryAfter` field (`RateLimited`,
   * `ServerError`), which the setter takes as the instance's own value when the schema assigns it.
   */
  get retryAfter(): Duration.Duration | undefined {
    return undefined
  }
  set retryAfter(value: Duration.Duration | undefined) {
    Object.defineProperty(this, "retryAfter", { value, enumerable: true, configurable: true, writable: false })
  }
}

// The reasons

/**
 * An argument failed its check before anything was sent (bad address, hash, token id, filter value, cursor,
 * page size), or a layer's option did (base URL, chain id, duration). Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class InvalidArgument extends Reason.extend<InvalidArgument>(identifier("InvalidArgument"))({
  _tag: Schema.tag("InvalidArgument"),
  /** The argument or option name (`"address"`, `"type"`, `"cursor"`, `"chainId"`, ...). */
  argument: Schema.String,
  /** What was wrong with it. */
  message: Schema.String
}) {}

/**
 * The server is older than the endpoint: the row declares the first backend version that serves it
 * (`since`), the server answered it 404, and its `/config/backend-version` names an earlier one (read once per
 * layer, only to explain such a 404; once known, later calls of a row it is too old for fail before sending).
 * A server whose version cannot be read or parsed keeps its `NotFound`. Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class Unsupported extends Reason.extend<Unsupported>(identifier("Unsupported"))({
  _tag: Schema.tag("Unsupported"),
  /** The first backend version that serves the endpoint (the row's `since`: `"6.0.0"`). */
  required: Schema.String,
  /** The version the server says it runs, as it wrote it (`"v5.2.3-beta"`). */
  server: Schema.String
}) {
  override get message(): string {
    return `the server runs ${this.server}; ${this.endpoint} needs ${this.required} or later`
  }
}

/**
 * 404: an unknown transaction, address, token or instance (or a base URL that serves no API); or 501: a feature
 * the server has not enabled (account abstraction without its user-ops indexer: `Service is disabled`), the
 * message saying so. Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class NotFound extends Reason.extend<NotFound>(identifier("NotFound"))({
  _tag: Schema.tag("NotFound"),
  message: Schema.String
}) {}

/**
 * 400 / 422: the server rejected a parameter; `messages` keeps the server's messages or `errors` list. Also
 * any other status outside 2xx and 3xx that no other reason names (405, 410, 1xx). Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class InvalidRequest extends Reason.extend<InvalidRequest>(identifier("InvalidRequest"))({
  _tag: Schema.tag("InvalidRequest"),
  status: Schema.Number,
  message: Schema.String,
  /** One line per server message: `message`, or each `errors[]` entry as `pointer: detail`. */
  messages: Schema.Array(Schema.String)
}) {}

/**
 * 401 / 403: a missing or wrong key, or an address the instance restricts (send `secretKey`). Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class Unauthorized extends Reason.extend<Unauthorized>(identifier("Unauthorized"))({
  _tag: Schema.tag("Unauthorized"),
  status: Schema.Number,
  message: Schema.String
}) {}

/**
 * 402: the Pro API key has no credits left (a keyless call can get it too). Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class OutOfCredits extends Reason.extend<OutOfCredits>(identifier("OutOfCredits"))({
  _tag: Schema.tag("OutOfCredits"),
  message: Schema.String
}) {}

/**
 * 429 after the retry budget was spent (or at once when the server asks for a wait longer than
 * `maxServerWait`). `retryAfter` is what the server last asked for, when it said.
 *
 * @since 0.1.0
 * @category reasons
 */
export class RateLimited extends Reason.extend<RateLimited>(identifier("RateLimited"))({
  _tag: Schema.tag("RateLimited"),
  message: Schema.String,
  /** The wait the server asked for (`Retry-After`, else `x-ratelimit-reset`), when it said. */
  retryAfter: Schema.optional(Schema.Duration)
}) {
  override get isRetryable(): boolean {
    return true
  }
}

/**
 * 5xx after the retry budget was spent (or at once when its `Retry-After` exceeds `maxServerWait`).
 *
 * @since 0.1.0
 * @category reasons
 */
export class ServerError extends Reason.extend<ServerError>(identifier("ServerError"))({
  _tag: Schema.tag("ServerError"),
  status: Schema.Number,
  message: Schema.String,
  /** The wait the server asked for (`Retry-After` only), when it said. */
  retryAfter: Schema.optional(Schema.Duration)
}) {
  override get isRetryable(): boolean {
    return true
  }
}

/**
 * The server answered with a redirect (3xx), which the client never follows: a key sent in a header or the
 * query would go wherever the server points. `location` is where it pointed (no userinfo, query or
 * fragment, redacted; empty when it did not say). Also the reason when the app's own `HttpClient` followed a
 * redirect by itself (the answer came from another origin): that answer is refused, never returned as a
 * page. Never retried: if the new address is trusted, use it as the base URL.
 *
 * @since 0.1.0
 * @category reasons
 */
export class Redirected extends Reason.extend<Redirected>(identifier("Redirected"))({
  _tag: Schema.tag("Redirected"),
  /** The redirect's status (301, 302, 303, 307, 308, ...); 0 for a browser's opaque redirect. */
  status: Schema.Number,
  /** Where it pointed: scheme, host and path only, redacted; `""` when it did not say. */
  location: Schema.String,
  message: Schema.String
}) {}

/**
 * A 2xx body longer than `maxResponseBytes`, counted after decompression: reading stopped at the limit, so an
 * endless body or a compression bomb costs no more than that. Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class ResponseTooLarge extends Reason.extend<ResponseTooLarge>(identifier("ResponseTooLarge"))({
  _tag: Schema.tag("ResponseTooLarge"),
  /** The limit in bytes (`maxResponseBytes`). */
  limit: Schema.Number,
  message: Schema.String
}) {}

/**
 * The request never got a complete response: a refused or dropped connection, a truncated body. `cause` is
 * the HTTP client's failure, its texts scrubbed of every credential.
 *
 * @since 0.1.0
 * @category reasons
 */
export class Transport extends Reason.extend<Transport>(identifier("Transport"))({
  _tag: Schema.tag("Transport"),
  message: Schema.String,
  /** What the HTTP client failed with (name, message and causes, credentials scrubbed; no stack). */
  cause: Schema.optional(Schema.Defect())
}) {
  override get isRetryable(): boolean {
    return true
  }
}

/**
 * No response within the per-request timeout (retried like a transport failure).
 *
 * @since 0.1.0
 * @category reasons
 */
export class Timeout extends Reason.extend<Timeout>(identifier("Timeout"))({
  _tag: Schema.tag("Timeout"),
  /** The per-request timeout that ran out. */
  timeout: Schema.Duration
}) {
  override get isRetryable(): boolean {
    return true
  }
  override get message(): string {
    return `no response within ${Duration.format(this.timeout)}`
  }
}

/**
 * A 2xx body that is not JSON or does not match the endpoint's schema; `path` points at the bad field
 * (`items.0.validator_index`). Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class Decode extends Reason.extend<Decode>(identifier("Decode"))({
  _tag: Schema.tag("Decode"),
  /** The dotted path of the first bad field (`""` when the body is not JSON at all). */
  path: Schema.String,
  message: Schema.String
}) {}

/**
 * The walk stopped advancing: the server handed back a cursor this stream already used, and again when that
 * page was asked once more (following it would loop forever); or it sent `emptyPages` empty pages in a row,
 * each with a new cursor (a real server ends a list with an empty page and a null cursor). Only streams fail
 * with it, after emitting every page before the one that did not advance (that page is not emitted).
 *
 * @since 0.1.0
 * @category reasons
 */
export class PaginationStalled extends Reason.extend<PaginationStalled>(identifier("PaginationStalled"))({
  _tag: Schema.tag("PaginationStalled"),
  /** The repeated cursor, or the last cursor of the empty run (credential-free). */
  cursor: NextPageParams,
  /** Pages fetched before the stall was seen. */
  pages: Schema.Number,
  /** For a run of empty pages: how many; absent for a repeated cursor. */
  emptyPages: Schema.optional(Schema.Number)
}) {
  override get message(): string {
    return this.emptyPages === undefined
      ? `cursor ${JSON.stringify(this.cursor)} repeated after ${this.pages} page(s)`
      : `${this.emptyPages} empty pages in a row, each with a new cursor (the last ${JSON.stringify(this.cursor)}), after ${this.pages} page(s)`
  }
}

/**
 * A stream stopped before a request its credit budget does not cover: the `creditBudget` it was given, or the
 * credits the key has left (`x-credits-remaining`), which a 402 would have ended without a place to resume.
 * Every page before it was emitted; resume from `cursor` (a sequential stream: pass it as `cursor`) or
 * `progress` (a partitioned stream: pass it as `partition.resume`). Never retried: a budget does not refill
 * by waiting.
 *
 * @since 0.1.0
 * @category reasons
 */
export class BudgetExhausted extends Reason.extend<BudgetExhausted>(identifier("BudgetExhausted"))({
  _tag: Schema.tag("BudgetExhausted"),
  message: Schema.String,
  /** Credits this stream's requests cost so far (the row's `credits` per request sent). */
  spent: Schema.Number,
  /** The stream's `creditBudget`, when it had one. */
  budget: Schema.optional(Schema.Number),
  /** The key's credits left as the server last said (`x-credits-remaining`), when it said. */
  creditsRemaining: Schema.optional(Schema.Number),
  /** A sequential stream's resume point: the cursor of the first page not fetched (absent: the first page). */
  cursor: Schema.optional(NextPageParams),
  /** A partitioned stream's resume point. */
  progress: Schema.optional(PartitionProgressSchema)
}) {}

/**
 * A follow (`follow*`) saw a block it had declared final replaced: the server's chain at `height` no longer
 * holds the block it finalized there (`finalized` is the follow's finality boundary then). Data the follow
 * called final is wrong, so it stops rather than rewrite it; raise `finality` for this chain, or restart from a
 * checkpoint below the fork. Never retried.
 *
 * @since 0.1.0
 * @category reasons
 */
export class ReorgBeyondFinality extends Reason.extend<ReorgBeyondFinality>(identifier("ReorgBeyondFinality"))({
  _tag: Schema.tag("ReorgBeyondFinality"),
  /** The height whose block changed. */
  height: Schema.Number,
  /** The newest block the follow had declared final. */
  finalized: Schema.Number,
  /** The hash the follow finalized at `height`, and the one the server now has there (null: none). */
  expected: Schema.String,
  found: Schema.NullOr(Schema.String)
}) {
  override get message(): string {
    return (
      `the block at ${this.height} changed (${this.expected} became ${this.found ?? "no block"}), ` +
      `at or below block ${this.finalized}, which the follow had declared final`
    )
  }
}

/**
 * A follow's server stayed behind the head it had already shown for longer than `maxLag` allows (a replica
 * that stopped indexing, or a load balancer stuck on one), or held back the next block that long (a gap in its
 * index, a height without consensus): `head` is the newest block seen, `served` the newest the server answers
 * with (for a held-back block, the newest the follow could emit whole). A lower head is never read as a reorg; past `maxLag` the follow fails typed
 * rather than wait forever. Retryable: a later attempt may meet a server that caught up.
 *
 * @since 0.1.0
 * @category reasons
 */
export class ServerLagging extends Reason.extend<ServerLagging>(identifier("ServerLagging"))({
  _tag: Schema.tag("ServerLagging"),
  /** The newest block the follow has seen. */
  head: Schema.Number,
  /** The newest block the server answered with last. */
  served: Schema.Number,
  /** How long the server has answered below `head`, in milliseconds. */
  lagMillis: Schema.Number
}) {
  override get isRetryable(): boolean {
    return true
  }
  override get message(): string {
    return `the server answers up to block ${this.served}, ${this.head - this.served} behind block ${this.head} it showed before, for ${this.lagMillis} ms`
  }
}

/**
 * Whether a value is one of this package's reasons, whatever its tag: tells a lifted `NotFound` of ours from
 * an app's own `NotFound`.
 *
 * @since 0.1.0
 * @category guards
 */
export const isBlockscoutErrorReason = (u: unknown): u is BlockscoutErrorReason =>
  Predicate.hasProperty(u, ReasonTypeId)

// The error

/**
 * The reasons of a request: every status, transport, timeout and decode failure of one that was sent, and
 * `Unsupported` for one refused unsent because the server is older than its row's `since`. A call without
 * arguments (`listMainPageTransactions()`) fails with these only.
 *
 * @since 0.1.0
 * @category models
 */
export type RequestReason =
  | Unsupported
  | NotFound
  | InvalidRequest
  | Unauthorized
  | OutOfCredits
  | RateLimited
  | ServerError
  | Redirected
  | ResponseTooLarge
  | Transport
  | Timeout
  | Decode

/**
 * The reasons of a call whose arguments are checked before anything is sent (`list*`, `get*`): an
 * `InvalidArgument`, or any `RequestReason`.
 *
 * @since 0.1.0
 * @category models
 */
export type CallReason = InvalidArgument | RequestReason

/**
 * The reasons of a stream (`stream*`, `stream*Pages`): a `CallReason` for any page, `PaginationStalled`, or
 * `BudgetExhausted` (a Pro API stream stopped at its credit budget or the key's credits left).
 *
 * @since 0.1.0
 * @category models
 */
export type StreamReason = CallReason | PaginationStalled | BudgetExhausted

/**
 * The reasons of a follow (`follow*`): a `StreamReason` for any read, `ReorgBeyondFinality` (a block it had
 * declared final was replaced) or `ServerLagging` (the server stayed behind past `maxLag`).
 *
 * @since 0.1.0
 * @category models
 */
export type FollowReason = StreamReason | ReorgBeyondFinality | ServerLagging

/**
 * What went wrong: one tagged case per cause. Every reason is one a follow can meet, so this is
 * `FollowReason`, the widest of the sets above.
 *
 * @since 0.1.0
 * @category models
 */
export type BlockscoutErrorReason = FollowReason

/** The schema of every reason, for encoding and decoding an error. */
const ReasonSchema = Schema.Union([
  InvalidArgument,
  Unsupported,
  NotFound,
  InvalidRequest,
  Unauthorized,
  OutOfCredits,
  RateLimited,
  ServerError,
  Redirected,
  ResponseTooLarge,
  Transport,
  Timeout,
  Decode,
  PaginationStalled,
  BudgetExhausted,
  ReorgBeyondFinality,
  ServerLagging
])

const TypeId = "~@blockscout-effect/client/BlockscoutError" as const

/** The failure, without the generic reason type (see `BlockscoutError`). */
class BlockscoutErrorClass extends Schema.TaggedError<BlockscoutErrorClass>(
  "@blockscout-effect/client/BlockscoutError"
)("BlockscoutError", { reason: ReasonSchema }) {
  /** Marks the error for `isBlockscoutError`, on the prototype (not an own field, never encoded). */
  get [TypeId](): typeof TypeId {
    return TypeId
  }
  override get name(): string {
    return "BlockscoutError"
  }
  /** The reason, as the error's cause: Effect's and Node's printers show it (and its own cause) beneath. */
  override readonly cause: BlockscoutErrorReason = this.reason
  /** The endpoint row name that failed (`""` for a layer's own options). */
  get endpoint(): string {
    return this.reason.endpoint
  }
  /** The request URL, credentials replaced by `<redacted>`; `""` when none was built. */
  get url(): string {
    return this.reason.url
  }
  /** Whether another attempt may succeed (the reason's `isRetryable`). */
  get isRetryable(): boolean {
    return this.reason.isRetryable
  }
  /** The wait the server asked for, when the reason carries one (the reason's `retryAfter`). */
  get retryAfter(): Duration.Duration | undefined {
    return this.reason.retryAfter
  }
  /**
   * `Tag (endpoint url): detail`: the server's own message, the bad field's path for `Decode`, the cause for
   * `Transport`. Never holds a key.
   */
  override get message(): string {
    const reason = this.reason
    const where = reason.endpoint === "" ? "" : ` (${reason.endpoint}${reason.url === "" ? "" : ` ${reason.url}`})`
    const detail =
      reason._tag === "Decode" && reason.path !== "" ? `at ${reason.path}: ${reason.message}` : reason.message
    return `${reason._tag}${where}: ${detail}`
  }
}

/**
 * The one failure of every client method. `reason` says what happened; `endpoint` and `url` say where;
 * `isRetryable` and `retryAfter` say what to do next. `R` is the reason union a method can fail with.
 *
 * Gotcha: `url` is redacted, never the URL actually sent; the key never appears in `message`. Without `R`, the
 * reasons of a stream (`StreamReason`); a follow's errors name theirs (`BlockscoutError<FollowReason>`).
 *
 * @since 0.1.0
 * @category errors
 */
export interface BlockscoutError<R extends BlockscoutErrorReason = StreamReason> extends BlockscoutErrorClass {
  readonly reason: R
}

/** The tags of the reasons an error type can carry. */
type TagsOf<E> = E extends BlockscoutError<infer R> ? R["_tag"] : never
/** The reason of tag `K` among those of `E`. */
type ReasonOfTag<E, K> = E extends BlockscoutError<infer R> ? Extract<R, { readonly _tag: K }> : never
/** `E` without the reasons of tags `K` (a `BlockscoutError` left with none is gone). */
type WithoutReasons<E, K> =
  E extends BlockscoutError<infer R>
    ? [Exclude<R, { readonly _tag: K }>] extends [never]
      ? never
      : BlockscoutError<Exclude<R, { readonly _tag: K }>>
    : E

type Handler<E, K> = (
  reason: ReasonOfTag<E, K>,
  error: BlockscoutError<ReasonOfTag<E, K>>
) => Effect.Effect<unknown, unknown, unknown>
type Cases<E> = { readonly [K in TagsOf<E>]?: Handler<E, K> }
type CasesSuccess<C> = {
  [K in keyof C]: C[K] extends (...args: never) => Effect.Effect<infer A, infer _E, infer _R> ? A : never
}[keyof C]
type CasesError<C> = {
  [K in keyof C]: C[K] extends (...args: never) => Effect.Effect<infer _A, infer E, infer _R> ? E : never
}[keyof C]
type CasesServices<C> = {
  [K in keyof C]: C[K] extends (...args: never) => Effect.Effect<infer _A, infer _E, infer R> ? R : never
}[keyof C]

/**
 * The constructor and schema of `BlockscoutError`, with the reason-narrowing combinators.
 *
 * @since 0.1.0
 * @category errors
 */
export interface BlockscoutErrorConstructor {
  new <R extends BlockscoutErrorReason>(props: { readonly reason: R }): BlockscoutError<R>
  /**
   * Handles the reason of tag `tag` and removes it from the error type: what is left is a
   * `BlockscoutError` of the other reasons (or none). `Effect.catchReason` keeps the whole error type unless
   * given an `orElse` that fails with the error again; this does it in one step.
   *
   * @example
   * ```ts
   * import { Effect } from "effect"
   * import { Blockscout, BlockscoutError } from "@blockscout-effect/client"
   *
   * // The error type no longer names NotFound.
   * export const logs = (hash: string) =>
   *   Blockscout.use((bs) => bs.listTransactionLogs(hash)).pipe(
   *     BlockscoutError.catchReason("NotFound", () => Effect.succeed({ items: [], next_page_params: null }))
   *   )
   * ```
   */
  readonly catchReason: {
    <E, K extends TagsOf<E>, A2, E2, R2>(
      tag: K,
      f: (
        reason: ReasonOfTag<NoInfer<E>, K>,
        error: BlockscoutError<ReasonOfTag<NoInfer<E>, K>>
      ) => Effect.Effect<A2, E2, R2>
    ): <A, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A | A2, WithoutReasons<E, K> | E2, R | R2>
    <A, E, R, K extends TagsOf<E>, A2, E2, R2>(
      self: Effect.Effect<A, E, R>,
      tag: K,
      f: (reason: ReasonOfTag<E, K>, error: BlockscoutError<ReasonOfTag<E, K>>) => Effect.Effect<A2, E2, R2>
    ): Effect.Effect<A | A2, WithoutReasons<E, K> | E2, R | R2>
  }
  /**
   * Handles several reasons, one function per tag, and removes them from the error type (an exhaustive
   * record leaves no `BlockscoutError` at all).
   */
  readonly catchReasons: {
    <E, C extends Cases<E>>(
      cases: C
    ): <A, R>(
      self: Effect.Effect<A, E, R>
    ) => Effect.Effect<A | CasesSuccess<C>, WithoutReasons<E, keyof C> | CasesError<C>, R | CasesServices<C>>
    <A, E, R, C extends Cases<E>>(
      self: Effect.Effect<A, E, R>,
      cases: C
    ): Effect.Effect<A | CasesSuccess<C>, WithoutReasons<E, keyof C> | CasesError<C>, R | CasesServices<C>>
  }
}

// Narrowing: the run-time side of `catchReason` / `catchReasons` (their types are on `BlockscoutErrorConstructor`)

/** Handles the failures whose reason has tag `tag`. */
const catchReason = dual(
  3,
  <A, E, R, A2, E2, R2>(
    self: Effect.Effect<A, E, R>,
    tag: string,
    f: (reason: BlockscoutErrorReason, error: BlockscoutError) => Effect.Effect<A2, E2, R2>
  ) =>
    Effect.catchIf(
      self,
      (error): error is E & BlockscoutError => isBlockscoutError(error) && error.reason._tag === tag,
      (error) => f(error.reason, error)
    )
)

/** Handles the failures whose reason has a tag among `cases`' keys, each with its own function. */
const catchReasons = dual(
  2,
  <A, E, R>(
    self: Effect.Effect<A, E, R>,
    cases: Readonly<Record<string, (reason: BlockscoutErrorReason, error: BlockscoutError) => Effect.Effect<unknown>>>
  ) =>
    Effect.catchIf(
      self,
      (error): error is E & BlockscoutError =>
        isBlockscoutError(error) && Object.hasOwn(cases, error.reason._tag) && cases[error.reason._tag] !== undefined,
      (error) =>
        (cases[error.reason._tag] as (r: BlockscoutErrorReason, e: BlockscoutError) => Effect.Effect<unknown>)(
          error.reason,
          error
        )
    )
)

/**
 * The one failure of every client method: construct it with a reason, match on `reason._tag`, narrow with
 * `BlockscoutError.catchReason` / `catchReasons`, encode it with `Schema.toCodecJson(BlockscoutError)`.
 *
 * @since 0.1.0
 * @category errors
 */
export const BlockscoutError: BlockscoutErrorConstructor & typeof BlockscoutErrorClass = Object.assign(
  BlockscoutErrorClass,
  { catchReason, catchReasons }
) as never

/**
 * Whether a value is a `BlockscoutError` (from this package, whatever its copy or version), of any reason (a
 * follow's included).
 *
 * @since 0.1.0
 * @category guards
 */
export const isBlockscoutError = (u: unknown): u is BlockscoutError<BlockscoutErrorReason> =>
  Predicate.hasProperty(u, TypeId)

/**
 * Whether a reason is worth another attempt: 429, 5xx, transport failures and timeouts. Every other 4xx,
 * redirects, bodies over the size limit, decode failures, bad arguments and stalls are final. The same as `reason.isRetryable`.
 *
 * @since 0.1.0
 * @category predicates
 */
export const isRetryable = (reason: BlockscoutErrorReason): boolean => reason.isRetryable

/**
 * The server's requested wait before the next attempt, when the reason carries one. The same as
 * `reason.retryAfter`.
 *
 * @since 0.1.0
 * @category getters
 */
export const retryAfterOf = (reason: BlockscoutErrorReason): Duration.Duration | undefined => reason.retryAfter
