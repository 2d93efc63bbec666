/**
 * The period the announced limit counts over. Every limiter a server may run (Blockscout's fixed windows,
 * a gateway's token bucket or sliding log, the Pro API's "requests per second") is paced as `limit` per
 * this period, never faster than `limit` a second.
 *
 * The period is one second unless a reset proves it longer: a server that says its budget comes back only
 * in 59 s (an instance's per-IP limit of 300 a minute) counts over at least 59 s. Nothing here is learnt from
 * the spacing of resets: a token bucket announces "full again in 40 ms" answer after answer, and a period
 * inferred from that spacing (the old estimate) fell to tens of milliseconds and paced at many times the
 * limit. A reset only ever lengthens the period, so it can only slow the pacing.
 *
 * A long reset is kept until the window it was announced for has ended (in send-time coordinates, as the
 * gate's: a request sent at `x` with reset `r` speaks of a budget that comes back at `x + r`); after that a
 * shorter reset replaces it, so a server back to 1 s windows is paced at its rate again within one window.
 *
 * Pure: the limiter's state holds a `WindowEstimate` and replaces it on each answer.
 *
 * @internal
 */

/** The longest reset whose window may still be running, and where that window ends (send time + reset). */
export interface WindowEstimate {
  readonly longest: number
  readonly end: number
}

/** The shortest period any limit is paced over: one second (`x-ratelimit-limit` is per second at most). */
export const minimumPeriod = 1_000

/** Nothing seen yet. */
export const unknownWindow: WindowEstimate = { longest: 0, end: 0 }

/**
 * Adds one answer: a request sent at `sentAt` whose answer said `reset`. A reset at least as long as the
 * kept one replaces it; a shorter one replaces it only once the kept one's window has ended.
 */
export const observeWindow = (estimate: WindowEstimate, sentAt: number, reset: number): WindowEstimate =>
  reset >= estimate.longest || sentAt >= estimate.end ? { longest: reset, end: sentAt + reset } : estimate

/** The period to pace the limit over: the longest reset still current, and never less than one second. */
export const windowMillis = (estimate: WindowEstimate): number => Math.max(minimumPeriod, estimate.longest)
