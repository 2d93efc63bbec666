/**
 * How long the server's window is. Blockscout does not send its period, only the milliseconds left in the
 * current window, so the length is learnt from the windows' ends.
 *
 * Ends are kept in send-time coordinates: a request sent at `x` whose answer says `reset: r` was counted in
 * a window that ends, for requests sent from this process, at `x + r` (the server counts a request when it
 * arrives, and the trip there takes about as long for every request). That needs no clock shared with the
 * server and no split of the round trip. Answers whose ends agree (within a jitter tolerance) come from one
 * window; consecutive windows' ends are one period apart, which measures it exactly. Until two adjacent
 * windows are seen, the length is the largest reset seen (the period is at least that) rounded up to a
 * usual period, and never below 1 s: too long only slows the pacing, too short would risk 429s.
 *
 * Pure: the limiter's state holds a `WindowEstimate` and replaces it on each answer.
 *
 * @internal
 */

/** What the answers so far say about the window. */
export interface WindowEstimate {
  /** The end of the latest window seen, in send-time milliseconds (undefined before any answer). */
  readonly end: number | undefined
  /** The largest reset among answers from the latest window. */
  readonly currentMax: number
  /** The largest reset among answers from the window before it. */
  readonly previousMax: number
  /** The distance between the last two adjacent windows' ends: the period, once measured. */
  readonly measured: number | undefined
}

/** Nothing seen yet. */
export const unknownWindow: WindowEstimate = { end: undefined, currentMax: 0, previousMax: 0, measured: undefined }

// Periods servers are configured with (Blockscout's default is 1 s per key, 1 min per IP).
const usualPeriods = [
  1_000, 2_000, 5_000, 10_000, 15_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000,
  7_200_000, 21_600_000, 43_200_000, 86_400_000
]

/** The smallest usual period at or above `millis` (`millis` itself above a day). */
export const usualPeriodAtLeast = (millis: number): number => usualPeriods.find((p) => p >= millis) ?? millis

/**
 * Answers whose window ends lie closer than this belong to one window: latency jitter, not a new window.
 * A tenth of the window, within 20..250 ms (jitter does not grow with the window; a new window is at least
 * as far away as its own reset, which `observeWindow` checks before taking a distance as the period).
 */
const tolerance = (largestReset: number): number => Math.min(Math.max(20, largestReset * 0.1), 250)

/**
 * Adds one answer: its window's end (send time plus reset) and its reset. A new end more than the
 * tolerance away starts a new window. The distance from the previous end is the new window's length if the
 * windows are adjacent: not shorter than the new reset (a window is at least as long as any reset it
 * announces), and not longer than 1.5 times the largest reset of the two (a skipped window would double it).
 */
export const observeWindow = (estimate: WindowEstimate, end: number, reset: number): WindowEstimate => {
  if (estimate.end === undefined) return { end, currentMax: reset, previousMax: 0, measured: undefined }
  const largest = Math.max(estimate.currentMax, reset)
  const slack = tolerance(largest)
  if (Math.abs(end - estimate.end) <= slack) {
    return reset > estimate.currentMax ? { ...estimate, currentMax: reset } : estimate
  }
  const gap = end - estimate.end
  const adjacent = gap >= reset - slack && gap <= largest * 1.5 + slack
  return {
    end,
    currentMax: reset,
    previousMax: estimate.currentMax,
    measured: adjacent ? gap : estimate.measured
  }
}

/**
 * The window length to pace by: the measured length (at least the largest reset of the current window), or
 * before any is measured, the largest reset of the last two windows rounded up to a usual period (at least 1 s).
 */
export const windowMillis = (estimate: WindowEstimate): number => {
  if (estimate.measured !== undefined) return Math.max(estimate.measured, estimate.currentMax)
  const largest = Math.max(estimate.currentMax, estimate.previousMax)
  return Math.max(usualPeriodAtLeast(Math.max(largest, 1_000)), largest)
}
