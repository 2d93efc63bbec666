/**
 * Dry runs counted by the chain's counters and an NFT instance's: the chain's withdrawals (K2), verified contracts
 * (K3), blocks and transactions (`/stats`), an NFT instance's transfers (K1) and a block's transactions,
 * withdrawals and internal transactions (its details, S11). On even and uneven chains (the simulator's `density`),
 * both families, the estimate is within 5% of the requests and credits the simulated server's books recorded for
 * the run (runs of 50 pages or more where the chain holds that many), the run within
 * its range; a block span is not taken for the whole count (sampled, the counter never asked); and a server
 * without the counter (older than its row's `since`, or answering 404) is sampled, on a loopback server.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/simulator/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { endpointTable } from "@blockscout-effect/schema"
import type { BlockscoutMethods } from "../../src/BlockscoutMethods.ts"
import { toContext } from "../../src/internal/context.ts"
import { makeRegistry } from "../../src/internal/limiter/registry.ts"
import { makeMethods } from "../../src/internal/methods.ts"
import { estimateOf } from "../../src/internal/partition/estimate.ts"
import { Blockscout, CountSources, type EndpointArgs, endpoints, type ListName } from "../../src/index.ts"
import { clientLayer, quiet } from "./support.ts"

/** What `effect` cost the simulated server, by its books. */
const costOf = <A, E, R>(sim: SimulatedBlockscout, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = sim.books
    const value = yield* effect
    return { value, requests: sim.books.requests - before.requests, credits: sim.books.credits - before.credits }
  })

/** The chain-wide lists a counter describes, whole or partitioned (a counter counts all of the history). */
const counted: ReadonlyArray<{ readonly name: ListName<typeof endpoints>; readonly args: EndpointArgs }> = [
  { name: "blocks", args: { pageSize: 50 } },
  { name: "blocks", args: { type: "block", pageSize: 40, partition: { concurrency: 4 } } },
  { name: "transactions", args: {} },
  { name: "transactions", args: { filter: "validated", partition: true } },
  { name: "withdrawals", args: {} },
  { name: "withdrawals", args: { partition: { concurrency: 1 } } },
  { name: "smartContracts", args: { sort: "balance", order: "desc" } }
]

describe("a dry run counted by the chain's counters: within 5% on even and uneven chains", () => {
  for (const [density, seed, family] of [
    ["even", 3, "pro"],
    ["even", 4, "instance"],
    ["bursts", 5, "instance"],
    ["bursts", 9, "pro"],
    ["growing", 1, "pro"],
    ["growing", 9, "instance"]
  ] as const) {
    it.live(
      `${density}, seed ${seed}, ${family}`,
      () => {
        const sim = SimulatedBlockscout.make({ seed, blocks: 3000, smartContracts: 400, credits: 1e9, density })
        return Effect.gen(function* () {
          const bs = yield* Blockscout
          for (const { name, args } of counted) {
            const dry = yield* costOf(sim, bs.estimate(name, args))
            const estimate = dry.value
            const run = yield* costOf(sim, Stream.runCount(bs.stream(name, args)))
            const said = `${name} ${JSON.stringify(args)}: ${estimate.items} items, ${estimate.calls} calls (${JSON.stringify(estimate.range)}), ${estimate.credits} credits for ${run.value} items, ${run.requests} calls, ${run.credits} credits`
            assert.strictEqual(estimate.itemsFrom, "count", said)
            // The counter and the first page: nothing sampled.
            assert.strictEqual(dry.requests, 2, said)
            assert.strictEqual(estimate.items, run.value, said)
            if (name !== "smartContracts") assert.isAtLeast(run.requests, 50, said)
            assert.isAtMost(Math.abs(estimate.calls - run.requests), Math.max(1, run.requests * 0.05), said)
            assert.isAtMost(
              Math.abs(estimate.credits - run.credits),
              Math.max(endpoints[name].credits, run.credits * 0.05),
              said
            )
            assert.strictEqual(run.credits === 0, family === "instance", said)
            assert.isTrue(run.requests >= estimate.range.calls.low && run.requests <= estimate.range.calls.high, said)
            // `/stats` may answer an estimate: its counts carry a tenth either way; the others are counts.
            const spread = CountSources.counterFor(name, args)?.spread ?? 0
            assert.strictEqual(estimate.range.items.high, Math.ceil(estimate.items * (1 + spread)), said)
          }
          // An NFT instance's transfers (K1, per transfer log): the instance with the most.
          const nft = sim.chain.tokens.find((t) => t.type === "ERC-721")!
          let best = { tokenId: "0", n: -1 }
          for (let id = 0; id < 40; id++) {
            const count = yield* bs.getTokenInstanceTransfersCount(nft.address, String(id))
            const n = Number(count.transfers_count ?? 0)
            if (n > best.n) best = { tokenId: String(id), n }
          }
          const args = { token: nft.address, tokenId: best.tokenId, pageSize: 2 }
          const dry = yield* costOf(sim, bs.estimate("tokenInstanceTransfers", args))
          const run = yield* costOf(sim, Stream.runCount(bs.stream("tokenInstanceTransfers", args)))
          const said = `instance ${best.tokenId}: ${JSON.stringify(dry.value)} for ${run.value} items, ${run.requests} calls`
          assert.strictEqual(dry.value.itemsFrom, "count", said)
          assert.strictEqual(dry.value.items, run.value, said)
          assert.isAtMost(Math.abs(dry.value.calls - run.requests), 1, said)
        }).pipe(Effect.provide(clientLayer(sim, family)))
      },
      120_000
    )
  }
})

describe("a block's lists counted by its details (S11)", () => {
  for (const family of ["pro", "instance"] as const) {
    it.effect(`transactions, withdrawals, internal transactions of the busiest block, ${family}`, () => {
      const sim = SimulatedBlockscout.make({ seed: 5, blocks: 600, credits: 1e9, density: "bursts" })
      return Effect.gen(function* () {
        const bs = yield* Blockscout
        let busiest = 0
        for (let h = 1; h < sim.chain.height; h++) {
          if (sim.chain.template(h).transactions.length > sim.chain.template(busiest).transactions.length) busiest = h
        }
        const numberOrHash = String(busiest)
        for (const name of ["blockTransactions", "blockWithdrawals", "blockInternalTransactions"] as const) {
          const args = { numberOrHash, pageSize: 2 }
          const dry = yield* costOf(sim, bs.estimate(name, args))
          const run = yield* costOf(sim, Stream.runCount(bs.stream(name, args)))
          const said = `${name} of block ${busiest}: ${JSON.stringify(dry.value)} for ${run.value} items, ${run.requests} calls, ${run.credits} credits`
          assert.strictEqual(dry.value.itemsFrom, "count", said)
          assert.strictEqual(dry.requests, 2, said)
          assert.strictEqual(dry.value.items, run.value, said)
          assert.isAtMost(Math.abs(dry.value.calls - run.requests), Math.max(1, run.requests * 0.05), said)
          assert.isAtMost(Math.abs(dry.value.credits - run.credits), Math.max(1, run.credits * 0.05), said)
        }
        // Its transactions fill more than the largest page: without the counter they have no keys to sample by.
        const error = yield* Effect.flip(
          bs.estimate("blockTransactions", { numberOrHash, pageSize: 2 }, { count: CountSources.sample })
        )
        assert.strictEqual(error.reason._tag, "InvalidArgument")
      }).pipe(Effect.provide(clientLayer(sim, family)))
    })
  }
})

describe("a counter is the whole list's count, not a span's", () => {
  it.effect("a block span of blocks and transactions is sampled, the counter never asked", () => {
    const sim = SimulatedBlockscout.make({ seed: 5, blocks: 3000, credits: 1e9, density: "bursts" })
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      for (const name of ["blocks", "transactions"] as const) {
        const partition = { fromBlock: 1000, toBlock: 1999 }
        const before = sim.requests.length
        const estimate = yield* bs.estimate(name, { partition })
        const asked = sim.requests.slice(before).map((r) => r.path)
        assert.strictEqual(estimate.itemsFrom, "sample")
        assert.notInclude(asked, "/api/v2/stats")
        const run = yield* Stream.runCount(bs.stream(name, { partition }))
        // Within its range, and nowhere near the whole chain's count (three times the span's).
        assert.isTrue(run >= estimate.range.items.low && run <= estimate.range.items.high, `${name}: ${run}`)
        const whole = yield* bs.estimate(name)
        assert.isAbove(whole.items, estimate.range.items.high, name)
      }
    }).pipe(Effect.provide(clientLayer(sim, "instance")))
  })
})

describe("a server without the counter: sampled", () => {
  const overLoopback = (baseUrl: string) =>
    Blockscout.layerInstance({ baseUrl, ...quiet }).pipe(Layer.provide(FetchHttpClient.layer))

  it.live("older than the counter (K3 since 5.1.2): its 404 is no count, the list's page counts it", () =>
    Effect.gen(function* () {
      // Few enough contracts for one page: a list without block keys is only counted from a page holding it whole.
      const server = yield* serve({ seed: 2, blocks: 400, smartContracts: 40, backendVersion: "v5.1.1" })
      const [estimate, listed] = yield* Effect.gen(function* () {
        const bs = yield* Blockscout
        const estimate = yield* bs.estimate("smartContracts")
        return [estimate, yield* Stream.runCount(bs.stream("smartContracts"))] as const
      }).pipe(Effect.provide(overLoopback(server.baseUrl)))
      const paths = server.simulator.requests.slice(0, -1).map((r) => [r.path, r.status])
      // The counter refused (this release predates it; its version row too, so the 404 stays NotFound), then the
      // list's own page only.
      assert.deepStrictEqual(paths[0], ["/api/v2/smart-contracts/counters", 404], JSON.stringify(paths))
      assert.deepStrictEqual(
        paths.filter(([path]) => path !== "/api/v2/config/backend-version").slice(1),
        [["/api/v2/smart-contracts", 200]],
        JSON.stringify(paths)
      )
      assert.strictEqual(estimate.itemsFrom, "sample")
      assert.deepStrictEqual([estimate.items, estimate.calls], [listed, 1])
    })
  )

  it.live("/stats answered 404 (and a withdrawal counter too): blocks and withdrawals sampled", () =>
    Effect.gen(function* () {
      const server = yield* serve({
        seed: 2,
        blocks: 400,
        faults: (request) =>
          request.path === "/stats" || request.path === "/withdrawals/counters"
            ? { _tag: "Status", status: 404, body: { message: "Not found" } }
            : undefined
      })
      const [blocks, withdrawals] = yield* Effect.gen(function* () {
        const bs = yield* Blockscout
        return [yield* bs.estimate("blocks"), yield* bs.estimate("withdrawals")] as const
      }).pipe(Effect.provide(overLoopback(server.baseUrl)))
      const asked = server.simulator.requests.map((r) => r.path)
      assert.include(asked, "/api/v2/stats")
      assert.include(asked, "/api/v2/withdrawals/counters")
      assert.deepStrictEqual([blocks.itemsFrom, withdrawals.itemsFrom], ["sample", "sample"])
      assert.isTrue(blocks.range.items.low <= 400 && 400 <= blocks.range.items.high, JSON.stringify(blocks))
    })
  )
})

/** `endpoints` with the withdrawal counters served since 12.0 (a made-up `since`, for the test). */
const laterCounters = endpointTable({
  ...endpoints,
  withdrawalCounters: { ...endpoints.withdrawalCounters, since: "12.0.0" }
})

describe("a counter the server is too old for: sampled", () => {
  it.live("the counter's 404 is Unsupported on an 11.x server, then refused before sending: the list sampled", () =>
    Effect.gen(function* () {
      const server = yield* serve({ version: "11", endpoints: laterCounters, blocks: 400 })
      const http = yield* HttpClient.HttpClient
      const target = {
        family: "instance",
        chainId: undefined,
        baseUrl: server.baseUrl,
        apiKey: undefined,
        secretKey: undefined
      } as const
      const ctx = toContext(http, makeRegistry(), target, { rateLimit: false, retry: false })
      const methods = makeMethods<BlockscoutMethods, typeof laterCounters>(laterCounters, ctx)
      const estimate = estimateOf(laterCounters, ctx, () => CountSources.fromCounters(methods as never))
      const first = yield* estimate("withdrawals")
      const paths = server.simulator.requests.map((r) => [r.path, r.status])
      assert.deepStrictEqual(paths.slice(0, 2), [
        ["/api/v2/withdrawals/counters", 404],
        ["/api/v2/config/backend-version", 200]
      ])
      assert.isTrue(
        paths.slice(2).every(([path]) => path === "/api/v2/withdrawals"),
        JSON.stringify(paths)
      )
      assert.strictEqual(first.itemsFrom, "sample")
      // The version known, the counter is not asked again.
      const before = server.simulator.requests.length
      const second = yield* estimate("withdrawals")
      const again = server.simulator.requests.slice(before).map((r) => r.path)
      assert.notInclude(again, "/api/v2/withdrawals/counters")
      assert.deepStrictEqual([second.itemsFrom, second.items], ["sample", first.items])
      const listed = yield* Stream.runCount(methods.streamWithdrawals())
      assert.isTrue(listed >= first.range.items.low && listed <= first.range.items.high, JSON.stringify(first))
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )
})

describe("which chain counter describes which request", () => {
  it("filters a counter does not split by, and the list's default given explicitly", () => {
    const rule = (endpoint: string, args: EndpointArgs) => {
      const found = CountSources.counterFor(endpoint, args)
      return found === undefined ? undefined : `${found.counter}.${found.field}`
    }
    assert.strictEqual(rule("blocks", {}), "stats.total_blocks")
    assert.strictEqual(rule("blocks", { type: "block" }), "stats.total_blocks")
    assert.strictEqual(rule("blocks", { type: "uncle" }), undefined)
    assert.strictEqual(rule("transactions", { filter: "validated" }), "stats.total_transactions")
    assert.strictEqual(rule("transactions", { filter: "pending" }), undefined)
    assert.strictEqual(rule("transactions", { method: ["transfer"] }), undefined)
    assert.strictEqual(rule("transactions", { partition: { fromBlock: 3 } }), undefined)
    assert.strictEqual(rule("withdrawals", { partition: { fromIndex: 3 } }), undefined)
    assert.strictEqual(rule("withdrawals", { partition: { parts: 3 } }), "withdrawalCounters.withdrawals_count")
    assert.strictEqual(rule("smartContracts", { sort: "balance" }), "smartContractCounters.verified_smart_contracts")
    assert.strictEqual(rule("smartContracts", { q: "usd" }), undefined)
    assert.strictEqual(rule("smartContracts", { filter: "solidity" }), undefined)
    assert.strictEqual(
      rule("tokenInstanceTransfers", { token: "0xab", tokenId: "7" }),
      "tokenInstanceTransfersCount.transfers_count"
    )
    assert.strictEqual(rule("tokenInstanceTransfers", { token: "0xab" }), undefined)
    assert.strictEqual(rule("blockTransactions", { numberOrHash: "12" }), "block.transactions_count")
    assert.strictEqual(rule("blockTransactions", { numberOrHash: "12", type: ["contract_call"] }), undefined)
    assert.strictEqual(rule("blockInternalTransactions", { numberOrHash: "12" }), "block.internal_transactions_count")
    assert.strictEqual(rule("addresses", {}), undefined, "total_addresses counts more than the list")
  })

  it.effect("one /stats request answers both blocks and transactions", () => {
    const sim = SimulatedBlockscout.make({ seed: 7, blocks: 300 })
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const source = CountSources.fromCounters(bs)
      const before = sim.requests.length
      const blocks = yield* source({ endpoint: "blocks", args: {} })
      const transactions = yield* source({ endpoint: "transactions", args: {} })
      // The Pro family's path: /{chainId}/api/v2/stats.
      assert.deepStrictEqual(
        sim.requests.slice(before).map((r) => r.path),
        [`/${sim.chain.chainId}/api/v2/stats`]
      )
      const stats = yield* bs.getStats()
      assert.deepStrictEqual([blocks, transactions], [Number(stats.total_blocks), Number(stats.total_transactions)])
    }).pipe(Effect.provide(clientLayer(sim, "pro")))
  })
})
