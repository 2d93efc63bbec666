/**
 * The test kit says so when a test would wait on the `TestClock` for something nothing advances: a spent
 * rate-limit window, a `Retry-After`, latency, a hang. Each test holds the clock still while real time
 * passes (`TestClock.withLive`), reads the warnings a logger of its own collected, then moves the clock to
 * show the wait was the only thing in the way.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerScripted, layerTest, pageBody, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger, Redacted, Stream } from "effect"
import { TestClock } from "effect/testing"

/** A logger that keeps the warnings (and replaces the console logger, so the test output stays quiet). */
const warnings = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) => {
    if (logLevel === "Warn") lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  return { lines, layer: Logger.layer([logger]) }
}

/** Real time, while the test clock stands still. */
const realTime = (millis: number) => TestClock.withLive(Effect.sleep(`${millis} millis`))

const small = { seed: 5, blocks: 400, warnOnStalledClock: "50 millis" } as const

describe("a wait on the TestClock that nothing advances", () => {
  it.effect("a spent rate-limit window of a simulated server: one warning naming the wait and what to do", () => {
    const log = warnings()
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* bs
        .streamWithdrawals({ pageSize: 5 })
        .pipe(Stream.take(20), Stream.runCollect, Effect.forkChild)
      yield* realTime(400)
      assert.isUndefined(fiber.pollUnsafe(), "the stream waits for the window's reset")
      assert.strictEqual(log.lines.length, 1, log.lines.join("\n"))
      const [warning] = log.lines
      // The second page (limit 2 a window) spends the window.
      assert.match(warning!, /^GET \/api\/v2\/withdrawals\?index=\d+&items_count=5 spent the rate-limit window/)
      assert.include(warning, "x-ratelimit-remaining: 0, x-ratelimit-reset: 1000 ms")
      assert.include(warning, "nothing has advanced the TestClock")
      assert.include(warning, 'TestClock.adjust("1s")')
      assert.include(warning, "it.live")
      // Moving the clock is all it took.
      yield* TestClock.adjust("10 seconds")
      assert.strictEqual((yield* Fiber.join(fiber)).length, 20)
    }).pipe(Effect.provide(layerTest({ ...small, rateLimit: { limit: 2 } })), Effect.provide(log.layer))
  })

  it.effect("a 429 with Retry-After from a scripted client under the user's own layer", () => {
    const log = warnings()
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* Effect.forkChild(bs.listWithdrawals())
      yield* realTime(300)
      assert.strictEqual(log.lines.length, 1, log.lines.join("\n"))
      assert.include(log.lines[0], "GET /1/api/v2/withdrawals?apikey=<redacted> answered 429 with Retry-After: 30")
      assert.include(log.lines[0], 'TestClock.adjust("30s")')
      yield* TestClock.adjust("30 seconds")
      assert.deepStrictEqual((yield* Fiber.join(fiber)).items, [])
    }).pipe(
      Effect.provide(
        Blockscout.layerPro({
          chainId: 1,
          apiKey: Redacted.make("proapi_k"),
          baseUrl: "http://pro.test",
          rateLimit: false
        }).pipe(
          Layer.provide(
            layerScripted([{ status: 429, headers: { "retry-after": "30" } }, { body: pageBody([]) }], {
              warnOnStalledClock: "50 millis"
            })
          )
        )
      ),
      Effect.provide(log.layer)
    )
  })

  it.effect("simulated latency", () => {
    const log = warnings()
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* Effect.forkChild(bs.listWithdrawals())
      yield* realTime(300)
      assert.strictEqual(log.lines.length, 1, log.lines.join("\n"))
      assert.include(log.lines[0], "GET /api/v2/withdrawals (simulated latency) waits 250ms on the TestClock")
      yield* TestClock.adjust("250 millis")
      yield* Fiber.join(fiber)
    }).pipe(Effect.provide(layerTest({ ...small, latency: 250 })), Effect.provide(log.layer))
  })

  it.effect("a Hang fault: the warning says the client's timeout fires only when the clock reaches it", () => {
    const log = warnings()
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* Effect.forkChild(Effect.flip(bs.listWithdrawals()))
      yield* realTime(300)
      assert.strictEqual(log.lines.length, 1, log.lines.join("\n"))
      assert.include(log.lines[0], "(a Hang fault) never answers")
      assert.include(log.lines[0], "timeout fires only when the TestClock reaches it")
      yield* TestClock.adjust("120 seconds")
      assert.strictEqual((yield* Fiber.join(fiber)).reason._tag, "Timeout")
    }).pipe(
      Effect.provide(layerTest({ ...small, faults: () => ({ _tag: "Hang" }), client: { retry: false } })),
      Effect.provide(log.layer)
    )
  })

  it.effect("no warning when the test moves the clock in time", () => {
    const log = warnings()
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* bs
        .streamWithdrawals({ pageSize: 5 })
        .pipe(Stream.take(20), Stream.runCollect, Effect.forkChild)
      while (fiber.pollUnsafe() === undefined) {
        yield* realTime(5)
        yield* TestClock.adjust("1 second")
      }
      yield* realTime(400)
      assert.deepStrictEqual(log.lines, [])
    }).pipe(
      Effect.provide(layerTest({ ...small, warnOnStalledClock: "200 millis", rateLimit: { limit: 2 } })),
      Effect.provide(log.layer)
    )
  })

  it.effect("warnOnStalledClock: false keeps quiet, and so does a simulator shared into layerTest with it", () => {
    const log = warnings()
    const simulator = SimulatedBlockscout.make({ ...small, rateLimit: { limit: 1 }, warnOnStalledClock: false })
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* bs
        .streamWithdrawals({ pageSize: 5 })
        .pipe(Stream.take(10), Stream.runCollect, Effect.forkChild)
      yield* realTime(300)
      assert.deepStrictEqual(log.lines, [])
      yield* TestClock.adjust("10 seconds")
      assert.strictEqual((yield* Fiber.join(fiber)).length, 10)
    }).pipe(Effect.provide(layerTest({ simulator })), Effect.provide(log.layer))
  })
})
