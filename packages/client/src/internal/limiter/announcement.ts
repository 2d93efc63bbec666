/**
 * What one response says about its key's budget: Blockscout's `x-ratelimit-limit`, `x-ratelimit-remaining`
 * and `x-ratelimit-reset`, read as a server that may be wrong or hostile would send them.
 *
 * Blockscout counts requests in fixed windows of its own clock (docs/blockscout-api.md, "Keys and rate
 * limits"): `limit` per window, `remaining` after this request, `reset` the milliseconds until the window
 * ends. All three are `-1` when the key is not limited. A 429 carries `remaining: 0` and the reset. Gateways
 * in front of a server send the same three for a token bucket (tokens left, time until full) or a sliding
 * log (left in the last window, time until the oldest leaves): read alike here, and only ever trusted to
 * hold requests back (`keyState.ts`).
 *
 * @internal
 */

/** A response's word on the budget. */
export type Announcement =
  /** `-1`: this key is not limited. */
  | { readonly _tag: "Unlimited" }
  /**
   * A window: what was left when the server counted this request, and how long until the window ends.
   * `limit` is undefined when the header is missing or unusable (the remaining count still holds).
   */
  | {
      readonly _tag: "Window"
      readonly limit: number | undefined
      readonly remaining: number
      readonly resetMillis: number
    }
  /** No rate-limit header at all: a server without limits, or a proxy's own error page. */
  | { readonly _tag: "Silent" }
  /** Rate-limit headers that say nothing usable (garbage, a remaining count without a reset). */
  | { readonly _tag: "Unreadable" }

const unlimited: Announcement = { _tag: "Unlimited" }
const silent: Announcement = { _tag: "Silent" }
const unreadable: Announcement = { _tag: "Unreadable" }

// Plain decimal numbers only: `Number("")` is 0 and `Number("0x10")` is 16, neither of which a server means.
const decimal = /^-?\d{1,15}(\.\d{1,20})?$/

const headerNumber = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const text = value.trim()
  return decimal.test(text) ? Number(text) : undefined
}

const names = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"] as const

/** Header name to value, lower-case names (as `HttpClientResponse.headers` gives them). */
export type HeaderRecord = Readonly<Record<string, string | undefined>>

/**
 * Reads the three headers. A remaining count and a positive reset make a window (a 429 with a reset but no
 * remaining count has none left); otherwise `-1` in any of them is "unlimited"; none of them at all is
 * silent, and anything else unreadable. A remaining count above the limit is cut to the limit; fractions
 * are rounded down (remaining) or up (reset), towards waiting longer.
 */
export const announcement = (status: number, headers: HeaderRecord): Announcement => {
  const limit = headerNumber(headers["x-ratelimit-limit"])
  let remaining = headerNumber(headers["x-ratelimit-remaining"])
  const reset = headerNumber(headers["x-ratelimit-reset"])
  if (remaining === undefined && status === 429 && reset !== undefined && reset > 0) remaining = 0
  if (remaining !== undefined && remaining >= 0 && reset !== undefined && reset > 0) {
    const usableLimit = limit !== undefined && limit >= 1 ? Math.floor(limit) : undefined
    const left = Math.floor(remaining)
    return {
      _tag: "Window",
      limit: usableLimit,
      remaining: usableLimit === undefined ? left : Math.min(left, usableLimit),
      resetMillis: Math.ceil(reset)
    }
  }
  if (limit === -1 || remaining === -1 || reset === -1) return unlimited
  return names.some((name) => headers[name] !== undefined) ? unreadable : silent
}
