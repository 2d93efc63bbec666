import * as S from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { get, type Json, small } from "./support/http.ts"

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

  it("address objects are the current backend's in every mode: implementations, is_scam, proxy_type, reputation, metadata tags", () => {
    for (const [server, path, auth] of [
      [sim, "/1/api/v2/token-transfers", { apikey: "k" }],
      [sim, "/api/v2/token-transfers", {}],
      [small({ blocks: 400, version: "11" }), "/api/v2/token-transfers", {}]
    ] as const) {
      const items = (get(server, path, auth).json as { items: Array<Json> }).items
      for (const t of items) {
        const from = t.from as Json
        for (const k of ["implementations", "is_scam", "proxy_type", "reputation", "metadata"])
          expect(from).toHaveProperty(k)
        expect(from).not.toHaveProperty("implementation_name")
        // A token's own address object carries the metadata service's tags; a user's metadata is null.
        expect((t.token as Json).address_hash).toBeDefined()
      }
    }
    const tagged = (get(sim, "/api/v2/smart-contracts").json as { items: Array<Json> }).items
      .map((c) => (c.address as Json).metadata as { tags: Array<Json> } | null)
      .filter((m) => m !== null)
    expect(tagged.length).toBeGreaterThan(0)
    for (const m of tagged) expect(m.tags[0]).toMatchObject({ tagType: "generic", ordinal: 0 })
  })

  it("token transfers carry block_number, token_type and a total shaped by token kind; timestamps differ per family", () => {
    for (const [path, auth, stamp] of [
      ["/1/api/v2/token-transfers", { apikey: "k" }, /:\d\dZ$/],
      ["/api/v2/token-transfers", {}, /\.\d{6}Z$/]
    ] as const) {
      const keysOf = (type: string) => {
        const items = (get(sim, path, { ...auth, type }).json as { items: Array<Json> }).items
        expect(items.length).toBeGreaterThan(0)
        for (const t of items) {
          expect(typeof t.block_number).toBe("number")
          expect(t.token_type).toBe(type)
          expect(t.timestamp).toMatch(stamp)
        }
        return Object.keys(items[0]!.total as Json).sort()
      }
      expect(keysOf("ERC-20")).toEqual(["decimals", "value"])
      expect(keysOf("ERC-721")).toEqual(["token_id", "token_instance"])
      expect(keysOf("ERC-1155")).toEqual(["decimals", "token_id", "token_instance", "value"])
      expect(keysOf("ERC-404")).toEqual(["decimals", "token_id", "token_instance", "value"])
    }
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
