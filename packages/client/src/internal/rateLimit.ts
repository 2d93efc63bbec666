/**
 * The client-side rate limiter: one per API key, shared by every stream, every layer and every chain
 * in the process (a Pro key's limit is shared across chains, the API doc).
 *
 * Two parts, both keyed by a fingerprint of the key (never the key itself):
 * - steady pacing from the plan (requests per second), through Effect's `RateLimiter` (token bucket,
 *   one token per `1 / rps` seconds, so no burst can exceed the server's fixed window);
 * - the server's own budget from `x-ratelimit-remaining` and `x-ratelimit-reset`: once the remaining
 *   count (less the requests already in flight) reaches zero, requests wait for the reset.
 *
 * Why not `HttpClient.withRateLimiter`: it reads a small `x-ratelimit-reset` as seconds (Blockscout sends
 * milliseconds), and keeps what it learned per client value, so two layers sharing a key would not share it.
 *
 * @internal
 */
import { Clock, Context, Duration, Effect } from "effect"
import { RateLimiter } from "effect/persistence"

interface Budget {
  /** Requests admitted so far. */
  sent: number
  /** The `sent` number of the request whose response was last applied. */
  observed: number
  /** What that response said was left. */
  remaining: number
  /** When the server's window resets, epoch milliseconds (0 = unknown). */
  resetAt: number
}

/** The process-wide registry of limiter state. */
export interface RateLimitRegistry {
  readonly limiter: RateLimiter.RateLimiter
  readonly budgets: Map<string, Budget>
}

/** A fresh registry (an in-memory `RateLimiter` store and no budgets). */
export const makeRegistry = (): RateLimitRegistry => ({
  limiter: Effect.runSync(RateLimiter.make.pipe(Effect.provide(RateLimiter.layerStoreMemory))),
  budgets: new Map()
})

/**
 * Where limiter state lives. The default value is created once and cached on the reference, so every
 * layer in the process shares it; provide a fresh `makeRegistry()` to isolate (tests).
 */
export const RateLimits = Context.Reference<RateLimitRegistry>("@blockscout-effect/client/RateLimits", {
  defaultValue: makeRegistry
})

/** FNV-1a (64-bit) of a string, hex: a limiter key that does not reveal the API key. */
export const fingerprint = (text: string): string => {
  let hash = 0xcbf29ce484222325n
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i))
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return hash.toString(16).padStart(16, "0")
}

const budgetOf = (registry: RateLimitRegistry, key: string): Budget => {
  let budget = registry.budgets.get(key)
  if (budget === undefined) {
    budget = { sent: 0, observed: 0, remaining: 0, resetAt: 0 }
    registry.budgets.set(key, budget)
  }
  return budget
}

/**
 * Waits until a request may go out, then admits it. Returns its admission number (for `observe`) and
 * the total time waited.
 */
export const acquire = (
  registry: RateLimitRegistry,
  key: string,
  requestsPerSecond: number | undefined
): Effect.Effect<{ readonly ticket: number; readonly waited: number }> =>
  Effect.gen(function* () {
    const budget = budgetOf(registry, key)
    let waited = 0
    if (requestsPerSecond !== undefined) {
      const { delay } = yield* registry.limiter
        .consume({
          algorithm: "token-bucket",
          onExceeded: "delay",
          key,
          limit: 1,
          window: Duration.millis(1000 / requestsPerSecond)
        })
        .pipe(Effect.orDie)
      if (!Duration.isZero(delay)) {
        waited += Duration.toMillis(delay)
        yield* Effect.sleep(delay)
      }
    }
    // The server's budget: requests admitted after the observed one are not in its remaining count.
    while (true) {
      const now = yield* Clock.currentTimeMillis
      if (budget.resetAt > now && budget.remaining - (budget.sent - budget.observed) < 1) {
        waited += budget.resetAt - now
        yield* Effect.sleep(Duration.millis(budget.resetAt - now))
        continue
      }
      break
    }
    budget.sent += 1
    return { ticket: budget.sent, waited }
  })

const headerNumber = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined
  const parsed = Number(value.trim())
  return Number.isFinite(parsed) ? parsed : undefined
}

/**
 * Learns from a response's headers. `x-ratelimit-reset` counts milliseconds until the window resets
 * (`-1` = unlimited, and 0 or a missing header say nothing); a 429 without a remaining count is read as
 * "none left". A reset further away than `maxWaitMillis` is cut to it: the request after the wait then
 * gets the server's 429 and its own verdict, instead of the whole process sleeping for hours on a bogus
 * or exceptional header.
 *
 * Gotcha: "none left" without a reset time never blocks (there is nothing to wait for); the retry's
 * backoff is what spaces the following attempts, so a 429 without headers cannot deadlock the limiter.
 */
export const observe = (
  registry: RateLimitRegistry,
  key: string,
  ticket: number,
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  maxWaitMillis: number
): Effect.Effect<void> =>
  Effect.clockWith((clock) =>
    Effect.sync(() => {
      const budget = budgetOf(registry, key)
      const reset = headerNumber(headers["x-ratelimit-reset"])
      let remaining = headerNumber(headers["x-ratelimit-remaining"])
      if (remaining !== undefined && remaining < 0) remaining = undefined
      if (remaining === undefined && status === 429) remaining = 0
      // Responses to earlier requests carry stale counts.
      if (remaining === undefined || ticket <= budget.observed) return
      budget.observed = ticket
      budget.remaining = remaining
      if (reset !== undefined && reset > 0) {
        budget.resetAt = clock.currentTimeMillisUnsafe() + Math.min(reset, maxWaitMillis)
      }
    })
  )
