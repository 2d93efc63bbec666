import { checksumAddress } from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import { get, small } from "./support/http.ts"

const sim = small({ blocks: 200 })
const chain = sim.chain
const addressFields = /"(hash|address_hash|holder_address_hash)":"(0x[0-9a-fA-F]{40})"/g

describe("rendered responses", () => {
  const nft = chain.tokens.find((t) => t.type === "ERC-721")!
  const holder = chain.users.find((u) => chain.holdings(u).length > 0)!
  const withLogs = chain.template(5).transactions.find((tx) => tx.logCount > 0)!
  const paths = [
    "/token-transfers",
    `/tokens/${nft.address}/instances/1/transfers`,
    "/main-page/transactions",
    "/transactions",
    `/transactions/${chain.transactionHash(5, withLogs.position)}/logs`,
    `/addresses/${chain.miners[0]}/blocks-validated`,
    "/smart-contracts",
    "/withdrawals",
    `/addresses/${holder}/nft/collections`,
    `/addresses/${chain.routers[0]}/internal-transactions`
  ]
  for (const [family, prefix, auth] of [
    ["instance", "/api/v2", {}],
    ["pro", "/1/api/v2", { apikey: "proapi_x" }]
  ] as const) {
    it(`write every address object in EIP-55 mixed case (${family})`, () => {
      let mixed = 0
      for (const path of paths) {
        const r = get(sim, `${prefix}${path}`, auth)
        expect(r.status, path).toBe(200)
        const found = [...r.body.matchAll(addressFields)].map((m) => m[2]!)
        expect(found.length, path).toBeGreaterThan(0)
        for (const address of found) {
          expect(address, path).toBe(checksumAddress(address.toLowerCase()))
          if (address !== address.toLowerCase()) mixed++
        }
      }
      expect(mixed).toBeGreaterThan(100)
    })
  }

  it("accept path parameters in any case and answer the same page", () => {
    const miner = chain.miners[1]!
    const lower = get(sim, `/api/v2/addresses/${miner}/blocks-validated`)
    const checksummed = get(sim, `/api/v2/addresses/${checksumAddress(miner)}/blocks-validated`)
    const upper = get(sim, `/api/v2/addresses/0x${miner.slice(2).toUpperCase()}/blocks-validated`)
    expect(lower.status).toBe(200)
    expect((lower.json as { items: Array<unknown> }).items.length).toBeGreaterThan(0)
    expect(checksummed.body).toBe(lower.body)
    expect(upper.body).toBe(lower.body)

    const tx = chain.transactionHash(5, 0)
    expect(get(sim, `/api/v2/transactions/0x${tx.slice(2).toUpperCase()}/logs`).body).toBe(
      get(sim, `/api/v2/transactions/${tx}/logs`).body
    )
    const token = `/instances/1/transfers`
    expect(get(sim, `/api/v2/tokens/${checksumAddress(nft.address)}${token}`).body).toBe(
      get(sim, `/api/v2/tokens/${nft.address}${token}`).body
    )
  })

  it("keep cursors and decoded parameter values in lower case, as the servers' own views do", () => {
    const page = get(sim, `/api/v2/addresses/${holder}/nft/collections`, { items_count: 1 }).json as {
      next_page_params: Record<string, unknown> | null
    }
    const hash = page.next_page_params?.token_contract_address_hash
    expect(typeof hash).toBe("string")
    expect(hash).toBe((hash as string).toLowerCase())
  })
})
