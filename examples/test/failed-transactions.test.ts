/**
 * Example: testing your own function (`failureReport`) against the simulated Blockscout.
 *
 * The function asks for `Blockscout`; the test gives it the real client (`Blockscout.layerInstance`) over
 * `layerHttpClient` from `@blockscout-effect/client/testing`, an in-process HTTP client answering as a
 * seeded, deterministic Blockscout. No port, no network, and the simulator's `chain` says what the right
 * answer is. Swap the simulator's options to test the bad days: faults, missing keys, rate limits.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { failureReport } from "../src/failed-transactions.ts"

const baseUrl = "http://blockscout.test"

/** The real client over a simulated server. `rateLimit: false`: the test has no reason to wait. */
const Simulated = (
  simulator: SimulatedBlockscout,
  client: Partial<Parameters<typeof Blockscout.layerInstance>[0]> = {}
) => Blockscout.layerInstance({ baseUrl, rateLimit: false, ...client }).pipe(Layer.provide(layerHttpClient(simulator)))

// A 40-block chain: small enough to read whole, so the expected answer can be counted from the chain.
const simulator = SimulatedBlockscout.make({ seed: 7, blocks: 40 })
const chain = simulator.chain
const truth = Array.from({ length: chain.height }, (_, h) => chain.template(h).transactions)
const total = truth.reduce((n, txs) => n + txs.length, 0)
const failed = truth.reduce((n, txs) => n + txs.filter((t) => t.failed).length, 0)

layer(Simulated(simulator))("failureReport against the simulated Blockscout", (it) => {
  it.effect("counts every failed transaction of the chain", () =>
    Effect.gen(function* () {
      const report = yield* failureReport(1_000_000)
      assert.strictEqual(report.sampled, total)
      assert.strictEqual(report.failed, failed)
      assert.isAbove(report.failed, 0)
      assert.strictEqual(
        report.methods.reduce((n, [, c]) => n + c, 0),
        failed
      )
      assert.isTrue(report.wastedFees > 0n)
    })
  )
})

describe("failureReport reads lazily", () => {
  it.effect("stops requesting pages once it has its sample", () =>
    Effect.gen(function* () {
      const big = SimulatedBlockscout.make({ seed: 7, blocks: 2000 })
      const report = yield* failureReport(60).pipe(Effect.provide(Simulated(big)))
      assert.strictEqual(report.sampled, 60)
      // 50 items a page: two pages, and the client's prefetch may ask for a page or two ahead, out of ~300.
      assert.isAtMost(big.requests.length, 4)
    })
  )
})

describe("failureReport on a bad day", () => {
  // Live clock: retries really wait (1-2 ms here); under TestClock they would wait for the test to adjust it.
  it.live("gives the same report when a third of the requests fail with 5xx (the client retries)", () =>
    Effect.gen(function* () {
      const flaky = SimulatedBlockscout.make({ seed: 7, blocks: 40, faults: { rate: 0.33, kinds: ["ServerError"] } })
      const report = yield* failureReport(1_000_000).pipe(
        Effect.provide(Simulated(flaky, { retry: { times: 20, base: "1 millis", max: "2 millis" } }))
      )
      assert.strictEqual(report.failed, failed)
      assert.isTrue(flaky.requests.some((r) => r.fault === "ServerError"))
    })
  )

  it.effect("fails with a typed Unauthorized when the instance wants a key", () =>
    Effect.gen(function* () {
      const locked = SimulatedBlockscout.make({ blocks: 40, requireInstanceApiKey: true })
      const error = yield* Effect.flip(failureReport(10).pipe(Effect.provide(Simulated(locked, { retry: false }))))
      assert.strictEqual(error.reason._tag, "Unauthorized")
    })
  )
})
