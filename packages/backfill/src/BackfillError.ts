/**
 * `BackfillError`: the one error a backfill fails with, as a Schema class so that the workflow engine can store
 * it with the partition (and a runner on another machine can read it back).
 *
 * @since 0.1.0
 */
import type { BlockscoutError } from "@blockscout-effect/client"
import { Schema } from "effect"

/**
 * What went wrong:
 * - `InvalidJob`: the job cannot run as written (a range on a row that has no keys, a block range on an
 *   index-keyed row, a credential that is not configured); nothing was fetched;
 * - `Fetch`: the server's answer, after the client's own retries (`tag` is the client's reason: `Unauthorized`,
 *   `OutOfCredits`, `RateLimited`, ...; `retryable` as the client decides it);
 * - `Sink`: the database or the output directory refused a write;
 * - `NotFound`: `status` or `resume` of a job id the database does not know.
 *
 * @since 0.1.0
 * @category models
 */
export const BackfillErrorReason = Schema.Literals(["InvalidJob", "Fetch", "Sink", "NotFound"])

/**
 * The one failure of the backfill's operations. `message` never holds a credential: the client redacts URLs,
 * and jobs only name the configuration keys that hold them.
 *
 * @since 0.1.0
 * @category errors
 */
export class BackfillError extends Schema.TaggedError<BackfillError>("@blockscout-effect/backfill/BackfillError")(
  "BackfillError",
  {
    reason: BackfillErrorReason,
    message: Schema.String,
    /** For `Fetch`: the client's reason tag. */
    tag: Schema.optionalKey(Schema.String),
    /** Whether trying again later may succeed (a rate limit, an outage), as opposed to a fix being needed. */
    retryable: Schema.Boolean
  }
) {}

/**
 * A client failure as a `Fetch` reason, retryable as the client decides it (429, 5xx, transport, timeout).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromBlockscout = (e: BlockscoutError): BackfillError =>
  new BackfillError({ reason: "Fetch", message: e.message, tag: e.reason._tag, retryable: e.isRetryable })

/**
 * A database or file-system failure as a `Sink` reason: the driver's own words kept after the wrapper's (a
 * `SqlError` reads "PgConnection: Query failed", its cause says which query and why), retryable where the SQL
 * reason says so (a deadlock, a serialization conflict, a lost connection).
 * @since 0.1.0
 * @category constructors
 */
export const fromSink = (e: { readonly message: string }): BackfillError => {
  const reason = (e as { readonly reason?: { readonly isRetryable?: unknown; readonly cause?: unknown } }).reason
  const cause = reason?.cause ?? (e as { readonly cause?: unknown }).cause
  const detail = cause instanceof Error && cause.message !== "" && cause.message !== e.message ? cause.message : ""
  return new BackfillError({
    reason: "Sink",
    message: detail === "" ? e.message : `${e.message}: ${detail}`,
    retryable: reason?.isRetryable === true
  })
}
