/**
 * The option layers and `Blockscout.make`: every option checked when the layer is built (a bad one is an
 * `InvalidArgument` naming it, and nothing is sent), where a service sends its requests, and the same client
 * on another chain sharing its key's limiter.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, LayerMap, Redacted } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { Blockscout, type BlockscoutOptions, type InstanceOptions, type ProOptions } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { isolatedLimits, settle } from "./support/wait.ts"

/** An HTTP client that fails the test if anything is sent. */
const noRequests = Layer.succeed(
  HttpClient.HttpClient,
  HttpClient.make(() => Effect.die("no request expected"))
)

/** The service a layer builds, over a client that sends nothing. */
const built = <E>(layer: Layer.Layer<Blockscout, E, HttpClient.HttpClient>) =>
  Blockscout.use((bs) => Effect.succeed(bs)).pipe(Effect.provide(layer.pipe(Layer.provide(noRequests))))

const key = Redacted.make("proapi_layer_key")

describe("option layers check every option when built", () => {
  const pro = (options: Partial<ProOptions>) =>
    Blockscout.layerPro({ chainId: 1, apiKey: key, ...options } as ProOptions)
  const instance = (options: Partial<InstanceOptions>) =>
    Blockscout.layerInstance({ baseUrl: "https://eth.blockscout.com", ...options } as InstanceOptions)
  const cases: ReadonlyArray<{
    readonly what: string
    readonly layer: Layer.Layer<Blockscout, unknown, HttpClient.HttpClient>
    readonly argument: string
    readonly message: string
  }> = [
    {
      what: "a chain id of NaN",
      layer: pro({ chainId: Number.NaN }),
      argument: "chainId",
      message: "chainId must be a positive integer (1 for Ethereum); got NaN"
    },
    { what: "a chain id of 0", layer: pro({ chainId: 0 }), argument: "chainId", message: "got 0" },
    { what: "a fractional chain id", layer: pro({ chainId: 1.5 }), argument: "chainId", message: "got 1.5" },
    {
      what: "an empty Pro key",
      layer: pro({ apiKey: Redacted.make("  ") }),
      argument: "apiKey",
      message: 'apiKey must be a non-empty Redacted string (Redacted.make("..."))'
    },
    {
      what: "a base URL without a scheme",
      layer: instance({ baseUrl: "eth.blockscout.com" }),
      argument: "baseUrl",
      message: "baseUrl: the base URL is not an absolute URL"
    },
    {
      what: "an ftp base URL",
      layer: instance({ baseUrl: "ftp://eth.blockscout.com" }),
      argument: "baseUrl",
      message: "is not http or https"
    },
    {
      what: "a base URL with a query",
      layer: instance({ baseUrl: "https://eth.blockscout.com/?apikey=x" }),
      argument: "baseUrl",
      message: "has a query"
    },
    {
      what: "a Pro base URL naming another chain",
      layer: pro({ chainId: 10, baseUrl: "https://api.blockscout.com/1/api/v2" }),
      argument: "baseUrl",
      message: "baseUrl: the base URL names chain 1, not the chain id 10"
    },
    {
      what: "a timeout that is not a duration",
      layer: pro({ timeout: "soon" as never }),
      argument: "timeout",
      message: 'timeout must be a positive duration (e.g. "30 seconds"); got "soon"'
    },
    {
      what: "a zero timeout",
      layer: pro({ timeout: 0 }),
      argument: "timeout",
      message: "timeout must be a positive duration"
    },
    {
      what: "a negative retry count",
      layer: pro({ retry: { times: -1 } }),
      argument: "retry.times",
      message: "retry.times must be an integer from 0 to 100; got -1"
    },
    {
      what: "an infinite rate",
      layer: pro({ rateLimit: { requestsPerSecond: Number.POSITIVE_INFINITY } }),
      argument: "rateLimit.requestsPerSecond",
      message: "must be a non-negative number"
    },
    {
      what: "a cap of 0 requests in flight",
      layer: pro({ rateLimit: { maxInFlight: 0 } }),
      argument: "rateLimit.maxInFlight",
      message: "rateLimit.maxInFlight must be a positive integer; got 0"
    },
    {
      what: "a page size of 0",
      layer: instance({ pageSize: 0 }),
      argument: "pageSize",
      message: "pageSize must be an integer from 1 to 1000; got 0"
    },
    {
      what: "an unknown key placement",
      layer: instance({ apiKeyIn: "cookie" as never }),
      argument: "apiKeyIn",
      message: "apiKeyIn must be one of query, header"
    }
  ]
  for (const c of cases) {
    it.effect(`${c.what}: InvalidArgument (${c.argument}), nothing sent`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(built(c.layer))
        assert.isTrue(error instanceof Error && "reason" in error)
        const reason = (
          error as { readonly reason: { readonly _tag: string; readonly argument?: string; readonly message: string } }
        ).reason
        assert.strictEqual(reason._tag, "InvalidArgument")
        assert.strictEqual(reason.argument, c.argument)
        assert.include(reason.message, c.message)
      })
    )
  }

  it.effect("a base URL with user:password is refused, and the message never repeats the password", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(built(instance({ baseUrl: "https://user:pa55@eth.blockscout.com" })))
      assert.strictEqual(error.reason._tag, "InvalidArgument")
      assert.include(error.message, "carries credentials")
      assert.notInclude(`${error.message} ${JSON.stringify(error)}`, "pa55")
    })
  )

  it.effect("base URLs as users paste them: with /api/v2, trailing slashes, a Pro URL naming the same chain", () =>
    Effect.gen(function* () {
      const gnosis = yield* built(instance({ baseUrl: " https://gnosis.blockscout.com/api/v2// " }))
      assert.strictEqual(gnosis.target.apiUrl, "https://gnosis.blockscout.com/api/v2")
      const base = yield* built(pro({ chainId: 8453, baseUrl: "https://api.blockscout.com/8453/api/v2/" }))
      assert.strictEqual(base.target.apiUrl, "https://api.blockscout.com/8453/api/v2")
    })
  )
})

describe("target", () => {
  it.effect("says where each layer sends requests, credential-free", () =>
    Effect.gen(function* () {
      const pro = yield* built(Blockscout.layerPro({ chainId: 8453, apiKey: Redacted.make("proapi_target_secret") }))
      assert.deepStrictEqual(pro.target, {
        family: "pro",
        baseUrl: "https://api.blockscout.com",
        chainId: 8453,
        apiUrl: "https://api.blockscout.com/8453/api/v2"
      })
      assert.strictEqual(pro.family, "pro")
      assert.strictEqual(pro.chainId, 8453)
      const instance = yield* built(
        Blockscout.layerInstance({
          baseUrl: "https://eth.blockscout.com/",
          apiKey: Redacted.make("inst_target_key"),
          secretKey: Redacted.make("inst_target_secret")
        })
      )
      assert.deepStrictEqual(instance.target, {
        family: "instance",
        baseUrl: "https://eth.blockscout.com",
        chainId: undefined,
        apiUrl: "https://eth.blockscout.com/api/v2"
      })
      for (const text of [JSON.stringify(pro.target), JSON.stringify(instance.target)]) {
        for (const secret of ["proapi_target_secret", "inst_target"]) assert.notInclude(text, secret)
      }
    })
  )
})

describe("Blockscout.make", () => {
  it.effect("builds services for custom wiring, each checked like the layers", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const options: ReadonlyArray<BlockscoutOptions> = [
        { family: "pro", chainId: 100, apiKey: key, baseUrl: server.url, rateLimit: false },
        { family: "instance", baseUrl: `${server.url}/api/v2`, rateLimit: false }
      ]
      const services = yield* Effect.forEach(options, Blockscout.make).pipe(Effect.provide(FetchHttpClient.layer))
      yield* Effect.forEach(services, (bs) => bs.listWithdrawals())
      assert.deepStrictEqual(
        server.requests.map((r) => r.path),
        ["/100/api/v2/withdrawals", "/api/v2/withdrawals"]
      )
      const error = yield* Effect.flip(
        Blockscout.make({ family: "pro", chainId: -3, apiKey: key }).pipe(Effect.provide(FetchHttpClient.layer))
      )
      assert.strictEqual(error.reason.argument, "chainId")
    }).pipe(Effect.scoped)
  )
})

describe("forChain: one client per chain on one Pro key", () => {
  it.effect("asks the other chain's path, with the same key and options", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const layer = Blockscout.layerPro({ chainId: 1, apiKey: key, baseUrl: server.url, rateLimit: false, pageSize: 7 })
      const base = yield* Blockscout.forChain(8453).pipe(Effect.provide(layer), Effect.provide(FetchHttpClient.layer))
      assert.strictEqual(base.chainId, 8453)
      assert.strictEqual(base.target.apiUrl, `${server.url}/8453/api/v2`)
      yield* base.listWithdrawals()
      assert.strictEqual(server.requests[0]!.path, "/8453/api/v2/withdrawals")
      assert.strictEqual(server.requests[0]!.query.get("apikey"), "proapi_layer_key")
      assert.strictEqual(server.requests[0]!.query.get("items_count"), "7")
    }).pipe(Effect.scoped)
  )

  it.effect("shares the key's limiter: a budget spent on one chain holds back the other", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => ({
        headers: { "x-ratelimit-remaining": n === 0 ? "0" : "100", "x-ratelimit-reset": "3000" },
        body: page([])
      }))
      const layer = Blockscout.layerPro({
        chainId: 1,
        apiKey: Redacted.make("proapi_for_chain_shared"),
        baseUrl: server.url,
        rateLimit: { requestsPerSecond: 1000 },
        retry: false
      }).pipe(Layer.provide(FetchHttpClient.layer))
      const fiber = yield* Effect.gen(function* () {
        const ethereum = yield* Blockscout
        const optimism = yield* ethereum.forChain(10)
        yield* ethereum.listWithdrawals()
        yield* optimism.listWithdrawals()
      }).pipe(Effect.provide(layer), isolatedLimits, Effect.forkChild)
      yield* settle()
      assert.strictEqual(server.requests.length, 1, "the second chain waits for the key's reset")
      yield* TestClock.adjust("2999 millis")
      yield* settle()
      assert.strictEqual(server.requests.length, 1)
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(
        server.requests.map((r) => r.path),
        ["/1/api/v2/withdrawals", "/10/api/v2/withdrawals"]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("as layers: a LayerMap of chains over one Pro layer (the README's recipe)", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const ProLive = Blockscout.layerPro({ chainId: 1, apiKey: key, baseUrl: server.url, rateLimit: false }).pipe(
        Layer.provide(FetchHttpClient.layer)
      )
      class Chains extends LayerMap.Service<Chains>()("test/Chains", {
        lookup: (chainId: number) => Layer.effect(Blockscout, Blockscout.forChain(chainId)),
        dependencies: [ProLive]
      }) {}
      const list = Blockscout.use((bs) => bs.listWithdrawals())
      yield* Effect.all([list.pipe(Effect.provide(Chains.get(10))), list.pipe(Effect.provide(Chains.get(8453)))]).pipe(
        Effect.provide(Chains.layer)
      )
      assert.deepStrictEqual(server.requests.map((r) => r.path).sort(), [
        "/10/api/v2/withdrawals",
        "/8453/api/v2/withdrawals"
      ])
    }).pipe(Effect.scoped)
  )

  it.effect("fails on an instance (it serves one chain) and for a chain id that is not a positive integer", () =>
    Effect.gen(function* () {
      const instance = yield* built(Blockscout.layerInstance({ baseUrl: "https://eth.blockscout.com" }))
      const one = yield* Effect.flip(instance.forChain(10))
      assert.include(one.message, "forChain needs the Pro API")
      const pro = yield* built(Blockscout.layerPro({ chainId: 1, apiKey: key }))
      const two = yield* Effect.flip(pro.forChain(Number.NaN))
      assert.strictEqual(two.reason.argument, "chainId")
    })
  )
})
