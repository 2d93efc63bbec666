/**
 * Options of the `Blockscout` layers, and the events a client reports while it works.
 *
 * @since 0.1.0
 */
import type { Duration, Effect, Redacted } from "effect"

/**
 * Where the API key goes: `"query"` (the `apikey` parameter, as the API doc says) or `"header"`
 * (`Authorization: Bearer` for Pro, `x-api-key` for an instance), which keeps the key out of proxy and server
 * access logs.
 *
 * @since 0.1.0
 * @category options
 */
export type ApiKeyPlacement = "query" | "header"

/**
 * Behaviour shared by every layer: retries, timeouts, rate limit, paging and progress events. Checked when
 * the layer is built (a bad value fails it with `InvalidArgument` naming the option).
 *
 * Every field is optional; the defaults follow the rate the server announces and suit the slow endpoints.
 *
 * @since 0.1.0
 * @category options
 */
export interface ClientOptions {
  /** Where the API key goes (default `"query"`). */
  readonly apiKeyIn?: ApiKeyPlacement | undefined
  /** Per-request timeout (each attempt). Default 120 seconds: Blockscout's own client waits that long. */
  readonly timeout?: Duration.Input | undefined
  /**
   * Retries of 429, 5xx, transport failures and timeouts (never of other 4xx): `times` extra attempts
   * (default 5), exponential backoff from `base` (default 500 ms) capped at `max` (default 30 s), with jitter.
   * A `Retry-After` or `x-ratelimit-reset` the server sends is waited at least. `false` disables retries.
   */
  readonly retry?:
    | {
        readonly times?: number | undefined
        readonly base?: Duration.Input | undefined
        readonly max?: Duration.Input | undefined
      }
    | false
    | undefined
  /**
   * The longest wait the client accepts from a server (`Retry-After`, or `x-ratelimit-reset` on a 429 or
   * once `x-ratelimit-remaining` reaches 0). Default 2 minutes (an instance's window is one minute). A 429
   * or 5xx asking for longer fails at once, its `retryAfter` holding what the server asked, so the caller
   * decides; a spent budget with a longer reset waits this long, then lets the server answer.
   */
  readonly maxServerWait?: Duration.Input | undefined
  /**
   * The rate limiter, one per key (per instance address for keyless calls), shared by every layer using the
   * same `RateLimits` registry (by default, every layer of the process). It follows what the server
   * announces in `x-ratelimit-limit`, `-remaining` and `-reset`: requests are spaced at the announced rate
   * (a 50 requests/s plan is used at about 49 a second), never more are sent into a window than it has left
   * (requests in flight included), and a server announcing `-1` (unlimited) is not paced. The first request
   * on a key finds out what the server announces before others follow it.
   *
   * - `requestsPerSecond`: the pace for a server that announces nothing (no `x-ratelimit-*` headers);
   *   without it (or with 0) such a server is not paced. It never overrides what a server announces.
   * - `maxInFlight`: at most this many requests of this layer in flight at once (default: no cap).
   *
   * `false` disables the limiter: nothing is paced and a server's budget is not followed (its 429s are
   * still retried).
   */
  readonly rateLimit?:
    | {
        readonly requestsPerSecond?: number | undefined
        readonly maxInFlight?: number | undefined
      }
    | false
    | undefined
  /**
   * Default page size for every list call (`items_count`), an integer from 1 to 1000; servers default to 50
   * and cap at 100.
   */
  readonly pageSize?: number | undefined
  /**
   * The largest response body the client reads, in bytes, counted after decompression (default 16 MiB; an
   * integer from 1 KiB to 256 MiB). A page is a few hundred kilobytes; a larger body fails with
   * `ResponseTooLarge` as soon as the limit is passed, so an endless body or a compression bomb costs at most
   * this much memory. Error bodies are read only as far as their summary needs (64 KiB). Raising it lets a
   * body block the event loop longer while it is parsed (tens of milliseconds per 16 MiB).
   */
  readonly maxResponseBytes?: number | undefined
  /**
   * Whether streams request the next page while the current one is decoded and consumed (default `true`).
   * One page ahead, never more: at most one request runs ahead of the page the stream waits for, so a stream
   * holds about two pages however slow its consumer. `false` requests each page only when the consumer pulls
   * it. A number is accepted for compatibility with earlier versions: `0` (or less) means `false`, any other
   * number `true` (a depth above one is not honoured).
   */
  readonly prefetch?: boolean | number | undefined
  /**
   * Also record Effect's HTTP client span for every attempt (default false), beneath the request's own span.
   * Each request already runs in the client's span (`GET {url.template}`, with OpenTelemetry's HTTP attributes:
   * redacted URL, server, status; beneath the call's `Blockscout.<method>`); Effect's adds headers and
   * `traceparent` propagation to the server, at a measurable cost per page. Its URLs show credentials as
   * `<redacted>`, as everything else does.
   */
  readonly httpClientSpans?: boolean | undefined
  /**
   * Called for each request, response, retry and rate-limit wait (`BlockscoutEvent`); use it for progress
   * output or your own measures. Runs on the request's fiber, so keep it short. Must not fail.
   */
  readonly onEvent?: ((event: BlockscoutEvent) => Effect.Effect<void>) | undefined
}

/**
 * Options of `Blockscout.layerPro`: the Pro API, `{baseUrl}/{chainId}/api/v2`.
 *
 * @since 0.1.0
 * @category options
 */
export interface ProOptions extends ClientOptions {
  /** The chain to query, a positive integer: 1 (Ethereum), 8453 (Base); one key serves every chain. */
  readonly chainId: number
  /** The Pro API key (`proapi_...`), kept `Redacted`. */
  readonly apiKey: Redacted.Redacted<string>
  /**
   * Default `https://api.blockscout.com`; with or without `/{chainId}/api/v2` (a chain id it names must be
   * `chainId`). A query, a fragment, credentials or a scheme other than http(s) fail the layer.
   */
  readonly baseUrl?: string | undefined
}

/**
 * Options of `Blockscout.layerInstance`: one explorer instance, `{baseUrl}/api/v2`.
 *
 * @since 0.1.0
 * @category options
 */
export interface InstanceOptions extends ClientOptions {
  /**
   * The explorer's address, e.g. `https://eth.blockscout.com`, with or without `/api/v2`. A query, a fragment,
   * credentials or a scheme other than http(s) fail the layer.
   */
  readonly baseUrl: string
  /** Optional: raises the per-IP limits on instances that check keys. */
  readonly apiKey?: Redacted.Redacted<string> | undefined
  /** Sent as `key`: unlocks addresses an instance restricts (403 without it). */
  readonly secretKey?: Redacted.Redacted<string> | undefined
}

/**
 * The options of `Blockscout.make`: a family and that family's options.
 *
 * @since 0.1.0
 * @category options
 */
export type BlockscoutOptions =
  | (ProOptions & { readonly family: "pro" })
  | (InstanceOptions & { readonly family: "instance" })

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
