/**
 * Admission: when a request may leave. Every request of a layer with a limiter goes through `admitted`,
 * which waits for its turn, runs the exchange, and hands the answer to the key's state.
 *
 * A request waits, in order, for:
 * 1. a slot under the layer's `maxInFlight` cap, if any;
 * 2. its key's mutex, so one fiber at a time decides (when a window resets, the waiters pass one by one,
 *    each paced, instead of all at once);
 * 3. while nothing is known about the key, the probe's answer (one request finds out what the server
 *    announces before fifty run into its limit);
 * 4. the gate: the newest window's remaining count, less what was sent into it since, and a 429's pause
 *    (`keyState.ts`);
 * 5. the pacing: one admission per `period / limit` (the announced rate, 2% slower; the period is one second
 *    unless a reset proves it longer, `window.ts`), or per `1 / requestsPerSecond` when the server announces
 *    nothing. The spacing is kept by the registry's `RateLimiter` (effect/persistence, fixed-window algorithm
 *    with a limit of one token per spacing and `delay` on excess, which is GCRA: the store keeps the key's
 *    theoretical arrival time as its counter's expiry, each admission takes the slot there and moves it one
 *    spacing on, with no burst). In memory it spaces the fibers of this process, on Redis those of every
 *    process sharing the store (the Redis store counts in Redis's own clock, so the processes' clocks need not
 *    agree). A process that joins takes the next slot; one that is killed or stops leaves at most the slot it
 *    held unused: neither lets the others send faster, so any one second holds at most `limit` admissions
 *    across them all.
 * Waits for the gate or the probe end early when an answer changes what is known (a plan upgrade). A 429
 * pauses the key in this process and pushes the shared schedule to the end of the pause, so every process on
 * the store waits it out too.
 *
 * @internal
 */
import { Clock, Duration, Effect, Exit, Semaphore } from "effect"
import type { HttpClientResponse } from "effect/http"
import type { HeaderRecord } from "./announcement.ts"
import {
  admissionSpacing,
  gateClosedUntil,
  type KeyState,
  latenessAllowance,
  observe,
  probeHeldUntil,
  settleUnanswered,
  tryAdmit,
  unpaced
} from "./keyState.ts"
import { keyState, type Registry } from "./registry.ts"

/** A layer's limiter: its key's state in a registry, and the layer's own options. */
export interface Limiter {
  readonly registry: Registry
  readonly state: KeyState
  /** The key in the registry's `RateLimiter` store (a fingerprint, never the API key). */
  readonly storeKey: string
  /** Spacing when the server announces nothing: `1000 / requestsPerSecond`, or undefined (not paced). */
  readonly fallbackSpacing: number | undefined
  /** The layer's cap on requests in flight. */
  readonly cap: Semaphore.Semaphore | undefined
  readonly maxWaitMillis: number
}

/** A layer's limiter for `key` in `registry`. A non-positive or non-finite rate or cap means none. */
export const makeLimiter = (
  registry: Registry,
  key: string,
  options: {
    readonly requestsPerSecond: number | undefined
    readonly maxInFlight: number | undefined
    readonly maxWaitMillis: number
  }
): Limiter => {
  const rate = options.requestsPerSecond
  const cap = options.maxInFlight
  return {
    registry,
    state: keyState(registry, key),
    storeKey: `blockscout:${key}`,
    fallbackSpacing: rate !== undefined && Number.isFinite(rate) && rate > 0 ? 1000 / rate : undefined,
    cap: cap !== undefined && Number.isFinite(cap) && cap >= 1 ? Semaphore.makeUnsafe(Math.floor(cap)) : undefined,
    maxWaitMillis: options.maxWaitMillis
  }
}

/** Sleeps until `until`, or until an answer changes what is known about the key. */
const waitUntil = (state: KeyState, now: number, until: number): Effect.Effect<void> =>
  Effect.raceFirst(Effect.sleep(Duration.millis(until - now)), state.changed.await)

/** How long a shared store may take to answer, and how long a failed one is left alone before the next try. */
const storeTimeout = Duration.seconds(2)
const storeRest = 5_000

/**
 * Reserves a slot of `millis` at the end of the key's schedule (the next admission's spacing, or a push of the
 * schedule); the delay before it. Always one token of a window of `millis`: the store's delay is exact for any
 * mix of window lengths in one key (each reservation adds its own length to the schedule), but only for whole
 * token counts (a fractional count makes it short by that fraction of a window, and bunches requests).
 * While the store fails or does not answer in time (Redis down: its client may queue commands until it
 * reconnects), this process paces alone in memory, and tries the store again 5 s later.
 */
const reserve = (limiter: Limiter, millis: number): Effect.Effect<number> => {
  const options = {
    algorithm: "fixed-window",
    onExceeded: "delay",
    key: limiter.storeKey,
    limit: 1,
    tokens: 1,
    window: Duration.millis(millis)
  } as const
  const registry = limiter.registry
  const local = Effect.map(Effect.orDie(registry.local.consume(options)), (result) => Duration.toMillis(result.delay))
  if (registry.store === registry.local) return local
  return Effect.clockWith((clock) => {
    const now = clock.currentTimeMillisUnsafe()
    if (now < registry.storeRetryAt) return local
    return registry.store.consume(options).pipe(
      Effect.timeoutOrElse({ duration: storeTimeout, orElse: () => Effect.fail("no answer in 2 s" as const) }),
      Effect.map((result) => {
        registry.storeRetryAt = 0
        return Duration.toMillis(result.delay)
      }),
      Effect.catch((error) =>
        Effect.andThen(
          registry.storeRetryAt === 0
            ? Effect.logWarning("Blockscout rate limiter: its store failed; this process paces alone for now", error)
            : Effect.void,
          Effect.suspend(() => {
            registry.storeRetryAt = clock.currentTimeMillisUnsafe() + storeRest
            return local
          })
        )
      )
    )
  })
}

/**
 * Holds the key's schedule in a shared store until `pauseMillis` from now (a 429's pause), so every process
 * on the store waits too: reads how far the schedule already reaches (a zero-token consume), and pushes it by
 * what is missing. Two processes pushing at once pause a little longer, never shorter. In memory the key's
 * state already pauses every fiber. A store that is failing (this process paces alone for now) is left alone,
 * and so is one that fails here: the pause holds in this process.
 */
const sharePause = (limiter: Limiter, pauseMillis: number): Effect.Effect<void> => {
  const registry = limiter.registry
  if (registry.store === registry.local || pauseMillis <= 0) return Effect.void
  const options = (tokens: 0 | 1, millis: number) =>
    ({
      algorithm: "fixed-window",
      onExceeded: "delay",
      key: limiter.storeKey,
      limit: 1,
      tokens,
      window: Duration.millis(millis)
    }) as const
  return Effect.clockWith((clock) =>
    clock.currentTimeMillisUnsafe() < registry.storeRetryAt
      ? Effect.void
      : registry.store.consume(options(0, 1_000)).pipe(
          Effect.flatMap((result) => {
            const missing = pauseMillis - Duration.toMillis(result.resetAfter)
            return missing >= 1 ? registry.store.consume(options(1, missing)) : Effect.void
          }),
          Effect.timeoutOrElse({ duration: storeTimeout, orElse: () => Effect.void }),
          Effect.ignore
        )
  )
}

/** Waits, holding the key's mutex, until a request may be admitted (the gate, the probe and the pacing agree). */
const waitForTurn = (limiter: Limiter): Effect.Effect<void> => {
  const state = limiter.state
  return state.mutex.withPermit(
    Effect.gen(function* () {
      let paced = false
      let retaken = false
      while (true) {
        const now = yield* Clock.currentTimeMillis
        const held = probeHeldUntil(state, now) ?? gateClosedUntil(state, now)
        if (held !== undefined) {
          yield* waitUntil(state, now, held)
          // After a wait on the server, pace again: the next window's budget is spread, not spent at once.
          paced = false
          continue
        }
        const shared = limiter.registry.store !== limiter.registry.local
        const announced = paced ? undefined : admissionSpacing(state, limiter.fallbackSpacing, shared)
        if (announced === undefined) return
        // However slow a server says its rate is, one request waits no longer than `maxServerWait` for its slot.
        const spacing = Math.min(announced, limiter.maxWaitMillis)
        // One spacing after this process's last admission at the least (the probe's included: see `lastAdmittedAt`).
        const floor = Math.ceil(state.lastAdmittedAt + spacing - latenessAllowance)
        if (now < floor) {
          yield* waitUntil(state, now, floor)
          continue
        }
        paced = true
        const delay = yield* reserve(limiter, spacing)
        if (delay > 0) yield* Effect.sleep(Duration.millis(delay))
        // A timer that fires late (a busy event loop), or a store slow to answer, would bunch this request with
        // the next. Past the allowance: in a shared store another process may hold the very next slot, so this
        // request gives its slot up and takes a new one (once; a store always that slow pushes instead); alone,
        // the next slot is this process's own, and pushing the schedule back by the excess is enough.
        const late = (yield* Clock.currentTimeMillis) - (now + delay) - latenessAllowance
        if (late >= 1) {
          if (shared && !retaken) {
            retaken = true
            paced = false
            continue
          }
          yield* reserve(limiter, late)
        }
      }
    })
  )
}

/** An admitted request: its ticket and how long it waited for admission, in milliseconds. */
interface Admission {
  readonly ticket: number
  readonly waited: number
}

/**
 * Waits for admission and registers the request. Registration is synchronous and runs in the caller's
 * uninterruptible region, so an admitted request is always settled; the waits before it are interruptible.
 */
const admit = (
  limiter: Limiter,
  start: number,
  restore: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
): Effect.Effect<Admission> =>
  Effect.clockWith((clock) => {
    const state = limiter.state
    // The common case of a server without limits: no mutex, no store, one clock read.
    if (unpaced(state, limiter.fallbackSpacing)) {
      const now = clock.currentTimeMillisUnsafe()
      const ticket = tryAdmit(state, now)
      if (ticket !== undefined) return Effect.succeed({ ticket, waited: now - start })
    }
    const loop: Effect.Effect<Admission> = Effect.flatMap(restore(waitForTurn(limiter)), () => {
      const now = clock.currentTimeMillisUnsafe()
      const ticket = tryAdmit(state, now)
      return ticket === undefined ? loop : Effect.succeed({ ticket, waited: now - start })
    })
    return loop
  })

/** What the caller of `admitted` reports each admission's wait through (zero included: the wait metric). */
export type OnWait = (waitedMillis: number) => Effect.Effect<void>

/**
 * Runs `exchange` as one admitted request: waits for admission (reporting how long, zero included, through
 * `onWait`), runs it, then lets the key's state learn from the response's status and headers. A failure or
 * an interruption settles the request without an answer; nothing is left counted in flight.
 */
export const admitted = <A extends { readonly response: HttpClientResponse.HttpClientResponse }, E, R>(
  limiter: Limiter,
  onWait: OnWait,
  exchange: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  Effect.clockWith((clock) => {
    // The wait reported runs from here: the cap on requests in flight is part of it.
    const start = clock.currentTimeMillisUnsafe()
    const run = Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(admit(limiter, start, restore), ({ ticket, waited }) =>
        restore(Effect.andThen(onWait(waited), exchange)).pipe(
          Effect.onExit((exit) =>
            Effect.clockWith((clock) => {
              const state = limiter.state
              const now = clock.currentTimeMillisUnsafe()
              const learnt = Exit.isSuccess(exit)
                ? observe(
                    state,
                    ticket,
                    exit.value.response.status,
                    exit.value.response.headers as HeaderRecord,
                    limiter.maxWaitMillis,
                    now
                  )
                : { wake: settleUnanswered(state, ticket, now), pauseMillis: 0 }
              const wake = learnt.wake ? Effect.asVoid(state.changed.release) : Effect.void
              return learnt.pauseMillis > 0 ? Effect.andThen(wake, sharePause(limiter, learnt.pauseMillis)) : wake
            })
          )
        )
      )
    )
    return limiter.cap === undefined ? run : limiter.cap.withPermit(run)
  })
