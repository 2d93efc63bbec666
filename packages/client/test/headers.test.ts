/**
 * Rate-limit and retry headers as real servers (and the proxies in front of them) send them: unlimited
 * (`-1`), missing, `Retry-After` in both forms, absurd resets, and a spent budget on a 200.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Blockscout, type ClientOptions } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { fixtures, proLayer } from "./support/fixtures.ts"
import { assertHeldFor, isolatedLimits, settle, waitForRequests } from "./support/wait.ts"

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())
const twice = Effect.andThen(listWithdrawals, listWithdrawals)

/** The header budget on, pacing off (a non-positive rate), so only the headers decide waits. */
const budgetOnly: ClientOptions = { rateLimit: { requestsPerSecond: 0 } }

describe("rate-limit headers", () => {
  for (const [what, headers] of [
    [
      "x-ratelimit-reset: -1 (unlimited)",
      { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" }
    ],
    ["no rate-limit headers at all", {}],
    ["remaining 0 but no reset time", { "x-ratelimit-remaining": "0" }]
  ] as const) {
    it.effect(`${what}: the next request goes at once`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ headers, body: page([]) }))
        // The test clock never moves: any wait would hang this test.
        yield* Effect.andThen(twice, twice).pipe(Effect.provide(proLayer(server.url, budgetOnly)))
        assert.strictEqual(server.requests.length, 4)
      }).pipe(Effect.scoped, isolatedLimits)
    )
  }

  it.effect("x-ratelimit-remaining: 0 with a reset on a 200: the prefetched next page waits for it, no 429", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.query.get("index") === null
          ? {
              headers: { "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "3000" },
              body: page([fixtures.withdrawals[0]], { index: 1 })
            }
          : { body: page([fixtures.withdrawals[0]]) }
      )
      const fiber = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(server.url, { ...budgetOnly, prefetch: 1 })),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 3000, "nothing sent before the reset")
      const items = yield* Fiber.join(fiber)
      assert.strictEqual(items.length, 2)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("429 with no headers: backs off (jittered base) and then succeeds; later calls do not wait", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) =>
        n === 0 ? { status: 429, body: { message: "Too many requests" } } : { body: page([]) }
      )
      const fiber = yield* twice.pipe(
        Effect.provide(
          proLayer(server.url, { ...budgetOnly, retry: { times: 3, base: "1 second", max: "10 seconds" } })
        ),
        Effect.forkChild
      )
      yield* waitForRequests(server, 1)
      // Backoff for the first retry: 1 s times a jitter in [0.5, 1.5).
      yield* TestClock.adjust("499 millis")
      yield* settle()
      assert.strictEqual(server.requests.length, 1, "no retry before the backoff")
      yield* TestClock.adjust("1001 millis")
      yield* Fiber.join(fiber)
      // The second call went without any further clock movement: the "none left" budget did not block it.
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("429 with no headers, every time: fails with RateLimited once the retry budget is spent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 429, body: { message: "Too many requests" } }))
      const fiber = yield* listWithdrawals.pipe(
        Effect.provide(proLayer(server.url, { ...budgetOnly, retry: { times: 2, base: "100 millis" } })),
        Effect.flip,
        Effect.forkChild
      )
      for (let i = 0; i < 3; i++) {
        yield* waitForRequests(server, i + 1)
        yield* TestClock.adjust("1 second")
      }
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error.reason._tag, "RateLimited")
      if (error.reason._tag === "RateLimited") assert.isUndefined(error.reason.retryAfter)
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("Retry-After as an HTTP date is waited until that date", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-01-01T00:00:00Z"))
      const server = yield* scriptedServer((_, n) =>
        n === 0
          ? { status: 429, headers: { "retry-after": "Thu, 01 Jan 2026 00:00:09 GMT" }, body: { message: "slow down" } }
          : { body: page([]) }
      )
      const fiber = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url, budgetOnly)), Effect.forkChild)
      yield* assertHeldFor(server, 1, 9000)
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("503 with Retry-After in seconds is waited; a 503's x-ratelimit-reset (the window) is not", () =>
    Effect.gen(function* () {
      const window = { "x-ratelimit-limit": "300", "x-ratelimit-remaining": "250", "x-ratelimit-reset": "45000" }
      const server = yield* scriptedServer((_, n) =>
        n === 0
          ? { status: 503, headers: { ...window, "retry-after": "4" }, body: { error: "Service unavailable" } }
          : n === 1
            ? { status: 502, headers: window, body: { error: "Bad gateway", source: "upstream" } }
            : { headers: window, body: page([]) }
      )
      const fiber = yield* listWithdrawals.pipe(
        Effect.provide(
          proLayer(server.url, { ...budgetOnly, retry: { times: 3, base: "10 millis", max: "20 millis" } })
        ),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 4000, "Retry-After: 4 waited")
      yield* waitForRequests(server, 2)
      // The 502 carries only the window's reset (45 s away): the retry follows the backoff (20 ms, jitter < 1.5)
      // and the pacing at the announced 300 a minute (one request per 204 ms), not the reset.
      yield* TestClock.adjust("210 millis")
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("a 429 asking for longer than maxServerWait fails at once with RateLimited and the server's wait", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        status: 429,
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(24 * 3600 * 1000) },
        body: { message: "Too many requests. Daily quota used." }
      }))
      // The clock never moves: a wait of any length would hang this test.
      const error = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url, budgetOnly)), Effect.flip)
      assert.strictEqual(error.reason._tag, "RateLimited")
      if (error.reason._tag === "RateLimited") {
        assert.deepStrictEqual(error.reason.retryAfter, Duration.hours(24))
        assert.include(error.message, "Daily quota used")
      }
      assert.strictEqual(server.requests.length, 1)
    }).pipe(Effect.scoped, isolatedLimits)
  )

  it.effect("a huge reset on a spent 200 budget waits maxServerWait, not the reset", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "999999999999" },
        body: page([])
      }))
      const fiber = yield* twice.pipe(
        Effect.provide(proLayer(server.url, { ...budgetOnly, maxServerWait: "30 seconds" })),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 30000)
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped, isolatedLimits)
  )
})
