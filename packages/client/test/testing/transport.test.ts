import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"

describe("both ways in answer from the same handler", () => {
  it.effect("the loopback server answers both families over real HTTP on port 0", () =>
    Effect.gen(function* () {
      const server = yield* serve({ seed: 5, blocks: 120 })
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const client = yield* HttpClient.HttpClient
      const inst = yield* client.get(`${server.baseUrl}/api/v2/withdrawals?items_count=2`)
      expect(inst.status).toBe(200)
      expect(inst.headers["x-ratelimit-reset"]).toBe("-1")
      const body = (yield* inst.json) as { items: Array<unknown>; next_page_params: unknown }
      expect(body.items.length).toBe(2)
      const pro = yield* client.get(`${server.baseUrl}/${server.chainId}/api/v2/token-transfers?apikey=proapi_x`)
      expect(pro.status).toBe(200)
      expect(pro.headers["x-credits-remaining"]).toBeDefined()
      // The same request in-process gives the same bytes.
      const direct = SimulatedBlockscout.make({ seed: 5, blocks: 120 }).handle(
        { method: "GET", url: "/api/v2/withdrawals?items_count=2", headers: {} },
        0
      )
      expect(JSON.stringify(body)).toBe(direct.body)
    }).pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer))
  )

  it.effect("the loopback server drops and truncates connections for real", () =>
    Effect.gen(function* () {
      const server = yield* serve({
        blocks: 64,
        faults: ({ requestNumber }) =>
          requestNumber === 1 ? { _tag: "Drop" } : requestNumber === 2 ? { _tag: "Truncate" } : undefined
      })
      const client = yield* HttpClient.HttpClient
      const dropped = yield* Effect.flip(client.get(`${server.baseUrl}/api/v2/withdrawals`))
      expect(dropped.reason._tag).toBe("TransportError")
      const truncated = yield* Effect.exit(
        Effect.flatMap(client.get(`${server.baseUrl}/api/v2/withdrawals`), (r) => r.json)
      )
      expect(truncated._tag).toBe("Failure")
      const fine = yield* client.get(`${server.baseUrl}/api/v2/withdrawals`)
      expect(fine.status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer))
  )

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
