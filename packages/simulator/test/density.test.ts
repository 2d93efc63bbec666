/**
 * Uneven chains (`ChainOptions.density`): activity bunched in bursts between long quiet stretches, or growing
 * with height, instead of the even chain's pattern of 32 blocks; seeded and deterministic like the rest, and as
 * consistent (an address's counters count what its lists list, the chain's lists what the blocks hold).
 */
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"
import { get, type Json, walk } from "./support/http.ts"

const make = (density: "even" | "bursts" | "growing", seed = 3) =>
  SimulatedBlockscout.make({ seed, blocks: 2000, pendingTransactions: 0, density })

/** Token transfers per block, over the whole chain (the list walked). */
const perBlock = (sim: SimulatedBlockscout): Array<number> => {
  const counts = Array.from({ length: sim.chain.height }, () => 0)
  for (const t of walk(sim, "/api/v2/token-transfers").items) counts[t.block_number as number]! += 1
  return counts
}

const sum = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0)

describe("an uneven chain", () => {
  it("even is the default: the same chain, byte for byte, as no option", () => {
    const a = SimulatedBlockscout.make({ seed: 3, blocks: 300 })
    const b = SimulatedBlockscout.make({ seed: 3, blocks: 300, density: "even" })
    expect(get(b, "/api/v2/token-transfers").body).toBe(get(a, "/api/v2/token-transfers").body)
    expect(a.chain.period).toBe(32)
  })

  it("is deterministic: the same seed and density give the same pages; another seed another chain", () => {
    for (const density of ["bursts", "growing"] as const) {
      const body = get(make(density), "/api/v2/token-transfers", { block_number: 900, index: 0 }).body
      expect(get(make(density), "/api/v2/token-transfers", { block_number: 900, index: 0 }).body).toBe(body)
      expect(get(make(density, 4), "/api/v2/token-transfers", { block_number: 900, index: 0 }).body).not.toBe(body)
      expect(make(density).chain.period).toBe(2048)
    }
  })

  it("bursts: a tenth of the blocks hold most transfers, and whole stretches of 64 blocks are quiet", () => {
    for (const seed of [3, 8]) {
      const counts = perBlock(make("bursts", seed))
      const total = sum(counts)
      const busiest = [...counts].sort((a, b) => b - a).slice(0, counts.length / 10)
      expect(sum(busiest) / total).toBeGreaterThan(0.7)
      const stretches = Array.from({ length: Math.floor(counts.length / 64) }, (_, i) =>
        sum(counts.slice(i * 64, i * 64 + 64))
      )
      const mean = total / stretches.length
      expect(stretches.filter((n) => n < mean / 3).length).toBeGreaterThanOrEqual(5)
      expect(Math.max(...stretches)).toBeGreaterThan(mean * 1.5)
      // The even chain, by contrast: every stretch within a third of the mean.
      const even = perBlock(make("even", seed))
      const evenMean = sum(even) / stretches.length
      for (let i = 0; i < stretches.length; i++) {
        expect(Math.abs(sum(even.slice(i * 64, i * 64 + 64)) - evenMean)).toBeLessThan(evenMean / 3)
      }
    }
  })

  it("growing: the newest quarter holds several times what the oldest does", () => {
    const counts = perBlock(make("growing"))
    const quarter = counts.length / 4
    expect(sum(counts.slice(3 * quarter)) / sum(counts.slice(0, quarter))).toBeGreaterThan(4)
  })

  it("stays consistent: an address's counters count its lists, a block's count its transactions", () => {
    for (const density of ["bursts", "growing"] as const) {
      const sim = make(density)
      for (const address of sim.chain.users.slice(0, 3)) {
        const counters = get(sim, `/api/v2/addresses/${address}/counters`).json as Json
        const transactions = walk(sim, `/api/v2/addresses/${address}/transactions`).items
        const transfers = walk(sim, `/api/v2/addresses/${address}/token-transfers`).items
        expect(Number(counters.transactions_count)).toBe(transactions.length)
        // Counted per transfer log: an ERC-1155 batch is one.
        const logs = new Set(transfers.map((t) => `${t.transaction_hash}|${t.log_index}`))
        expect(Number(counters.token_transfers_count)).toBe(logs.size)
      }
      for (const height of [5, 700, 1999]) {
        const block = get(sim, `/api/v2/blocks/${height}`).json as Json
        const listed = walk(sim, `/api/v2/blocks/${height}/transactions`).items
        expect(block.transactions_count).toBe(listed.length)
      }
    }
  })
})
