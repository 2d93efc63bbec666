/**
 * The simulated chain tells the truth: token amounts fit their decimals, each token kind is moved by its
 * own methods (and an NFT transaction calls `mint` exactly when it mints), a transaction's method, call
 * data and decoded input agree, and a transfer's log says what the transfer says.
 */
import { describe, expect, it } from "@effect/vitest"
import { get, type Json, small, walk } from "./support/http.ts"

const sim = small({ blocks: 640 })
const transfers = walk(sim, "/api/v2/token-transfers", {}).items
const byType = (type: string) => transfers.filter((t) => t.token_type === type)

describe("token amounts", () => {
  it("an ERC-20 transfer moves 0.01 to 50,000 whole tokens in the token's own decimals", () => {
    const erc20 = byType("ERC-20")
    expect(erc20.length).toBeGreaterThan(100)
    const decimalsSeen = new Set<string>()
    for (const t of erc20) {
      const total = t.total as { value: string; decimals: string }
      const unit = 10n ** BigInt(total.decimals)
      const value = BigInt(total.value)
      decimalsSeen.add(total.decimals)
      expect(value * 100n >= unit, `${total.value} / 10^${total.decimals}`).toBe(true)
      expect(value <= 50_000n * unit, `${total.value} / 10^${total.decimals}`).toBe(true)
      expect(total.decimals).toBe((t.token as Json).decimals)
    }
    // Both 6-decimal stablecoins and 18-decimal tokens are there: a 6-decimal one never moves 1e17 units.
    expect(decimalsSeen).toEqual(new Set(["6", "18"]))
  })

  it("NFT transfers move what their kind moves: one ERC-721, 1-20 ERC-1155 items, one whole ERC-404 token", () => {
    for (const t of byType("ERC-721")) expect(t.total).not.toHaveProperty("value")
    for (const t of byType("ERC-1155")) {
      const v = Number((t.total as Json).value)
      expect(v >= 1 && v <= 20).toBe(true)
    }
    for (const t of byType("ERC-404")) {
      expect((t.total as Json).value).toBe(String(10n ** 18n))
      expect((t.total as Json).decimals).toBe("18")
    }
  })
})

describe("methods fit the token kind", () => {
  const allowed: Record<string, ReadonlyArray<string>> = {
    "ERC-20": ["transfer", "transferFrom"],
    "ERC-721": ["safeTransferFrom", "transferFrom", "mint"],
    "ERC-1155": ["safeTransferFrom", "safeBatchTransferFrom"],
    "ERC-404": ["transfer", "transferFrom", "mint"]
  }

  it("a transaction's first transfer decides its method, and an NFT transaction mints exactly when that transfer does", () => {
    const firstOfTransaction = new Map<string, Json>()
    for (const t of transfers) {
      const seen = firstOfTransaction.get(t.transaction_hash as string)
      if (seen === undefined || (t.log_index as number) < (seen.log_index as number)) {
        firstOfTransaction.set(t.transaction_hash as string, t)
      }
    }
    let mints = 0
    for (const first of firstOfTransaction.values()) {
      const type = first.token_type as string
      expect(allowed[type], `${type} ${first.method}`).toContain(first.method)
      if (type === "ERC-721" || type === "ERC-404") {
        expect(first.method === "mint").toBe(first.type === "token_minting")
        if (first.method === "mint") mints++
      }
      if (type === "ERC-1155") {
        const batch = transfers.filter(
          (t) => t.transaction_hash === first.transaction_hash && t.log_index === first.log_index
        ).length
        expect(first.method).toBe(batch > 1 ? "safeBatchTransferFrom" : "safeTransferFrom")
      }
    }
    expect(mints).toBeGreaterThan(0)
  })

  it("a transaction's method, call data selector and decoded input agree", () => {
    const txs = walk(sim, "/api/v2/transactions", {}, 6).items
    let decoded = 0
    for (const tx of txs) {
      const input = tx.decoded_input as { method_call: string; method_id: string } | null
      if (tx.method === null) {
        expect(input).toBeNull()
        expect(tx.raw_input).toBe("0x")
        continue
      }
      expect(input!.method_call.startsWith(`${tx.method}(`)).toBe(true)
      expect((tx.raw_input as string).slice(2, 10)).toBe(input!.method_id)
      decoded++
    }
    expect(decoded).toBeGreaterThan(50)
  })
})

describe("a transfer's log says what the transfer says", () => {
  it("parties, token id and amount, for every token kind", () => {
    const kinds = new Set<string>()
    for (const t of transfers.slice(0, 150)) {
      const logs = get(sim, `/api/v2/transactions/${t.transaction_hash}/logs`).json as { items: Array<Json> }
      const log = logs.items.find((l) => l.index === t.log_index)!
      expect((log.address as Json).hash).toBe((t.token as Json).address_hash)
      const params = Object.fromEntries(
        ((log.decoded as { parameters: Array<{ name: string; value: unknown }> }).parameters ?? []).map((p) => [
          p.name,
          p.value
        ])
      )
      expect(params.from).toBe(((t.from as Json).hash as string).toLowerCase())
      expect(params.to).toBe(((t.to as Json).hash as string).toLowerCase())
      const total = t.total as Json
      const type = t.token_type as string
      kinds.add(type)
      if (type === "ERC-721") expect(params.tokenId).toBe(total.token_id)
      else if (type === "ERC-1155")
        expect([params.id, ...((params.ids as Array<string>) ?? [])]).toContain(total.token_id)
      else expect(params.value).toBe(total.value)
    }
    expect(kinds).toEqual(new Set(["ERC-20", "ERC-721", "ERC-1155", "ERC-404"]))
  })
})
