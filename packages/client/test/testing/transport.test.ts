import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"

describe("the client runs unchanged over the simulated Blockscout", () => {
  it.effect("Blockscout.layerInstance runs unchanged on the in-process layer and streams a full history", () => {
    const sim = SimulatedBlockscout.make({ seed: 11, blocks: 300 })
    const user = sim.chain.users[9]!
    const expected = sim.chain.userWithdrawals(9, 1_000_000).length
    return Effect.gen(function* () {
      const bs = yield* Blockscout
      const all = yield* Stream.runCollect(bs.streamAddressWithdrawals(user))
      expect(all.length).toBe(expected)
      const indexes = all.map((w) => w.index)
      expect(new Set(indexes).size).toBe(expected)
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
      expect(page.items.length).toBe(50)
      expect(page.items.every((t) => t.token.type === "ERC-1155")).toBe(true)
    }).pipe(
      Effect.provide(
        Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_test"), baseUrl: "http://pro.test" }).pipe(
          Layer.provide(layerHttpClient({ seed: 2 }))
        )
      )
    )
  )
})
