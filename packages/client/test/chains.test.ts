/**
 * One query on many chains of one Pro key (`streamChains`), against a simulated Pro API serving three chains
 * behind one key: every item tagged with the chain it came from (compared with a raw walk of each chain),
 * the key's one rate limit shared by all chains (no 429), and one chain's failure reported for that chain
 * while the others finish.
 */
import { SimulatedBlockscout, type SimulatorOptions } from "@blockscout-effect/client/testing"
import { layerHttpClient } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import {
  Blockscout,
  type BlockscoutError,
  type ChainElement,
  type ClientOptions,
  isBlockscoutError,
  streamChains
} from "../src/index.ts"
import { driven, isolatedLimits } from "./support/wait.ts"

const chains = [1, 10, 8453] as const

const simulator = (options: SimulatorOptions = {}) =>
  SimulatedBlockscout.make({
    seed: 21,
    blocks: 60,
    chainId: 1,
    ...options,
    otherChains: [
      { chainId: 10, seed: 22, blocks: 70 },
      { chainId: 8453, seed: 23, blocks: 50 },
      ...(options.otherChains ?? [])
    ].filter((chain, i, all) => all.findLastIndex((other) => other.chainId === chain.chainId) === i)
  })

/** A simulator with no limit and no faults: the same chains, read directly as the truth. */
const truth = simulator()

/** Every withdrawal index of one chain, by walking its pages straight from the simulator. */
const rawIndexes = (chainId: number): Array<number> => {
  type Cursor = Record<string, string | number>
  const out: Array<number> = []
  let cursor: Cursor | null = {}
  while (cursor !== null) {
    const params = new URLSearchParams(Object.entries(cursor).map(([k, v]): [string, string] => [k, String(v)]))
    params.set("apikey", "proapi_chains")
    const url = `http://sim.test/${chainId}/api/v2/withdrawals?${params}`
    const page = JSON.parse(truth.handle({ method: "GET", url, headers: {} }, 0).body) as {
      items: Array<{ index: number }>
      next_page_params: Cursor | null
    }
    out.push(...page.items.map((item) => item.index))
    cursor = page.next_page_params
  }
  return out
}

const proLayer = (sim: SimulatedBlockscout, options: ClientOptions = {}, chainId = 1) =>
  Blockscout.layerPro({
    chainId,
    apiKey: Redacted.make("proapi_chains"),
    baseUrl: "http://sim.test",
    retry: { times: 2, base: "10 millis", max: "20 millis" },
    ...options
  }).pipe(Layer.provide(layerHttpClient(sim)))

type Element = ChainElement<{ readonly index: number }, BlockscoutError>

const everyWithdrawal = (sim: SimulatedBlockscout, options: ClientOptions = {}) =>
  driven(
    isolatedLimits(
      Stream.runCollect(streamChains(chains, (bs) => bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(sim, options))
      )
    )
  ) as Effect.Effect<Array<Element>, BlockscoutError>

const itemsOf = (elements: ReadonlyArray<Element>, chainId: number) =>
  elements.flatMap((e) => (e._tag === "Item" && e.chainId === chainId ? [e.item.index] : []))

describe("streamChains", () => {
  it.effect("tags every item with its chain: each chain's items are that chain's list, in its order, then Done", () =>
    Effect.gen(function* () {
      const sim = simulator()
      const elements = yield* everyWithdrawal(sim, { rateLimit: false })
      for (const chainId of chains) {
        const expected = rawIndexes(chainId)
        assert.isAtLeast(expected.length, 100, "two pages or more per chain")
        assert.deepStrictEqual(itemsOf(elements, chainId), expected, `chain ${chainId}`)
        const ends = elements.filter((e) => e._tag !== "Item" && e.chainId === chainId)
        assert.deepStrictEqual(ends, [{ _tag: "Done", chainId, items: expected.length }])
        // Done comes after the chain's last item.
        assert.isTrue(
          elements.findLastIndex((e) => e.chainId === chainId && e._tag === "Item") < elements.indexOf(ends[0]!)
        )
      }
      // The chains' histories differ (different seeds and lengths), so a mistagged item could not pass.
      assert.notDeepEqual(itemsOf(elements, 10), itemsOf(elements, 8453))
      // Every request went to one of the three chains, on the one key.
      assert.deepStrictEqual([...new Set(sim.requests.map((r) => r.path.split("/")[1]))].sort(), ["1", "10", "8453"])
    })
  )

  it.effect("all chains share the key's one rate limit: no 429 against a server allowing 5 requests a second", () =>
    Effect.gen(function* () {
      const sim = simulator({ rateLimit: { limit: 5, windowMillis: 1000 } })
      // Pages of 10: about 40 requests, 8 seconds of the server's windows.
      const elements = yield* everyWithdrawal(sim, { rateLimit: { requestsPerSecond: 5 }, retry: false, pageSize: 10 })
      for (const chainId of chains) assert.strictEqual(itemsOf(elements, chainId).length, rawIndexes(chainId).length)
      const statuses = sim.requests.filter((r) => r.family === "pro" && r.query.apikey === "proapi_chains")
      assert.isAbove(statuses.length, 30)
      assert.deepStrictEqual(
        statuses.filter((r) => r.status === 429).map((r) => r.path),
        []
      )
    })
  )

  it.effect("control: three clients pacing themselves apart on the same key meet 429s from that server", () =>
    Effect.gen(function* () {
      const sim = simulator({ rateLimit: { limit: 5, windowMillis: 1000 } })
      // Each chain's client with a limiter registry of its own: 5 requests a second each, 15 together.
      const apart = Effect.forEach(
        chains,
        (chainId) =>
          isolatedLimits(
            Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals({ pageSize: 10 }))).pipe(
              Effect.provide(
                proLayer(
                  sim,
                  { rateLimit: { requestsPerSecond: 5 }, retry: { times: 20, base: "200 millis" } },
                  chainId
                )
              )
            )
          ),
        { concurrency: "unbounded" }
      )
      yield* driven(apart)
      assert.isAbove(sim.requests.filter((r) => r.status === 429).length, 0)
    })
  )

  it.effect("one chain's failure is that chain's Failed element, after its items; the others finish", () =>
    Effect.gen(function* () {
      // Chain 10 answers its first page, then 502 on every later page (retried twice, then given up).
      const sim = simulator({
        otherChains: [
          {
            chainId: 10,
            seed: 22,
            blocks: 70,
            faults: (context) => (context.query.index !== undefined ? { _tag: "ServerError" } : undefined)
          }
        ]
      })
      const elements = yield* everyWithdrawal(sim, { rateLimit: false, pageSize: 50 })
      const failed = elements.filter((e) => e._tag === "Failed")
      assert.strictEqual(failed.length, 1)
      const failure = failed[0]!
      assert.strictEqual(failure.chainId, 10)
      assert.isTrue(isBlockscoutError(failure.error))
      assert.strictEqual((failure.error as BlockscoutError).reason._tag, "ServerError")
      // Its first page's items came out before the failure, and are counted on it.
      assert.deepStrictEqual(itemsOf(elements, 10), rawIndexes(10).slice(0, 50))
      assert.strictEqual(failure.items, 50)
      for (const chainId of [1, 8453]) {
        assert.deepStrictEqual(itemsOf(elements, chainId), rawIndexes(chainId))
        assert.isTrue(elements.some((e) => e._tag === "Done" && e.chainId === chainId))
      }
    })
  )

  it.effect("refuses before sending anything: an instance, no chain, a repeated or a bad chain id", () =>
    Effect.gen(function* () {
      const sim = simulator()
      const pro = proLayer(sim, { rateLimit: false })
      const attempt = (ids: ReadonlyArray<number>, layer = pro) =>
        Stream.runCollect(streamChains(ids, (bs) => bs.streamWithdrawals())).pipe(Effect.provide(layer), Effect.flip)
      const messages = [
        yield* attempt([]),
        yield* attempt([1, 10, 1]),
        yield* attempt([1, 0]),
        yield* attempt(
          [1],
          Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false }).pipe(
            Layer.provide(layerHttpClient(sim))
          )
        )
      ].map((error) => [error.reason._tag, error.reason.message])
      assert.deepStrictEqual(
        messages.map(([tag]) => tag),
        ["InvalidArgument", "InvalidArgument", "InvalidArgument", "InvalidArgument"]
      )
      assert.include(messages[0]![1], "at least one chain")
      assert.include(messages[1]![1], "chain 1 is listed twice")
      assert.include(messages[3]![1], "instance")
      assert.strictEqual(sim.requests.length, 0)
    })
  )
})
