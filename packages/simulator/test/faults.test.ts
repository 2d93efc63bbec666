import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { HttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { type Fault, layerHttpClient, makeHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { small } from "./support/http.ts"

const base = "http://blockscout.test/api/v2"

/** A simulator whose nth request gets `fault` (1-based), through the in-process client. */
const faulty = (fault: Fault, n = 1) => {
  const sim = small({ faults: ({ requestNumber }) => (requestNumber === n ? fault : undefined) })
  return { sim, client: makeHttpClient(sim) }
}

describe("faults behave as configured (in-process client)", () => {
  it.effect("a ServerError fault answers 502 with the Pro gateway's body, then the next request succeeds", () =>
    Effect.gen(function* () {
      const { client } = faulty({ _tag: "ServerError" })
      const r = yield* client.get("http://blockscout.test/1/api/v2/withdrawals?apikey=k")
      expect(r.status).toBe(502)
      expect(yield* r.json).toEqual({ error: "Bad gateway", source: "upstream" })
      const again = yield* client.get("http://blockscout.test/1/api/v2/withdrawals?apikey=k")
      expect(again.status).toBe(200)
    })
  )

  it.effect("a Drop fault fails the request with a transport error", () =>
    Effect.gen(function* () {
      const { client } = faulty({ _tag: "Drop" })
      const error = yield* Effect.flip(client.get(`${base}/withdrawals`))
      expect(error.reason._tag).toBe("TransportError")
    })
  )

  it.effect("a Truncate fault delivers the status but fails while reading the body", () =>
    Effect.gen(function* () {
      const { client } = faulty({ _tag: "Truncate" })
      const r = yield* client.get(`${base}/withdrawals`)
      expect(r.status).toBe(200)
      const error = yield* Effect.flip(r.json)
      expect(error.reason._tag).toBe("DecodeError")
    })
  )

  it.effect("a Hang fault never answers, so only a timeout ends it", () =>
    Effect.gen(function* () {
      const { client } = faulty({ _tag: "Hang" })
      const fiber = yield* Effect.forkChild(Effect.timeoutOption(client.get(`${base}/withdrawals`), "30 seconds"))
      yield* TestClock.adjust("29 seconds")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 second")
      const result = yield* Fiber.join(fiber)
      expect(result._tag).toBe("None")
    })
  )

  it.effect("a RepeatCursor fault answers a page whose next_page_params is the cursor it was fetched with", () =>
    Effect.gen(function* () {
      const { client } = faulty({ _tag: "RepeatCursor" }, 2)
      const first = (yield* (yield* client.get(`${base}/transactions?items_count=5`)).json) as {
        next_page_params: Record<string, number>
      }
      const c = first.next_page_params
      const second = (yield* (yield* client.get(
        `${base}/transactions?type=coin_transfer&block_number=${c.block_number}&index=${c.index}`
      )).json) as { next_page_params: unknown }
      expect(second.next_page_params).toEqual(c)
    })
  )

  it.effect("latency is slept on the Effect clock", () =>
    Effect.gen(function* () {
      const client = makeHttpClient(small({ latency: 500 }))
      const fiber = yield* Effect.forkChild(client.get(`${base}/withdrawals`))
      yield* TestClock.adjust("499 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect((yield* Fiber.join(fiber)).status).toBe(200)
    })
  )

  it("a fault rate picks the same requests for the same seed, and about the configured share", () => {
    const run = (seed: number) => {
      const sim = SimulatedBlockscout.make({ seed, blocks: 64, faults: { rate: 0.2, kinds: ["ServerError", "Drop"] } })
      return Array.from({ length: 500 }, () => {
        const r = sim.handle({ method: "GET", url: "/api/v2/withdrawals", headers: {} }, 0)
        return r.transport ?? r.status
      })
    }
    const a = run(1)
    expect(run(1)).toEqual(a)
    expect(run(2)).not.toEqual(a)
    const faults = a.filter((x) => x !== 200).length
    expect(faults).toBeGreaterThan(60)
    expect(faults).toBeLessThan(140)
    expect(new Set(a)).toEqual(new Set([200, 500, "drop"]))
  })

  it.effect("the in-process layer provides an HttpClient for any host", () =>
    Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const r = yield* client.get("https://eth.blockscout.com/api/v2/main-page/transactions")
      expect(r.status).toBe(200)
      expect(((yield* r.json) as Array<unknown>).length).toBe(6)
    }).pipe(Effect.provide(layerHttpClient({ seed: 3, blocks: 100 })))
  )
})
