import { layerHttpClient, SimulatedBlockscout, type SimulatorOptions } from "@blockscout-effect/simulator"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { HttpClient } from "effect/http"
import { TestClock } from "effect/testing"

/** What these tests read of an answer: a page's items, or a lookup's fields. */
interface Body {
  readonly items: Array<Block>
  readonly [field: string]: unknown
}

const get = (sim: SimulatedBlockscout, url: string, now: number) => {
  const r = sim.handle({ method: "GET", url, headers: {} }, now)
  return { status: r.status, body: JSON.parse(r.body) as Body }
}

type Block = { height: number; hash: string; parent_hash: string; type: string; timestamp: string }

const live = (options: SimulatorOptions["live"], blocks = 200): SimulatedBlockscout =>
  SimulatedBlockscout.make({ seed: 5, blocks, live: { startMillis: 0, blockMillis: 1000, ...options } })

describe("live mode: the head is a function of the clock", () => {
  it("adds one block every blockMillis, from the initial blocks at startMillis", () => {
    const sim = live({})
    expect(sim.headAt(0)).toBe(199)
    expect(sim.headAt(999)).toBe(199)
    expect(sim.headAt(1000)).toBe(200)
    expect(sim.headAt(10_500)).toBe(209)
    expect(get(sim, "/api/v2/blocks", 0).body.items[0]!.height).toBe(199)
    expect(get(sim, "/api/v2/blocks", 10_500).body.items[0]!.height).toBe(209)
    expect(get(sim, "/api/v2/blocks/209", 10_500).status).toBe(200)
    // A block not produced yet is not there.
    expect(get(sim, "/api/v2/blocks/210", 10_500).status).toBe(404)
    expect(get(sim, "/api/v2/blocks/210", 11_000).status).toBe(200)
  })

  it("gives live blocks transactions, lists them newest first, and spaces their timestamps by blockMillis", () => {
    const sim = live({})
    const txs = get(sim, "/api/v2/transactions", 5_000).body.items as unknown as Array<{
      block_number: number
      hash: string
    }>
    expect(txs[0]!.block_number).toBe(204)
    const b203 = get(sim, "/api/v2/blocks/203", 5_000).body as unknown as Block
    const b204 = get(sim, "/api/v2/blocks/204", 5_000).body as unknown as Block
    expect(Date.parse(b204.timestamp) - Date.parse(b203.timestamp)).toBe(1000)
    expect(b204.parent_hash).toBe(b203.hash)
    // A transaction of a live block is found by its hash.
    expect(get(sim, `/api/v2/transactions/${txs[0]!.hash}`, 5_000).body.block_number).toBe(204)
  })

  it("answers the initial chain exactly as the fixed chain does before anything is produced", () => {
    const fixed = SimulatedBlockscout.make({ seed: 5, blocks: 200 })
    const sim = live({ randomReorgs: { probability: 0.5, maxDepth: 3 } })
    for (const url of ["/api/v2/blocks", "/api/v2/token-transfers", "/api/v2/transactions", "/api/v2/blocks/150"]) {
      expect(sim.handle({ method: "GET", url, headers: {} }, 0).body).toBe(
        fixed.handle({ method: "GET", url, headers: {} }, 0).body
      )
    }
  })
})

describe("live mode: reorganisations", () => {
  // As block 210 is produced (at 11 s), heights 207..209 are replaced.
  const sim = () => live({ reorgs: [{ head: 210, depth: 3 }] })

  it("changes the hashes and contents of exactly the chosen heights", () => {
    const s = sim()
    // The same chain without the reorganisation, at the same time (confirmations count from the same head).
    const plain = live({})
    const before = s.canonicalBlocks(10_000, 195, 209)
    const after = s.canonicalBlocks(11_000, 195, 210)
    const without = plain.canonicalBlocks(11_000, 195, 210)
    for (let i = 0; i < after.length; i++) {
      const h = after[i]!.height
      const replaced = h >= 207 && h <= 209
      if (h <= 209) expect(after[i]!.hash !== before[i]!.hash).toBe(replaced)
      expect(after[i]!.generation).toBe(replaced ? 1 : 0)
      const itemsAfter = s.blockItems(11_000, h)
      const itemsWithout = plain.blockItems(11_000, h)
      if (replaced) {
        expect(itemsAfter.transactions).not.toEqual(itemsWithout.transactions)
        expect(itemsAfter.tokenTransfers).not.toEqual(itemsWithout.tokenTransfers)
      } else if (h < 207) {
        expect(itemsAfter).toEqual(itemsWithout)
        expect(after[i]!.hash).toBe(without[i]!.hash)
      }
    }
    // The block produced with the reorganisation extends the new branch: its hash is its own, its parent new.
    expect(after.at(-1)!.parentHash).toBe(after.at(-2)!.hash)
    expect(after.at(-1)!.parentHash).not.toBe(without.at(-2)!.hash)
  })

  it("chains parent hashes through the new branch", () => {
    const s = sim()
    const blocks = s.canonicalBlocks(12_000)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.parentHash).toBe(blocks[i - 1]!.hash)
    const served = get(s, "/api/v2/blocks", 12_000).body.items
    for (let i = 0; i + 1 < served.length; i++) expect(served[i]!.parent_hash).toBe(served[i + 1]!.hash)
    expect(served.map((b) => b.hash)).toEqual(
      blocks
        .slice()
        .reverse()
        .slice(0, served.length)
        .map((b) => b.hash)
    )
  })

  it("lists the replaced blocks under type=reorg and answers their hashes with type reorg", () => {
    const s = sim()
    expect(get(s, "/api/v2/blocks?type=reorg", 10_999).body.items).toEqual([])
    const old = s.canonicalBlocks(10_000, 207, 209)
    const listed = get(s, "/api/v2/blocks?type=reorg", 11_000).body.items
    expect(listed.map((b) => [b.height, b.hash, b.type])).toEqual(
      old
        .slice()
        .reverse()
        .map((b) => [b.height, b.hash, "reorg"])
    )
    expect(s.replacedBlocks(11_000).map((b) => b.hash)).toEqual(listed.map((b) => b.hash))
    // The old block keeps its parent: the old branch.
    expect(listed[0]!.parent_hash).toBe(old[1]!.hash)
    const byHash = get(s, `/api/v2/blocks/${old[0]!.hash}`, 11_000)
    expect(byHash.status).toBe(200)
    expect(byHash.body.type).toBe("reorg")
    expect(byHash.body.height).toBe(207)
    const byNumber = get(s, "/api/v2/blocks/207", 11_000).body
    expect(byNumber.type).toBe("block")
    expect(byNumber.hash).toBe(s.canonicalBlocks(11_000, 207, 207)[0]!.hash)
    expect(byNumber.hash).not.toBe(old[0]!.hash)
  })

  it("sends the replaced blocks' transactions back to pending", () => {
    const s = sim()
    const old = s.blockItems(10_000, 208).transactions as Array<{ hash: string; block_number: number }>
    expect(get(s, `/api/v2/transactions/${old[0]!.hash}`, 10_000).body.block_number).toBe(208)
    const after = get(s, `/api/v2/transactions/${old[0]!.hash}`, 11_000)
    expect(after.status).toBe(200)
    expect(after.body.block_number).toBe(null)
    expect(after.body.result).toBe("pending")
    expect(after.body.hash).toBe(old[0]!.hash)
    expect(get(s, `/api/v2/transactions/${old[0]!.hash}/logs`, 11_000).body.items).toEqual([])
    // The new block's transactions are other transactions, mined at the same height.
    const fresh = s.blockItems(11_000, 208).transactions as Array<{ hash: string }>
    expect(fresh.map((t) => t.hash)).not.toContain(old[0]!.hash)
    expect(get(s, `/api/v2/transactions/${fresh[0]!.hash}`, 11_000).body.block_number).toBe(208)
  })

  it("answers chain-wide, address-scoped and block-scoped lists from the new branch", () => {
    const s = sim()
    type Tx = { hash: string; block_number: number; from: { hash: string } }
    type Transfer = { transaction_hash: string; block_number: number }
    const oldTxs = s.blockItems(10_000, 208).transactions as Array<Tx>
    const newTxs = s.blockItems(11_000, 208).transactions as Array<Tx>
    const newHashes = new Set(newTxs.map((t) => t.hash))
    const oldHashes = new Set(oldTxs.map((t) => t.hash))
    // E4: the height's transactions are the new block's.
    const listed = (get(s, "/api/v2/transactions?items_count=100", 11_000).body.items as unknown as Array<Tx>).filter(
      (t) => t.block_number === 208
    )
    expect(listed.map((t) => t.hash)).toEqual(newTxs.map((t) => t.hash))
    // E1: the height's token transfers belong to the new block's transactions, and are the ones blockItems gives.
    const transfers = (
      get(s, "/api/v2/token-transfers?items_count=100", 11_000).body.items as unknown as Array<Transfer>
    ).filter((t) => t.block_number === 208)
    expect(transfers.length).toBeGreaterThan(0)
    expect(transfers).toEqual(s.blockItems(11_000, 208).tokenTransfers)
    for (const t of transfers) expect(newHashes.has(t.transaction_hash)).toBe(true)
    // S3: the sender's own list has the new transaction at that height, and the old block's only as pending.
    const sender = newTxs[0]!.from.hash
    const own = get(s, `/api/v2/addresses/${sender}/transactions?items_count=100`, 11_000).body
      .items as unknown as Array<Tx>
    expect(own.some((t) => t.hash === newTxs[0]!.hash)).toBe(true)
    // The old block's transactions are there only as pending ones (sent back by the reorganisation).
    for (const t of own) if (oldHashes.has(t.hash)) expect(t.block_number).toBe(null)
    // Before the reorganisation, the same list had the old one.
    const ownBefore = get(s, `/api/v2/addresses/${sender}/transactions?items_count=100`, 10_000).body
      .items as unknown as Array<Tx>
    expect(ownBefore.some((t) => t.hash === oldTxs[0]!.hash)).toBe(true)
    // S12: by number, the new block's transactions; by the replaced hash, nothing (they were detached).
    const byNumber = get(s, "/api/v2/blocks/208/transactions", 11_000).body.items as unknown as Array<Tx>
    expect(new Set(byNumber.map((t) => t.hash))).toEqual(newHashes)
    const oldHash = s.replacedBlocks(11_000).find((b) => b.height === 208)!.hash
    expect(get(s, `/api/v2/blocks/${oldHash}/transactions`, 11_000).body.items).toEqual([])
    expect(get(s, `/api/v2/blocks/${oldHash}/withdrawals`, 11_000).body.items).toEqual([])
  })

  it("gives a block's items for any block-keyed row, from the row's own pages, before and after", () => {
    const s = sim()
    for (const [t, h] of [
      [10_000, 208],
      [11_000, 208],
      [11_000, 150]
    ] as const) {
      const items = s.blockItems(t, h)
      expect(s.rowItems(t, "transactions", h)).toEqual(items.transactions)
      expect(s.rowItems(t, "tokenTransfers", h)).toEqual(items.tokenTransfers)
      // E11 is a router's: every internal transaction of the block is some router's.
      const internals = new Set(
        s.chain.routers.flatMap((router) =>
          s.rowItems(t, "internalTransactions", h, { path: { address: router } }).map((i) => JSON.stringify(i))
        )
      )
      expect(internals).toEqual(new Set(items.internalTransactions.map((i) => JSON.stringify(i))))
      expect(s.rowItems(t, "blocks", h)).toEqual([get(s, `/api/v2/blocks?block_number=${h + 1}`, t).body.items[0]])
    }
    // A filter and an address-scoped row: the block's token transfers an address received, as S4 lists them.
    type Transfer = { transaction_hash: string; to: { hash: string }; log_index: number }
    const transfers = s.blockItems(11_000, 208).tokenTransfers as Array<Transfer>
    const receiver = transfers[0]!.to.hash
    const received = s.rowItems(11_000, "addressTokenTransfers", 208, {
      path: { address: receiver },
      query: { filter: "to" }
    }) as Array<Transfer>
    expect(received).toEqual(transfers.filter((t) => t.to.hash === receiver))
    expect(() => s.rowItems(11_000, "block", 208)).toThrow(/not a block-keyed list row/)
  })

  it("includes the share `reincluded` of the replaced transactions again in the new block, as they were sent", () => {
    type Tx = { hash: string; block_number: number | null; value: string; nonce: number; from: { hash: string } }
    const all = live({ reorgs: [{ head: 210, depth: 3 }], reincluded: 1 })
    for (const h of [207, 208, 209]) {
      const before = all.blockItems(10_000, h).transactions as Array<Tx>
      const after = all.blockItems(11_000, h).transactions as Array<Tx>
      // The same transactions, as they were sent, in a block with another hash.
      expect(after.map((t) => [t.hash, t.value, t.nonce, t.from.hash])).toEqual(
        before.map((t) => [t.hash, t.value, t.nonce, t.from.hash])
      )
      // Their token transfers too, but for the block they are in now.
      const withoutBlock = (items: ReadonlyArray<unknown>) =>
        items.map((t) => ({ ...(t as Record<string, unknown>), block_hash: undefined }))
      expect(withoutBlock(all.blockItems(11_000, h).tokenTransfers)).toEqual(
        withoutBlock(all.blockItems(10_000, h).tokenTransfers)
      )
      const lookup = get(all, `/api/v2/transactions/${before[0]!.hash}`, 11_000).body
      expect(lookup.block_number).toBe(h)
      expect(lookup.result).not.toBe("pending")
    }
    expect(all.canonicalBlocks(11_000, 208, 208)[0]!.hash).not.toBe(all.canonicalBlocks(10_000, 208, 208)[0]!.hash)

    const half = live({ reorgs: [{ head: 210, depth: 3 }], reincluded: 0.5 })
    let kept = 0
    let dropped = 0
    for (const h of [207, 208, 209]) {
      const before = half.blockItems(10_000, h).transactions as Array<Tx>
      const after = new Map((half.blockItems(11_000, h).transactions as Array<Tx>).map((t) => [t.hash, t]))
      for (const tx of before) {
        const now = get(half, `/api/v2/transactions/${tx.hash}`, 11_000).body
        if (after.has(tx.hash)) {
          kept++
          expect(after.get(tx.hash)!.value).toBe(tx.value)
          expect(now.block_number).toBe(h)
        } else {
          dropped++
          expect(now.block_number).toBe(null)
          expect(now.result).toBe("pending")
          expect(now.value).toBe(tx.value)
        }
      }
    }
    expect(kept).toBeGreaterThan(0)
    expect(dropped).toBeGreaterThan(0)
  })

  it("lists the transactions sent back to pending after the pending ones, page by page", () => {
    const s = live({
      reorgs: [{ head: 210, depth: 3 }],
      reincluded: 0.5,
      randomReorgs: { probability: 0.3, maxDepth: 2 }
    })
    const now = 20_000
    // What the lookups say went back to pending: every transaction of a replaced block not in its height's block now.
    // (A transaction included again and dropped later was in several replaced blocks: once in the list.)
    const expected = new Set<string>()
    for (const r of s.replacedBlocks(now)) {
      const txs = s.rowItems(s.producedAt(r.replacedAtHead)! - 1, "transactions", r.height) as Array<{ hash: string }>
      for (const tx of txs) {
        if (get(s, `/api/v2/transactions/${tx.hash}`, now).body.block_number === null) expected.add(tx.hash)
      }
    }
    expect(expected.size).toBeGreaterThan(3)
    // Walk the pending list 4 at a time.
    const seen: Array<{ hash: string; block_number: null }> = []
    let cursor: Record<string, unknown> | null = {}
    while (cursor !== null) {
      const q = new URLSearchParams({ filter: "pending", items_count: "4", ...(cursor as Record<string, string>) })
      const page = get(s, `/api/v2/transactions?${q}`, now).body as unknown as {
        items: Array<{ hash: string; block_number: null }>
        next_page_params: Record<string, unknown> | null
      }
      seen.push(...page.items)
      cursor = page.next_page_params
    }
    const synthetic = s.chain.pendingCount
    expect(seen.length).toBe(synthetic + expected.size)
    expect(new Set(seen.map((t) => t.hash)).size).toBe(seen.length)
    expect(new Set(seen.slice(synthetic).map((t) => t.hash))).toEqual(expected)
    for (const t of seen) expect(t.block_number).toBe(null)
    // An address's own list has its dropped ones among its pending ones, and its counter counts them.
    const droppedHash = [...expected][0]!
    const sender = (get(s, `/api/v2/transactions/${droppedHash}`, now).body.from as { hash: string }).hash
    const own: Array<{ hash: string; block_number: number | null }> = []
    let next: Record<string, unknown> | null = {}
    while (next !== null) {
      const q = new URLSearchParams({ items_count: "7" })
      for (const [k, v] of Object.entries(next)) if (v !== null) q.set(k, String(v))
      const page = get(s, `/api/v2/addresses/${sender}/transactions?${q}`, now).body as unknown as {
        items: Array<{ hash: string; block_number: number | null }>
        next_page_params: Record<string, unknown> | null
      }
      own.push(...page.items)
      next = page.next_page_params
    }
    expect(new Set(own.map((t) => t.hash)).size).toBe(own.length)
    const mine = own.find((t) => t.hash === droppedHash)
    expect(mine?.block_number).toBe(null)
    // Pending ones first, then mined ones.
    const firstMined = own.findIndex((t) => t.block_number !== null)
    expect(own.slice(firstMined).every((t) => t.block_number !== null)).toBe(true)
    expect(get(s, `/api/v2/addresses/${sender}/counters`, now).body.transactions_count).toBe(String(own.length))
    // Before any reorganisation, only the pending ones.
    expect(
      (get(s, "/api/v2/transactions?filter=pending&items_count=100", 0).body.items as unknown as Array<unknown>).length
    ).toBe(synthetic)
  })

  it("places a reorganisation chosen by time at the first block produced at or after it", () => {
    const s = live({ reorgs: [{ atMillis: 5_500, depth: 2 }] })
    expect(s.replacedBlocks(5_999)).toEqual([])
    expect(s.replacedBlocks(6_000).map((b) => [b.height, b.replacedAtHead])).toEqual([
      [204, 205],
      [203, 205]
    ])
    // Without startMillis the start is the first request's time, and the time counts from it.
    const late = SimulatedBlockscout.make({
      seed: 5,
      blocks: 200,
      live: { blockMillis: 1000, reorgs: [{ atMillis: 100_500, depth: 1 }] }
    })
    expect(late.headAt(100_000)).toBe(199)
    expect(late.replacedBlocks(100_999)).toEqual([])
    expect(late.replacedBlocks(101_000).map((b) => [b.height, b.replacedAtHead])).toEqual([[199, 200]])
  })

  it("draws seeded reorganisations the same way every time, never deeper than maxDepth", () => {
    const options = { randomReorgs: { probability: 0.3, maxDepth: 4 } }
    const a = live(options).replacedBlocks(200_000)
    const b = live(options).replacedBlocks(200_000)
    expect(a).toEqual(b)
    expect(a.length).toBeGreaterThan(20)
    for (const r of a) expect(r.replacedAtHead - r.height).toBeLessThanOrEqual(4)
    const blocks = live(options).canonicalBlocks(200_000)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.parentHash).toBe(blocks[i - 1]!.hash)
  })
})

describe("live mode: a lagging replica", () => {
  it("answers lists from an older head in its windows, lookups from the head, and never another hash", () => {
    const s = live({ lag: [{ fromMillis: 20_000, toMillis: 25_000, blocks: 3 }], reorgs: [{ head: 219, depth: 2 }] })
    const at = 20_000
    expect(s.headAt(at)).toBe(219)
    const listed = get(s, "/api/v2/blocks", at).body.items
    expect(listed[0]!.height).toBe(216)
    expect(get(s, "/api/v2/blocks/219", at).status).toBe(200)
    const truth = new Map(s.canonicalBlocks(at).map((b) => [b.height, b.hash]))
    for (const b of listed) expect(b.hash).toBe(truth.get(b.height))
    expect(get(s, "/api/v2/blocks", 25_000).body.items[0]!.height).toBe(224)
  })

  it("lags seeded windows deterministically, each view a prefix of the canonical chain", () => {
    const s = live({ randomLag: { probability: 0.5, maxBlocks: 4 }, randomReorgs: { probability: 0.2, maxDepth: 3 } })
    let lagged = 0
    for (let t = 0; t < 60_000; t += 500) {
      const head = s.headAt(t)
      const listed = get(s, "/api/v2/blocks?items_count=10", t).body.items
      const truth = new Map(s.canonicalBlocks(t, head - 20).map((b) => [b.height, b.hash]))
      if (listed[0]!.height < head) lagged++
      expect(head - listed[0]!.height).toBeLessThanOrEqual(4)
      for (const b of listed) expect(b.hash).toBe(truth.get(b.height))
    }
    expect(lagged).toBeGreaterThan(10)
  })
})

describe("live mode: a height between losing its block and getting the new one", () => {
  it("answers its number 404 Block lost consensus, naming the replaced block, for lostConsensusMillis", () => {
    const s = live({ reorgs: [{ head: 210, depth: 2 }], lostConsensusMillis: 1500 })
    const old = s.canonicalBlocks(10_000, 208, 209)
    for (const at of [11_000, 12_499]) {
      const lost = get(s, "/api/v2/blocks/209", at)
      expect(lost.status).toBe(404)
      expect(lost.body).toEqual({ message: "Block lost consensus", hash: old[1]!.hash })
    }
    // So do the height's own lists, as every action of the block controller does.
    for (const list of ["transactions", "withdrawals"]) {
      expect(get(s, `/api/v2/blocks/209/${list}`, 11_000).body).toEqual({
        message: "Block lost consensus",
        hash: old[1]!.hash
      })
    }
    // The replaced block is still there by hash; the height below the reorganisation is untouched.
    expect(get(s, `/api/v2/blocks/${old[1]!.hash}`, 11_000).body.type).toBe("reorg")
    expect(get(s, "/api/v2/blocks/207", 11_000).status).toBe(200)
    const back = get(s, "/api/v2/blocks/209", 12_500)
    expect(back.status).toBe(200)
    expect(back.body.hash).toBe(s.canonicalBlocks(12_500, 209, 209)[0]!.hash)
  })
})

describe("live mode: what /stats and the main page read", () => {
  it("averages block intervals as Blockscout's cache does: 100 blocks below the newest 100", () => {
    const s = live({})
    expect(s.chainAt(0).averageBlockMillis()).toBe(12_000)
    // Head 249: blocks 50..149, all initial.
    expect(s.chainAt(50_000).averageBlockMillis()).toBe(12_000)
    // Head 349: blocks 150..249, 49 initial intervals and 50 live ones.
    expect(s.chainAt(150_000).averageBlockMillis()).toBe((49 * 12_000 + 50 * 1000) / 99)
    expect(s.chainAt(300_000).averageBlockMillis()).toBe(1000)
    // Too short to have blocks below the newest 100: nothing to average.
    expect(SimulatedBlockscout.make({ blocks: 101 }).chain.averageBlockMillis()).toBe(0)
    expect(SimulatedBlockscout.make({ blocks: 150 }).chain.averageBlockMillis()).toBe(12_000)
  })
})

describe("live mode in process, on the TestClock", () => {
  const options: SimulatorOptions = {
    seed: 3,
    blocks: 100,
    live: { startMillis: 0, reorgs: [{ head: 102, depth: 2 }] }
  }
  it.effect("moves the head as the test clock moves, and answers the same as handle at that time", () =>
    Effect.gen(function* () {
      const reference = SimulatedBlockscout.make(options)
      const client = (yield* HttpClient.HttpClient).pipe(HttpClient.filterStatusOk)
      const head = () =>
        client.get("http://blockscout.test/api/v2/blocks?items_count=3").pipe(
          Effect.flatMap((r) => r.json),
          Effect.map((body) => (body as { items: Array<{ height: number; hash: string }> }).items[0]!)
        )
      expect((yield* head()).height).toBe(99)
      yield* TestClock.adjust("12 seconds")
      expect((yield* head()).height).toBe(100)
      yield* TestClock.adjust("24 seconds")
      const top = yield* head()
      expect(top.height).toBe(102)
      expect(top.hash).toBe(reference.canonicalBlocks(36_000, 102, 102)[0]!.hash)
      const reorgs = yield* client.get("http://blockscout.test/api/v2/blocks?type=reorg").pipe(
        Effect.flatMap((r) => r.json),
        Effect.map((body) => (body as { items: Array<{ height: number; hash: string }> }).items)
      )
      expect(reorgs.map((b) => b.height)).toEqual([101, 100])
      expect(reorgs.map((b) => b.hash)).toEqual(reference.replacedBlocks(36_000).map((b) => b.hash))
    }).pipe(Effect.provide(layerHttpClient(options)))
  )
})

/** A clock time just before block `head` is produced: the chain as it was before that head's reorganisation. */
const producedBefore = (s: SimulatedBlockscout, head: number): number => s.producedAt(head)! - 1

describe("property: the live chain under seeded reorganisations and lag", () => {
  const Seed = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100_000 }))
  const Depth = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 5 }))
  const Share = Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1 }))

  it.prop(
    "parent hashes chain; a height changes only when a reorganisation reaches it; lists never show another hash",
    { seed: Seed, maxDepth: Depth, probability: Share, lag: Share, reincluded: Share },
    ({ seed, maxDepth, probability, lag, reincluded }) => {
      const s = SimulatedBlockscout.make({
        seed,
        blocks: 40,
        live: {
          startMillis: 0,
          blockMillis: 1000,
          randomReorgs: { probability, maxDepth },
          randomLag: { probability: lag, maxBlocks: 3 },
          reincluded
        }
      })
      let previous = s.canonicalBlocks(0)
      for (let t = 1000; t <= 30_000; t += 1000) {
        const blocks = s.canonicalBlocks(t)
        expect(blocks.length).toBe(previous.length + 1)
        for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.parentHash).toBe(blocks[i - 1]!.hash)
        // What the new head's production replaced: exactly the heights its reorganisation reaches.
        const head = blocks.length - 1
        const replacedNow = new Set(
          s
            .replacedBlocks(t)
            .filter((r) => r.replacedAtHead === head)
            .map((r) => r.height)
        )
        for (const b of previous) {
          expect(b.hash !== blocks[b.height]!.hash).toBe(replacedNow.has(b.height))
          if (replacedNow.has(b.height)) expect(head - b.height).toBeLessThanOrEqual(maxDepth)
        }
        // Every replaced block: not the height's hash now, answered by hash with type reorg.
        for (const r of s.replacedBlocks(t).slice(0, 5)) {
          expect(r.hash).not.toBe(blocks[r.height]!.hash)
          expect(get(s, `/api/v2/blocks/${r.hash}`, t).body.type).toBe("reorg")
        }
        // The newest replaced block's transactions: each in the block at its height now, or pending.
        const newest = s.replacedBlocks(t)[0]
        if (newest !== undefined) {
          const there = new Set(
            (s.blockItems(t, newest.height).transactions as Array<{ hash: string }>).map((x) => x.hash)
          )
          for (const tx of s.rowItems(producedBefore(s, newest.replacedAtHead), "transactions", newest.height)) {
            const hash = (tx as { hash: string }).hash
            const now = get(s, `/api/v2/transactions/${hash}`, t).body
            expect(now.block_number).toBe(there.has(hash) ? newest.height : null)
          }
        }
        // A list (lagging or not) shows the canonical hash of every height it has.
        const listed = get(s, "/api/v2/blocks?items_count=8", t).body.items
        expect(head - listed[0]!.height).toBeLessThanOrEqual(3)
        for (const b of listed) expect(b.hash).toBe(blocks[b.height]!.hash)
        previous = blocks
      }
    },
    { arbitrary: { runs: 25 } }
  )
})

describe("live mode: what views share", () => {
  it("gives token holders summed over final heights once, the same as a chain computed from scratch", () => {
    const s = live({})
    const erc20 = s.chain.tokens.filter((t) => t.type === "ERC-20").map((t) => t.address)
    // Walk the head forward: each view adds its own blocks to the shared sum over final heights.
    for (let t = 0; t <= 50_000; t += 7_000) get(s, `/api/v2/tokens/${erc20[0]}/holders`, t)
    const fixed = SimulatedBlockscout.make({ seed: 5, blocks: s.headAt(50_000) + 1 })
    for (const token of erc20) {
      const url = `/api/v2/tokens/${token}/holders?items_count=100`
      expect(get(s, url, 50_000).body).toEqual(get(fixed, url, 0).body)
    }
  })

  it("keeps holders right across reorganisations (the shared sum stops below what can still be replaced)", () => {
    const options = { reorgs: [{ head: 230, depth: 25 }], randomReorgs: { probability: 0.3, maxDepth: 4 } }
    const walked = live(options)
    const erc20 = walked.chain.tokens.find((t) => t.type === "ERC-20")!.address
    const url = `/api/v2/tokens/${erc20}/holders?items_count=100`
    for (let t = 0; t <= 40_000; t += 3_000) get(walked, url, t)
    expect(get(walked, url, 40_000).body).toEqual(get(live(options), url, 40_000).body)
    expect(get(walked, url, 29_000).body).toEqual(get(live(options), url, 29_000).body)
    expect(get(walked, url, 31_000).body).toEqual(get(live(options), url, 31_000).body)
  })
})

describe("live options out of range", () => {
  it("read a NaN or infinite number as left out, and clamp shares and depths", () => {
    const s = SimulatedBlockscout.make({
      blocks: 50,
      live: {
        startMillis: Number.NaN,
        blockMillis: Number.POSITIVE_INFINITY,
        lostConsensusMillis: Number.NaN,
        reincluded: Number.NaN,
        reorgs: [
          { head: 55, depth: 10_000 },
          { head: Number.NaN, depth: 2 }
        ],
        randomReorgs: { probability: Number.NaN, maxDepth: 3 },
        lag: [{ fromMillis: Number.NaN, toMillis: 10, blocks: 2 }]
      }
    })
    // The start is the first request's time; the default block time.
    expect(s.headAt(1_000)).toBe(49)
    expect(s.headAt(1_000 + 12_000 * 5)).toBe(54)
    expect(s.headAt(1_000 + 12_000 * 6)).toBe(55)
    // The reorganisation at 55 reaches down to height 1, never genesis.
    const replaced = s.replacedBlocks(1_000 + 12_000 * 6)
    expect(replaced.map((b) => b.height)).toEqual(Array.from({ length: 54 }, (_, i) => 54 - i))
    expect(get(s, "/api/v2/blocks/30", 1_000 + 12_000 * 6).status).toBe(200)
    expect(s.listChainAt(1_000).height).toBe(50)
  })
})

describe("the README's live example", () => {
  it("does what its comments say", () => {
    const simulator = SimulatedBlockscout.make({
      seed: 7,
      blocks: 1_000,
      live: {
        startMillis: 0,
        blockMillis: 2_000,
        reorgs: [{ head: 1_010, depth: 3 }],
        randomReorgs: { probability: 0.05, maxDepth: 4 },
        lag: [{ fromMillis: 30_000, toMillis: 40_000, blocks: 2 }],
        randomLag: { probability: 0.1, maxBlocks: 3 }
      }
    })
    expect(simulator.headAt(0)).toBe(999)
    expect(simulator.headAt(2_000)).toBe(1_000)
    expect(simulator.headAt(4_000)).toBe(1_001)
    expect(simulator.producedAt(1_010)).toBe(22_000)
    const at1010 = simulator.replacedBlocks(22_000).filter((b) => b.replacedAtHead === 1_010)
    expect(at1010.map((b) => b.height)).toEqual([1_009, 1_008, 1_007])
    expect(simulator.headAt(35_000) - simulator.listChainAt(35_000).height + 1).toBeGreaterThanOrEqual(2)
  })
})
