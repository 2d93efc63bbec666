import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { Blockscout } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { assertHeldFor, settle } from "./support/wait.ts"
import { proLayer } from "./support/fixtures.ts"

const twice = Blockscout.use((bs) => Effect.andThen(bs.listWithdrawals(), bs.listWithdrawals()))

describe("rate limiting", () => {
  it.effect("paces requests to the plan's requests per second", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const fiber = yield* twice.pipe(
        Effect.provide(proLayer(server.url, { rateLimit: { requestsPerSecond: 5 } }, "proapi_pacing_key")),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 200)
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.effect("waits for x-ratelimit-reset (milliseconds) once x-ratelimit-remaining is spent, so no 429 is seen", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => ({
        headers: {
          "x-ratelimit-limit": "600",
          "x-ratelimit-remaining": n === 0 ? "0" : "599",
          "x-ratelimit-reset": "4000"
        },
        body: page([])
      }))
      const fiber = yield* twice.pipe(
        Effect.provide(proLayer(server.url, { rateLimit: { requestsPerSecond: 1000 } }, "proapi_budget_key")),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 4000)
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.effect("one limiter per key: a spent budget on one chain holds back another chain using the same key", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => ({
        headers: request.path.startsWith("/1/")
          ? { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2000" }
          : { "x-ratelimit-remaining": "100", "x-ratelimit-reset": "2000" },
        body: page([])
      }))
      const layerFor = (chainId: number, key: string) =>
        Blockscout.layerPro({
          chainId,
          apiKey: Redacted.make(key),
          baseUrl: server.url,
          rateLimit: { requestsPerSecond: 1000 },
          retry: false
        }).pipe(Layer.provide(FetchHttpClient.layer))
      const list = Blockscout.use((bs) => bs.listWithdrawals())
      yield* list.pipe(Effect.provide(layerFor(1, "proapi_shared_key")))
      const sameKey = yield* list.pipe(Effect.provide(layerFor(10, "proapi_shared_key")), Effect.forkChild)
      const otherKey = yield* list.pipe(Effect.provide(layerFor(10, "proapi_other_key")), Effect.forkChild)
      yield* Fiber.join(otherKey)
      yield* settle()
      assert.deepStrictEqual(
        server.requests.map((r) => r.path.split("/")[1]),
        ["1", "10"]
      )
      yield* TestClock.adjust("2 seconds")
      yield* Fiber.join(sameKey)
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped)
  )
})
