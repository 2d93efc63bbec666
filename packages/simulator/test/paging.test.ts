import { describe, expect, it } from "@effect/vitest"
import { get, type Json, small, walk } from "./support/http.ts"

const sim = small()
const chain = sim.chain
const H = chain.height

const keyOfTransfer = (t: Json): string => {
  const total = t.total as { token_id?: string } | null
  return `${t.block_hash}:${t.log_index}:${total?.token_id ?? ""}`
}

/** Ground truth for E1/E5: every transfer item of every block, from the templates. */
const expectedTransfers = (types?: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (let h = H - 1; h >= 0; h--) {
    for (const t of chain.template(h).transfers) {
      const token = chain.tokens[t.token]!
      if (types !== undefined && !types.includes(token.type)) continue
      out.push(`${chain.blockHash(h)}:${t.logIndex}:${token.type === "ERC-20" ? "" : chain.tokenIdOf(h, t)}`)
    }
  }
  return out
}

const expectNoGapsOrRepeats = (got: ReadonlyArray<string>, expected: ReadonlyArray<string>) => {
  expect(new Set(got).size).toBe(got.length)
  expect(got).toEqual(expected)
}

describe("pages chain to the full set with no gaps or repeats", () => {
  for (const family of ["/api/v2", "/1/api/v2"]) {
    const auth = family === "/api/v2" ? {} : { apikey: "proapi_test" }
    describe(family, () => {
      it("token transfers, unfiltered and for each token-type filter, splitting ERC-1155 batches", () => {
        for (const type of [undefined, "ERC-20", "ERC-721", "ERC-1155", "ERC-404", "ERC-721,ERC-1155"]) {
          const { items, cursors } = walk(sim, `${family}/token-transfers`, { ...auth, type, items_count: 7 })
          expectNoGapsOrRepeats(items.map(keyOfTransfer), expectedTransfers(type?.split(",")))
          for (const c of cursors) expect(c).not.toHaveProperty("type")
          if (type === undefined || type.includes("ERC-1155")) {
            expect(
              cursors.some((c) => "batch_log_index" in c && "index_in_batch" in c && "batch_block_hash" in c)
            ).toBe(true)
          }
        }
      })

      it("token transfers at the default page size of 50", () => {
        const { items, pages } = walk(sim, `${family}/token-transfers`, auth)
        expectNoGapsOrRepeats(items.map(keyOfTransfer), expectedTransfers())
        expect(pages).toBe(Math.ceil(items.length / 50))
      })

      it("transfers of one NFT instance", () => {
        for (const token of chain.tokens.filter((t) => t.type !== "ERC-20")) {
          const id = 3
          const expected: Array<string> = []
          for (let h = H - 1; h >= 0; h--) {
            for (const t of chain.template(h).transfers) {
              if (t.token === token.index && chain.tokenIdOf(h, t) === id)
                expected.push(`${chain.blockHash(h)}:${t.logIndex}:${id}`)
            }
          }
          const path = `${family}/tokens/${token.address}/instances/${id}/transfers`
          const { items } = walk(sim, path, { ...auth, items_count: 2 })
          expectNoGapsOrRepeats(items.map(keyOfTransfer), expected)
        }
      })

      it("validated transactions, unfiltered and by type and method", () => {
        const all: Array<{ hash: string; types: ReadonlyArray<string>; method: string | null }> = []
        for (let h = H - 1; h >= 0; h--) {
          const txs = chain.template(h).transactions
          for (let p = txs.length - 1; p >= 0; p--) {
            all.push({ hash: chain.transactionHash(h, p), types: txs[p]!.types, method: txs[p]!.method })
          }
        }
        const cases: Array<[Record<string, string>, (t: (typeof all)[number]) => boolean]> = [
          [{}, () => true],
          [{ filter: "validated" }, () => true],
          [{ type: "coin_transfer" }, (t) => t.types.includes("coin_transfer")],
          [{ type: "token_creation,contract_creation" }, (t) => t.types.includes("contract_creation")],
          [{ method: "approve,multicall" }, (t) => t.method === "approve" || t.method === "multicall"],
          [{ type: "contract_call", method: "swap" }, (t) => t.types.includes("contract_call") && t.method === "swap"]
        ]
        for (const [filters, pass] of cases) {
          const { items, cursors } = walk(sim, `${family}/transactions`, { ...auth, ...filters, items_count: 13 })
          expectNoGapsOrRepeats(
            items.map((t) => t.hash as string),
            all.filter(pass).map((t) => t.hash)
          )
          for (const c of cursors) expect(Object.keys(c).sort()).toEqual(["block_number", "index"])
        }
      })

      it("pending transactions with their inserted_at/hash cursor", () => {
        const { items, cursors } = walk(sim, `${family}/transactions`, { ...auth, filter: "pending", items_count: 4 })
        const expected = Array.from({ length: chain.pendingCount }, (_, i) =>
          chain.pendingHash(chain.pendingCount - 1 - i)
        )
        expectNoGapsOrRepeats(
          items.map((t) => t.hash as string),
          expected
        )
        expect(Object.keys(cursors[0]!).sort()).toEqual(["hash", "inserted_at"])
        expect(items.every((t) => t.status === null && t.block_number === null)).toBe(true)
      })

      it("logs of a transaction with more logs than a page", () => {
        let best = { h: 0, p: 0, n: 0 }
        for (let h = 0; h < 32; h++) {
          for (const tx of chain.template(h).transactions)
            if (tx.logCount > best.n) best = { h, p: tx.position, n: tx.logCount }
        }
        expect(best.n).toBeGreaterThan(50)
        const { items, pages } = walk(sim, `${family}/transactions/${chain.transactionHash(best.h, best.p)}/logs`, auth)
        expect(pages).toBe(Math.ceil(best.n / 50))
        const indexes = items.map((l) => l.index as number)
        expect(indexes.length).toBe(best.n)
        expect(new Set(indexes).size).toBe(best.n)
        expect(indexes).toEqual([...indexes].sort((a, b) => a - b))
      })

      it("blocks validated by each miner", () => {
        const seen = new Set<number>()
        for (const [v, miner] of chain.miners.entries()) {
          const { items } = walk(sim, `${family}/addresses/${miner}/blocks-validated`, { ...auth, items_count: 9 })
          const heights = items.map((b) => b.height as number)
          const expected = Array.from({ length: H }, (_, h) => H - 1 - h).filter((h) => h % chain.miners.length === v)
          expect(heights).toEqual(expected)
          for (const h of heights) seen.add(h)
        }
        expect(seen.size).toBe(H)
      })

      it("smart contracts, by default order, language, search and each sort", () => {
        const ids = (items: Array<Json>) => items.map((c) => (c.address as { hash: string }).hash.toLowerCase())
        const all = chain.smartContracts
        const byDefault = walk(sim, `${family}/smart-contracts`, { ...auth, items_count: 6 })
        expect(ids(byDefault.items)).toEqual([...all].reverse().map((c) => c.address))
        const vyper = walk(sim, `${family}/smart-contracts`, { ...auth, filter: "vyper", items_count: 2 })
        expect(ids(vyper.items).sort()).toEqual(
          all
            .filter((c) => c.language === "vyper")
            .map((c) => c.address)
            .sort()
        )
        const search = walk(sim, `${family}/smart-contracts`, { ...auth, q: "vault", items_count: 2 })
        expect(search.items.length).toBe(all.filter((c) => c.name.toLowerCase().includes("vault")).length)
        for (const order of ["asc", "desc"]) {
          const byBalance = walk(sim, `${family}/smart-contracts`, { ...auth, sort: "balance", order, items_count: 7 })
          const balances = byBalance.items.map((c) => BigInt(c.coin_balance as string))
          const sorted = [...balances].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          expect(balances).toEqual(order === "asc" ? sorted : sorted.reverse())
          expect(new Set(ids(byBalance.items)).size).toBe(all.length)
          expect(byBalance.cursors.every((c) => "coin_balance" in c && "hash" in c && "smart_contract_id" in c)).toBe(
            true
          )
          const byCount = walk(sim, `${family}/smart-contracts`, {
            ...auth,
            sort: "transactions_count",
            order,
            items_count: 7
          })
          expect(new Set(ids(byCount.items)).size).toBe(all.length)
        }
      })

      it("withdrawals, all and per receiver", () => {
        const { items } = walk(sim, `${family}/withdrawals`, { ...auth, items_count: 33 })
        expect(items.map((w) => w.index)).toEqual(
          Array.from({ length: chain.withdrawalCount }, (_, i) => chain.withdrawalCount - 1 - i)
        )
        let total = 0
        for (const [u, user] of chain.users.entries()) {
          const mine = walk(sim, `${family}/addresses/${user}/withdrawals`, { ...auth, items_count: 3 }).items
          const expected = Array.from(
            { length: chain.withdrawalCount },
            (_, i) => chain.withdrawalCount - 1 - i
          ).filter((i) => chain.withdrawalReceiverIndex(i) === u)
          expect(mine.map((w) => w.index)).toEqual(expected)
          expect(mine.every((w) => !("receiver" in w))).toBe(true)
          total += mine.length
        }
        expect(total).toBe(chain.withdrawalCount)
      })

      it("NFT collections of every holder add up to every minted instance, per type filter too", () => {
        for (const type of [undefined, "ERC-721", "ERC-1155,ERC-404"]) {
          let instances = 0
          for (const user of chain.users) {
            const { items } = walk(sim, `${family}/addresses/${user}/nft/collections`, {
              ...auth,
              type,
              items_count: 1
            })
            expect(new Set(items.map((c) => (c.token as Json).address_hash)).size).toBe(items.length)
            for (const c of items) {
              if (type !== undefined) expect(type).toContain((c.token as Json).type)
              instances += (c.token_instances as Array<unknown>).length
            }
          }
          let minted = 0
          for (const token of chain.tokens) {
            if (token.type === "ERC-20" || (type !== undefined && !type.includes(token.type))) continue
            for (let id = 0; id < token.idCount; id++) if (chain.instanceOwner(token.index, id) !== undefined) minted++
          }
          expect(instances).toBe(minted)
          expect(minted).toBeGreaterThan(0)
        }
      })

      it("internal transactions of users and routers, with the to/from filter", () => {
        const expectedFor = (address: string, direction?: "to" | "from"): Array<string> => {
          const out: Array<string> = []
          for (let h = H - 1; h >= 0; h--) {
            for (const it of chain.template(h).internals) {
              const { from, to } = chain.internalParties(h, it)
              if ((direction !== "to" && from === address) || (direction !== "from" && to === address)) {
                out.push(`${chain.transactionHash(h, it.txPosition)}:${it.index}`)
              }
            }
          }
          return out
        }
        const key = (it: Json) => `${it.transaction_hash}:${it.index}`
        for (const address of [chain.users[0]!, chain.users[17]!, chain.routers[0]!, chain.routers[3]!]) {
          for (const filter of [undefined, "to", "from"] as const) {
            const { items } = walk(sim, `${family}/addresses/${address}/internal-transactions`, {
              ...auth,
              filter,
              items_count: 5
            })
            expectNoGapsOrRepeats(items.map(key), expectedFor(address, filter))
          }
        }
        expect(expectedFor(chain.routers[0]!).length).toBeGreaterThan(0)
      })
    })
  }

  it("pages chain in pre-12 mode too, with apikey, key and items_count echoed into every cursor", () => {
    const old = small({ version: "11" })
    const transfers = walk(old, "/api/v2/token-transfers", { apikey: "inst_old", type: "ERC-1155" })
    expectNoGapsOrRepeats(transfers.items.map(keyOfTransfer), expectedTransfers(["ERC-1155"]))
    expect(transfers.cursors.every((c) => c.apikey === "inst_old")).toBe(true)
    // The Pro API is one current service: the instance's release line does not change it.
    const pro = walk(old, "/1/api/v2/token-transfers", { apikey: "proapi_old", type: "ERC-1155" })
    expect(pro.cursors.some((c) => "apikey" in c)).toBe(false)
    const txs = walk(old, "/api/v2/transactions", { apikey: "a", key: "b", type: "contract_call" })
    expect(txs.items.length).toBe(walk(sim, "/api/v2/transactions", { type: "contract_call" }).items.length)
    // 11.2.7 puts the page's own count into the cursor (`next_items_count`), not the count so far.
    expect(txs.cursors.map((c) => c.items_count)).toEqual(txs.cursors.map(() => 50))
    expect(txs.cursors.every((c) => c.apikey === "a" && c.key === "b")).toBe(true)
  })

  it("pending transactions page fully under a type filter", () => {
    const expected: Array<string> = []
    for (let i = chain.pendingCount - 1; i >= 0; i--) {
      if (chain.pendingTemplate(i).types.includes("contract_call")) expected.push(chain.pendingHash(i))
    }
    const { items } = walk(sim, "/api/v2/transactions", { filter: "pending", type: "contract_call", items_count: 2 })
    expectNoGapsOrRepeats(
      items.map((t) => t.hash as string),
      expected
    )
  })

  it("main-page transactions is a bare array of the 6 newest", () => {
    const r = get(sim, "/api/v2/main-page/transactions")
    expect(Array.isArray(r.json)).toBe(true)
    const items = r.json as Array<Json>
    expect(items.length).toBe(6)
    const top = walk(sim, "/api/v2/transactions", {}, 1).items.slice(0, 6)
    expect(items.map((t) => t.hash)).toEqual(top.map((t) => t.hash))
  })

  it("a large history is served lazily: a million-transfer chain answers a deep cursor at once", () => {
    const big = small({ blocks: 250_000 })
    let count = 0
    for (let s = 0; s < 32; s++) count += big.chain.templates[s]!.transfers.length
    expect((count * 250_000) / 32).toBeGreaterThan(1_000_000)
    const first = get(big, "/api/v2/token-transfers").json as { next_page_params: Record<string, number> }
    expect(first.next_page_params.block_number).toBeGreaterThan(249_000)
    const deep = get(big, "/1/api/v2/token-transfers", { apikey: "k", block_number: 12, index: 0 }).json as {
      items: Array<Json>
    }
    expect(deep.items.length).toBeGreaterThan(0)
    expect(deep.items.every((t) => (t.block_number as number) <= 12)).toBe(true)
  })
})
