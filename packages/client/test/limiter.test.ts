/**
 * The rate limiter under application concurrency, on the `TestClock`: many fibers on one key against servers
 * that count requests in fixed windows (the simulated Blockscout, and a scripted one whose plan can change
 * mid-run). Every figure is a count or virtual time: arrivals per window, 429s, the span of the arrivals.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Clock, ConfigProvider, Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Blockscout, type BlockscoutEvent, RateLimits } from "../src/index.ts"
import { limitedClient as client, lookup, lookups, refused as status429 } from "./support/limitedClient.ts"
import { driven } from "./support/wait.ts"
import { type Arrival, type Plan, windowedServer } from "./support/WindowedServer.ts"

/** Requests per second between the first and the last arrival (virtual time). */
const rateOf = (arrivals: ReadonlyArray<Arrival>) =>
  ((arrivals.length - 1) * 1000) / (arrivals[arrivals.length - 1]!.at - arrivals[0]!.at)

/** Runs `effect` to its end on the test clock; returns the virtual milliseconds it took. */
const timed = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const start = yield* Clock.currentTimeMillis
    yield* driven(effect, "50 millis")
    return (yield* Clock.currentTimeMillis) - start
  })

describe("the limiter under application concurrency", () => {
  it.effect("50 fibers, 200 lookups, a simulated 20 req/s server 400 ms away: no 429, within 95% of the rate", () =>
    Effect.gen(function* () {
      const sim = SimulatedBlockscout.make({
        seed: 3,
        blocks: 40,
        rateLimit: { limit: 20, windowMillis: 1000 },
        latency: 400
      })
      const elapsed = yield* timed(lookups(200, 50).pipe(Effect.provide(client(layerHttpClient(sim)))))
      assert.strictEqual(sim.requests.filter((r) => r.status === 429).length, 0, "no 429")
      assert.strictEqual(sim.requests.length, 200, "no request repeated")
      // 200 requests at 20 a second: 10 s. Allowed: 95% of the rate, plus the first answer's round trip and the
      // last one's answer (0.8 s). Before, the waiters of a window all went at its reset: 371 requests, 171 429s.
      assert.isAtMost(elapsed, (200 / (0.95 * 20)) * 1000 + 800)
    })
  )

  it.effect("at 1,500 ms latency (answers arrive after their window has ended) the pacing alone keeps the limit", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => ({ limit: 15, windowMillis: 1000 }), 1500)
      yield* timed(lookups(150, 50).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(status429(server.arrivals), 0)
      assert.isAtMost(Math.max(...server.perWindow().values()), 15)
      // Steady state, once the first answer is in (at 1.5 s): at least 95% of 15 a second.
      assert.isAtLeast(rateOf(server.arrivals.filter((a) => a.at >= 1500)), 0.95 * 15)
    })
  )

  it.effect("a 50 req/s plan is used at its rate without configuration", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => ({ limit: 50, windowMillis: 1000 }), 100)
      yield* timed(lookups(500, 75).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(status429(server.arrivals), 0)
      const rate = rateOf(server.arrivals.slice(1))
      assert.isAtLeast(rate, 0.95 * 50)
      assert.isAtMost(rate, 50)
    })
  )

  it.effect("a window someone else spent: the waiters go at its reset one by one, spread over the next window", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => ({ limit: 10, windowMillis: 1000 }), 10)
      // Another client, without a limiter, spends 9 of the 10 requests of the window [0, 1000).
      const other = yield* Effect.all(
        Array.from({ length: 9 }, () => lookup),
        { concurrency: "unbounded" }
      ).pipe(Effect.provide(client(server.layer, { rateLimit: false })), Effect.forkChild)
      yield* TestClock.adjust("200 millis")
      yield* Fiber.join(other)
      const before = server.arrivals.length
      yield* timed(lookups(20, 20).pipe(Effect.provide(client(server.layer))))
      const ours = server.arrivals.slice(before)
      assert.strictEqual(status429(server.arrivals), 0)
      // The probe took the window's last request; the rest waited for its end, then went spaced (10 a second).
      assert.deepStrictEqual(
        ours.filter((a) => a.window === 0).map((a) => a.at),
        [200]
      )
      const after = ours.filter((a) => a.at >= 1000)
      assert.strictEqual(after[0]!.at, 1000)
      for (let i = 1; i < after.length; i++) assert.isAtLeast(after[i]!.at - after[i - 1]!.at, 100)
    })
  )
})

describe("the limiter follows the server's headers", () => {
  it.effect("a plan upgrade mid-run (5 to 50 req/s): the rate follows within a window, no 429", () =>
    Effect.gen(function* () {
      const plan = (now: number): Plan => ({ limit: now < 4000 ? 5 : 50, windowMillis: 1000 })
      const server = windowedServer(plan, 50)
      yield* timed(lookups(300, 50).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(status429(server.arrivals), 0)
      const counts = server.perWindow()
      for (const start of [1000, 2000, 3000]) assert.isAtMost(counts.get(start) ?? 0, 5)
      assert.isAtLeast(counts.get(1000) ?? 0, 4, "the free plan used")
      // One window to see the new limit (the first answer of 4000..5000 says 50), then the new rate.
      for (const start of [5000, 6000, 7000]) assert.isAtLeast(counts.get(start) ?? 0, 47, `window ${start}`)
    })
  )

  it.effect("a downgrade mid-run (50 to 5 req/s): the window's remaining count stops the excess, then 5 a second", () =>
    Effect.gen(function* () {
      const plan = (now: number): Plan => ({ limit: now < 2000 ? 50 : 5, windowMillis: 1000 })
      const server = windowedServer(plan, 20)
      yield* timed(lookups(150, 50).pipe(Effect.provide(client(server.layer))))
      // The requests in flight when the plan changed can be refused (the server changed its mind about them);
      // after the first answer under the new plan, none is.
      const firstNew = server.arrivals.findIndex((a) => a.at >= 2000)
      const answered = server.arrivals[firstNew]!.at + 20
      assert.strictEqual(server.arrivals.filter((a) => a.at > answered && a.status === 429).length, 0)
      for (const start of [3000, 4000, 5000]) assert.isAtMost(server.perWindow().get(start) ?? 0, 5)
      assert.isAtLeast(server.perWindow().get(4000) ?? 0, 4)
    })
  )

  it.effect("a window that resets late (one window of 3 s): the gate holds to the announced reset, no 429", () =>
    Effect.gen(function* () {
      // Windows of 1 s, except [2000, 5000): a server that paused its resets.
      const plan = (now: number): Plan =>
        now < 2000
          ? { limit: 10, windowMillis: 1000 }
          : now < 5000
            ? { limit: 10, windowMillis: 3000, offset: 2000 }
            : { limit: 10, windowMillis: 1000 }
      const server = windowedServer(plan, 30)
      yield* timed(lookups(100, 30).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(status429(server.arrivals), 0)
      assert.strictEqual(server.perWindow().get(2000), 10, "the long window used to its limit")
      assert.isAtLeast(server.perWindow().get(6000) ?? 0, 9, "and 10 a second again after it")
    })
  )

  it.effect("windows that reset early or shift (a server restart): followed, no 429", () =>
    Effect.gen(function* () {
      const plan = (now: number): Plan =>
        now < 2500 ? { limit: 10, windowMillis: 1000 } : { limit: 10, windowMillis: 1000, offset: 2600 }
      const server = windowedServer(plan, 30)
      yield* timed(lookups(80, 30).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(status429(server.arrivals), 0)
      assert.isAtLeast(rateOf(server.arrivals.slice(1)), 0.9 * 10)
    })
  )

  it.effect("unlimited (-1): not paced at all", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "unlimited")
      yield* timed(lookups(200, 50).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(server.arrivals.length, 200)
      assert.isTrue(server.arrivals.every((a) => a.at === 0))
    })
  )

  it.effect("no headers and no requestsPerSecond: not paced", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "silent")
      yield* timed(lookups(100, 20).pipe(Effect.provide(client(server.layer))))
      assert.strictEqual(server.arrivals.length, 100)
      assert.isTrue(server.arrivals.every((a) => a.at === 0))
    })
  )

  it.effect("no headers with requestsPerSecond: paced at it, one request every 1/rate", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "silent")
      yield* timed(lookups(21, 20).pipe(Effect.provide(client(server.layer, { rateLimit: { requestsPerSecond: 10 } }))))
      const at = server.arrivals.map((a) => a.at)
      assert.deepStrictEqual(
        at,
        Array.from({ length: 21 }, (_, i) => i * 100)
      )
    })
  )

  it.effect("requestsPerSecond never overrides what a server announces", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => ({ limit: 20, windowMillis: 1000 }))
      yield* timed(lookups(100, 20).pipe(Effect.provide(client(server.layer, { rateLimit: { requestsPerSecond: 2 } }))))
      assert.isAtLeast(rateOf(server.arrivals.slice(1)), 0.95 * 20)
      assert.strictEqual(status429(server.arrivals), 0)
    })
  )
})

describe("the limiter's registry, cap and events", () => {
  it.effect("two isolated registries do not share; layers on one registry do", () =>
    Effect.gen(function* () {
      // Each answer says the window is spent for the next 10 s.
      const spent = windowedServer(() => ({ limit: 1, windowMillis: 10_000 }))
      const registry = Layer.succeedContext(yield* Layer.build(RateLimits.layerMemory))
      yield* lookup.pipe(Effect.provide(client(spent.layer, {}, registry)))
      // Another registry knows nothing of it: its request goes at once (and meets the server's 429).
      yield* lookup.pipe(Effect.provide(client(spent.layer, { retry: false }, RateLimits.layerMemory)), Effect.ignore)
      assert.deepStrictEqual(
        spent.arrivals.map((a) => [a.at, a.status]),
        [
          [0, 200],
          [0, 429]
        ]
      )
      // Another layer on the first registry, same key, waits for the window the first layer spent, and for
      // the pacing of one request per 10 s (10,200 ms with the margin, less the 10 ms allowed for lateness).
      const fiber = yield* lookup.pipe(Effect.provide(client(spent.layer, {}, registry)), Effect.forkChild)
      yield* TestClock.adjust("10189 millis")
      assert.strictEqual(spent.arrivals.length, 2)
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(spent.arrivals[2], { at: 10_190, window: 10_000, status: 200 })
    }).pipe(Effect.scoped)
  )

  it.effect("maxInFlight caps the requests in flight; all complete", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "unlimited", 100)
      yield* timed(lookups(40, 40).pipe(Effect.provide(client(server.layer, { rateLimit: { maxInFlight: 3 } }))))
      assert.strictEqual(server.arrivals.length, 40)
      assert.strictEqual(server.peakInFlight(), 3)
    })
  )

  it.effect("maxInFlight from configuration (BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT) caps them too", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "unlimited", 100)
      const env = { BLOCKSCOUT_BASE_URL: "http://limited.test", BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT: "2" }
      const layer = Blockscout.layerConfig().pipe(
        Layer.provide(server.layer),
        Layer.provide(RateLimits.layerMemory),
        Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env })))
      )
      yield* timed(lookups(10, 10).pipe(Effect.provide(layer)))
      assert.strictEqual(server.arrivals.length, 10)
      assert.strictEqual(server.peakInFlight(), 2)
    })
  )

  it.effect("RateLimitWait reports how long each request waited, measured on the clock", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "silent")
      const waits: Array<number> = []
      const onEvent = (event: BlockscoutEvent) =>
        Effect.sync(() => {
          if (event._tag === "RateLimitWait") waits.push(event.delayMillis)
        })
      yield* timed(
        lookups(5, 5).pipe(Effect.provide(client(server.layer, { rateLimit: { requestsPerSecond: 10 }, onEvent })))
      )
      // All five asked at 0 and went at 0, 100, ..., 400: the first did not wait.
      assert.deepStrictEqual(
        waits.sort((a, b) => a - b),
        [100, 200, 300, 400]
      )
    })
  )

  it.effect("RateLimitWait includes the wait for a slot under maxInFlight", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "unlimited", 100)
      const waits: Array<number> = []
      const onEvent = (event: BlockscoutEvent) =>
        Effect.sync(() => {
          if (event._tag === "RateLimitWait") waits.push(event.delayMillis)
        })
      yield* timed(lookups(3, 3).pipe(Effect.provide(client(server.layer, { rateLimit: { maxInFlight: 1 }, onEvent }))))
      assert.deepStrictEqual(
        server.arrivals.map((a) => a.at),
        [0, 100, 200]
      )
      assert.deepStrictEqual(
        waits.sort((a, b) => a - b),
        [100, 200]
      )
    })
  )

  it.effect("a server announcing an absurdly slow rate holds a request no longer than maxServerWait", () =>
    Effect.gen(function* () {
      // One request per 11.5 days: the reset (and so the window and the spacing) is cut to maxServerWait.
      const server = windowedServer(() => ({ limit: 1, windowMillis: 1_000_000_000 }))
      const oneByOne = Effect.forEach(Array.from({ length: 3 }), () => Effect.ignore(lookup), { discard: true })
      yield* driven(oneByOne.pipe(Effect.provide(client(server.layer, { maxServerWait: "30 seconds" }))), "1 second")
      // Each request after the first waited 30 s, no more; the server refused them (its 429 asks for 11 days,
      // more than the client honours, so each fails at once with that wait for the caller to decide).
      assert.deepStrictEqual(
        server.arrivals.map((a) => [a.at, a.status]),
        [
          [0, 200],
          [30_000, 429],
          [60_000, 429]
        ]
      )
    })
  )

  it.effect("an interrupted probe lets the next request find out at once", () =>
    Effect.gen(function* () {
      const server = windowedServer(() => "unlimited", 60_000)
      const layers = yield* Layer.build(client(server.layer, { timeout: "2 minutes" }))
      const probe = yield* lookup.pipe(Effect.provide(layers), Effect.forkChild)
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(server.arrivals.length, 1)
      const next = yield* lookup.pipe(Effect.provide(layers), Effect.forkChild)
      yield* TestClock.adjust("10 millis")
      assert.strictEqual(server.arrivals.length, 1, "held while the probe is out")
      yield* Fiber.interrupt(probe)
      yield* TestClock.adjust("1 millis")
      assert.strictEqual(server.arrivals.length, 2, "the next one goes when the probe ends")
      yield* Fiber.interrupt(next)
    }).pipe(Effect.scoped)
  )
})
