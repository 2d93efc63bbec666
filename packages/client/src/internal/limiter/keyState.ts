/**
 * One key's limiter state in this process: what its server said (mode, limit, period), the gate from the
 * newest answer, the pause a 429 asked for, and the requests admitted since. Synchronous: every function here
 * runs inside one `Effect.sync` (or between two waits) of `admission.ts`, so no other fiber sees a half-made
 * change.
 *
 * The gate is the budget of the window the newest answer came from. Coordinates are send times (see
 * `window.ts`): that answer, for a request sent at `x` with `reset: r` and `remaining: n`, says the window
 * ends for our requests at `x + r`, and `n` more of them may be sent before that end. Every request admitted
 * after it and sent before that end counts against `n`, answered or not (in flight is spent). Requests sent
 * after the end fall in the next window, which the pacing spreads (`admission.ts`). Neither needs a clock
 * shared with the server, nor the latency: both are relative to when our own requests left.
 *
 * What keeps the limit is the pacing: `limit` per period (one second, or longer when a reset says so:
 * `window.ts`), whatever limiter the server runs. The gate and the pause only hold requests back further:
 * `remaining` and `reset` can slow the pacing, never speed it, so a token bucket's "full again in 40 ms" or
 * a count another process also spends cannot push this process past the rate.
 *
 * @internal
 */
import { Duration, type Latch, type Semaphore } from "effect"
import { rateLimitWait } from "../errors.ts"
import { announcement, type HeaderRecord } from "./announcement.ts"
import { minimumPeriod, observeWindow, unknownWindow, type WindowEstimate, windowMillis } from "./window.ts"

/**
 * - `learning`: nothing answered yet; one request at a time finds out (a probe);
 * - `limited`: the server announces windows;
 * - `unlimited`: it announces `-1`;
 * - `silent`: its 2xx answers carry no rate-limit headers (paced only by the `requestsPerSecond` fallback).
 */
export type Mode = "learning" | "limited" | "unlimited" | "silent"

/** One key's state. Mutable, and only ever changed by the functions of this module. */
export interface KeyState {
  /** One fiber at a time waits for and paces an admission, so a reset never releases a crowd. */
  readonly mutex: Semaphore.Semaphore
  /** Released whenever an answer changes what is known, waking waiters to look again. */
  readonly changed: Latch.Latch
  mode: Mode
  /** Requests per period, from `x-ratelimit-limit` (the last usable value). */
  limit: number | undefined
  /** The period the limit counts over (one second, or the longest current reset: `window.ts`). */
  window: WindowEstimate
  /** Until when a 429 holds every request of the key (epoch ms; 0 = none). */
  pausedUntil: number
  /** What 429s taught: how much slower than the announced rate to pace, on top of the margin (0 to 0.2). */
  slowdown: number
  /** The ticket of the newest answer learnt from: answers to requests sent before it are older news. */
  newest: number
  /** The gate: the ticket of the newest answer with a window, its remaining count and end (0 = no gate). */
  gateTicket: number
  gateRemaining: number
  gateEnd: number
  /** Tickets issued (the last one). */
  sent: number
  /**
   * When the last one was admitted. The next paced admission waits at least one spacing (less the lateness
   * allowance) after it, whatever the store says: the store's schedule holds only the slots taken while the
   * spacing was known, so without this the first request after the probe's answer would follow the probe at
   * once (the probe took no slot of the key's spacing, which nobody knew yet).
   */
  lastAdmittedAt: number
  /** Tickets in flight, with their send times, in ticket order. */
  readonly inflight: Map<number, number>
  /** Send times of tickets `timesBase ...`, kept while an answer may still need them. */
  times: Array<number>
  timesBase: number
  /** The learning probe in flight and when it left. */
  probe: { readonly ticket: number; readonly at: number } | undefined
}

/** How long a probe holds back the next one while nothing is known (its answer usually comes first). */
export const probeInterval = 1_000

/** Pacing runs this much slower than the announced rate, so latency jitter cannot fit one more into a window. */
export const safetyMargin = 0.02

/** A fresh state; the primitives come from the caller (they are Effect values). */
export const makeKeyState = (mutex: Semaphore.Semaphore, changed: Latch.Latch): KeyState => ({
  mutex,
  changed,
  mode: "learning",
  limit: undefined,
  window: unknownWindow,
  pausedUntil: 0,
  slowdown: 0,
  newest: 0,
  gateTicket: 0,
  gateRemaining: 0,
  gateEnd: 0,
  sent: 0,
  lastAdmittedAt: Number.NEGATIVE_INFINITY,
  inflight: new Map(),
  times: [],
  timesBase: 1,
  probe: undefined
})

/** Index of the first ticket at or after `from` whose send time is at or after `at` (times never decrease). */
const firstSentAtOrAfter = (state: KeyState, from: number, at: number): number => {
  let lo = Math.max(from - state.timesBase, 0)
  let hi = state.times.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (state.times[mid]! < at) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Requests admitted after the gate's ticket and sent before its end: spent from its remaining count. */
const spentSinceGate = (state: KeyState): number => {
  const from = Math.max(state.gateTicket + 1 - state.timesBase, 0)
  return Math.max(firstSentAtOrAfter(state, state.gateTicket + 1, state.gateEnd) - from, 0)
}

/**
 * When the gate (the newest window's remaining count) or a 429's pause holds requests back at `now`, the
 * time the later of them opens; otherwise undefined.
 */
export const gateClosedUntil = (state: KeyState, now: number): number | undefined => {
  const gate = now < state.gateEnd && state.gateRemaining - spentSinceGate(state) < 1 ? state.gateEnd : undefined
  if (now >= state.pausedUntil) return gate
  return gate === undefined ? state.pausedUntil : Math.max(gate, state.pausedUntil)
}

/** While learning with a probe out, the time another probe may go; otherwise undefined. */
export const probeHeldUntil = (state: KeyState, now: number): number | undefined =>
  state.mode === "learning" && state.probe !== undefined && now < state.probe.at + probeInterval
    ? state.probe.at + probeInterval
    : undefined

/**
 * The spacing between admissions, in milliseconds: the announced limit over its period (one second, or
 * longer when a reset says so), slowed by the safety margin, when the server announces one; else the
 * caller's fallback; undefined when nothing paces (an unlimited server, a silent one without a fallback, or
 * a rate above 1,000 a second, which a store counting whole milliseconds cannot space and the gate alone
 * keeps within the window). Admissions at this spacing put at most `limit` requests into any one second,
 * with 20 ms of it to spare for the latency's jitter: the guarantee every server kind is met by.
 */
export const spacingMillis = (state: KeyState, fallback: number | undefined): number | undefined => {
  if (state.mode === "unlimited") return undefined
  if (state.mode === "limited" && state.limit !== undefined) {
    const spacing = (windowMillis(state.window) / state.limit) * (1 + safetyMargin + state.slowdown)
    return spacing >= 1 ? spacing : undefined
  }
  return fallback
}

/**
 * The slot a process's first request (its probe) takes in a store shared with other processes, in milliseconds.
 * Before its first answer a process does not know the key's limit, but the others sharing the store may be filling the key's
 * windows already: a probe sent outside their spacing can be the one request too many (a 429 for every process
 * that joins). A slot in the store's queue starts where the last one ended and holds the next one back by its
 * own length, so a slot at least as long as the others' cannot crowd a window: 250 ms is as long as the spacing
 * of any limit of 4 requests a second or more (Blockscout's plans start at 5). A process alone in the store
 * waits that long once, before its second request.
 */
export const sharedProbeSpacing = 250

/**
 * The spacing an admission takes in the registry's store: the key's pacing (`spacingMillis`), and while
 * nothing is known of the key in a store `shared` with other processes, a slot at least `sharedProbeSpacing`
 * long, so the probe takes its turn among theirs.
 */
export const admissionSpacing = (state: KeyState, fallback: number | undefined, shared: boolean): number | undefined =>
  state.mode === "learning" && shared ? Math.max(fallback ?? 0, sharedProbeSpacing) : spacingMillis(state, fallback)

/**
 * How late a paced request may leave (a timer firing late on a busy event loop) before the schedule is pushed
 * back: half the safety margin of one second (10 ms). Within it, lateness cannot fit one more request into any
 * second; beyond it, the excess moves every later slot, at the cost of rate.
 */
export const latenessAllowance = (minimumPeriod * safetyMargin) / 2

/** Whether nothing paces admissions (a gate may still hold them: `tryAdmit` checks it). */
export const unpaced = (state: KeyState, fallback: number | undefined): boolean =>
  state.mode === "unlimited" || (state.mode === "silent" && fallback === undefined)

/**
 * Admits a request sent at `now` if nothing holds it back (the probe while learning, the gate); returns its
 * ticket, or undefined if it must wait again.
 */
export const tryAdmit = (state: KeyState, now: number): number | undefined => {
  if (probeHeldUntil(state, now) !== undefined || gateClosedUntil(state, now) !== undefined) return undefined
  const ticket = ++state.sent
  state.lastAdmittedAt = now
  state.inflight.set(ticket, now)
  if (state.times.length === 0) state.timesBase = ticket
  state.times.push(now)
  if (state.mode === "learning") state.probe = { ticket, at: now }
  return ticket
}

/**
 * Forgets send times nothing can need any more: those before the oldest request still in flight (a later
 * answer comes from one of them) and, while the gate is open at `now`, before its ticket (they count against it).
 */
const prune = (state: KeyState, now: number): void => {
  const oldest = state.inflight.keys().next()
  let keepFrom = oldest.done === true ? state.sent + 1 : oldest.value
  if (now < state.gateEnd) keepFrom = Math.min(keepFrom, state.gateTicket + 1)
  const drop = Math.min(keepFrom - state.timesBase, state.times.length)
  if (drop <= 0) return
  state.times = drop === state.times.length ? [] : state.times.slice(drop)
  state.timesBase += drop
}

/** A request ended without an answer to learn from (a transport failure, a timeout, an interruption). */
export const settleUnanswered = (state: KeyState, ticket: number, now: number): boolean => {
  state.inflight.delete(ticket)
  prune(state, now)
  if (state.probe?.ticket !== ticket) return false
  state.probe = undefined
  return true
}

/** What an answer taught: whether waiters should look again, and the pause a 429 asked for (0: none). */
export interface Observed {
  readonly wake: boolean
  /** Milliseconds from `now` the key is paused for, to share with every process on the key's store. */
  readonly pauseMillis: number
}

/** How long a 429 that names no wait (no `Retry-After`, no reset) pauses its key: one period. */
export const defaultPause = minimumPeriod

/**
 * What one 429 of a key paced at its announced rate teaches: pace 2% slower (up to 20%). A server refusing
 * requests sent at the rate it announces counts something else (another client on the key, a stricter
 * window, requests bunched on the way), and a little slower is what stops the next refusal. Each good
 * answer gives a thousandth of it back, so it is gone after a few thousand requests without a 429 (about a
 * minute at 50 a second).
 */
export const slowdownStep = 0.02
export const maxSlowdown = 0.2
const slowdownRecovery = 0.999

/**
 * Learns from an answer. A 429 teaches the pacing to go a little slower (`slowdownStep`), and pauses the key (every request of it, waiting or yet to come) for what it asks
 * (`Retry-After`, else its reset, else one second), whichever request it answers: the server refused one, so
 * all wait, and the caller shares the pause with the other processes on the key's store. A reset or pause
 * further away than `maxWaitMillis` is cut to it (a bogus or exceptional header must not stall the process
 * for hours: the request after the cut gets the server's own verdict). Answers to requests sent before the
 * gate's are older news and move neither the gate nor the mode.
 */
export const observe = (
  state: KeyState,
  ticket: number,
  status: number,
  headers: HeaderRecord,
  maxWaitMillis: number,
  now: number
): Observed => {
  const sentAt = state.inflight.get(ticket)
  const wasProbe = settleUnanswered(state, ticket, now)
  let pauseMillis = 0
  if (status === 429) {
    if (state.mode === "limited") state.slowdown = Math.min(state.slowdown + slowdownStep, maxSlowdown)
    const asked = rateLimitWait(headers, now)
    pauseMillis = Math.min(asked === undefined ? defaultPause : Math.ceil(Duration.toMillis(asked)), maxWaitMillis)
    if (now + pauseMillis > state.pausedUntil) state.pausedUntil = now + pauseMillis
  }
  const quiet = { wake: wasProbe || pauseMillis > 0, pauseMillis }
  const learnt = { wake: true, pauseMillis }
  if (ticket < state.newest) return quiet
  const said = announcement(status, headers)
  switch (said._tag) {
    case "Unlimited":
      state.newest = ticket
      state.mode = "unlimited"
      state.gateEnd = 0
      return learnt
    case "Silent":
    case "Unreadable":
      // Error pages (a proxy's 502) say nothing about the limiter; a good answer without headers does. Headers
      // that cannot be read change nothing learnt, but end the learning (one request at a time is no way to run).
      if (status < 200 || status >= 300 || state.mode === "silent") return quiet
      if (said._tag === "Unreadable" && state.mode !== "learning") return quiet
      state.newest = ticket
      state.mode = "silent"
      return learnt
    case "Window": {
      if (status >= 200 && status < 300 && state.slowdown > 0) {
        state.slowdown = state.slowdown < 0.001 ? 0 : state.slowdown * slowdownRecovery
      }
      state.newest = ticket
      state.mode = "limited"
      if (said.limit !== undefined) state.limit = said.limit
      if (sentAt === undefined) return learnt
      const reset = Math.min(said.resetMillis, maxWaitMillis)
      state.window = observeWindow(state.window, sentAt, reset)
      state.gateTicket = ticket
      state.gateRemaining = said.remaining
      state.gateEnd = sentAt + reset
      prune(state, now)
      return learnt
    }
  }
}
