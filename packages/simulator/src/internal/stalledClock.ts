/**
 * The test kit's watch on the `TestClock`. Under `it.effect` time moves only when a test moves it, so a
 * wait the kit causes (a scripted delay, simulated latency, a `Hang`) or asks the client for (a 429, a
 * `Retry-After`, a spent rate-limit window, pacing at an announced rate, a retryable failure) hangs the test
 * silently until its timeout. When such a wait has not ended after a moment of real time, and nothing has
 * advanced the clock nor sent another request, the kit logs one warning naming the request, the wait and what
 * to do.
 *
 * What it cannot see is the client itself: after the last answer of a program that is done, a test that keeps
 * the layer open and the clock still for longer than the delay is warned about a wait nobody is making.
 *
 * Effect's own `TestClock` warns once per test, generically, and never again after the test's first
 * `TestClock.adjust`; this names the cause. The warning goes to the real console even when the test runs
 * with a `TestConsole` (as `it.effect` does), and to any logger the test installs.
 *
 * @internal
 */
import { type Clock, Console, Duration, Effect, type Scope } from "effect"
import type { TestClock } from "effect/testing"
import type { StalledClockWarning } from "../SimulatorOptions.ts"

/** The wait the latest answer asked for, and where things stood when it was last seen to move. */
interface Pending {
  readonly request: string
  readonly wait: Wait
  /** Requests sent, and the test clock's time, at the start of the current period of real time. */
  seen: number
  at: number
}

/** A wait an answer asks for: in words, and its length when the answer says. */
export interface Wait {
  readonly cause: string
  readonly millis: number | undefined
}

/** One client's watch: the delay before a warning, where the watcher runs, and what the client has seen. */
export interface Watch {
  /** Real time before a warning; `undefined`: off. */
  readonly after: Duration.Duration | undefined
  /** Where the watcher of the waits answers ask for runs (closed with the layer); without one, none runs. */
  readonly scope: Scope.Scope | undefined
  /** Requests the client has been sent. */
  requests: number
  /** The wait the latest answer asked for, until another answer or a warning. */
  pending: Pending | undefined
  /** Whether the watcher runs (one per client: 50 fibers on one spent window warn once). */
  watching: boolean
}

/** A watch; `scope` lets it follow waits the answers ask for (layers pass theirs). */
export const makeWatch = (warning: StalledClockWarning | undefined, scope?: Scope.Scope): Watch => ({
  after: warning === false ? undefined : Duration.fromInputUnsafe(warning ?? "1 second"),
  scope,
  requests: 0,
  pending: undefined,
  watching: false
})

/** The running clock when it is a `TestClock` (it can be adjusted and has a live clock beside it). */
const testClockOf = (clock: Clock.Clock): TestClock.TestClock | undefined =>
  "adjust" in clock && "withLive" in clock && "setTime" in clock ? (clock as TestClock.TestClock) : undefined

const show = (millis: number): string => Duration.format(Duration.millis(Math.max(0, Math.round(millis))))

/** What to do, for a wait of `millis` (unknown: a backoff the client picks). */
const advice = (millis: number | undefined): string =>
  "Under it.effect time moves only when the test moves it: fork the work (Effect.forkChild), then " +
  `TestClock.adjust(${millis === undefined ? '"1 minute"' : `"${show(millis)}"`}) once per wait; or run the ` +
  "test with it.live; or script an answer that asks for no wait."

/** Logs the warning on the real console (a `TestConsole` would swallow it) and to the test's loggers. */
const warn = (message: string): Effect.Effect<void> =>
  Effect.logWarning(message).pipe(
    Effect.annotateLogs({ source: "@blockscout-effect/simulator" }),
    Effect.provideService(Console.Console, Console.Console.defaultValue())
  )

/**
 * Sleeps `millis` (or forever: a `Hang`) for the kit itself; on a `TestClock`, warns if the sleep is still
 * running after the watch's delay of real time. `what` names the request and the cause ("GET /x: latency").
 */
export const sleep = (watch: Watch, millis: number | "forever", what: string): Effect.Effect<void> =>
  Effect.clockWith((clock) => {
    const wait = millis === "forever" ? Effect.never : Effect.sleep(Duration.millis(millis))
    const test = watch.after === undefined ? undefined : testClockOf(clock)
    if (test === undefined || watch.after === undefined) return wait
    const start = test.currentTimeMillisUnsafe()
    const message =
      millis === "forever"
        ? `${what} never answers, and after ${show(Duration.toMillis(watch.after))} of real time the TestClock ` +
          `still stands at ${show(start)}: a client's timeout fires only when the TestClock reaches it. ` +
          advice(undefined)
        : `${what} waits ${show(millis)} on the TestClock, which nothing has advanced for ` +
          `${show(Duration.toMillis(watch.after))} of real time (it stands at ${show(test.currentTimeMillisUnsafe())}). ` +
          advice(millis)
    const watcher = test.withLive(Effect.sleep(watch.after)).pipe(Effect.andThen(warn(message)))
    return Effect.scoped(Effect.andThen(Effect.forkScoped(watcher), wait))
  })

/**
 * The wait an answer asks a client for, in words, and its length when the answer says (`Retry-After`
 * seconds, `x-ratelimit-reset` milliseconds); `undefined` when the answer asks for none. 5xx answers ask for
 * a retry's backoff (its length is the client's); an announced rate limit (`x-ratelimit-limit` and a reset)
 * for the client's pacing at that rate.
 */
export const waitAsked = (status: number, headers: Readonly<Record<string, string | undefined>>): Wait | undefined => {
  const retryAfter = headers["retry-after"]
  const reset = Number(headers["x-ratelimit-reset"])
  const resetMillis = Number.isFinite(reset) && reset > 0 ? reset : undefined
  if (retryAfter !== undefined && retryAfter.trim() !== "") {
    const seconds = Number(retryAfter)
    return {
      cause: `answered ${status} with Retry-After: ${retryAfter}`,
      millis: Number.isFinite(seconds) ? seconds * 1000 : undefined
    }
  }
  if (status === 429) {
    return resetMillis === undefined
      ? { cause: "answered 429 (rate limited): the client retries after its backoff", millis: undefined }
      : {
          cause: `answered 429 (rate limited) with x-ratelimit-reset: ${reset} (ms to the window's end)`,
          millis: reset
        }
  }
  if (headers["x-ratelimit-remaining"]?.trim() === "0" && resetMillis !== undefined) {
    return {
      cause: `spent the rate-limit window (x-ratelimit-remaining: 0, x-ratelimit-reset: ${reset} ms): the client waits for the reset`,
      millis: reset
    }
  }
  if (status >= 500) return { cause: `answered ${status}: a retry waits for the client's backoff`, millis: undefined }
  const limit = Number(headers["x-ratelimit-limit"])
  if (Number.isFinite(limit) && limit > 0 && resetMillis !== undefined) {
    return {
      cause:
        `announced a rate limit (x-ratelimit-limit: ${limit}, x-ratelimit-reset: ${reset} ms): the client ` +
        "spaces its requests at that rate",
      millis: resetMillis
    }
  }
  return undefined
}

/**
 * Notes an answer: the wait it asks the client for (`waitAsked`, or a transport failure's backoff), or none
 * (`undefined`: an answer that asks for nothing clears what an earlier one asked). While a wait is pending, a
 * watcher in the watch's scope looks once per delay of real time: when neither another request nor the
 * `TestClock` has moved during a whole period, it warns that the client is probably waiting on a clock
 * nothing advances, once.
 */
export const answered = (watch: Watch, request: string, wait: Wait | undefined): Effect.Effect<void> =>
  Effect.clockWith((clock) => {
    const test = testClockOf(clock)
    const { after, scope } = watch
    if (wait === undefined || test === undefined || after === undefined || scope === undefined) {
      watch.pending = undefined
      return Effect.void
    }
    watch.pending = { request, wait, seen: watch.requests, at: test.currentTimeMillisUnsafe() }
    if (watch.watching) return Effect.void
    watch.watching = true
    // One period: a warning if nothing moved, else the period starts again from where things stand.
    const look = Effect.suspend(() => {
      const pending = watch.pending
      if (pending === undefined) return Effect.void
      const now = test.currentTimeMillisUnsafe()
      if (watch.requests !== pending.seen || now !== pending.at) {
        pending.seen = watch.requests
        pending.at = now
        return Effect.void
      }
      watch.pending = undefined
      return warn(
        `${pending.request} ${pending.wait.cause}; for ${show(Duration.toMillis(after))} of real time nothing has ` +
          `advanced the TestClock (it stands at ${show(now)}) nor sent another request: the client is probably ` +
          `waiting on the TestClock. ${advice(pending.wait.millis)}`
      )
    })
    const watcher = Effect.whileLoop({
      while: () => watch.pending !== undefined,
      body: () => Effect.andThen(test.withLive(Effect.sleep(after)), look),
      step: () => {}
    }).pipe(
      Effect.ensuring(
        Effect.sync(() => {
          watch.watching = false
        })
      )
    )
    return Effect.asVoid(Effect.forkIn(watcher, scope))
  })
