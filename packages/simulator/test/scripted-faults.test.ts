/**
 * Faults that script any answer: a status with its headers and body (429 with `Retry-After` or rate
 * headers, 401/403, any 5xx, an HTML page), a well-formed body that fails the endpoint's schema, and whole
 * faults in a rate plan; through the in-process `HttpClient`, as a user's test sees them.
 */
import * as S from "@blockscout-effect/schema"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { type Fault, makeHttpClient } from "@blockscout-effect/simulator"
import { get, small } from "./support/http.ts"

const base = "http://blockscout.test/api/v2"

/** A simulator whose first request gets `fault`. */
const once = (fault: Fault) => small({ faults: ({ requestNumber }) => (requestNumber === 1 ? fault : undefined) })

describe("Status faults answer any status with the headers and body given", () => {
  it.effect("a 429 with Retry-After, then the next request is answered", () =>
    Effect.gen(function* () {
      const client = makeHttpClient(once({ _tag: "Status", status: 429, headers: { "retry-after": "2" } }))
      const r = yield* client.get(`${base}/withdrawals`)
      expect(r.status).toBe(429)
      expect(r.headers["retry-after"]).toBe("2")
      expect(yield* r.json).toEqual({ message: "Too many requests. Please try again later." })
      expect((yield* client.get(`${base}/withdrawals`)).status).toBe(200)
    })
  )

  it("headers given replace the server's own (x-ratelimit-* of an exhausted window)", () => {
    const sim = once({
      _tag: "Status",
      status: 429,
      headers: { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "750" }
    })
    const r = get(sim, "/api/v2/withdrawals")
    expect(r.status).toBe(429)
    expect(r.headers).toMatchObject({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "750" })
  })

  it("401, 403 and 5xx get the server's bodies; a string body is sent as is; the request log names the fault", () => {
    expect(get(once({ _tag: "Status", status: 401 }), "/api/v2/withdrawals").json).toEqual({ message: "Unauthorized" })
    expect(get(once({ _tag: "Status", status: 403 }), "/api/v2/withdrawals").json).toEqual({
      message: "Restricted access"
    })
    expect(get(once({ _tag: "Status", status: 503 }), "/1/api/v2/withdrawals", { apikey: "k" }).json).toEqual({
      error: "Bad gateway",
      source: "upstream"
    })
    const html = once({ _tag: "Status", status: 502, body: "<html><body>Bad Gateway</body></html>" })
    const r = get(html, "/api/v2/withdrawals")
    expect([r.status, r.body]).toEqual([502, "<html><body>Bad Gateway</body></html>"])
    expect(html.requests.at(-1)).toMatchObject({ status: 502, fault: "Status" })
  })
})

describe("WrongBody faults answer 200 with JSON that fails the endpoint's schema", () => {
  const decode = (schema: Schema.Decoder<unknown>, body: unknown) => Schema.decodeUnknownExit(schema)(body)

  it("breaks the first item's first field, so the decoder fails at a known path", () => {
    const sim = once({ _tag: "WrongBody" })
    const r = get(sim, "/api/v2/token-transfers")
    expect(r.status).toBe(200)
    const body = r.json as { items: Array<Record<string, unknown>> }
    expect(body.items).toHaveLength(1)
    expect(typeof body.items[0]!.block_hash).toBe("object")
    const exit = decode(S.TokenTransfersResponse, body)
    expect(exit._tag).toBe("Failure")
    expect(String(exit)).toContain("block_hash")
    // The same request again is answered as usual, and decodes.
    expect(decode(S.TokenTransfersResponse, get(sim, "/api/v2/token-transfers").json)._tag).toBe("Success")
  })

  it("spoils an empty page and a bare array too, and sends a given body as is", () => {
    const stranger = `0x${"12".repeat(20)}`
    const empty = get(once({ _tag: "WrongBody" }), `/api/v2/addresses/${stranger}/withdrawals`).json
    expect(decode(S.AddressWithdrawalsResponse, empty)._tag).toBe("Failure")
    const array = get(once({ _tag: "WrongBody" }), "/api/v2/main-page/transactions").json
    expect(decode(S.MainPageTransactionsResponse, array)._tag).toBe("Failure")
    const given = get(
      once({ _tag: "WrongBody", body: { items: [{ index: "x" }], next_page_params: null } }),
      "/api/v2/withdrawals"
    )
    expect(given.json).toEqual({ items: [{ index: "x" }], next_page_params: null })
  })

  it("leaves error answers alone", () => {
    const r = get(once({ _tag: "WrongBody" }), `/api/v2/transactions/0x${"ab".repeat(32)}/logs`)
    expect([r.status, r.json]).toEqual([404, { message: "Not found" }])
  })
})

describe("rate plans pick whole faults too", () => {
  it("a scripted 429 among the kinds, at about the configured share, the same requests on every run", () => {
    const run = () => {
      const sim = small({
        faults: { rate: 0.3, kinds: [{ _tag: "Status", status: 429, headers: { "retry-after": "1" } }, "Status"] }
      })
      return Array.from({ length: 300 }, () => get(sim, "/api/v2/withdrawals").status)
    }
    const statuses = run()
    expect(run()).toEqual(statuses)
    expect(new Set(statuses)).toEqual(new Set([200, 429, 503]))
    const faulted = statuses.filter((s) => s !== 200).length
    expect(faulted).toBeGreaterThan(60)
    expect(faulted).toBeLessThan(120)
  })
})
