/**
 * Routes come from the endpoints table: a row added to a copy of the table is routed and checked (its
 * path parameters and query keys get the server's 422 bodies, its credits are charged) before any handler
 * exists, and answered 501 until one does.
 */
import { type Endpoint, endpoints } from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import { get, small } from "./support/http.ts"

// Celo's election rewards of an address: a real path the table has no row for.
const addressRewards = {
  ...endpoints.transactionLogs,
  name: "addressRewards",
  method: "AddressRewards",
  ids: "Z1",
  summary: "Election rewards of an address (a row with no simulator handler)",
  path: "/addresses/{address}/election-rewards",
  pathParams: [{ name: "address", kind: "address" }],
  filters: [{ name: "topic", kind: "text", description: "a topic" }],
  cursorKeys: ["block_number", "index"],
  credits: 25
} as unknown as Endpoint

const sim = small({ endpoints: { ...endpoints, addressRewards }, credits: 1_000 })
const address = sim.chain.users[0]!

describe("a row without a handler", () => {
  it("validates its path parameters with the server's 422 body", () => {
    const r = get(sim, "/api/v2/addresses/0x1234/election-rewards")
    expect(r.status).toBe(422)
    expect(r.json).toEqual({
      errors: [
        {
          title: "Invalid value",
          source: { pointer: "/address_hash_param" },
          detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"
        }
      ]
    })
  })

  it("refuses query keys the row does not know, and accepts its filters, cursor keys and items_count", () => {
    const unknown = get(sim, `/api/v2/addresses/${address}/election-rewards`, { bogus: 1 })
    expect(unknown.status).toBe(422)
    expect(unknown.json).toMatchObject({ errors: [{ source: { pointer: "/bogus" }, detail: "Unexpected field" }] })
    const known = get(sim, `/api/v2/addresses/${address}/election-rewards`, {
      topic: "0x01",
      block_number: 5,
      index: 1,
      items_count: 3
    })
    expect(known.status).toBe(501)
    expect(known.json).toEqual({ message: "The simulated Blockscout has no handler for addressRewards yet" })
  })

  it("charges its row's credits on the Pro API", () => {
    const before = sim.creditsRemaining
    expect(get(sim, `/1/api/v2/addresses/${address}/election-rewards`, { apikey: "k" }).status).toBe(501)
    expect(sim.creditsRemaining).toBe(before - 25)
  })

  it("leaves the table's own rows as they were", () => {
    expect(get(sim, "/api/v2/withdrawals", { items_count: 2 }).status).toBe(200)
    expect(get(small(), `/api/v2/addresses/${address}/election-rewards`).status).toBe(404)
  })
})
