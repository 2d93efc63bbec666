import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"

const paths = [
  "/api/v2/token-transfers?items_count=100",
  "/1/api/v2/token-transfers?apikey=k&type=ERC-721",
  "/api/v2/transactions",
  "/api/v2/transactions?filter=pending",
  "/api/v2/smart-contracts",
  "/api/v2/withdrawals"
]

const answers = (seed: number) => {
  const sim = SimulatedBlockscout.make({ seed, blocks: 500 })
  return paths.map((url) => sim.handle({ method: "GET", url, headers: {} }, 0).body)
}

describe("the same seed gives the same chain", () => {
  it("answers byte-for-byte the same for the same seed, in a fresh simulator", () => {
    expect(answers(42)).toEqual(answers(42))
  })

  it("gives a different chain for a different seed", () => {
    const a = answers(42)
    const b = answers(43)
    for (let i = 0; i < paths.length; i++) expect(b[i]).not.toEqual(a[i])
  })

  it("answers a page the same whatever was asked before (items are pure functions of the seed and position)", () => {
    const fresh = SimulatedBlockscout.make({ seed: 9, blocks: 500 })
    const used = SimulatedBlockscout.make({ seed: 9, blocks: 500 })
    for (const url of paths) used.handle({ method: "GET", url, headers: {} }, 0)
    const url = "/api/v2/token-transfers?block_number=300&index=2"
    expect(used.handle({ method: "GET", url, headers: {} }, 0).body).toBe(
      fresh.handle({ method: "GET", url, headers: {} }, 0).body
    )
  })
})
