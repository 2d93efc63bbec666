/**
 * Fixed rate-limit windows per (family, key), as Blockscout's limiter counts them, and the
 * `x-ratelimit-*` headers every answer carries (`x-ratelimit-reset` in milliseconds; all `-1` when
 * unlimited).
 *
 * @internal
 */

/** The windows of one server; `now` comes from Effect's `Clock`, so `TestClock` drives them. */
export class RateWindows {
  private readonly limit: { readonly limit: number; readonly windowMillis?: number | undefined } | undefined
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(limit: { readonly limit: number; readonly windowMillis?: number | undefined } | undefined) {
    this.limit = limit
  }

  /** Counts one request of `bucket` at `now`: the headers to send, and whether it is over the limit. */
  take(bucket: string, now: number): { readonly headers: Record<string, string>; readonly limited: boolean } {
    const limit = this.limit
    if (limit === undefined) {
      return {
        headers: { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" },
        limited: false
      }
    }
    const window = limit.windowMillis ?? 1000
    const start = Math.floor(now / window) * window
    let w = this.windows.get(bucket)
    if (w === undefined || w.start !== start) {
      w = { start, count: 0 }
      this.windows.set(bucket, w)
    }
    w.count++
    return {
      headers: {
        "x-ratelimit-limit": String(limit.limit),
        "x-ratelimit-remaining": String(Math.max(0, limit.limit - w.count)),
        "x-ratelimit-reset": String(start + window - now)
      },
      limited: w.count > limit.limit
    }
  }
}
