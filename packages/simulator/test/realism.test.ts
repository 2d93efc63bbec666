import { describe, expect, it } from "@effect/vitest"
import { get, type Json, small } from "./support/http.ts"

const sim = small()
const chain = sim.chain
const pro = { apikey: "proapi_x" }

describe("credits (Pro)", () => {
  const nft = chain.tokens.find((t) => t.type === "ERC-721")!
  const withLogs = chain.template(5).transactions.find((tx) => tx.logCount > 0)!
  // the API doc: 20 a call, 30 for logs and token transfers, 40 for internal transactions.
  const costs: ReadonlyArray<[string, number]> = [
    ["/token-transfers", 30],
    [`/tokens/${nft.address}/instances/1/transfers`, 30],
    [`/transactions/${chain.transactionHash(5, withLogs.position)}/logs`, 30],
    [`/addresses/${chain.routers[0]}/internal-transactions`, 40],
    ["/transactions", 20],
    ["/main-page/transactions", 20],
    [`/addresses/${chain.miners[0]}/blocks-validated`, 20],
    ["/smart-contracts", 20],
    ["/withdrawals", 20],
    [`/addresses/${chain.users[0]}/nft/collections`, 20],
    [`/addresses/${chain.users[0]}/withdrawals`, 20]
  ]

  it("x-credits-remaining goes down by each endpoint's cost", () => {
    const budget = small({ credits: 10_000 })
    let left = 10_000
    for (const [path, cost] of costs) {
      const r = get(budget, `/1/api/v2${path}`, pro)
      expect(r.status, path).toBe(200)
      left -= cost
      expect(r.headers["x-credits-remaining"], path).toBe(String(left))
    }
    expect(budget.creditsRemaining).toBe(left)
  })

  it("counts down from a large number when credits are unlimited, and never answers 402", () => {
    const unlimited = small()
    const first = Number(get(unlimited, "/1/api/v2/token-transfers", pro).headers["x-credits-remaining"])
    const second = Number(get(unlimited, "/1/api/v2/withdrawals", pro).headers["x-credits-remaining"])
    expect(first).toBeGreaterThan(100_000_000)
    expect(first - second).toBe(20)
  })

  it("402 once a call costs more than is left (a cheaper call may still pass); a 429 costs nothing", () => {
    const budget = small({ credits: 60, rateLimit: { limit: 1, windowMillis: 1000 } })
    expect(get(budget, "/1/api/v2/token-transfers", pro, {}, 0).headers["x-credits-remaining"]).toBe("30")
    const limited = get(budget, "/1/api/v2/withdrawals", pro, {}, 10)
    expect(limited.status).toBe(429)
    expect(limited.headers["x-credits-remaining"]).toBe("30")
    const broke = get(budget, `/1/api/v2/addresses/${chain.routers[0]}/internal-transactions`, pro, {}, 1000)
    expect([broke.status, broke.json, broke.headers["x-credits-remaining"]]).toEqual([
      402,
      { error: "Out of credits" },
      "30"
    ])
    expect(get(budget, "/1/api/v2/withdrawals", pro, {}, 2000).headers["x-credits-remaining"]).toBe("10")
  })
})

describe("rate-limit window", () => {
  it("x-ratelimit-reset counts the milliseconds left in the window down, then starts over", () => {
    const limited = small({ rateLimit: { limit: 100, windowMillis: 60_000 } })
    const at = (now: number) => get(limited, "/api/v2/withdrawals", {}, {}, now).headers
    expect(at(120_000)).toMatchObject({ "x-ratelimit-reset": "60000", "x-ratelimit-remaining": "99" })
    expect(at(135_500)).toMatchObject({ "x-ratelimit-reset": "44500", "x-ratelimit-remaining": "98" })
    expect(at(179_999)).toMatchObject({ "x-ratelimit-reset": "1", "x-ratelimit-remaining": "97" })
    expect(at(180_000)).toMatchObject({ "x-ratelimit-reset": "60000", "x-ratelimit-remaining": "99" })
  })

  it("keeps one window per key and family", () => {
    const limited = small({ rateLimit: { limit: 1, windowMillis: 1000 } })
    expect(get(limited, "/api/v2/withdrawals").status).toBe(200)
    expect(get(limited, "/api/v2/withdrawals").status).toBe(429)
    expect(get(limited, "/api/v2/withdrawals", { apikey: "other" }).status).toBe(200)
    expect(get(limited, "/1/api/v2/withdrawals", pro).status).toBe(200)
  })
  it("a token bucket: whole tokens left, and the time until it is full (until the next token when empty)", () => {
    // 4 tokens, one back every 250 ms.
    const bucket = small({ rateLimit: { limit: 4, windowMillis: 1000, kind: "token-bucket" } })
    const at = (now: number) => {
      const r = get(bucket, "/api/v2/withdrawals", {}, {}, now)
      return [r.status, r.headers["x-ratelimit-remaining"], r.headers["x-ratelimit-reset"]]
    }
    expect(at(10_000)).toEqual([200, "3", "250"])
    expect(at(10_000)).toEqual([200, "2", "500"])
    expect(at(10_100)).toEqual([200, "1", "650"])
    expect(at(10_100)).toEqual([200, "0", "150"])
    expect(at(10_200)).toEqual([429, "0", "50"])
    // A refused request takes nothing: the next token comes at 10,250 as announced.
    expect(at(10_250)).toEqual([200, "0", "250"])
    expect(at(12_000)).toEqual([200, "3", "250"])
  })

  it("a sliding log: never more than the limit accepted in any window; reset is when the oldest leaves", () => {
    const log = small({ rateLimit: { limit: 2, windowMillis: 1000, kind: "sliding-log" } })
    const at = (now: number) => {
      const r = get(log, "/api/v2/withdrawals", {}, {}, now)
      return [r.status, r.headers["x-ratelimit-remaining"], r.headers["x-ratelimit-reset"]]
    }
    expect(at(0)).toEqual([200, "1", "1000"])
    expect(at(500)).toEqual([200, "0", "500"])
    expect(at(900)).toEqual([429, "0", "100"])
    // At 1000 the first has left (a fixed window would also have reset); at 1400 the one of 500 has not.
    expect(at(1000)).toEqual([200, "0", "500"])
    expect(at(1400)).toEqual([429, "0", "100"])
    expect(at(1500)).toEqual([200, "0", "500"])
    // Its books: two refused; the busiest second (refused ones included) held four, from 500 to 1400 or 900 to 1500.
    expect(log.rateLimitBooks).toEqual({ refused: 2, busiestSecond: 4 })
  })
})

describe("timestamps", () => {
  it("instance database times carry six fraction digits, not all zero; block times whole seconds", () => {
    const contracts = (get(sim, "/api/v2/smart-contracts").json as { items: Array<Json> }).items
    const fractions = contracts.map((c) => /\.(\d{6})Z$/.exec(c.verified_at as string)?.[1])
    expect(fractions.every((f) => f !== undefined)).toBe(true)
    expect(fractions.some((f) => !f!.endsWith("000"))).toBe(true)
    const blocks = (get(sim, `/api/v2/addresses/${chain.miners[0]}/blocks-validated`).json as { items: Array<Json> })
      .items
    expect(blocks.every((b) => (b.timestamp as string).endsWith(".000000Z"))).toBe(true)
  })

  it("the Pro API writes no fraction", () => {
    const contracts = (get(sim, "/1/api/v2/smart-contracts", pro).json as { items: Array<Json> }).items
    expect(contracts.every((c) => /T\d\d:\d\d:\d\dZ$/.test(c.verified_at as string))).toBe(true)
  })

  it("the pending cursor's inserted_at is an instance time with microseconds, and paging by it works", () => {
    const first = get(sim, "/api/v2/transactions", { filter: "pending", items_count: 5 }).json as {
      items: Array<Json>
      next_page_params: Json
    }
    expect(first.next_page_params.inserted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    const second = get(sim, "/api/v2/transactions", {
      filter: "pending",
      items_count: 5,
      ...(first.next_page_params as Record<string, string>)
    }).json as { items: Array<Json> }
    expect(second.items.length).toBe(5)
    expect(second.items[0]!.hash).not.toBe(first.items[4]!.hash)
  })
})

describe("latency", () => {
  it("can be decided per request, e.g. slow token transfers and internal transactions", () => {
    const slow = small({
      latency: ({ path }) => (path === "/token-transfers" || path.endsWith("/internal-transactions") ? 2_000 : 20)
    })
    expect(get(slow, "/api/v2/token-transfers").delayMillis).toBe(2_000)
    expect(get(slow, `/1/api/v2/addresses/${chain.routers[0]}/internal-transactions`, pro).delayMillis).toBe(2_000)
    expect(get(slow, "/api/v2/withdrawals").delayMillis).toBe(20)
  })
})
