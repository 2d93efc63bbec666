import * as S from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { get, type Json, small } from "./support.ts"

const sim = small({ blocks: 400 })
const chain = sim.chain
const nft = chain.tokens.find((t) => t.type === "ERC-1155")!
const holder = chain.users.find((u) => chain.holdings(u).length > 0)!
const internalAddress = chain.routers[0]!
let logsTx = chain.transactionHash(0, 0)
for (let h = 0; h < 32; h++) {
  for (const tx of chain.template(h).transactions) if (tx.logCount > 2) logsTx = chain.transactionHash(h, tx.position)
}

const cases: ReadonlyArray<[string, string, Record<string, string>, Schema.ConstraintDecoder<unknown>]> = [
  ["E1/E5", "/token-transfers", {}, S.TokenTransfersResponse],
  ["E2", `/tokens/${nft.address}/instances/1/transfers`, {}, S.TokenInstanceTransfersResponse],
  ["E3", "/main-page/transactions", {}, S.MainPageTransactionsResponse],
  ["E4", "/transactions", {}, S.TransactionsResponse],
  ["E4 pending", "/transactions", { filter: "pending" }, S.TransactionsResponse],
  ["E6", `/transactions/${logsTx}/logs`, {}, S.TransactionLogsResponse],
  ["E7", `/addresses/${chain.miners[1]}/blocks-validated`, {}, S.BlocksValidatedResponse],
  ["E8", "/smart-contracts", {}, S.SmartContractsResponse],
  ["E9", "/withdrawals", {}, S.WithdrawalsResponse],
  ["E10", `/addresses/${holder}/nft/collections`, {}, S.NftCollectionsResponse],
  ["E11", `/addresses/${internalAddress}/internal-transactions`, {}, S.InternalTransactionsResponse],
  ["E12", `/addresses/${chain.users[2]}/withdrawals`, {}, S.AddressWithdrawalsResponse]
]

describe("both families' shapes decode with the schema package", () => {
  for (const [family, prefix, auth] of [
    ["instance", "/api/v2", {}],
    ["pro", "/1/api/v2", { apikey: "proapi_x" }]
  ] as const) {
    for (const version of ["12", "11"] as const) {
      const server = version === "12" ? sim : small({ blocks: 400, version: "11" })
      for (const [name, path, params, schema] of cases) {
        it(`${name} (${family}, ${version}.x)`, () => {
          const r = get(server, `${prefix}${path}`, { ...auth, ...params })
          expect(r.status).toBe(200)
          const decoded = Schema.decodeUnknownExit(schema)(r.json)
          if (decoded._tag === "Failure") throw new Error(String(decoded.cause))
          const items = Array.isArray(r.json) ? r.json : (r.json as { items: Array<unknown> }).items
          expect(items.length).toBeGreaterThan(0)
        })
      }
    }
  }

  it("Pro addresses carry metadata.tags, implementations, is_scam, proxy_type and reputation", () => {
    const t = (get(sim, "/1/api/v2/token-transfers", { apikey: "k" }).json as { items: Array<Json> }).items[0]!
    const from = t.from as Json
    expect(from.metadata).toHaveProperty("tags")
    for (const k of ["implementations", "is_scam", "proxy_type", "reputation"]) expect(from).toHaveProperty(k)
    expect(from).not.toHaveProperty("implementation_name")
    const inst = (get(sim, "/api/v2/token-transfers").json as { items: Array<Json> }).items[0]!
    expect(inst.from).toHaveProperty("implementation_name")
    expect(inst.from).not.toHaveProperty("is_scam")
  })

  it("Pro token transfers carry block_number, token_type and total {token_id, token_instance}; timestamps differ per family", () => {
    const page = get(sim, "/1/api/v2/token-transfers", { apikey: "k", type: "ERC-721" }).json as { items: Array<Json> }
    const t = page.items[0]!
    expect(typeof t.block_number).toBe("number")
    expect(t.token_type).toBe("ERC-721")
    expect(Object.keys(t.total as Json).sort()).toEqual(["token_id", "token_instance"])
    expect(t.timestamp).toMatch(/:\d\dZ$/)
    const inst = (get(sim, "/api/v2/token-transfers", { type: "ERC-721" }).json as { items: Array<Json> }).items[0]!
    expect(inst).not.toHaveProperty("block_number")
    expect(inst).not.toHaveProperty("token_type")
    expect(inst.timestamp).toMatch(/\.\d{6}Z$/)
  })

  it("a block's counts add up and a transfer's transaction exists", () => {
    const blocks = (get(sim, `/api/v2/addresses/${chain.miners[0]}/blocks-validated`).json as { items: Array<Json> })
      .items
    for (const b of blocks) {
      const h = b.height as number
      expect(b.transactions_count).toBe(chain.template(h).transactions.length)
      expect(b.withdrawals_count).toBe(chain.withdrawalsPerBlock)
    }
    const transfers = (get(sim, "/1/api/v2/token-transfers", { apikey: "k" }).json as { items: Array<Json> }).items
    for (const t of transfers) {
      const at = chain.locateTransaction(t.transaction_hash as string)
      expect(at).toEqual({ _tag: "Mined", block: t.block_number, position: expect.any(Number) })
      const logs = get(sim, `/api/v2/transactions/${t.transaction_hash}/logs`).json as { items: Array<Json> }
      expect(logs.items.some((l) => l.index === t.log_index)).toBe(true)
    }
  })
})
