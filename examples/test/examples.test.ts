import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, FileSystem, Layer, Redacted, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { latestActivity, layerFromSettings } from "../src/configuration.ts"
import { streamHistory } from "../src/stream-history.ts"
import { formatUnits, tokenFlows } from "../src/token-flows.ts"

const simulator = SimulatedBlockscout.make({ blocks: 300 })
const http = layerHttpClient(simulator)
const instance = Blockscout.layerInstance({ baseUrl: "http://blockscout.test", rateLimit: false }).pipe(
  Layer.provide(http)
)
const pro = Blockscout.layerPro({
  chainId: 1,
  apiKey: Redacted.make("proapi_test"),
  baseUrl: "http://blockscout.test",
  rateLimit: false
}).pipe(Layer.provide(http))

/**
 * An instance of a release before 6.9 (Blockscout PR #10801 added `block_number` to token transfers): the
 * simulator's answers with `block_number` taken out of every token transfer. The simulator itself speaks
 * 11.x and 12.x, whose transfers carry it.
 */
const olderInstance = Blockscout.layerInstance({ baseUrl: "http://blockscout.test", rateLimit: false }).pipe(
  Layer.provide(
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.gen(function* () {
          const response = yield* (yield* HttpClient.HttpClient).execute(request)
          const body = (yield* response.json) as { items?: Array<Record<string, unknown>> }
          const items = request.url.endsWith("/token-transfers")
            ? body.items?.map(({ block_number: _, ...rest }) => rest)
            : body.items
          return HttpClientResponse.fromWeb(
            request,
            new Response(JSON.stringify({ ...body, items }), { status: response.status, headers: response.headers })
          )
        }).pipe(Effect.provide(http), Effect.orDie)
      )
    )
  )
)

describe("stream-history", () => {
  it.effect("interrupted after 3 pages and resumed, writes the same file as an uninterrupted run", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const whole = yield* streamHistory({ output: `${dir}/whole.ndjson`, pageSize: 20 })
        assert.isTrue(whole.state.done)

        // Interrupt the fiber while it sits after its third page (a Ctrl-C between pages).
        const output = `${dir}/out.ndjson`
        const third = yield* Deferred.make<void>()
        const fiber = yield* streamHistory({
          output,
          pageSize: 20,
          onPage: (_, state) =>
            state.pages === 3 ? Effect.andThen(Deferred.succeed(third, undefined), Effect.never) : Effect.void
        }).pipe(Effect.forkChild)
        yield* Deferred.await(third)
        yield* Fiber.interrupt(fiber)
        assert.strictEqual((yield* fs.readFileString(output)).trimEnd().split("\n").length, 60)

        const resumed = yield* streamHistory({ output, pageSize: 20 })
        assert.isTrue(resumed.resumed)
        assert.strictEqual(resumed.newItems, whole.state.items - 60)
        assert.deepStrictEqual(yield* fs.readFile(output), yield* fs.readFile(`${dir}/whole.ndjson`))
      })
    ).pipe(Effect.provide([instance, NodeServices.layer]))
  )

  it.effect("with fresh: true, starts over even when a checkpoint exists", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        yield* streamHistory({ output: `${dir}/a.ndjson`, maxPages: 2 })
        const again = yield* streamHistory({ output: `${dir}/a.ndjson`, maxPages: 2, fresh: true })
        assert.isFalse(again.resumed)
        // Two pages of 100: streams ask the largest page.
        assert.strictEqual(again.state.items, 200)
      })
    ).pipe(Effect.provide([instance, NodeServices.layer]))
  )
})

describe("token-flows", () => {
  it.effect("ranks senders and receivers by summed bigint volume over exactly the block range", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const usdc = simulator.chain.tokens.find((t) => t.symbol === "USDC")!
      const flows = yield* tokenFlows({ token: usdc.address, fromBlock: 200, toBlock: 249, top: 3 })

      // The naive way: read from the newest transfer down, keep the range and the token.
      const all = yield* Stream.runCollect(
        bs.streamTokenTransfers({ type: ["ERC-20"] }).pipe(
          Stream.takeWhile((t) => (t.block_number ?? 0) >= 200),
          Stream.filter(
            (t) => (t.block_number ?? 0) <= 249 && t.token.address_hash.toLowerCase() === usdc.address.toLowerCase()
          )
        )
      )
      const sent = new Map<string, bigint>()
      let volume = 0n
      for (const t of all) {
        const value = t.total && "value" in t.total ? (t.total.value ?? 0n) : 0n
        sent.set(t.from.hash, (sent.get(t.from.hash) ?? 0n) + value)
        volume += value
      }
      const top = [...sent].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1))[0]!
      assert.strictEqual(flows.transfers, all.length)
      assert.isAbove(flows.transfers, 0)
      assert.strictEqual(flows.volume, volume)
      assert.deepStrictEqual([flows.senders[0]?.address, flows.senders[0]?.volume], [top[0], top[1]])
      assert.strictEqual(flows.token.decimals, 6)
      assert.strictEqual(flows.senders.length, 3)
      assert.isTrue(flows.senders[0]!.volume >= flows.senders[1]!.volume)
    }).pipe(Effect.provide(pro))
  )

  it.effect("gives the same flows from an instance whose transfers lack block_number (blocks read from cursors)", () =>
    Effect.gen(function* () {
      const usdc = simulator.chain.tokens.find((t) => t.symbol === "USDC")!
      const options = { token: usdc.address, fromBlock: 203, toBlock: 247, top: 3 }
      const fromPro = yield* Effect.provide(tokenFlows(options), pro)
      const fromInstance = yield* Effect.provide(tokenFlows(options), olderInstance)
      const sample = yield* Effect.provide(
        Effect.flatMap(Blockscout, (bs) => bs.listTokenTransfers({ type: ["ERC-20"] })),
        olderInstance
      )
      assert.isTrue(sample.items.every((t) => t.block_number === undefined || t.block_number === null))
      assert.isAbove(fromPro.transfers, 0)
      assert.deepStrictEqual(fromInstance, fromPro)
    })
  )

  it("formats amounts with the token's decimals using bigint arithmetic only", () => {
    assert.strictEqual(formatUnits(1_234_567_891n, 6), "1,234.56")
    assert.strictEqual(formatUnits(10n ** 30n + 5n, 18, 18), "1,000,000,000,000.000000000000000005")
    assert.strictEqual(formatUnits(-1_500n, 3), "-1.5")
    assert.strictEqual(formatUnits(42n, 0), "42")
  })
})

describe("configuration", () => {
  // Live clock: real sockets, and the client's default pacing really waits.
  it.live("runs the same program against the Pro API and an instance, chosen by configuration", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const server = yield* serve({ blocks: 300 })
        const asPro = yield* Effect.provide(
          latestActivity,
          layerFromSettings({
            BLOCKSCOUT_CHAIN_ID: "1",
            BLOCKSCOUT_API_KEY: "proapi_test",
            BLOCKSCOUT_PRO_BASE_URL: server.baseUrl
          })
        )
        const asInstance = yield* Effect.provide(
          latestActivity,
          layerFromSettings({ BLOCKSCOUT_BASE_URL: server.baseUrl })
        )
        assert.deepStrictEqual([asPro.family, asPro.chainId], ["pro", 1])
        assert.deepStrictEqual([asInstance.family, asInstance.chainId], ["instance", undefined])
        assert.strictEqual(asPro.transactions.length, 5)
        assert.deepStrictEqual(asPro.transactions, asInstance.transactions)
        assert.deepStrictEqual(asPro.withdrawals, asInstance.withdrawals)
        assert.isTrue(server.simulator.requests.some((r) => r.family === "pro"))
        assert.isTrue(server.simulator.requests.some((r) => r.family === "instance"))
      })
    )
  )

  it.effect("fails with a ConfigError, before any request, when nothing is configured", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Effect.provide(latestActivity, layerFromSettings({})))
      assert.strictEqual(error._tag, "ConfigError")
    })
  )
})
