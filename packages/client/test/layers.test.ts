import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
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
