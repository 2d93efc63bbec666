/**
 * The server's rate limiter per (family, key), of the kinds real servers run, and the `x-ratelimit-*`
 * headers every answer carries (`x-ratelimit-reset` in milliseconds; all `-1` when unlimited):
 *
 * - `fixed`: Blockscout's own (`API_RATE_LIMIT` per `API_RATE_LIMIT_TIME_INTERVAL`): windows aligned on the
 *   clock, `limit` each; `reset` is the time until the window ends.
 * - `token-bucket`: a gateway's (Envoy, cloud proxies; nginx `limit_req` with a burst): `limit` tokens, one
 *   back every `windowMillis / limit`; `remaining` the whole tokens left, `reset` the time until the bucket is
 *   full, or, when it is empty, until the next token. Its resets are tens of milliseconds apart.
 * - `sliding-log`: at most `limit` accepted requests in any `windowMillis` (the strictest reading of "per
 *   second"); `reset` is the time until the oldest of them leaves the log (a slot frees).
 *
 * A refused request takes nothing from any of them. Every decision is a function of the arrival times
 * (Effect's `Clock`, so `TestClock` drives them), so a run is deterministic.
 *
 * @internal
 */
import type { RateLimitKind } from "../SimulatorOptions.ts"

/** What one arrival gets: the headers to send, and whether it is over the limit. */
export interface Taken {
  readonly headers: Record<string, string>
  readonly limited: boolean
}

const unlimitedHeaders = { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" }

const headersOf = (limit: number, remaining: number, reset: number): Record<string, string> => ({
  "x-ratelimit-limit": String(limit),
  "x-ratelimit-remaining": String(Math.max(0, remaining)),
  // Whole milliseconds, rounded up, as Blockscout sends them (the clock may stand between two).
  "x-ratelimit-reset": String(Math.max(0, Math.ceil(reset)))
})

// Token counts are exact up to this much float noise (a token is `windowMillis / limit` ms of the bucket).
const epsilon = 1e-9

/** The limiters of one server; `now` comes from Effect's `Clock`, so `TestClock` drives them. */
export class RateWindows {
  private readonly limit:
    | { readonly limit: number; readonly windowMillis?: number | undefined; readonly kind?: RateLimitKind | undefined }
    | undefined
  /** `fixed`: the current window's start and count. */
  private readonly windows = new Map<string, { start: number; count: number }>()
  /** `token-bucket`: when the bucket is full again (GCRA's theoretical arrival time, with a burst of `limit`). */
  private readonly buckets = new Map<string, number>()
  /** `sliding-log`: the accepted arrivals within the last window, oldest first (at most `limit`). */
  private readonly logs = new Map<string, Array<number>>()
  /** Every arrival of the last second per bucket, refused ones included (for `busiestSecond`). */
  private readonly lastSecond = new Map<string, Array<number>>()
  /** Requests answered 429 for the limit, since the start. */
  refused = 0
  /** The most requests one bucket sent in any one second (half-open), since the start. */
  busiestSecond = 0

  constructor(
    limit:
      | {
          readonly limit: number
          readonly windowMillis?: number | undefined
          readonly kind?: RateLimitKind | undefined
        }
      | undefined
  ) {
    this.limit = limit
  }

  /** Counts one request of `bucket` at `now`: the headers to send, and whether it is over the limit. */
  take(bucket: string, now: number): Taken {
    const limit = this.limit
    if (limit === undefined) return { headers: { ...unlimitedHeaders }, limited: false }
    const window = limit.windowMillis ?? 1000
    this.count(bucket, now)
    const taken = (() => {
      switch (limit.kind ?? "fixed") {
        case "fixed":
          return this.fixed(bucket, now, limit.limit, window)
        case "token-bucket":
          return this.tokenBucket(bucket, now, limit.limit, window)
        case "sliding-log":
          return this.slidingLog(bucket, now, limit.limit, window)
      }
    })()
    if (taken.limited) this.refused++
    return taken
  }

  /** Adds an arrival to its bucket's last second, and to the busiest second if that is now busier. */
  private count(bucket: string, now: number): void {
    let times = this.lastSecond.get(bucket)
    if (times === undefined) {
      times = []
      this.lastSecond.set(bucket, times)
    }
    let expired = 0
    while (expired < times.length && times[expired]! <= now - 1000) expired++
    if (expired > 0) times.splice(0, expired)
    times.push(now)
    if (times.length > this.busiestSecond) this.busiestSecond = times.length
  }

  private fixed(bucket: string, now: number, limit: number, window: number): Taken {
    const start = Math.floor(now / window) * window
    let w = this.windows.get(bucket)
    if (w === undefined || w.start !== start) {
      w = { start, count: 0 }
      this.windows.set(bucket, w)
    }
    w.count++
    return { headers: headersOf(limit, limit - w.count, start + window - now), limited: w.count > limit }
  }

  private tokenBucket(bucket: string, now: number, limit: number, window: number): Taken {
    const interval = window / limit
    // How far the bucket is below full, in milliseconds of refill (0: full, `window`: empty).
    const below = Math.max(0, (this.buckets.get(bucket) ?? now) - now)
    const limited = below + interval > window + epsilon
    const after = limited ? below : below + interval
    if (!limited) this.buckets.set(bucket, now + after)
    const remaining = Math.floor((window - after) / interval + epsilon)
    // Empty: until the next token; otherwise until full.
    const reset = remaining < 1 ? after - (window - interval) : after
    return { headers: headersOf(limit, remaining, reset), limited }
  }

  private slidingLog(bucket: string, now: number, limit: number, window: number): Taken {
    let log = this.logs.get(bucket)
    if (log === undefined) {
      log = []
      this.logs.set(bucket, log)
    }
    let expired = 0
    while (expired < log.length && log[expired]! <= now - window) expired++
    if (expired > 0) log.splice(0, expired)
    const limited = log.length >= limit
    if (!limited) log.push(now)
    return { headers: headersOf(limit, limit - log.length, log[0]! + window - now), limited }
  }
}
