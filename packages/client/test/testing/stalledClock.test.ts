/**
 * The test kit says so when a test would wait on the `TestClock` for something nothing advances: a spent
 * rate-limit window, the client's pacing at an announced rate, a `Retry-After`, latency, a hang. Each test holds the clock still while real time
 * passes (`TestClock.withLive`), reads the warnings a logger of its own collected, then moves the clock to
 * show the wait was the only thing in the way.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerScripted, layerTest, pageBody, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger, Redacted, Stream } from "effect"
import { TestClock } from "effect/testing"

/** Real time, while the test clock stands still. */
const realTime = (millis: number) => TestClock.withLive(Effect.sleep(`${millis} millis`))

/**
 * Forks `work` over `layer`, with a logger that keeps the warnings (and replaces the console logger, so the
 * test output stays quiet), holds the test clock still for `millis` of real time, then hands `check` the
 * warnings (as they grow) and the fiber (to move the clock and join).
 */
const heldStill = <A, E, ROut>(
  work: Effect.Effect<A, E, Blockscout>,
  layer: Layer.Layer<Blockscout | ROut>,
  check: (warnings: ReadonlyArray<string>, fiber: Fiber.Fiber<A, E>) => Effect.Effect<void, unknown>,
  millis = 300
) => {
  const lines: Array<string> = []
  const logger = Logger.make(({ logLevel, message }) => {
    if (logLevel === "Warn") lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  return Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(work)
    yield* realTime(millis)
    yield* check(lines, fiber)
  }).pipe(Effect.provide(layer), Effect.provide(Logger.layer([logger])))
}

const twentyWithdrawals = Blockscout.use((bs) =>
  bs.streamWithdrawals({ pageSize: 5 }).pipe(Stream.take(20), Stream.runCollect)
)

const small = { seed: 5, blocks: 400, warnOnStalledClock: "50 millis" } as const

describe("a wait on the TestClock that nothing advances", () => {
  it.effect("a spent rate-limit window of a simulated server: one warning naming the wait and what to do", () =>
    heldStill(twentyWithdrawals, layerTest({ ...small, rateLimit: { limit: 1 } }), (warnings, fiber) =>
      Effect.gen(function* () {
        assert.isUndefined(fiber.pollUnsafe(), "the stream waits for the window's reset")
        assert.strictEqual(warnings.length, 1, warnings.join("\n"))
        const [warning] = warnings
        // The first page (limit 1 a window) spends the window.
        assert.match(warning!, /^GET \/api\/v2\/withdrawals\?items_count=5 spent the rate-limit window/)
        assert.include(warning, "x-ratelimit-remaining: 0, x-ratelimit-reset: 1000 ms")
        assert.include(warning, "nothing has advanced the TestClock")
        assert.include(warning, 'TestClock.adjust("1s")')
        assert.include(warning, "it.live")
        // Moving the clock is all it took.
        yield* TestClock.adjust("10 seconds")
        assert.strictEqual((yield* Fiber.join(fiber)).length, 20)
      })
    )
  )

  it.effect("the client's pacing at the rate a simulated server announces", () =>
    heldStill(twentyWithdrawals, layerTest({ ...small, rateLimit: { limit: 10 } }), (warnings, fiber) =>
      Effect.gen(function* () {
        assert.isUndefined(fiber.pollUnsafe(), "the stream waits for its next slot")
        assert.strictEqual(warnings.length, 1, warnings.join("\n"))
        assert.include(warnings[0], "announced a rate limit (x-ratelimit-limit: 10, x-ratelimit-reset: 1000 ms)")
        assert.include(warnings[0], "the client spaces its requests at that rate")
        yield* TestClock.adjust("10 seconds")
        assert.strictEqual((yield* Fiber.join(fiber)).length, 20)
      })
    )
  )

  it.effect("a 429 with Retry-After from a scripted client under the user's own layer", () =>
    heldStill(
      Blockscout.use((bs) => bs.listWithdrawals()),
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
        ),
        Layer.orDie
      ),
      (warnings, fiber) =>
        Effect.gen(function* () {
          assert.strictEqual(warnings.length, 1, warnings.join("\n"))
          assert.include(warnings[0], "GET /1/api/v2/withdrawals?apikey=<redacted> answered 429 with Retry-After: 30")
          assert.include(warnings[0], 'TestClock.adjust("30s")')
          yield* TestClock.adjust("30 seconds")
          assert.deepStrictEqual((yield* Fiber.join(fiber)).items, [])
        })
    )
  )

  it.effect("simulated latency", () =>
    heldStill(
      Blockscout.use((bs) => bs.listWithdrawals()),
      layerTest({ ...small, latency: 250 }),
      (warnings, fiber) =>
        Effect.gen(function* () {
          assert.strictEqual(warnings.length, 1, warnings.join("\n"))
          assert.include(warnings[0], "GET /api/v2/withdrawals (simulated latency) waits 250ms on the TestClock")
          yield* TestClock.adjust("250 millis")
          yield* Fiber.join(fiber)
        })
    )
  )

  it.effect("a Hang fault: the warning says the client's timeout fires only when the clock reaches it", () =>
    heldStill(
      Effect.flip(Blockscout.use((bs) => bs.listWithdrawals())),
      layerTest({ ...small, faults: () => ({ _tag: "Hang" }), client: { retry: false } }),
      (warnings, fiber) =>
        Effect.gen(function* () {
          assert.strictEqual(warnings.length, 1, warnings.join("\n"))
          assert.include(warnings[0], "(a Hang fault) never answers")
          assert.include(warnings[0], "timeout fires only when the TestClock reaches it")
          yield* TestClock.adjust("120 seconds")
          assert.strictEqual((yield* Fiber.join(fiber)).reason._tag, "Timeout")
        })
    )
  )

  it.effect("no warning when the test moves the clock in time", () =>
    heldStill(
      twentyWithdrawals,
      layerTest({ ...small, warnOnStalledClock: "1 second", rateLimit: { limit: 2 } }),
      (warnings, fiber) =>
        Effect.gen(function* () {
          // More than the warning's delay of real time passes while the clock moves along with the work, in steps
          // of 20 ms, fifty times shorter than the delay: a loaded machine (the whole suite on two cores) can hold a
          // 20 ms timer for a few hundred milliseconds, which is not a stalled clock and must not read as one.
          const started = Date.now()
          while (fiber.pollUnsafe() === undefined) {
            yield* realTime(20)
            yield* TestClock.adjust("10 millis")
          }
          assert.isAbove(Date.now() - started, 1500)
          assert.deepStrictEqual(warnings, [])
        }),
      0
    )
  )

  it.effect("warnOnStalledClock: false keeps quiet, and so does a simulator shared into layerTest with it", () => {
    const simulator = SimulatedBlockscout.make({ ...small, rateLimit: { limit: 1 }, warnOnStalledClock: false })
    return heldStill(twentyWithdrawals, layerTest({ simulator }), (warnings, fiber) =>
      Effect.gen(function* () {
        assert.deepStrictEqual(warnings, [])
        yield* TestClock.adjust("30 seconds")
        assert.strictEqual((yield* Fiber.join(fiber)).length, 20)
      })
    )
  })
})
