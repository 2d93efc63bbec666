/**
 * Soak under chaos: every paged endpoint streamed to its end from a simulated Blockscout that fails like
 * the real ones (5xx, dropped connections, truncated bodies, hangs past the per-request timeout, 429s from
 * its rate limit, a page now and then pointing back at its own cursor), compared item for item with a fault-free run: nothing lost, nothing repeated, in order.
 *
 * In process under `TestClock` (timeouts, backoffs and rate-limit windows are virtual time), then over a
 * real loopback socket on the live clock with small timeouts.
 */
import { type Fault, type FaultContext, SimulatedBlockscout, layerHttpClient } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, type BlockscoutShape, type ClientOptions, type EndpointName, type Family } from "../src/index.ts"
import { driven, isolatedLimits } from "./support/wait.ts"

const chain = { seed: 7, blocks: 400, pendingTransactions: 7, smartContracts: 30 } as const
const reference = SimulatedBlockscout.make(chain)

/** A raw GET against the fault-free simulator, for picking test subjects. */
const raw = (path: string) =>
  JSON.parse(reference.handle({ method: "GET", url: `http://sim.test/api/v2${path}`, headers: {} }, 0).body) as {
    readonly items: ReadonlyArray<Record<string, unknown>>
  }

const user = reference.chain.users[3]!
const miner = reference.chain.miners[0]!
const router = reference.chain.routers[0]!
// A transaction with many logs (several pages of them) and an NFT instance with a few transfers.
const busyTransaction = raw("/transactions?items_count=100")
  .items.map((tx) => tx.hash as string)
  .find((hash) => raw(`/transactions/${hash}/logs?items_count=100`).items.length >= 40)!
const nft = reference.chain.tokens.find((t) => t.type === "ERC-721")!

/** Every paged endpoint, with arguments that give it several pages at `pageSize`. */
const streams: ReadonlyArray<readonly [EndpointName, (bs: BlockscoutShape) => Stream.Stream<unknown, unknown>]> = [
  ["tokenTransfers", (bs) => bs.streamTokenTransfers()],
  ["tokenInstanceTransfers", (bs) => bs.streamTokenInstanceTransfers(nft.address, "1")],
  ["transactions", (bs) => bs.streamTransactions()],
  ["transactionLogs", (bs) => bs.streamTransactionLogs(busyTransaction)],
  ["blocksValidated", (bs) => bs.streamBlocksValidated(miner)],
  ["smartContracts", (bs) => bs.streamSmartContracts()],
  ["withdrawals", (bs) => bs.streamWithdrawals()],
  ["nftCollections", (bs) => bs.streamNftCollections(user)],
  ["internalTransactions", (bs) => bs.streamInternalTransactions(router)],
  ["addressWithdrawals", (bs) => bs.streamAddressWithdrawals(user)]
]

/** Faults on about one request in six, by a hash of the request number: the same requests on every run. */
const chaos = (kinds: ReadonlyArray<Fault["_tag"]>, counts: Map<string, number>) => (context: FaultContext) => {
  const h = Math.imul(context.requestNumber, 2654435761) >>> 0
  if (h % 6 !== 0) return undefined
  const tag = kinds[(h >>> 8) % kinds.length]!
  counts.set(tag, (counts.get(tag) ?? 0) + 1)
  return { _tag: tag } as Fault
}

const layerOn = (
  http: Layer.Layer<import("effect/http").HttpClient.HttpClient>,
  family: Family,
  options: ClientOptions,
  baseUrl = "http://sim.test"
) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make(`proapi_soak_${family}`), baseUrl, ...options })
    : Blockscout.layerInstance({ baseUrl, ...options })
  ).pipe(Layer.provide(http))

/** Serialises items for an exact comparison (bigints and dates included). */
const text = (items: ReadonlyArray<unknown>) => JSON.stringify(items, (_, v) => (typeof v === "bigint" ? `${v}n` : v))

const collect = (run: (bs: BlockscoutShape) => Stream.Stream<unknown, unknown>) =>
  Blockscout.use((bs) => Stream.runCollect(run(bs)))

describe("soak: streams under faults equal a fault-free run", () => {
  for (const family of ["pro", "instance"] as const) {
    it.effect(
      `${family}: every paged endpoint, in process, 5xx / drop / truncate / hang / repeated cursor / 429`,
      () =>
        Effect.gen(function* () {
          const counts = new Map<string, number>()
          const faulty = SimulatedBlockscout.make({
            ...chain,
            faults: chaos(["ServerError", "Drop", "Truncate", "Hang", "RepeatCursor"], counts),
            rateLimit: { limit: 6, windowMillis: 1000 }
          })
          // Client pacing off: the server's 429s (and their x-ratelimit-reset) must be handled by retries.
          const options: ClientOptions = {
            pageSize: 25,
            timeout: "5 seconds",
            rateLimit: false,
            retry: { times: 10, base: "50 millis", max: "2 seconds" }
          }
          const cleanLayer = layerOn(layerHttpClient(chain), family, options)
          const faultyLayer = layerOn(layerHttpClient(faulty), family, options)
          let total = 0
          for (const [name, run] of streams) {
            const expected = yield* collect(run).pipe(Effect.provide(cleanLayer))
            const actual = yield* driven(collect(run).pipe(Effect.provide(faultyLayer)))
            assert.isAbove(expected.length, 0, name)
            assert.strictEqual(actual.length, expected.length, `${name}: item count`)
            assert.isTrue(text(actual) === text(expected), `${name}: the same items in the same order`)
            total += actual.length
          }
          assert.isAbove(total, 5000)
          for (const tag of ["ServerError", "Drop", "Truncate", "Hang", "RepeatCursor"]) {
            assert.isAbove(counts.get(tag) ?? 0, 5, `${tag} faults injected`)
          }
          assert.isAbove(faulty.requests.filter((r) => r.status === 429).length, 5, "429s answered")
        }).pipe(isolatedLimits),
      // Over 5,000 items decoded twice on the TestClock: about 2 s of CPU on a quiet 2-core machine, more
      // than vitest's 5 s default when other work shares the cores.
      30_000
    )
  }

  it.effect("pro with the client's limiter on: the header budget keeps 429s away under faults", () =>
    Effect.gen(function* () {
      const counts = new Map<string, number>()
      const faulty = SimulatedBlockscout.make({
        ...chain,
        faults: chaos(["ServerError", "Drop", "Truncate", "Hang"], counts),
        rateLimit: { limit: 10, windowMillis: 1000 }
      })
      const options: ClientOptions = {
        pageSize: 50,
        timeout: "5 seconds",
        rateLimit: { requestsPerSecond: 0 },
        retry: { times: 10, base: "50 millis", max: "2 seconds" }
      }
      const run = (bs: BlockscoutShape) => bs.streamTransactions()
      const expected = yield* collect(run).pipe(Effect.provide(layerOn(layerHttpClient(chain), "pro", options)))
      const actual = yield* driven(collect(run).pipe(Effect.provide(layerOn(layerHttpClient(faulty), "pro", options))))
      assert.isTrue(text(actual) === text(expected))
      assert.isAbove(counts.size, 0)
      assert.strictEqual(faulty.requests.filter((r) => r.status === 429).length, 0)
    }).pipe(isolatedLimits)
  )

  it.effect("three concurrent streams on one key share the header budget: no 429, nothing lost", () =>
    Effect.gen(function* () {
      const limited = SimulatedBlockscout.make({ ...chain, rateLimit: { limit: 5, windowMillis: 1000 } })
      const options: ClientOptions = { pageSize: 50, rateLimit: { requestsPerSecond: 0 }, retry: false }
      const runs = [streams[0]![1], streams[2]![1], streams[6]![1]]
      const expected = yield* Effect.forEach(runs, (run) =>
        collect(run).pipe(Effect.provide(layerOn(layerHttpClient(chain), "pro", options)))
      )
      const actual = yield* driven(
        Effect.all(
          runs.map((run) => collect(run)),
          { concurrency: "unbounded" }
        ).pipe(Effect.provide(layerOn(layerHttpClient(limited), "pro", options)))
      )
      for (const [i, items] of actual.entries()) assert.isTrue(text(items) === text(expected[i]!), `stream ${i}`)
      assert.strictEqual(limited.requests.filter((r) => r.status === 429).length, 0)
    }).pipe(isolatedLimits)
  )

  it.live("over a loopback socket (real drops, cut bodies, hangs) on the live clock", () =>
    Effect.gen(function* () {
      const counts = new Map<string, number>()
      const server = yield* serve({
        ...chain,
        faults: chaos(["ServerError", "Drop", "Truncate", "Hang"], counts),
        rateLimit: { limit: 10, windowMillis: 100 }
      })
      const options: ClientOptions = {
        pageSize: 50,
        timeout: "150 millis",
        rateLimit: false,
        retry: { times: 10, base: "5 millis", max: "50 millis" }
      }
      // Pro token transfers (the slow endpoint, the biggest history); the instance family is covered above.
      const cases = [["pro", streams[0]!] as const]
      for (const [family, [name, run]] of cases) {
        const expected = yield* collect(run).pipe(Effect.provide(layerOn(layerHttpClient(chain), family, options)))
        const actual = yield* collect(run).pipe(
          Effect.provide(layerOn(FetchHttpClient.layer, family, options, server.baseUrl))
        )
        assert.strictEqual(actual.length, expected.length, `${family} ${name}: item count`)
        assert.isTrue(text(actual) === text(expected), `${family} ${name}: the same items in the same order`)
      }
      for (const tag of ["ServerError", "Drop", "Truncate", "Hang"]) {
        assert.isAbove(counts.get(tag) ?? 0, 0, `${tag} faults injected`)
      }
      assert.isAbove(server.simulator.requests.filter((r) => r.status === 429).length, 0, "429s answered")
    }).pipe(Effect.scoped, isolatedLimits)
  )
})
