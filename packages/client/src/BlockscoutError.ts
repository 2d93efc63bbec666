/**
 * `BlockscoutError`: the one error every client method fails with, and its reasons.
 *
 * Callers match on `error.reason._tag` (or `Effect.catchReason("BlockscoutError", "NotFound", ...)`).
 * Whether a reason is retried is decided here, in {@link isRetryable}, and nowhere else.
 *
 * @since 0.1.0
 */
import type { NextPageParams } from "@blockscout-effect/schema"
import { Data, Duration } from "effect"

/** Fields every reason carries: which endpoint row failed and the URL it asked, credentials redacted. */
interface Where {
  /** The endpoint row name (`"transactions"`, `"tokenTransfers"`, ...). */
  readonly endpoint: string
  /** The request URL with every credential (`apikey`, `key`) replaced by `<redacted>`; empty when none was built. */
  readonly url: string
}

/** An argument failed its check before anything was sent (bad address, hash, token id, filter value). */
export class InvalidArgument extends Data.TaggedError("InvalidArgument")<
  Where & {
    /** The argument name (`"address"`, `"type"`, `"cursor"`, ...). */
    readonly argument: string
    /** What was wrong with it. */
    readonly message: string
  }
> {}

/** 404: unknown transaction, token or instance. */
export class NotFound extends Data.TaggedError("NotFound")<Where & { readonly message: string }> {}

/**
 * 400 / 422: the server rejected a parameter; `messages` keeps the server's messages or `errors` list. Also
 * any other status outside 2xx that no other reason names (405, 410, a 3xx the HTTP client did not follow):
 * final, never retried.
 */
export class InvalidRequest extends Data.TaggedError("InvalidRequest")<
  Where & {
    readonly status: number
    readonly message: string
    /** One line per server message: `message`, or each `errors[]` entry as `pointer: detail`. */
    readonly messages: ReadonlyArray<string>
  }
> {}

/** 401 / 403: a missing or wrong key, or an address the instance restricts (send `secretKey`). */
export class Unauthorized extends Data.TaggedError("Unauthorized")<
  Where & { readonly status: number; readonly message: string }
> {}

/** 402: the Pro API key has no credits left (a keyless call can get it too). */
export class OutOfCredits extends Data.TaggedError("OutOfCredits")<Where & { readonly message: string }> {}

/** 429 after the retry budget was spent. `retryAfter` is what the server last asked for, when it said. */
export class RateLimited extends Data.TaggedError("RateLimited")<
  Where & { readonly message: string; readonly retryAfter: Duration.Duration | undefined }
> {}

/** 5xx after the retry budget was spent (or at once when its `Retry-After` exceeds `maxServerWait`). */
export class ServerError extends Data.TaggedError("ServerError")<
  Where & { readonly status: number; readonly message: string; readonly retryAfter: Duration.Duration | undefined }
> {}

/** The request never got a complete response: refused or dropped connection, truncated body. */
export class Transport extends Data.TaggedError("Transport")<Where & { readonly message: string }> {}

/** No response within the per-request timeout (retried like a transport failure). */
export class Timeout extends Data.TaggedError("Timeout")<Where & { readonly timeout: Duration.Duration }> {}

/** A 2xx body that is not JSON or does not match the endpoint's schema; `path` points at the bad field. */
export class Decode extends Data.TaggedError("Decode")<Where & { readonly path: string; readonly message: string }> {}

/**
 * The server handed back a cursor this stream already used, and again when that page was asked once more:
 * following it would loop forever.
 */
export class PaginationStalled extends Data.TaggedError("PaginationStalled")<
  Where & {
    /** The repeated cursor (credential-free). */
    readonly cursor: NextPageParams
    /** Pages fetched before the repeat was seen. */
    readonly pages: number
  }
> {}

/** What went wrong, one tagged case per cause. */
export type BlockscoutErrorReason =
  | InvalidArgument
  | NotFound
  | InvalidRequest
  | Unauthorized
  | OutOfCredits
  | RateLimited
  | ServerError
  | Transport
  | Timeout
  | Decode
  | PaginationStalled

/**
 * The one failure of every client method. `reason` says what happened; `endpoint` and `url` say where.
 *
 * Gotcha: `url` is redacted, never the URL actually sent; the key never appears in `message`.
 */
export class BlockscoutError extends Data.TaggedError("BlockscoutError")<{
  readonly reason: BlockscoutErrorReason
}> {
  /** The endpoint row name that failed. */
  get endpoint(): string {
    return this.reason.endpoint
  }
  /** The request URL, credentials redacted. */
  get url(): string {
    return this.reason.url
  }
  override get message(): string {
    return `${this.reason._tag} (${this.reason.endpoint}${this.reason.url === "" ? "" : ` ${this.reason.url}`}): ${describe(
      this.reason
    )}`
  }
}

const describe = (reason: BlockscoutErrorReason): string => {
  switch (reason._tag) {
    case "Timeout":
      return `no response within ${Duration.format(reason.timeout)}`
    case "PaginationStalled":
      return `cursor ${JSON.stringify(reason.cursor)} repeated after ${reason.pages} page(s)`
    default:
      return reason.message
  }
}

/**
 * Whether a reason is worth another attempt: 429, 5xx, transport failures and timeouts.
 * Every other 4xx, decode failures, bad arguments and stalls are final.
 */
export const isRetryable = (reason: BlockscoutErrorReason): boolean => {
  switch (reason._tag) {
    case "RateLimited":
    case "ServerError":
    case "Transport":
    case "Timeout":
      return true
    default:
      return false
  }
}

/** The server's requested wait before the next attempt, when the reason carries one. */
export const retryAfterOf = (reason: BlockscoutErrorReason): Duration.Duration | undefined =>
  reason._tag === "RateLimited" || reason._tag === "ServerError" ? reason.retryAfter : undefined
