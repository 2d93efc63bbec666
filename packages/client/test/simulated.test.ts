/**
 * The client against the simulated Blockscout (`@blockscout-effect/client/testing`), in-process: every
 * paged endpoint streamed to its end in both families, compared with a raw walk of the same simulator.
 */
import { SimulatedBlockscout, type SimulatorOptions } from "@blockscout-effect/client/testing"
import { layerHttpClient } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import { Blockscout, type BlockscoutShape, type EndpointName, endpoints, type Family } from "../src/index.ts"
import { driven, isolatedLimits } from "./support/wait.ts"

const simulator = (options: SimulatorOptions = {}) =>
  SimulatedBlockscout.make({ seed: 11, blocks: 120, pendingTransactions: 7, smartContracts: 30, ...options })

/** Item count of a full raw walk (the simulator's own answers, cursors followed by hand). */
const rawCount = (sim: SimulatedBlockscout, path: string, filters: Record<string, string>): number => {
  let cursor: Record<string, string | number> | null = {}
  let count = 0
  while (cursor !== null) {
    const params = new URLSearchParams({
      ...filters,
      ...Object.fromEntries(Object.entries(cursor).map(([k, v]) => [k, String(v)]))
    })
    const response = sim.handle({ method: "GET", url: `http://sim.test/api/v2${path}?${params}`, headers: {} }, 0)
    const page = JSON.parse(response.body) as {
      items: Array<unknown>
      next_page_params: Record<string, string | number> | null
    }
    count += page.items.length
    cursor = page.next_page_params
  }
  return count
}

const layerFor = (sim: SimulatedBlockscout, family: Family, key: string) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make(key), rateLimit: false })
    : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
  ).pipe(Layer.provide(layerHttpClient(sim)))

describe("against the simulated Blockscout", () => {
  const sim = simulator()
  const user = sim.chain.users[3]!
  const miner = sim.chain.miners[0]!
  const firstTx = JSON.parse(
    sim.handle({ method: "GET", url: "http://sim.test/api/v2/transactions", headers: {} }, 0).body
  ) as { items: Array<{ hash: string }> }
  const txHash = firstTx.items[0]!.hash

  const streams: ReadonlyArray<{
    readonly name: EndpointName
    readonly path: string
    readonly filters: Record<string, string>
    readonly run: (bs: BlockscoutShape) => Stream.Stream<unknown, unknown>
  }> = [
    {
      name: "tokenTransfers",
      path: "/token-transfers",
      filters: { type: "ERC-721,ERC-1155" },
      run: (bs) => bs.streamTokenTransfers({ type: ["ERC-721", "ERC-1155"] })
    },
    {
      name: "transactions",
      path: "/transactions",
      filters: { filter: "validated", type: "contract_call" },
      run: (bs) => bs.streamTransactions({ filter: "validated", type: ["contract_call"] })
    },
    {
      name: "transactionLogs",
      path: `/transactions/${txHash}/logs`,
      filters: {},
      run: (bs) => bs.streamTransactionLogs(txHash)
    },
    {
      name: "blocksValidated",
      path: `/addresses/${miner}/blocks-validated`,
      filters: {},
      run: (bs) => bs.streamBlocksValidated(miner)
    },
    { name: "smartContracts", path: "/smart-contracts", filters: {}, run: (bs) => bs.streamSmartContracts() },
    { name: "withdrawals", path: "/withdrawals", filters: {}, run: (bs) => bs.streamWithdrawals() },
    {
      name: "nftCollections",
      path: `/addresses/${user}/nft/collections`,
      filters: {},
      run: (bs) => bs.streamNftCollections(user)
    },
    {
      name: "internalTransactions",
      path: `/addresses/${user}/internal-transactions`,
      filters: {},
      run: (bs) => bs.streamInternalTransactions(user)
    },
    {
      name: "addressWithdrawals",
      path: `/addresses/${user}/withdrawals`,
      filters: {},
      run: (bs) => bs.streamAddressWithdrawals(user)
    }
  ]

  for (const family of ["pro", "instance"] as const) {
    for (const s of streams) {
      it.effect(`${family}: ${s.name} streams every item to the last page`, () =>
        Effect.gen(function* () {
          const expected = rawCount(sim, s.path, s.filters)
          const items = yield* Blockscout.use((bs) => Stream.runCollect(s.run(bs))).pipe(
            Effect.provide(layerFor(sim, family, "proapi_sim"))
          )
          assert.isAbove(expected, 0)
          assert.strictEqual(items.length, expected)
          assert.isTrue(endpoints[s.name].shape === "page")
        })
      )
    }
  }

  it.effect("a paced stream never sees a 429 from a server limiting the key to its plan", () =>
    Effect.gen(function* () {
      // Pacing and the server's windows both follow the clock: virtual time, moved in 5 ms steps.
      const limited = simulator({ rateLimit: { limit: 10, windowMillis: 1000 } })
      const items = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals({ pageSize: 10 }).pipe(Stream.take(200)))).pipe(
          Effect.provide(
            Blockscout.layerPro({
              chainId: limited.chain.chainId,
              apiKey: Redacted.make("proapi_paced_sim"),
              rateLimit: { requestsPerSecond: 10 },
              retry: false
            }).pipe(Layer.provide(layerHttpClient(limited)))
          )
        ),
        "5 millis"
      )
      assert.strictEqual(items.length, 200)
      assert.isAtLeast(limited.requests.length, 20)
      assert.deepStrictEqual(limited.requests.filter((r) => r.status === 429).length, 0)
    }).pipe(isolatedLimits)
  )

  it.effect("pre-12 servers echo apikey and key into cursors: the client's cursors never carry them", () =>
    Effect.gen(function* () {
      const old = simulator({ version: "11" })
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages({ pageSize: 50 }))).pipe(
        Effect.provide(
          Blockscout.layerInstance({
            baseUrl: "http://sim.test",
            apiKey: Redacted.make("inst_key_123"),
            secretKey: Redacted.make("inst_secret_456"),
            rateLimit: false
          }).pipe(Layer.provide(layerHttpClient(old)))
        )
      )
      assert.isAbove(pages.length, 1)
      for (const p of pages) {
        const text = JSON.stringify([p.cursor, p.next_page_params])
        assert.notInclude(text, "inst_key_123")
        assert.notInclude(text, "inst_secret_456")
      }
      for (const request of old.requests)
        assert.isAtMost(Object.keys(request.query).filter((k) => k === "apikey").length, 1)
    })
  )
})
