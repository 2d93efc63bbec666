/**
 * The README's figures (what a chain of a given length holds) are measured, not guessed: counted here from
 * the chain's block templates, the count method itself checked against a full walk of a small chain's
 * pages.
 */
import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { SimulatedChain } from "@blockscout-effect/simulator"
import { small, walk } from "./support/http.ts"

/** Items a chain of `blocks` blocks holds: each template's items times the blocks that use it. */
const count = (chain: SimulatedChain) => {
  const totals = { transactions: 0, transfers: 0, logs: 0, internals: 0 }
  for (const t of chain.templates) {
    const uses = t.slot < chain.height ? Math.floor((chain.height - 1 - t.slot) / chain.templates.length) + 1 : 0
    totals.transactions += uses * t.transactions.length
    totals.transfers += uses * t.transfers.length
    totals.logs += uses * t.logs.length
    totals.internals += uses * t.internals.length
  }
  return { ...totals, withdrawals: chain.withdrawalCount }
}

describe("the README's chain figures", () => {
  it("the count agrees with what the pages of a small chain list", () => {
    const sim = small({ blocks: 333 })
    const counted = count(sim.chain)
    expect(walk(sim, "/api/v2/transactions", { items_count: 100 }).items.length).toBe(counted.transactions)
    expect(walk(sim, "/api/v2/token-transfers", { items_count: 100 }).items.length).toBe(counted.transfers)
    expect(walk(sim, "/api/v2/withdrawals", { items_count: 100 }).items.length).toBe(counted.withdrawals)
  })

  it("every row of the README's table is what the chain of that length holds", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
    const table = readme.slice(readme.indexOf("<!-- figures: seed 1 -->"), readme.indexOf("<!-- /figures -->"))
    const rows = table
      .split("\n")
      .filter((line) => /^\| [\d,]+/.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) =>
            Number(
              cell
                .replace(/\(.*\)/, "")
                .replace(/,/g, "")
                .trim()
            )
          )
      )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const [blocks, transactions, transfers, logs, internals, withdrawals] of rows) {
      const c = count(SimulatedChain.make({ seed: 1, blocks }))
      expect([transactions, transfers, logs, internals, withdrawals], `${blocks} blocks`).toEqual([
        c.transactions,
        c.transfers,
        c.logs,
        c.internals,
        c.withdrawals
      ])
    }
    // The default chain is the first row.
    expect(rows[0]![0]).toBe(SimulatedChain.make().height)
  })
})
