/**
 * Dry runs that hold: on both families and several simulated chains, a list walked whole (sampled), a span
 * walked partitioned by one worker (the rate-limited case: a Pro plan's rate times a fast server's answer time)
 * and by four, an even list (withdrawals), an address's history (its lists read whole) whole, over blocks and in
 * parts, and partitioned streams with two, four and eight workers splitting the span as they go, are each run
 * for 50 pages or more; the estimate is within 5% of the requests and credits the simulated server's books
 * recorded, and the run lies within the estimate's range.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout, type EstimateRange, type Family } from "../../src/index.ts"
import { driven } from "../support/wait.ts"
import { clientLayer } from "./support.ts"

/** What `effect` cost the simulated server, by its books. */
const costOf = <A, E, R>(sim: SimulatedBlockscout, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = sim.books
    const value = yield* effect
    return { value, requests: sim.books.requests - before.requests, credits: sim.books.credits - before.credits }
  })

/** The estimate against the run: within 5% (calls and credits), the run within the range, 50 pages or more. */
const holds = (
  what: string,
  family: Family,
  estimate: { readonly calls: number; readonly credits: number; readonly range: EstimateRange },
  run: { readonly requests: number; readonly credits: number },
  exact = true
) => {
  const said = `${what}: ${estimate.calls} calls, ${estimate.credits} credits (${JSON.stringify(estimate.range)}) for ${run.requests}, ${run.credits}`
  assert.isAtLeast(run.requests, 50, said)
  if (exact) {
    assert.isAtMost(Math.abs(estimate.calls - run.requests), run.requests * 0.05, said)
    assert.isAtMost(Math.abs(estimate.credits - run.credits), run.credits * 0.05, said)
  }
  assert.strictEqual(run.credits === 0, family === "instance", said)
  assert.isTrue(run.requests >= estimate.range.calls.low && run.requests <= estimate.range.calls.high, said)
  assert.isTrue(run.credits >= estimate.range.credits.low && run.credits <= estimate.range.credits.high, said)
}

describe("a dry run holds: within 5% of what the run costs, the run within its range", () => {
  for (const seed of [1, 9]) {
    for (const family of ["pro", "instance"] as const) {
      it.effect(`seed ${seed}, ${family}`, () =>
        Effect.gen(function* () {
          const sim = SimulatedBlockscout.make({
            seed,
            blocks: 2000,
            pendingTransactions: 5,
            credits: 100_000_000,
            rateLimit: { limit: 15, windowMillis: 1000 }
          })
          const layer = clientLayer(sim, family, { rateLimit: {} })
          yield* driven(
            Effect.gen(function* () {
              const bs = yield* Blockscout
              // A list walked whole, sampled across its history.
              const whole = yield* bs.estimate("tokenTransfers")
              const wholeRun = yield* costOf(sim, Stream.runDrain(bs.streamTokenTransfers()))
              holds("token transfers, whole", family, whole, wholeRun)
              // A span, partitioned, one worker at the plan's rate.
              const span = { fromBlock: 300, toBlock: 1700 }
              const spanned = yield* bs.estimate("transactions", { filter: "validated", partition: span })
              const spannedRun = yield* costOf(
                sim,
                Stream.runDrain(bs.streamTransactions({ filter: "validated", partition: span }))
              )
              holds("transactions over a span, partitioned", family, spanned, spannedRun)
              // The same span, four workers at the plan's rate: they split it among themselves as they go.
              const four = { ...span, concurrency: 4 }
              const shared = yield* bs.estimate("transactions", { filter: "validated", partition: four })
              const sharedRun = yield* costOf(
                sim,
                Stream.runDrain(bs.streamTransactions({ filter: "validated", partition: four }))
              )
              holds("transactions over a span, four workers", family, shared, sharedRun)
              // An even list: every sample agrees, three say it all.
              const indexes = { fromIndex: 200, toIndex: 3999 }
              const even = yield* costOf(sim, bs.estimate("withdrawals", { pageSize: 50, partition: indexes }))
              assert.isAtMost(even.requests, 4, "three samples say it all")
              const evenRun = yield* costOf(
                sim,
                Stream.runDrain(bs.streamWithdrawals({ pageSize: 50, partition: indexes }))
              )
              holds("withdrawals over an index range", family, even.value, evenRun)
              // An address's history, whole, over blocks and in parts: its lists read whole.
              const address = sim.chain.users[6]!
              for (const options of [
                {},
                { fromBlock: 200, toBlock: 1800, pageSize: 20 },
                { fromBlock: 200, toBlock: 1800, pageSize: 20, partition: { parts: 3 } }
              ]) {
                const history = yield* bs.estimateAddressHistory(address, options)
                const historyRun = yield* costOf(sim, Stream.runDrain(bs.streamAddressHistoryPages(address, options)))
                holds(`an address's history ${JSON.stringify(options)}`, family, history, historyRun)
              }
            }).pipe(Effect.provide(layer))
          )
        })
      )
    }
  }

  it.live("unpaced: a partitioned history, and several workers cutting ranges as they go, within 5%", () =>
    Effect.gen(function* () {
      const sim = SimulatedBlockscout.make({ seed: 5, blocks: 2000, credits: 100_000_000 })
      yield* Effect.gen(function* () {
        const bs = yield* Blockscout
        const options = { fromBlock: 200, toBlock: 1800, pageSize: 20, partition: { parts: 3 } }
        const address = sim.chain.users[6]!
        const history = yield* bs.estimateAddressHistory(address, options)
        const historyRun = yield* costOf(sim, Stream.runDrain(bs.streamAddressHistoryPages(address, options)))
        holds("an address's history in parts, unpaced", "pro", history, historyRun)
      }).pipe(Effect.provide(clientLayer(sim, "pro")))
    })
  )

  // Unpaced, "auto" keeps eight requests in flight; two and four split the span the same way, fewer at once.
  for (const seed of [1, 5, 9]) {
    for (const family of ["pro", "instance"] as const) {
      it.live(
        `several workers, seed ${seed}, ${family}: within 5%`,
        () =>
          Effect.gen(function* () {
            const sim = SimulatedBlockscout.make({ seed, blocks: 2000, credits: 100_000_000 })
            yield* Effect.gen(function* () {
              const bs = yield* Blockscout
              for (const concurrency of ["auto", 2, 4] as const) {
                for (const [fromBlock, toBlock] of [
                  [200, 1800],
                  [0, 1999]
                ] as const) {
                  const partition = { fromBlock, toBlock, concurrency }
                  const estimate = yield* bs.estimate("tokenTransfers", { partition })
                  const run = yield* costOf(sim, Stream.runDrain(bs.streamTokenTransfers({ partition })))
                  holds(`token transfers ${JSON.stringify(partition)}`, family, estimate, run)
                }
              }
            }).pipe(Effect.provide(clientLayer(sim, family)))
          }),
        60_000
      )
    }
  }
})
