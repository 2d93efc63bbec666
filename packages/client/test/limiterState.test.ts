/**
 * The limiter's pure parts: reading the rate-limit headers as a hostile server may send them, the period the
 * limit is paced over, the gate's count of what was sent into a window, and a 429's pause.
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
  times.reduce<WindowEstimate>((estimate, at) => observeWindow(estimate, at, period - (at % period)), unknownWindow)

describe("the period the limit counts over", () => {
  it("one second, however close together the resets say the budget comes back (a token bucket)", () => {
    // A token bucket of 5: "full again in 40 ms" every answer, the ends tens of ms apart. The old estimate
    // learnt a 94 ms window from such spacing and paced at ten times the limit.
    let estimate = unknownWindow
    for (let at = 0; at < 2000; at += 47) estimate = observeWindow(estimate, at, 40 + (at % 30))
    expect(windowMillis(estimate)).toBe(1000)
    expect(windowMillis(answers(250, [10, 20, 260, 270]))).toBe(1000)
    expect(windowMillis(answers(1000, [100, 2100]))).toBe(1000)
  })

  it("longer when a reset proves it, for as long as that reset's window runs", () => {
    expect(windowMillis(answers(60_000, [15_000]))).toBe(45_000)
    expect(windowMillis(answers(60_000, [1_000, 2_000]))).toBe(59_000)
    expect(windowMillis(answers(3000, [100, 2900, 3100]))).toBe(2900)
  })

  it("follows a period that changes: back to one second once the long window has ended", () => {
    let estimate = answers(1000, [100, 1100])
    expect(windowMillis(estimate)).toBe(1000)
    // The server now counts minutes: the first answer says 59 s are left.
    estimate = observeWindow(estimate, 2000, 59_000)
    expect(windowMillis(estimate)).toBe(59_000)
    // A shorter reset within that window changes nothing; after its end, 1 s windows again.
    estimate = observeWindow(estimate, 30_000, 1000)
    expect(windowMillis(estimate)).toBe(59_000)
    estimate = observeWindow(estimate, 61_000, 1000)
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

  it("a 429 pauses the key for what it asks (Retry-After, else its reset, else 1 s), whichever request it answers", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 200, rate("10", "9", "1000"), 120_000, 10)
    const older = tryAdmit(state, 20)!
    const newer = tryAdmit(state, 30)!
    observe(state, newer, 200, rate("10", "7", "970"), 120_000, 40)
    // The older request's 429 is older news for the gate, but still a refusal: everything waits 2 s.
    expect(observe(state, older, 429, { ...rate("10", "0", "300"), "retry-after": "2" }, 120_000, 50)).toEqual({
      wake: true,
      pauseMillis: 2000
    })
    expect(gateClosedUntil(state, 60)).toBe(2050)
    expect(tryAdmit(state, 2049)).toBeUndefined()
    expect(gateClosedUntil(state, 2050)).toBeUndefined()
    // Without Retry-After, the reset; with neither, one second; never beyond maxServerWait.
    expect(observe(state, tryAdmit(state, 2050)!, 429, rate("10", "0", "700"), 120_000, 2060).pauseMillis).toBe(700)
    expect(observe(state, tryAdmit(state, 3000)!, 429, {}, 120_000, 3010).pauseMillis).toBe(1000)
    expect(observe(state, tryAdmit(state, 5000)!, 429, { "retry-after": "86400" }, 30_000, 5010).pauseMillis).toBe(
      30_000
    )
    expect(gateClosedUntil(state, 5020)).toBe(35_010)
  })

  it("a 429 teaches the pacing to go 2% slower (20% at most); good answers give it back", () => {
    const state = fresh()
    observe(state, tryAdmit(state, 0)!, 200, rate("10", "9", "1000"), 120_000, 10)
    expect(spacingMillis(state, undefined)).toBeCloseTo(102, 6)
    observe(state, tryAdmit(state, 200)!, 429, rate("10", "0", "100"), 120_000, 210)
    expect(spacingMillis(state, undefined)).toBeCloseTo(104, 6)
    for (let i = 0; i < 20; i++) observe(state, tryAdmit(state, 1000 + i)!, 429, {}, 120_000, 1000 + i)
    expect(spacingMillis(state, undefined)).toBeCloseTo(122, 6)
    let at = 100_000
    for (let i = 0; i < 6000; i++, at += 102)
      observe(state, tryAdmit(state, at)!, 200, rate("10", "9", "900"), 120_000, at)
    expect(spacingMillis(state, undefined)).toBeCloseTo(102, 6)
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
    // A token bucket's short resets do not speed it up; a reset of a minute slows it to the minute's rate.
    observe(state, tryAdmit(state, 300)!, 200, rate("5", "4", "40"), 120_000, 310)
    expect(spacingMillis(state, 250)).toBeCloseTo(204, 6)
    observe(state, tryAdmit(state, 600)!, 200, rate("5", "4", "60000"), 120_000, 610)
    expect(spacingMillis(state, 250)).toBeCloseTo(12_240, 6)
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
