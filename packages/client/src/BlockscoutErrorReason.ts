/**
 * The reasons a `BlockscoutError` carries: one `Schema` error class per cause, each saying where it happened
 * (`endpoint`, `url`), whether another attempt may succeed (`isRetryable`) and how long the server asked to
 * wait (`retryAfter`).
 *
 * Retryability is decided here, once per class: 429 (`RateLimited`), 5xx (`ServerError`), `Transport` and
 * `Timeout` are retried; everything else is final. The classes come in the order a call meets them: its
 * arguments, the server's status, the body and the wire, then the stream. What they share (the fields, the
 * defaults) is their base class, in `internal/reason.ts`.
 *
 * @since 0.1.0
 */
import { Duration, Predicate, Schema } from "effect"
import { NextPageParams } from "@blockscout-effect/schema"
import type { BlockscoutErrorReason } from "./BlockscoutError.ts"
import { identifier, Reason, ReasonTypeId } from "./internal/reason.ts"
import { PartitionProgressSchema } from "./Partition.ts"

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
 * (`since`), and the server's `/config/backend-version` names an earlier one. Found before the call is sent
 * (the version is read once per layer, only for a row that declares `since`), instead of the bare 404 the
 * server would answer. A server whose version cannot be read or parsed is called as usual. Never retried.
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
