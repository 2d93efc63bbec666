import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { serve } from "@blockscout-effect/simulator/node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
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
})
