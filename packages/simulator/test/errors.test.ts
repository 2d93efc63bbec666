import { describe, expect, it } from "@effect/vitest"
import { get, type Json, small } from "./support/http.ts"

const sim = small()
const chain = sim.chain
const stranger = "0x1111111111111111111111111111111111111111"

describe("errors, credentials and rate limits behave as configured", () => {
  it("answers 422 with an errors list for an unknown query parameter, except on E9", () => {
    const r = get(sim, "/api/v2/transactions", { foo: "1" })
    expect(r.status).toBe(422)
    expect(r.json).toEqual({
      errors: [{ title: "Invalid value", source: { pointer: "/foo" }, detail: "Unexpected field" }]
    })
    expect(get(sim, "/api/v2/withdrawals", { foo: "1" }).status).toBe(200)
    expect(get(sim, "/api/v2/token-transfers", { filter: "x" }).status).toBe(422)
  })

  it("answers 422 with the API doc's exact body for a bad address path parameter", () => {
    const r = get(sim, "/api/v2/addresses/0x123/withdrawals")
    expect(r.status).toBe(422)
    expect(r.body).toBe(
      '{"errors":[{"title":"Invalid value","source":{"pointer":"/address_hash_param"},"detail":"Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"}]}'
    )
    expect(get(sim, "/api/v2/transactions/0xabc/logs").status).toBe(422)
  })

  it("answers 422 for a bad filter value and 404 for an unknown transaction, token or instance", () => {
    expect(get(sim, "/api/v2/token-transfers", { type: "ERC-777" }).status).toBe(422)
    expect(get(sim, "/api/v2/transactions", { filter: "mined" }).status).toBe(422)
    const unknownTx = `0x${"ab".repeat(32)}`
    const r = get(sim, `/api/v2/transactions/${unknownTx}/logs`)
    expect(r.status).toBe(404)
    expect(r.json).toEqual({ message: "Not found" })
    const nft = chain.tokens.find((t) => t.type === "ERC-721")!
    expect(get(sim, `/api/v2/tokens/${stranger}/instances/1/transfers`).status).toBe(404)
    expect(get(sim, `/api/v2/tokens/${nft.address}/instances/${nft.idCount + 5}/transfers`).status).toBe(404)
  })

  it("answers an unknown address on E7, E10, E11 and E12 with an empty last page", () => {
    for (const tail of ["blocks-validated", "nft/collections", "internal-transactions", "withdrawals"]) {
      const r = get(sim, `/api/v2/addresses/${stranger}/${tail}`)
      expect(r.status).toBe(200)
      // 12.x says an internal-transaction list is complete in `meta`; the others are plain pages.
      const meta = tail === "internal-transactions" ? { meta: { status: 1, message: null } } : {}
      expect(r.json).toEqual({ items: [], next_page_params: null, ...meta })
    }
  })

  it("drops filters from next_page_params, so the client must re-send them", () => {
    const r = get(sim, "/api/v2/transactions", { type: "coin_transfer", method: "x,y", items_count: 2 })
    const withoutFilter = get(sim, "/api/v2/token-transfers", { type: "ERC-20", items_count: 2 }).json as Json
    expect(Object.keys(withoutFilter.next_page_params as Json)).not.toContain("type")
    expect(r.json).toEqual({ items: [], next_page_params: null })
  })

  it("uses items_count as the page size in 12.x (default 50, capped at 100) and does not echo it", () => {
    const page = (params: Record<string, string | number>) =>
      get(sim, "/api/v2/withdrawals", params).json as { items: Array<unknown>; next_page_params: Json }
    expect(page({}).items.length).toBe(50)
    expect(page({ items_count: 3 }).items.length).toBe(3)
    expect(page({ items_count: 500 }).items.length).toBe(100)
    expect(page({ items_count: 3 }).next_page_params).toEqual({ index: chain.withdrawalCount - 3 })
  })

  it("echoes apikey, key and the page's items_count into cursors in pre-12 mode", () => {
    const old = small({ version: "11" })
    const first = get(old, "/api/v2/transactions", { apikey: "secret-api", key: "secret-key", items_count: 3 })
      .json as {
      items: Array<unknown>
      next_page_params: Json
    }
    // 11.2.7 takes items_count (1 to 50) and gives 50 whatever it says; the cursor carries the page's count.
    expect(first.items.length).toBe(50)
    expect(first.next_page_params).toMatchObject({ apikey: "secret-api", key: "secret-key", items_count: 50 })
    const second = get(old, "/api/v2/transactions", first.next_page_params as Record<string, string | number>).json as {
      next_page_params: Json
    }
    expect(second.next_page_params).toMatchObject({ items_count: 50 })
    const transfers = get(old, "/api/v2/token-transfers", { apikey: "inst_1" }).json as { next_page_params: Json }
    expect(transfers.next_page_params.apikey).toBe("inst_1")
    // ... but not on token transfers, whose 11.x cursor has no items_count.
    expect(transfers.next_page_params).not.toHaveProperty("items_count")
    // The Pro API never echoes: it is the current service whatever the instance's release line.
    const pro = get(old, "/1/api/v2/token-transfers", { apikey: "proapi_1" }).json as { next_page_params: Json }
    expect(pro.next_page_params).not.toHaveProperty("apikey")
  })

  it("answers items_count as 11.2.7 casts it: 1 to 50 where declared, an unexpected field on token transfers", () => {
    const old = small({ version: "11" })
    const refused = (path: string, items_count: number) => {
      const answer = get(old, path, { items_count })
      return [answer.status, answer.json]
    }
    const error = (detail: string) => ({
      errors: [{ title: "Invalid value", source: { pointer: "/items_count" }, detail }]
    })
    expect(refused("/api/v2/transactions", 100)).toEqual([422, error("100 is larger than inclusive maximum 50")])
    expect(refused("/api/v2/transactions", 0)).toEqual([422, error("0 is smaller than inclusive minimum 1")])
    expect(refused("/api/v2/token-transfers", 50)).toEqual([422, error("Unexpected field")])
    const instance = chain.tokens.find((t) => t.type !== "ERC-20")!
    expect(refused(`/api/v2/tokens/${instance.address}/instances/0/transfers`, 50)[0]).toBe(422)
    // E9 checks nothing: any value is ignored, the page is 50.
    const withdrawals = get(old, "/api/v2/withdrawals", { items_count: 100 })
    expect(withdrawals.status).toBe(200)
    expect((withdrawals.json as { items: Array<unknown> }).items.length).toBe(50)
    // 12.x takes up to 100 on every row.
    expect(get(sim, "/api/v2/token-transfers", { items_count: 100 }).status).toBe(200)
  })

  it("refuses Pro calls without a key (401), with a wrong key (401) and out of credits (402)", () => {
    const keyed = small({ apiKeys: ["proapi_good"], credits: 50 })
    expect(get(keyed, "/1/api/v2/withdrawals").json).toEqual({ message: "Unauthorized" })
    const wrong = get(keyed, "/1/api/v2/withdrawals", { apikey: "proapi_bad" })
    expect([wrong.status, wrong.json]).toEqual([401, { message: "Wrong API key" }])
    const first = get(keyed, "/1/api/v2/withdrawals", {}, { authorization: "Bearer proapi_good" })
    expect(first.status).toBe(200)
    expect(first.headers["x-credits-remaining"]).toBe("30")
    expect(get(keyed, "/1/api/v2/token-transfers", { apikey: "proapi_good" }).status).toBe(200)
    const broke = get(keyed, "/1/api/v2/withdrawals", { apikey: "proapi_good" })
    expect([broke.status, broke.json]).toEqual([402, { error: "Out of credits" }])
    expect(get(keyed, "/api/v2/withdrawals").status).toBe(200)
    expect(get(keyed, "/api/v2/withdrawals", {}, { "x-api-key": "nope" }).status).toBe(401)
    expect(get(small({ requireInstanceApiKey: true }), "/api/v2/withdrawals").status).toBe(401)
    expect(get(sim, "/7/api/v2/withdrawals", { apikey: "k" }).status).toBe(404)
  })

  it("answers 403 for a restricted address unless the secret key is sent", () => {
    const user = chain.users[5]!
    const guarded = small({ restrictedAddresses: [user], secretKey: "s3cret" })
    const r = get(guarded, `/api/v2/addresses/${user}/withdrawals`)
    expect([r.status, r.json]).toEqual([403, { message: "Restricted access" }])
    expect(get(guarded, `/api/v2/addresses/${user}/withdrawals`, { key: "s3cret" }).status).toBe(200)
  })

  it("sends x-ratelimit headers with the reset in milliseconds and 429 above the rate", () => {
    const limited = small({ rateLimit: { limit: 2, windowMillis: 1000 } })
    const at = (now: number) => get(limited, "/api/v2/withdrawals", {}, {}, now)
    const a = at(10_100)
    expect(a.headers).toMatchObject({
      "x-ratelimit-limit": "2",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": "900"
    })
    expect(a.headers).not.toHaveProperty("retry-after")
    expect(at(10_200).status).toBe(200)
    const refused = at(10_750)
    expect(refused.status).toBe(429)
    expect(refused.headers["x-ratelimit-reset"]).toBe("250")
    expect((refused.json as Json).message).toMatch(/^Too many requests/)
    expect(at(11_000).status).toBe(200)
    const unlimited = get(sim, "/api/v2/withdrawals")
    expect(unlimited.headers["x-ratelimit-limit"]).toBe("-1")
    expect(get(sim, "/1/api/v2/withdrawals", { apikey: "k" }).headers).toHaveProperty("x-credits-remaining")
  })

  it("main-page/transactions takes no query parameters", () => {
    expect(get(sim, "/api/v2/main-page/transactions", { block_number: 1 }).status).toBe(422)
  })
})
