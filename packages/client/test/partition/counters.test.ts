/**
 * Dry runs from the server's counters: by default, a list an address's or a token's counters describe is
 * counted by them (two requests: the counters and the first page, for the page size and the rate), and the
 * estimate is held to what the real run then costs on the simulated Blockscout, counted by its own request
 * log and credits: within a page of it. The counters count as Blockscout does (token transfers per log,
 * holders per address), so where the list gives more items the estimate is below by exactly that.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import {
  Blockscout,
  CountSources,
  type EndpointArgs,
  endpoints,
  type HistoryEstimateOptions,
  type ListName
} from "../../src/index.ts"
import type { TokenTransfer } from "@blockscout-effect/schema"
import { clientLayer } from "./support.ts"

const sim = SimulatedBlockscout.make({ seed: 31, blocks: 1200, pendingTransactions: 4, credits: 100_000_000 })
const chain = sim.chain
const layer = clientLayer(sim, "pro")

/** What running `effect` cost the simulated server, by its books: requests answered, credits charged. */
const costOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = sim.books
    const value = yield* effect
    return { value, requests: sim.books.requests - before.requests, credits: sim.books.credits - before.credits }
  })

const erc20 = chain.tokens.find((t) => t.type === "ERC-20")!
const erc1155 = chain.tokens.find((t) => t.type === "ERC-1155")!

/** The lists the counters describe, each with a subject whose list holds exactly the count. */
const exact: ReadonlyArray<{ readonly name: ListName<typeof endpoints>; readonly args: EndpointArgs }> = [
  { name: "addressTransactions", args: { address: chain.users[4]! } },
  { name: "blocksValidated", args: { address: chain.miners[1]! } },
  { name: "tokenTransfersByToken", args: { token: erc20.address } },
  { name: "tokenHolders", args: { token: erc20.address, pageSize: 20 } }
]

describe("a dry run counts from the server's counters by default", () => {
  for (const { name, args } of exact) {
    it.effect(`${name}: the counter's count, two requests, within a page of what the run costs`, () =>
      Effect.gen(function* () {
        const bs = yield* Blockscout
        const dry = yield* costOf(bs.estimate(name, args))
        const estimate = dry.value
        assert.strictEqual(dry.requests, 2, "the counters and the first page")
        assert.strictEqual(estimate.itemsFrom, "count")
        const run = yield* costOf(Stream.runCount(bs.stream(name, args)))
        assert.isAbove(run.requests, 1, "a history of several pages")
        assert.strictEqual(estimate.items, run.value, "the counter counts the list's items")
        assert.isAtMost(Math.abs(estimate.calls - run.requests), 1, `${estimate.calls} calls for ${run.requests}`)
        assert.isAtMost(
          Math.abs(estimate.credits - run.credits),
          endpoints[name].credits,
          `${estimate.credits} credits for ${run.credits}`
        )
      }).pipe(Effect.provide(layer))
    )
  }

  it.effect("token transfers are counted per log (an ERC-1155 batch once): turned into items by the first page", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const token = erc1155.address
      const counters = yield* bs.getTokenCounters(token)
      const estimate = yield* bs.estimate("tokenTransfersByToken", { token })
      const run = yield* costOf(Stream.runCollect(bs.streamTokenTransfersByToken(token)))
      const items = run.value
      const logs = new Set(items.map((t: TokenTransfer) => `${t.transaction_hash}:${t.log_index}`))
      assert.isBelow(logs.size, items.length, "the token has batches")
      assert.strictEqual(counters.transfers_count, BigInt(logs.size), "the counter counts logs")
      assert.strictEqual(CountSources.counterRules.tokenTransfersByToken!.unit, "transferLog")
      assert.isAtMost(
        Math.abs(estimate.items - items.length),
        items.length * 0.1,
        `${estimate.items} for ${items.length}`
      )
      assert.isAtMost(Math.abs(estimate.calls - run.requests), 1, `${estimate.calls} calls for ${run.requests}`)
    }).pipe(Effect.provide(layer))
  )

  it("items per count: one per item, per transfer log, per holder", () => {
    const transfer = (hash: string, log: number) => ({ block_hash: "0xb", transaction_hash: hash, log_index: log })
    const batch = [transfer("0x1", 3), transfer("0x1", 3), transfer("0x1", 3), transfer("0x2", 1)]
    assert.strictEqual(CountSources.itemsPerCount("transferLog", batch), 2)
    assert.strictEqual(CountSources.itemsPerCount("item", batch), 1)
    const holders = [{ address: { hash: "0xA" } }, { address: { hash: "0xa" } }, { address: { hash: "0xc" } }]
    assert.strictEqual(CountSources.itemsPerCount("holder", holders), 1.5)
    assert.strictEqual(CountSources.itemsPerCount("holder", []), 1)
  })

  it.effect("a request the counters do not describe is sampled: pages of the list, no counters", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const address = chain.users[4]!
      for (const args of [
        { address, type: ["ERC-20"] },
        { address, partition: { fromBlock: 100, toBlock: 900 } }
      ] as const) {
        const dry = yield* costOf(bs.estimate("addressTokenTransfers", args))
        // No counter asked: only the list's pages (a short list is walked whole, at most a few pages).
        assert.isAtLeast(dry.requests, 1, JSON.stringify(args))
        assert.isAtMost(dry.requests, 3, JSON.stringify(args))
        assert.strictEqual(dry.value.itemsFrom, "sample")
      }
      // Asked not to: `CountSources.sample` skips them; one sample page when asked for one.
      const sampled = yield* costOf(
        bs.estimate("addressTokenTransfers", { address }, { count: CountSources.sample, samples: 1 })
      )
      assert.deepStrictEqual([sampled.requests, sampled.value.itemsFrom], [1, "sample"])
    }).pipe(Effect.provide(layer))
  )

  it("which counter describes which request", () => {
    const address = chain.users[4]!
    const token = erc20.address
    const rule = (endpoint: string, args: EndpointArgs) => {
      const found = CountSources.counterFor(endpoint, args)
      return found === undefined ? undefined : `${found.counter}.${found.field}`
    }
    assert.strictEqual(rule("addressTransactions", { address }), "addressCounters.transactions_count")
    assert.strictEqual(rule("addressTransactions", { address, sort: "value" }), "addressCounters.transactions_count")
    assert.strictEqual(rule("addressTransactions", { address, filter: "to" }), undefined)
    assert.strictEqual(rule("addressTokenTransfers", { address }), "addressCounters.token_transfers_count")
    assert.strictEqual(rule("addressTokenTransfers", { address, token }), undefined)
    assert.strictEqual(rule("blocksValidated", { address, partition: true }), "addressCounters.validations_count")
    assert.strictEqual(
      rule("blocksValidated", { address, partition: { parts: 4 } }),
      "addressCounters.validations_count"
    )
    assert.strictEqual(rule("blocksValidated", { address, partition: { fromBlock: 5 } }), undefined)
    assert.strictEqual(rule("tokenTransfersByToken", { token }), "tokenCounters.transfers_count")
    assert.strictEqual(rule("tokenTransfersByToken", { token, cursor: { block_number: 9, index: 0 } }), undefined)
    assert.strictEqual(rule("tokenHolders", { token }), "tokenCounters.token_holders_count")
    assert.strictEqual(rule("internalTransactions", { address }), undefined)
    assert.strictEqual(rule("tokenTransfers", {}), undefined)
  })
})

describe("a dry run of an address's history", () => {
  const address = chain.users[4]!

  it.effect("the counters, then every list read whole when that is as cheap as sampling: all counted", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const dry = yield* costOf(bs.estimateAddressHistory(address))
      const run = yield* costOf(Stream.runCollect(bs.streamAddressHistoryPages(address)))
      // The counters, and each list's pages at 100: a few pages of a run of many more.
      assert.isAtMost(dry.requests, 12, "the counters and each list's pages")
      assert.isBelow(dry.requests, run.requests / 3)
      assert.deepStrictEqual(
        dry.value.lists.map((l) => [l.kind, l.itemsFrom]),
        [
          ["transaction", "count"],
          ["tokenTransfer", "count"],
          ["internalTransaction", "count"]
        ]
      )
      const tally = run.value[run.value.length - 1]!.tally
      const [transactions, transfers, internal] = dry.value.lists.map((l) => l.items) as [number, number, number]
      // Read whole: the lists' items as they list them (token transfers per item, not per log), the lookups.
      assert.strictEqual(transactions, tally.transactions + tally.pendingTransactions)
      assert.strictEqual(transfers, tally.tokenTransferItems)
      assert.strictEqual(internal, tally.internalTransactions)
      assert.strictEqual(dry.value.lookups, tally.lookups)
      assert.strictEqual(dry.value.calls, run.requests)
      assert.strictEqual(dry.value.credits, run.credits)
      // Asked for one sample page a list: the counters' counts (the internal transactions fit one page), the
      // lookups sampled from the blocks the pages share, in a range that holds the run.
      const sampled = yield* costOf(bs.estimateAddressHistory(address, { samples: 1 }))
      assert.strictEqual(sampled.requests, 4, "the counters and each list's newest page")
      assert.isAtMost(sampled.value.range.calls.low, run.requests)
      assert.isAtLeast(sampled.value.range.calls.high, run.requests)
    }).pipe(Effect.provide(layer))
  )

  it.effect("with the true counts given, within a page per list of what the run costs, report included", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const truth = new Map<string, number>()
      for (const name of ["addressTransactions", "addressTokenTransfers", "internalTransactions"] as const) {
        truth.set(name, yield* Stream.runCount(bs.stream(name, { address })))
      }
      const count: HistoryEstimateOptions = { count: ({ endpoint }) => Effect.succeed(truth.get(endpoint)) }
      for (const options of [{}, { partition: { parts: 3 } }, { fromBlock: 300, toBlock: 1000 }] as const) {
        const dry = yield* costOf(bs.estimateAddressHistory(address, { ...options, ...count }))
        const run = yield* costOf(Stream.runDrain(bs.streamAddressHistoryPages(address, options)))
        // A page per list, and the lookups' sampling error (the lookups are in the run's tally).
        const lookups = yield* Effect.map(
          Stream.runCollect(bs.streamAddressHistoryPages(address, { ...options, reconcile: false })),
          (pages) => pages[pages.length - 1]!.tally.lookups
        )
        const slack = Math.abs(dry.value.lookups - lookups)
        const what = `${JSON.stringify(options)}: ${dry.value.calls} calls (${dry.value.lookups} lookups) for ${run.requests} (${lookups})`
        assert.isAtMost(Math.abs(dry.value.calls - run.requests), dry.value.lists.length + slack, what)
        assert.isAtMost(Math.abs(dry.value.credits - run.credits), 20 + 30 + 40 + 20 * slack, what)
        assert.isAtMost(slack, lookups * 0.5 + 5, what)
      }
    }).pipe(Effect.provide(layer))
  )

  it.effect("bad options are refused before anything is sent", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const before = sim.books.requests
      for (const [address, options] of [
        ["0x12", {}],
        [chain.users[0]!, { kinds: [] }],
        [chain.users[0]!, { fromBlock: 10, toBlock: 5 }],
        [chain.users[0]!, { partition: { parts: 0 } }]
      ] as const) {
        const error = yield* Effect.flip(bs.estimateAddressHistory(address, options))
        assert.strictEqual(error.reason._tag, "InvalidArgument")
      }
      assert.strictEqual(sim.books.requests, before)
    }).pipe(Effect.provide(layer))
  )
})
