/**
 * The limiter's pure parts: reading the rate-limit headers as a hostile server may send them, learning the
 * window's length from the answers, and the gate's count of what was sent into a window.
 */
import { describe, expect, it } from "@effect/vitest"
import { Latch, Semaphore } from "effect"
import { announcement } from "../src/internal/limiter/announcement.ts"
import {
  admissionSpacing,
  gateClosedUntil,
  makeKeyState,
  observe,
  probeHeldUntil,
  settleUnanswered,
  sharedProbeSpacing,
  spacingMillis,
  tryAdmit
} from "../src/internal/limiter/keyState.ts"
import { observeWindow, unknownWindow, type WindowEstimate, windowMillis } from "../src/internal/limiter/window.ts"

const rate = (limit: string, remaining: string, reset: string) => ({
  "x-ratelimit-limit": limit,
  "x-ratelimit-remaining": remaining,
  "x-ratelimit-reset": reset
})

describe("announcement", () => {
  it("reads Blockscout's window, its -1 and its 429", () => {
    expect(announcement(200, rate("600", "599", "54321"))).toEqual({
      _tag: "Window",
      limit: 600,
      remaining: 599,
      resetMillis: 54321
    })
    expect(announcement(200, rate("-1", "-1", "-1"))).toEqual({ _tag: "Unlimited" })
    expect(announcement(429, rate("5", "0", "120"))).toMatchObject({ _tag: "Window", remaining: 0, resetMillis: 120 })
    expect(announcement(429, { "x-ratelimit-reset": "800" })).toMatchObject({ _tag: "Window", remaining: 0 })
    expect(announcement(200, {})).toEqual({ _tag: "Silent" })
  })

  it("refuses what a server does not mean, towards waiting longer", () => {
    for (const bad of ["", " ", "0x10", "1e3", "NaN", "Infinity", "12abc", "1".repeat(40)]) {
      expect(announcement(200, rate("10", bad, "500"))._tag, JSON.stringify(bad)).toBe("Unreadable")
    }
    // Only a remaining count, or a window with no time left: nothing to wait for.
    expect(announcement(200, { "x-ratelimit-remaining": "0" })._tag).toBe("Unreadable")
    expect(announcement(200, rate("10", "3", "0"))._tag).toBe("Unreadable")
    // More left than the limit: the limit. Fractions: fewer left, longer to wait.
    expect(announcement(200, rate("10", "99", "500"))).toMatchObject({ remaining: 10 })
    expect(announcement(200, rate("10", "2.9", "499.1"))).toMatchObject({ remaining: 2, resetMillis: 500 })
    // A limit below one is no limit to pace by; the window's count still holds.
    expect(announcement(200, rate("0", "0", "500"))).toEqual({
      _tag: "Window",
      limit: undefined,
      remaining: 0,
      resetMillis: 500
    })
  })
})

/** Answers from windows of `period` ms: `[send time, reset]` for requests at `times`. */
const answers = (period: number, times: ReadonlyArray<number>) =>
  times.reduce<WindowEstimate>((estimate, at) => {
    const reset = period - (at % period)
    return observeWindow(estimate, at + reset, reset)
  }, unknownWindow)

describe("window length", () => {
  it("before two windows are seen: the largest reset, rounded up to a usual period, at least 1 s", () => {
    expect(windowMillis(answers(1000, [700]))).toBe(1000)
    expect(windowMillis(answers(60_000, [15_000]))).toBe(60_000)
    expect(windowMillis(answers(250, [10]))).toBe(1000)
  })

  it("measured from adjacent windows, whatever the period", () => {
    expect(windowMillis(answers(3000, [100, 2900, 3100]))).toBe(3000)
    expect(windowMillis(answers(250, [10, 20, 260, 270]))).toBe(250)
    expect(windowMillis(answers(90_000, [5_000, 95_000]))).toBe(90_000)
  })

  it("a skipped window does not count as one period; answers within the jitter are one window", () => {
    // Windows of 1 s: answers in [0, 1000) and [2000, 3000) only. The gap of 2 s is not a period.
    expect(windowMillis(answers(1000, [100, 2100]))).toBe(1000)
    const jittered = observeWindow(observeWindow(unknownWindow, 1000, 900), 1030, 700)
    expect(jittered.end).toBe(1000)
    expect(windowMillis(jittered)).toBe(1000)
  })

  it("follows a period that changes, and is never shorter than a reset of the current window", () => {
    let estimate = answers(1000, [100, 1100])
    expect(windowMillis(estimate)).toBe(1000)
    // The server now counts minutes: the first answer says 59 s are left.
    estimate = observeWindow(estimate, 2000 + 59_000, 59_000)
    expect(windowMillis(estimate)).toBeGreaterThanOrEqual(59_000)
    // And back to 1 s windows: measured again from two adjacent ones.
    estimate = observeWindow(estimate, 62_000, 1000)
    estimate = observeWindow(estimate, 63_000, 1000)
    expect(windowMillis(estimate)).toBe(1000)
  })
})

const fresh = () => makeKeyState(Semaphore.makeUnsafe(1), Latch.makeUnsafe(false))

describe("the gate", () => {
  it("counts every request sent into the window after the answer, in flight or not; none sent after its end", () => {
    const state = fresh()
    const first = tryAdmit(state, 0)!
    // While learning, one probe at a time.
    expect(tryAdmit(state, 0)).toBeUndefined()
    expect(probeHeldUntil(state, 0)).toBe(1000)
    // Answered at 100: sent at 0, 2 left, the window ends 500 after it was sent.
    observe(state, first, 200, rate("3", "2", "500"), 120_000, 100)
    expect(state.mode).toBe("limited")
    const a = tryAdmit(state, 100)!
    expect(tryAdmit(state, 150)).toBeDefined()
    // Two sent into the window since the answer's request: spent, though neither is answered.
    expect(gateClosedUntil(state, 160)).toBe(500)
    expect(tryAdmit(state, 160)).toBeUndefined()
    // A request that failed without an answer was still sent: it still counts.
    settleUnanswered(state, a, 200)
    expect(gateClosedUntil(state, 200)).toBe(500)
    // From the end on, the next window.
    expect(gateClosedUntil(state, 500)).toBeUndefined()
    expect(tryAdmit(state, 500)).toBeDefined()
  })

  it("an answer to an older request moves nothing; a newer one replaces the gate", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 200, rate("10", "9", "1000"), 120_000, 10)
    const older = tryAdmit(state, 10)!
    const newer = tryAdmit(state, 20)!
    observe(state, newer, 200, rate("10", "0", "980"), 120_000, 30)
    expect(gateClosedUntil(state, 30)).toBe(1000)
    observe(state, older, 200, rate("10", "8", "990"), 120_000, 40)
    expect(gateClosedUntil(state, 40)).toBe(1000)
  })

  it("a reset beyond maxServerWait is cut to it", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 200, rate("10", "0", "999999999999"), 30_000, 5)
    expect(gateClosedUntil(state, 5)).toBe(30_000)
  })

  it("paces at the announced rate, slowed by the safety margin; not at all when unlimited", () => {
    const state = fresh()
    expect(spacingMillis(state, 250)).toBe(250)
    observe(state, tryAdmit(state, 0)!, 200, rate("5", "4", "1000"), 120_000, 10)
    expect(spacingMillis(state, 250)).toBeCloseTo(204, 6)
    observe(state, tryAdmit(state, 20)!, 200, rate("-1", "-1", "-1"), 120_000, 30)
    expect(spacingMillis(state, 250)).toBeUndefined()
  })

  it("a first request in a store shared with other processes takes a slot long enough to take its turn", () => {
    const state = fresh()
    expect(admissionSpacing(state, undefined, false)).toBeUndefined()
    expect(admissionSpacing(state, undefined, true)).toBe(sharedProbeSpacing)
    expect(admissionSpacing(state, 1000, true)).toBe(1000)
    observe(state, tryAdmit(state, 0)!, 200, rate("20", "19", "1000"), 120_000, 10)
    expect(admissionSpacing(state, undefined, true)).toBeCloseTo(51, 6)
  })

  it("a proxy's error page without headers changes nothing; a good answer without them makes the key silent", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 502, {}, 120_000, 10)
    expect(state.mode).toBe("learning")
    expect(probeHeldUntil(state, 10)).toBeUndefined()
    observe(state, tryAdmit(state, 10)!, 200, rate("5", "4", "1000"), 120_000, 20)
    observe(state, tryAdmit(state, 20)!, 503, {}, 120_000, 30)
    expect(state.mode).toBe("limited")
    observe(state, tryAdmit(state, 30)!, 200, {}, 120_000, 40)
    expect(state.mode).toBe("silent")
  })

  it("keeps send times only while an answer can need them", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 200, rate("-1", "-1", "-1"), 120_000, 1)
    for (let i = 0; i < 10_000; i++) observe(state, tryAdmit(state, i)!, 200, rate("-1", "-1", "-1"), 120_000, i)
    expect(state.times.length).toBe(0)
    expect(state.inflight.size).toBe(0)
  })
})
