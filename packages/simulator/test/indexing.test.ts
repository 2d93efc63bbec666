/**
 * `unindexedInternalTransactions`: a server still fetching the internal transactions of some blocks leaves them
 * out of its lists, says so in the 12.x page `meta` of every page whose blocks reach them (and of an empty
 * page), and reports internal transactions unfinished in its indexing status; an 11.x server only leaves them
 * out.
 */
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"
import { get, type Json } from "./support/http.ts"

const options = { seed: 7, blocks: 96 } as const
const gap = { fromBlock: 40, toBlock: 49 }
const full = SimulatedBlockscout.make(options)
const behind = SimulatedBlockscout.make({ ...options, unindexedInternalTransactions: gap })
const behind11 = SimulatedBlockscout.make({ ...options, version: "11", unindexedInternalTransactions: gap })
const router = full.chain.routers[0]!

type Page = { items: Array<Json>; next_page_params: Record<string, string | number> | null; meta?: Json }

const pages = (sim: SimulatedBlockscout, path: string) => {
  const out: Array<Page> = []
  let cursor: Record<string, string | number> | null = {}
  while (cursor !== null) {
    const page = get(sim, path, { ...cursor, items_count: 10 }).json as Page
    out.push(page)
    cursor = page.next_page_params
  }
  return out
}

const blockOf = (item: Json) => item.block_number as number

describe("a server behind on internal transactions", () => {
  const path = `/api/v2/addresses/${router}/internal-transactions`

  it("leaves out the calls of the blocks it has not fetched, and every other call is there", () => {
    const all = pages(full, path).flatMap((p) => p.items)
    const listed = pages(behind, path).flatMap((p) => p.items)
    expect(all.some((it) => blockOf(it) >= 40 && blockOf(it) <= 49)).toBe(true)
    expect(listed).toEqual(all.filter((it) => blockOf(it) < 40 || blockOf(it) > 49))
    expect(pages(behind11, path).flatMap((p) => p.items).length).toBe(listed.length)
  })

  it("says so on each page whose blocks reach them (status 2 and the server's words), and only there", () => {
    for (const page of pages(behind, path)) {
      const blocks = page.items.map(blockOf)
      const reaches = Math.min(...blocks) <= 49 && Math.max(...blocks) >= 40
      expect(page.meta).toEqual(
        reaches
          ? { status: 2, message: "Some internal transactions within this block range have not yet been processed" }
          : { status: 1, message: null }
      )
    }
    expect(pages(behind, path).some((p) => p.meta?.status === 2)).toBe(true)
    expect(pages(behind11, path).every((p) => p.meta === undefined)).toBe(true)
  })

  it("answers a transaction of such a block with no calls and status 2; the indexing status is behind", () => {
    const block = (get(full, "/api/v2/blocks/45/transactions").json as Page).items
    const withCalls = block.find(
      (tx) => (get(full, `/api/v2/transactions/${tx.hash}/internal-transactions`).json as Page).items.length > 0
    )
    expect(withCalls).toBeDefined()
    const page = get(behind, `/api/v2/transactions/${withCalls!.hash}/internal-transactions`).json as Page
    expect(page.items).toEqual([])
    expect(page.meta?.status).toBe(2)
    expect(get(behind, "/api/v2/main-page/indexing-status").json).toEqual({
      finished_indexing_blocks: true,
      finished_indexing: false,
      indexed_blocks_ratio: "1.00",
      indexed_internal_transactions_ratio: "0.90"
    })
    expect((get(full, "/api/v2/main-page/indexing-status").json as Json).finished_indexing).toBe(true)
  })
})
