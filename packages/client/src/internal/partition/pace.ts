/**
 * How many requests a partitioned stream keeps in flight, and how much it may hold back.
 *
 * Concurrency follows Little's law: to send `rate` requests a second when each takes `latency` to answer,
 * `rate x latency` must be in flight. The rate is the limiter's: the one the server announces
 * (`x-ratelimit-limit` over its window), or the client's `requestsPerSecond` for a server that announces
 * nothing; the latency is the server's measured answer time. Both are re-read after every page, so a plan upgrade or a server slowing down changes the
 * concurrency within a few pages. The limiter, not this number, keeps the rate: a little more in flight than
 * needed only waits at the limiter.
 *
 * @internal
 */
import type { ClientContext } from "../context.ts"
import { spacingMillis } from "../limiter/keyState.ts"
import { announcedRate } from "../observed.ts"

/** Headroom over rate x latency: answer times vary, and a request waiting at the limiter costs nothing. */
const headroom = 1.25

/** In flight when neither the server nor the client bounds the rate (an unlimited server). */
export const unlimitedConcurrency = 8

/** The most in flight `"auto"` ever chooses, however fast the plan and slow the server. */
export const maxConcurrency = 128

/**
 * The rate requests may go at, per second: the limiter's (what the server announces, or the client's
 * `requestsPerSecond` for a server that announces nothing); without a limiter, what the responses announced.
 * `Infinity` when nothing bounds it (an unlimited server, an unpaced client), `undefined` while the limiter
 * is still learning (its first answer says).
 */
export const effectiveRate = (ctx: ClientContext): number | undefined => {
  const limiter = ctx.limiter
  // Not paced by the client: what the server announced, else nothing bounds it.
  if (limiter === undefined) return announcedRate(ctx.observed) ?? Number.POSITIVE_INFINITY
  const state = limiter.state
  if (state.mode === "unlimited") return Number.POSITIVE_INFINITY
  const spacing = spacingMillis(state, limiter.fallbackSpacing)
  if (spacing !== undefined) return 1000 / spacing
  // Limited but spaced under a millisecond (over 1,000 a second), or silent without a fallback: unbounded.
  return state.mode === "learning" ? undefined : Number.POSITIVE_INFINITY
}

/**
 * The number of requests to keep in flight: the caller's number, or rate x latency (with headroom, plus one
 * for the request just answered). Before the first answer there is no latency: one request finds it.
 */
export const targetConcurrency = (ctx: ClientContext, concurrency: number | "auto"): number => {
  if (concurrency !== "auto") return concurrency
  const rate = effectiveRate(ctx)
  if (rate === undefined) return 1
  if (!Number.isFinite(rate)) return unlimitedConcurrency
  const latency = ctx.observed.latencyMillis
  if (latency === undefined) return 1
  return Math.max(1, Math.min(maxConcurrency, Math.ceil((rate * latency * headroom) / 1000) + 1))
}

/**
 * The most pages a partitioned stream holds back, however many requests are in flight: pages fetched and not yet
 * emitted (about 38,000 items of 100, some 75 MB of decoded token transfers at 200 KB a page).
 */
export const heldPages = 384

/**
 * What chain order may hold per request in flight before only the ranges the emitter needs next go on: a
 * range's pages (8) for each worker and for the head range. Chain order cannot emit a range before the ones
 * above it are out, so while the head range is walked (one page per answer) the other workers' pages wait:
 * with ranges walked side by side, the pages held are about the workers times the pages of a range, whatever
 * the length of the history. Fewer ranges ahead (a window of workers + 1 instead of twice the workers) held
 * less behind a slow consumer but kept 10-15% fewer requests in flight against a rate-limited server
 * (BENCHMARKS.md, "Stream memory").
 */
export const pagesPerWorker = 8

/**
 * In chain order, how many ranges not yet out workers may work on: twice the workers, so every worker has
 * the next range ready, and a slow range near the front is split by the idle ones instead of the workers
 * running ahead.
 */
export const rangeWindow = (workers: number): number => 2 * workers + 1

/**
 * How many pages a range is cut to hold. Each range ends on a page that crosses its bottom, whose items below
 * it are fetched again by the range below (half a page per range on average): 16 pages waste about 3%, 8
 * about 6%. In chain order the window's ranges together stay within `heldPages`, so with many workers the
 * ranges are smaller (2 pages at the least).
 */
export const pagesPerRange = (order: "chain" | "arrival", workers: number): number =>
  order === "arrival" ? 16 : Math.max(2, Math.min(8, Math.floor(heldPages / rangeWindow(workers))))

/**
 * The most pages chain order holds before only the ranges the emitter needs next go on (they may end the
 * pages of their range, so the cap is passed by a few pages each): the window's, at most `pagesPerWorker` per
 * worker and for the head range, and `heldPages` in all. While the consumer keeps up, a worker with nothing
 * to take near the front walks a range further down instead of idling (`workers.ts`), up to half as many
 * pages again.
 */
export const bufferCap = (workers: number): number =>
  Math.min(rangeWindow(workers) * pagesPerRange("chain", workers), pagesPerWorker * (workers + 1))

/**
 * The most pages arrival order holds: one per worker. A page goes out as soon as the consumer asks for one, so
 * pages are held only while the consumer is busy; each worker then waits with its page instead of fetching
 * on (a consumer writing to a database holds the whole stream to its pace, and the stream holds a page per
 * request in flight, not hundreds).
 */
export const arrivalCap = (workers: number): number => Math.max(1, workers)
