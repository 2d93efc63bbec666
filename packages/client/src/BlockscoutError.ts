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
 * @since 0.1.0
 */
import { type Duration, type Effect, Predicate, Schema } from "effect"
import * as Reasons from "./BlockscoutErrorReason.ts"
import { catchReason, catchReasons } from "./internal/narrow.ts"

export {
  BudgetExhausted,
  Decode,
  InvalidArgument,
  InvalidRequest,
  isBlockscoutErrorReason,
  NotFound,
  OutOfCredits,
  PaginationStalled,
  RateLimited,
  Redirected,
  ReorgBeyondFinality,
  ResponseTooLarge,
  ServerError,
  ServerLagging,
  Timeout,
  Transport,
  Unauthorized,
  Unsupported
} from "./BlockscoutErrorReason.ts"

/**
 * The reasons of a request: every status, transport, timeout and decode failure of one that was sent, and
 * `Unsupported` for one refused unsent because the server is older than its row's `since`. A call without
 * arguments (`listMainPageTransactions()`) fails with these only.
 *
 * @since 0.1.0
 * @category models
 */
export type RequestReason =
  | Reasons.Unsupported
  | Reasons.NotFound
  | Reasons.InvalidRequest
  | Reasons.Unauthorized
  | Reasons.OutOfCredits
  | Reasons.RateLimited
  | Reasons.ServerError
  | Reasons.Redirected
  | Reasons.ResponseTooLarge
  | Reasons.Transport
  | Reasons.Timeout
  | Reasons.Decode

/**
 * The reasons of a call whose arguments are checked before anything is sent (`list*`, `get*`): an
 * `InvalidArgument`, or any `RequestReason`.
 *
 * @since 0.1.0
 * @category models
 */
export type CallReason = Reasons.InvalidArgument | RequestReason

/**
 * The reasons of a stream (`stream*`, `stream*Pages`): a `CallReason` for any page, `PaginationStalled`, or
 * `BudgetExhausted` (a Pro API stream stopped at its credit budget or the key's credits left).
 *
 * @since 0.1.0
 * @category models
 */
export type StreamReason = CallReason | Reasons.PaginationStalled | Reasons.BudgetExhausted

/**
 * The reasons of a follow (`follow*`): a `StreamReason` for any read, `ReorgBeyondFinality` (a block it had
 * declared final was replaced) or `ServerLagging` (the server stayed behind past `maxLag`).
 *
 * @since 0.1.0
 * @category models
 */
export type FollowReason = StreamReason | Reasons.ReorgBeyondFinality | Reasons.ServerLagging

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
  Reasons.InvalidArgument,
  Reasons.Unsupported,
  Reasons.NotFound,
  Reasons.InvalidRequest,
  Reasons.Unauthorized,
  Reasons.OutOfCredits,
  Reasons.RateLimited,
  Reasons.ServerError,
  Reasons.Redirected,
  Reasons.ResponseTooLarge,
  Reasons.Transport,
  Reasons.Timeout,
  Reasons.Decode,
  Reasons.PaginationStalled,
  Reasons.BudgetExhausted,
  Reasons.ReorgBeyondFinality,
  Reasons.ServerLagging
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
