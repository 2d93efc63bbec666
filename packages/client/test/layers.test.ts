import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { Blockscout } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"

const withConfig = (env: Record<string, string>) =>
  Blockscout.layerConfig({ rateLimit: false }).pipe(
    Layer.provide(FetchHttpClient.layer),
    Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(env)))
  )

describe("layerConfig", () => {
  it.effect("BLOCKSCOUT_CHAIN_ID and BLOCKSCOUT_API_KEY pick the Pro API at BLOCKSCOUT_PRO_BASE_URL", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const family = yield* Blockscout.use((bs) => Effect.as(bs.listWithdrawals(), bs.family)).pipe(
        Effect.provide(
          withConfig({
            BLOCKSCOUT_CHAIN_ID: "8453",
            BLOCKSCOUT_API_KEY: "proapi_cfg",
            BLOCKSCOUT_PRO_BASE_URL: server.url
          })
        )
      )
      assert.strictEqual(family, "pro")
      assert.strictEqual(server.requests[0]!.path, "/8453/api/v2/withdrawals")
      assert.strictEqual(server.requests[0]!.query.get("apikey"), "proapi_cfg")
    }).pipe(Effect.scoped)
  )

  it.effect("the Pro API from configuration sends no BLOCKSCOUT_SECRET_KEY (an instance's secret), as layerPro", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(
          withConfig({
            BLOCKSCOUT_CHAIN_ID: "1",
            BLOCKSCOUT_API_KEY: "proapi_cfg",
            BLOCKSCOUT_SECRET_KEY: "s3cret",
            BLOCKSCOUT_PRO_BASE_URL: server.url
          })
        )
      )
      assert.isFalse(server.requests[0]!.query.has("key"))
    }).pipe(Effect.scoped)
  )

  it.effect("BLOCKSCOUT_BASE_URL picks an instance, with BLOCKSCOUT_SECRET_KEY sent as key", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(withConfig({ BLOCKSCOUT_BASE_URL: server.url, BLOCKSCOUT_SECRET_KEY: "s3cret" }))
      )
      assert.strictEqual(server.requests[0]!.path, "/api/v2/withdrawals")
      assert.strictEqual(server.requests[0]!.query.get("key"), "s3cret")
      assert.isFalse(server.requests[0]!.query.has("apikey"))
    }).pipe(Effect.scoped)
  )

  it.effect("fails with a ConfigError when neither family is configured", () =>
    Effect.gen(function* () {
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(withConfig({ BLOCKSCOUT_CHAIN_ID: "1" })),
        Effect.flip
      )
      assert.strictEqual(error._tag, "ConfigError")
    })
  )
})

describe("target", () => {
  it.effect("says where each layer sends requests, credential-free", () =>
    Effect.gen(function* () {
      const http = Layer.succeed(
        HttpClient.HttpClient,
        HttpClient.make(() => Effect.die("no request expected"))
      )
      const targetOf = (layer: Layer.Layer<Blockscout, never, HttpClient.HttpClient>) =>
        Blockscout.use((bs) => Effect.succeed({ target: bs.target, family: bs.family, chainId: bs.chainId })).pipe(
          Effect.provide(layer.pipe(Layer.provide(http)))
        )
      const pro = yield* targetOf(Blockscout.layerPro({ chainId: 8453, apiKey: Redacted.make("proapi_target_secret") }))
      assert.deepStrictEqual(pro.target, {
        family: "pro",
        baseUrl: "https://api.blockscout.com",
        chainId: 8453,
        apiUrl: "https://api.blockscout.com/8453/api/v2"
      })
      assert.strictEqual(pro.family, "pro")
      assert.strictEqual(pro.chainId, 8453)
      const instance = yield* targetOf(
        Blockscout.layerInstance({
          baseUrl: "https://user:pa55@eth.blockscout.com/",
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
      for (const text of [JSON.stringify(pro), JSON.stringify(instance)]) {
        for (const secret of ["proapi_target_secret", "inst_target", "pa55"]) assert.notInclude(text, secret)
      }
    })
  )

  it.effect("error URLs leave out a base URL's user:pass", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 404, body: { message: "Not found" } }))
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(
          Blockscout.layerInstance({ baseUrl: server.url.replace("//", "//user:pa55@"), rateLimit: false }).pipe(
            Layer.provide(
              // fetch refuses URLs with credentials: strip them on the way out, as a proxy-aware client would.
              Layer.effect(
                HttpClient.HttpClient,
                Effect.gen(function* () {
                  const client = yield* HttpClient.HttpClient
                  return HttpClient.mapRequest(client, (request) =>
                    HttpClientRequest.setUrl(request, request.url.replace("user:pa55@", ""))
                  )
                })
              ).pipe(Layer.provide(FetchHttpClient.layer))
            )
          )
        ),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "NotFound")
      assert.strictEqual(error.url, `${server.url}/api/v2/withdrawals`)
      assert.notInclude(`${error.message} ${JSON.stringify(error)}`, "pa55")
    }).pipe(Effect.scoped)
  )

  it.effect("a transport failure quoting the URL leaves out a base URL's user:pass", () =>
    Effect.gen(function* () {
      // fetch refuses a URL with credentials, and its message quotes that URL whole.
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(
          Blockscout.layerInstance({ baseUrl: "http://user:pa55@127.0.0.1:9", rateLimit: false, retry: false }).pipe(
            Layer.provide(FetchHttpClient.layer)
          )
        ),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "Transport")
      assert.include(error.message, "<redacted>@127.0.0.1:9")
      assert.notInclude(`${error.message} ${JSON.stringify(error)}`, "pa55")
    })
  )
})
