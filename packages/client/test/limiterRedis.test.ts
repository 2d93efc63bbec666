/**
 * One key's limit shared across processes through `RateLimits.layerRedis`, against a real `redis-server`
 * started by the test. Two registries, each with its own Redis connection, stand for two processes (nothing
 * else is shared between them: each learns the limit from its own answers). Live clock (Redis counts in
 * its own time); every assertion is a count of what the server saw.
 */
import { layerHttpClient, type RateLimitKind, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeRedis } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Scope } from "effect"
import { RateLimits } from "../src/index.ts"
import { limitedClient, lookups, refused } from "./support/limitedClient.ts"
import { redisServer } from "./support/RedisServer.ts"
import { windowedServer } from "./support/WindowedServer.ts"

/** 10 requests a second per key, answers 300 ms away: the windows' counts come back after decisions are made. */
const limited = () => windowedServer(() => ({ limit: 10, windowMillis: 1000 }), 300)

/**
 * A registry over its own connection to the Redis at `url`: one process's view. `disableOfflineQueue`: while
 * Redis is away, commands fail at once instead of queueing (a queued command would hold the client open).
 */
const overRedis = (url: string) =>
  RateLimits.layerRedis().pipe(Layer.provide(NodeRedis.layer({ url, disableOfflineQueue: true })))

/** Two clients on one key, each with its registry, 15 lookups each from 10 fibers. */
const twoProcesses = (
  server: ReturnType<typeof limited>,
  registries: readonly [Layer.Layer<never, unknown>, Layer.Layer<never, unknown>]
) =>
  Effect.all(
    registries.map((registry) => lookups(15, 10).pipe(Effect.provide(limitedClient(server.layer, {}, registry)))),
    { concurrency: "unbounded", discard: true }
  )

describe("the limiter across processes", () => {
  it.live(
    "two registries over one Redis stay within one key's limit together; two in memory do not",
    () =>
      Effect.gen(function* () {
        const url = yield* redisServer
        const shared = limited()
        yield* twoProcesses(shared, [overRedis(url), overRedis(url)])
        assert.strictEqual(shared.arrivals.length, 30, "nothing refused, nothing repeated")
        assert.strictEqual(refused(shared.arrivals), 0)
        assert.isAtMost(Math.max(...shared.perWindow().values()), 10)
        // The same two clients, each pacing alone: together twice the rate, and the server refuses the excess.
        const alone = limited()
        yield* twoProcesses(alone, [RateLimits.layerMemory, RateLimits.layerMemory])
        assert.isAbove(refused(alone.arrivals), 0)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "processes joining a key another already fills: their first requests (sent before they know the limit) take turns too",
    () =>
      Effect.gen(function* () {
        const url = yield* redisServer
        const server = limited()
        // One process keeps the key's windows full (ten fibers for 6 s at 10 requests a second)...
        const busy = yield* lookups(60, 10).pipe(
          Effect.provide(limitedClient(server.layer, {}, overRedis(url))),
          Effect.forkChild
        )
        while (server.arrivals.length < 15) yield* Effect.sleep("20 millis")
        // ... while five more join one after another, each a fresh registry whose first request is its probe.
        for (let joiner = 0; joiner < 5; joiner++) {
          yield* lookups(2, 1).pipe(Effect.provide(limitedClient(server.layer, {}, overRedis(url))))
          yield* Effect.sleep("150 millis")
        }
        yield* Fiber.join(busy)
        assert.strictEqual(server.arrivals.filter((a) => a.status === 200).length, 70)
        assert.strictEqual(refused(server.arrivals), 0)
        assert.isAtMost(Math.max(...server.perWindow().values()), 10)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "three processes on each server kind, one killed mid-run and one joining: no second over the limit, no 429",
    () =>
      Effect.gen(function* () {
        const url = yield* redisServer
        for (const kind of ["sliding-log", "token-bucket", "fixed"] satisfies ReadonlyArray<RateLimitKind>) {
          const sim = SimulatedBlockscout.make({
            seed: 3,
            blocks: 40,
            rateLimit: { limit: 20, windowMillis: 1000, kind },
            latency: 200
          })
          // Each process its own registry over its own connection; nothing else shared.
          const process = (n: number, concurrency: number) =>
            lookups(n, concurrency).pipe(Effect.provide(limitedClient(layerHttpClient(sim), {}, overRedis(url))))
          const a = yield* Effect.forkChild(process(30, 10))
          const b = yield* Effect.forkChild(process(30, 10))
          const killed = yield* Effect.forkChild(process(200, 10))
          yield* Effect.sleep("1200 millis")
          // Killed mid-run: its admissions stop where they are (its slots in the store are never used).
          yield* Fiber.interrupt(killed)
          const joiner = yield* Effect.forkChild(process(20, 10))
          yield* Fiber.joinAll([a, b, joiner])
          const times = sim.requests.map((r) => r.at).sort((x, y) => x - y)
          let busiest = 0
          for (let i = 0, j = 0; i < times.length; i++) {
            while (j < times.length && times[j]! < times[i]! + 1000) j++
            busiest = Math.max(busiest, j - i)
          }
          assert.strictEqual(sim.requests.filter((r) => r.status === 429).length, 0, `${kind}: no 429`)
          assert.isAtMost(busiest, 20, `${kind}: no second over the limit`)
          assert.isAtLeast(sim.requests.length, 80, `${kind}: the survivors' 80 lookups, and the killed one's`)
        }
      }).pipe(Effect.scoped),
    90_000
  )

  it.live(
    "Redis going away mid-run: the process paces alone and the work completes",
    () =>
      Effect.gen(function* () {
        const server = limited()
        const redisScope = yield* Scope.make()
        const url = yield* redisServer.pipe(Scope.provide(redisScope))
        const fiber = yield* lookups(30, 10).pipe(
          Effect.provide(limitedClient(server.layer, {}, overRedis(url))),
          Effect.forkChild
        )
        while (server.arrivals.length < 8) yield* Effect.sleep("20 millis")
        yield* Scope.close(redisScope, Exit.void)
        yield* Fiber.join(fiber)
        assert.strictEqual(server.arrivals.filter((a) => a.status === 200).length, 30)
      }),
    60_000
  )
})
