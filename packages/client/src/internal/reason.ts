/**
 * What every reason of a `BlockscoutError` has (the base class of `BlockscoutErrorReason.ts`'s classes): where
 * it happened (`endpoint`, `url`), a tag for its name, and the defaults a reason overrides: `isRetryable`
 * (false) and `retryAfter` (none).
 *
 * @internal
 */
import { type Duration, Schema } from "effect"

export const ReasonTypeId = "~@blockscout-effect/client/BlockscoutError/Reason" as const

/** A reason's schema identifier: namespaced, so it never matches an app's own class of the same tag. */
export const identifier = (tag: string) => `@blockscout-effect/client/BlockscoutError/${tag}`

/**
 * What every reason has: where it happened, and the defaults of `isRetryable` (false) and `retryAfter` (none).
 * Fields every reason carries: the endpoint row name and the request URL, credentials redacted.
 */
export class Reason extends Schema.Error<Reason>(identifier("Reason"))({
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
