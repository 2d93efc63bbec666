/**
 * What a client learns from its own responses, per layer: how long the server takes to answer, the request
 * budget it announces (`x-ratelimit-limit` per window), the credits the key has left (`x-credits-remaining`),
 * and which rows refused the largest page. Partitioned streams size their concurrency from it (rate x
 * latency); credit budgets read the credits left.
 *
 * Plain mutable numbers, written by `send.ts` after each response and read between requests: no fiber
 * waits on them, so a stale value only makes a decision one response late.
 *
 * @internal
 */

/** What the responses said so far. */
export interface Observed {
  /** Server answer time (request sent to body read), a moving average; `undefined` before the first answer. */
  latencyMillis: number | undefined
  /** `x-ratelimit-limit`: requests per window; `Infinity` when the server says unlimited (`-1`). */
  limit: number | undefined
  /** The longest `x-ratelimit-reset` seen: the window's length, at least (Blockscout does not send it). */
  windowMillis: number
  /** `x-credits-remaining` of the last answer that carried it (Pro API). */
  creditsRemaining: number | undefined
  /** Rows whose servers refused `items_count` at the largest page size (11.x): streams no longer ask it. */
  readonly largestPageRefused: Set<string>
}

/** A fresh record: nothing learnt yet. */
export const makeObserved = (): Observed => ({
  latencyMillis: undefined,
  limit: undefined,
  windowMillis: 0,
  creditsRemaining: undefined,
  largestPageRefused: new Set()
})

const number = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const n = Number(value.trim())
  return value.trim() !== "" && Number.isFinite(n) ? n : undefined
}

/** The weight of the newest answer in the latency average: recent enough to follow a server slowing down. */
const latencyWeight = 0.2

/** Records one answer's time. */
export const observeLatency = (observed: Observed, millis: number): void => {
  const last = observed.latencyMillis
  observed.latencyMillis = last === undefined ? millis : last + latencyWeight * (millis - last)
}

/**
 * Records the budget headers of one answer. A bogus value (negative counts other than `-1`, not a number)
 * says nothing; a window longer than an hour is not believed either.
 */
export const observeHeaders = (observed: Observed, headers: Readonly<Record<string, string | undefined>>): void => {
  const limit = number(headers["x-ratelimit-limit"])
  const reset = number(headers["x-ratelimit-reset"])
  if (limit === -1 || reset === -1) observed.limit = Number.POSITIVE_INFINITY
  else if (limit !== undefined && limit > 0) observed.limit = limit
  if (reset !== undefined && reset > 0 && reset <= 3_600_000 && reset > observed.windowMillis) {
    observed.windowMillis = reset
  }
  const credits = number(headers["x-credits-remaining"])
  if (credits !== undefined && credits >= 0) observed.creditsRemaining = credits
}

/**
 * The request rate the server announces, per second: `x-ratelimit-limit` over the window (a second when no
 * reset was seen yet); `Infinity` when it says unlimited, `undefined` when it said nothing.
 */
export const announcedRate = (observed: Observed): number | undefined => {
  const limit = observed.limit
  if (limit === undefined || limit === Number.POSITIVE_INFINITY) return limit
  return (limit * 1000) / Math.max(observed.windowMillis, 1000)
}
