/**
 * `otherChains`: a simulated Pro API serving several chains behind one key, as the real one does: each chain
 * its own history and faults, all counted against the key's one rate-limit window.
 */
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"
import { get, type Json } from "./support/http.ts"

const key = { apikey: "proapi_test" }

const make = (rateLimit?: { limit: number; windowMillis: number }) =>
  SimulatedBlockscout.make({
    seed: 7,
    blocks: 40,
    chainId: 1,
    rateLimit,
    otherChains: [
      { chainId: 10, seed: 8, blocks: 30 },
      { chainId: 8453, seed: 9, blocks: 20, faults: () => ({ _tag: "ServerError", status: 503 }) }
    ]
  })

const firstWithdrawal = (sim: SimulatedBlockscout, chainId: number) =>
  ((get(sim, `/${chainId}/api/v2/withdrawals`, key).json as Json).items as Array<Json>)[0]

describe("a Pro API over several chains", () => {
  it("serves each chain's own history under its chain id, and 404 for a chain it does not serve", () => {
    const sim = make()
    // The newest withdrawal's index tells the chain's length (two per block): 40, 30 blocks.
    expect(firstWithdrawal(sim, 1)?.index).toBe(79)
    expect(firstWithdrawal(sim, 10)?.index).toBe(59)
    expect(get(sim, "/137/api/v2/withdrawals", key).status).toBe(404)
    // The instance family serves the main chain only.
    expect(((get(sim, "/api/v2/withdrawals").json as Json).items as Array<Json>)[0]?.index).toBe(79)
  })

  it("applies a chain's own faults to that chain only", () => {
    const sim = make()
    expect(get(sim, "/8453/api/v2/withdrawals", key).status).toBe(503)
    expect(get(sim, "/10/api/v2/withdrawals", key).status).toBe(200)
  })

  it("counts every chain's requests in the key's one window", () => {
    const sim = make({ limit: 2, windowMillis: 1000 })
    expect(get(sim, "/1/api/v2/withdrawals", key, {}, 10).status).toBe(200)
    expect(get(sim, "/10/api/v2/withdrawals", key, {}, 20).status).toBe(200)
    const third = get(sim, "/10/api/v2/withdrawals", key, {}, 30)
    expect(third.status).toBe(429)
    expect(third.headers["x-ratelimit-remaining"]).toBe("0")
    // Another key has a window of its own.
    expect(get(sim, "/10/api/v2/withdrawals", { apikey: "proapi_other" }, {}, 40).status).toBe(200)
  })

  it("refuses a chain served twice", () => {
    expect(() => SimulatedBlockscout.make({ chainId: 1, otherChains: [{ chainId: 1 }] })).toThrow(/served twice/)
    expect(() => SimulatedBlockscout.make({ otherChains: [{ chainId: 5 }, { chainId: 5 }] })).toThrow(/served twice/)
  })
})
