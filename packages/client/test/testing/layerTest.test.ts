import { Blockscout } from "@blockscout-effect/client"
import { checksumAddress, layerTest, SimulatedBlockscout, Simulator } from "@blockscout-effect/client/testing"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Fiber, Option, Stream } from "effect"
import { TestClock } from "effect/testing"

// Small chains: building one costs a few milliseconds, and every test here builds its own.
const small = { seed: 11, blocks: 400 } as const

describe("layerTest", () => {
  it.effect("provides Blockscout over the simulator, instance family by default, under TestClock", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      assert.strictEqual(bs.family, "instance")
      const miner = sim.chain.miners[2]!
      const page = yield* bs.listBlocksValidated(miner)
      assert.strictEqual(page.items.length, 50)
      // The chain is the expected data: every block listed was mined by the address asked about.
      assert.isTrue(page.items.every((b) => b.miner.hash.toLowerCase() === miner))
      // ... written as real servers write addresses: EIP-55 mixed case.
      assert.strictEqual(page.items[0]!.miner.hash, checksumAddress(miner))
      assert.notStrictEqual(checksumAddress(miner), miner)
      const last = sim.requests.at(-1)!
      assert.strictEqual(last.path, `/api/v2/addresses/${miner}/blocks-validated`)
      assert.strictEqual(last.family, "instance")
      assert.isUndefined(last.query.apikey)
    }).pipe(Effect.provide(layerTest(small)))
  )

  it.effect("streams page after page without waiting on the clock (no client-side pacing)", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      // Six pages: the client's default pacing (5 requests/s) would sleep on TestClock and never finish.
      const items = yield* bs.streamTransactions({ pageSize: 10 }).pipe(Stream.take(60), Stream.runCollect)
      assert.strictEqual(items.length, 60)
      assert.isTrue(sim.requests.filter((r) => r.path === "/api/v2/transactions").length >= 6)
    }).pipe(Effect.provide(layerTest(small)))
  )

  it.effect("talks to the Pro family with a default key, on the simulator's chain id, spending credits", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      assert.strictEqual(bs.family, "pro")
      assert.strictEqual(bs.chainId, 137)
      yield* bs.listTokenTransfers()
      yield* bs.listInternalTransactions(sim.chain.routers[0]!)
      const [transfers, internals] = sim.requests
      assert.strictEqual(transfers?.path, "/137/api/v2/token-transfers")
      assert.strictEqual(transfers?.query.apikey, "proapi_test")
      assert.strictEqual(internals?.status, 200)
      assert.strictEqual(sim.creditsRemaining, 1_000 - 30 - 40)
    }).pipe(Effect.provide(layerTest({ ...small, family: "pro", chainId: 137, credits: 1_000 })))
  )

  it.effect("retries a fault at once, so fault tests need no clock adjustments", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      const page = yield* bs.listWithdrawals()
      assert.strictEqual(page.items.length, 50)
      assert.deepStrictEqual(
        sim.requests.map((r) => [r.status, r.fault]),
        [
          [503, "ServerError"],
          [0, "Drop"],
          [200, undefined]
        ]
      )
    }).pipe(
      Effect.provide(
        layerTest({
          ...small,
          faults: ({ requestNumber }) =>
            requestNumber === 1
              ? { _tag: "ServerError", status: 503 }
              : requestNumber === 2
                ? { _tag: "Drop" }
                : undefined
        })
      )
    )
  )

  it.effect("passes client options through (retry: false surfaces the first fault)", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* Effect.flip(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "ServerError")
    }).pipe(Effect.provide(layerTest({ ...small, faults: () => ({ _tag: "ServerError" }), client: { retry: false } })))
  )

  it.effect("merges client options field by field: a retry count alone keeps the zero backoff", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      const error = yield* Effect.flip(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "ServerError")
      assert.strictEqual(sim.requests.length, 3)
    }).pipe(
      Effect.provide(layerTest({ ...small, faults: () => ({ _tag: "ServerError" }), client: { retry: { times: 2 } } }))
    )
  )

  it.effect("keeps to a simulated rate limit by waiting for x-ratelimit-reset on the test clock", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const sim = yield* Simulator
      const fiber = yield* bs
        .streamWithdrawals({ pageSize: 5 })
        .pipe(Stream.take(30), Stream.runCollect, Effect.forkChild)
      // Two requests a window: six pages need three windows.
      for (let i = 0; i < 4; i++) yield* TestClock.adjust("1 second")
      const items = yield* Fiber.join(fiber)
      assert.strictEqual(items.length, 30)
      // The client read the budget from the headers: it never ran into a 429.
      assert.isFalse(sim.requests.some((r) => r.status === 429))
    }).pipe(Effect.provide(layerTest({ ...small, rateLimit: { limit: 2, windowMillis: 1000 } })))
  )

  it.effect("does not share what it learnt about rate limits with another build", () =>
    Effect.gen(function* () {
      // A spends its whole budget for a minute; B (same base URL and key) must not wait for A's window.
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(layerTest({ ...small, rateLimit: { limit: 1, windowMillis: 60_000 } }))
      )
      const fiber = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(layerTest(small)),
        Effect.timeoutOption("1 second"),
        Effect.forkChild
      )
      yield* TestClock.adjust("1 second")
      assert.isTrue(Option.isSome(yield* Fiber.join(fiber)))
    })
  )

  it.effect("sends the secret key only when the client is given it", () =>
    Effect.gen(function* () {
      const sim = SimulatedBlockscout.make({ ...small, restrictedAddresses: [], secretKey: "s3cret" })
      const restricted = sim.chain.miners[0]!
      const options = { ...small, restrictedAddresses: [restricted], secretKey: "s3cret" }
      const locked = yield* Blockscout.use((bs) => bs.listBlocksValidated(restricted)).pipe(
        Effect.provide(layerTest(options)),
        Effect.flip
      )
      assert.strictEqual(locked.reason._tag, "Unauthorized")
      const open = yield* Blockscout.use((bs) => bs.listBlocksValidated(restricted)).pipe(
        Effect.provide(layerTest({ ...options, client: { secretKey: "s3cret" } }))
      )
      assert.isTrue(open.items.length > 0)
    })
  )

  it.effect("uses a simulator it is given, so the test can hold it outside the effect", () => {
    const sim = SimulatedBlockscout.make(small)
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      assert.strictEqual(yield* Simulator, sim)
      yield* bs.listMainPageTransactions()
      assert.strictEqual(sim.requests.at(-1)?.path, "/api/v2/main-page/transactions")
    }).pipe(Effect.provide(layerTest({ simulator: sim })))
  })

  it.live("works with the live clock too (latency really sleeps)", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const items = yield* bs.streamTokenTransfers({ pageSize: 20 }).pipe(Stream.take(60), Stream.runCollect)
      assert.strictEqual(items.length, 60)
    }).pipe(Effect.provide(layerTest({ ...small, latency: 2 })))
  )
})

// One build shared by a block: the same simulator (and request log) across its tests.
layer(layerTest(small))("layerTest shared with layer()", (it) => {
  it.effect("first test sees its own request", () =>
    Effect.gen(function* () {
      yield* (yield* Blockscout).listSmartContracts()
      assert.strictEqual((yield* Simulator).requests.length, 1)
    })
  )
  it.effect("a later test sees the requests of earlier ones", () =>
    Effect.gen(function* () {
      yield* (yield* Blockscout).listSmartContracts()
      assert.strictEqual((yield* Simulator).requests.length, 2)
    })
  )
})
