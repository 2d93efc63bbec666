import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"

describe("the client runs unchanged over the simulated Blockscout", () => {
  it.effect("Blockscout.layerInstance runs unchanged on the in-process layer and streams a full history", () => {
    const sim = SimulatedBlockscout.make({ seed: 11, blocks: 300 })
    const user = sim.chain.users[9]!
    const expected = sim.chain.userWithdrawals(9, 1_000_000).length
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const all = yield* Stream.runCollect(bs.streamAddressWithdrawals(user))
      assert.strictEqual(all.length, expected)
      const indexes = all.map((w) => w.index)
      assert.strictEqual(new Set(indexes).size, expected)
    }).pipe(
      Effect.provide(
        Blockscout.layerInstance({ baseUrl: "http://blockscout.test" }).pipe(Layer.provide(layerHttpClient(sim)))
      )
    )
  })

  it.effect("Blockscout.layerPro runs unchanged on the in-process layer", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const page = yield* bs.listTokenTransfers({ type: ["ERC-1155"] })
      assert.strictEqual(page.items.length, 50)
      assert.isTrue(page.items.every((t) => t.token.type === "ERC-1155"))
    }).pipe(
      Effect.provide(
        Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_test"), baseUrl: "http://pro.test" }).pipe(
          Layer.provide(layerHttpClient({ seed: 2 }))
        )
      )
    )
  )
})
