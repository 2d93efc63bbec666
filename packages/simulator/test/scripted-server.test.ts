/**
 * The scripted loopback server as users get it, spoken to with plain `fetch`: what it records (credentials
 * redacted unless asked), a delay in real time, a list that runs out, and the transport faults on the wire.
 * Also the redaction and scrubbing rules every part of the kit shares.
 */
import { scriptedServer } from "@blockscout-effect/simulator/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { exchangeOf } from "../src/Recording.ts"
import { redactHeaders, redactTarget, scrub, secretsOf } from "../src/internal/credentials.ts"

const get = (url: string, init?: RequestInit) => Effect.promise(() => fetch(url, init))
const text = (response: Response) => Effect.promise(() => response.text())

describe("scriptedServer", () => {
  it.live("answers from a list, records each request with its credentials redacted, and 501s past the end", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer([
        { status: 429, headers: { "Retry-After": "3" }, body: { message: "slow down" } },
        { body: "<html>plain</html>", headers: { "content-type": "text/html" } }
      ])
      const first = yield* get(`${server.url}/api/v2/blocks?apikey=sekrit-123&type=block`, {
        headers: { authorization: "Bearer sekrit-123", "x-api-key": "sekrit-123" }
      })
      assert.strictEqual(first.status, 429)
      assert.strictEqual(first.headers.get("retry-after"), "3")
      assert.deepStrictEqual(JSON.parse(yield* text(first)), { message: "slow down" })
      const second = yield* get(`${server.url}/x?key=other-secret`)
      assert.strictEqual(second.headers.get("content-type"), "text/html")
      assert.strictEqual(yield* text(second), "<html>plain</html>")
      const third = yield* get(`${server.url}/api/v2/tokens?apikey=sekrit-123`)
      assert.strictEqual(third.status, 501)
      assert.include((yield* text(third)) as string, "request 3 (GET /api/v2/tokens?apikey=<redacted>) has none")

      const [a, b] = server.requests
      assert.strictEqual(a?.target, "/api/v2/blocks?apikey=<redacted>&type=block")
      assert.strictEqual(a?.query.get("apikey"), "<redacted>")
      assert.strictEqual(a?.query.get("type"), "block")
      assert.strictEqual(a?.headers.authorization, "Bearer <redacted>")
      assert.strictEqual(a?.headers["x-api-key"], "<redacted>")
      assert.strictEqual(b?.query.get("key"), "<redacted>")
      assert.notInclude(JSON.stringify(server.requests.map((r) => ({ ...r, query: String(r.query) }))), "sekrit")
      assert.deepStrictEqual(
        server.unexpected.map((e) => e.request),
        ["GET /api/v2/tokens?apikey=<redacted>"]
      )
    })
  )

  it.live("revealCredentials keeps them as sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({}), { revealCredentials: true })
      yield* get(`${server.url}/a?apikey=sekrit-123`, { headers: { "x-api-key": "h-sekrit" } })
      assert.strictEqual(server.requests[0]?.query.get("apikey"), "sekrit-123")
      assert.strictEqual(server.requests[0]?.headers["x-api-key"], "h-sekrit")
    })
  )

  it.effect("a delay is real time, whatever the test's clock", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ delay: "150 millis", body: { ok: true } }))
      const started = Date.now()
      const response = yield* TestClock.withLive(get(`${server.url}/slow`))
      assert.isAtLeast(Date.now() - started, 140)
      assert.deepStrictEqual(JSON.parse(yield* TestClock.withLive(text(response))), { ok: true })
    })
  )

  it.live("destroy drops the connection, truncate cuts the body, and both are listed as aborted", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.path === "/drop" ? { destroy: true } : { truncate: true, body: { items: ["a".repeat(100)] } }
      )
      const dropped = yield* Effect.exit(get(`${server.url}/drop`))
      assert.strictEqual(dropped._tag, "Failure")
      const cut = yield* get(`${server.url}/cut`)
      const body = yield* Effect.exit(text(cut))
      assert.strictEqual(body._tag, "Failure")
      assert.deepStrictEqual([...server.aborted].sort(), [0, 1])
    })
  )
})

describe("what the kit redacts and scrubs", () => {
  it("redacts credential parameters and userinfo in targets, credential headers with their scheme kept", () => {
    assert.strictEqual(
      redactTarget("http://user:pw@host/api/v2/x?APIKEY=a&key=b&keys=c"),
      "http://<redacted>@host/api/v2/x?APIKEY=<redacted>&key=<redacted>&keys=c"
    )
    assert.deepStrictEqual(redactHeaders({ Authorization: "Bearer abc", cookie: "s=1", accept: "x" }), {
      Authorization: "Bearer <redacted>",
      cookie: "<redacted>",
      accept: "x"
    })
  })

  it("scrubs every secret a request carried, as sent, URL-encoded and JSON-escaped, from what is stored", () => {
    const url = new URL("http://me:p%40ss@host/api/v2/x?apikey=k%2By%2Fz&key=s3cr3t")
    const secrets = secretsOf(url, { authorization: "Bearer t0ken-1" })
    assert.deepStrictEqual([...secrets].sort(), ["Bearer t0ken-1", "k+y/z", "me", "p@ss", "s3cr3t", "t0ken-1"])
    const stored = exchangeOf(
      "get",
      url,
      {
        status: 200,
        headers: {
          "Set-Cookie": "session=s3cr3t",
          "Content-Encoding": "gzip",
          "Content-Length": "99",
          Link: "<http://host/next?apikey=k%2By%2Fz>",
          "X-Echo": "t0ken-1"
        },
        body: JSON.stringify({ next_page_params: { apikey: "k+y/z", key: "s3cr3t", url: "http://me:p@ss@h/" } })
      },
      secrets
    )
    assert.deepStrictEqual(stored.request, { method: "GET", url: "/api/v2/x" })
    assert.deepStrictEqual(stored.response.headers, {
      link: "<http://host/next?apikey=<redacted>>",
      "x-echo": "<redacted>"
    })
    assert.deepStrictEqual(JSON.parse(stored.response.body), {
      next_page_params: { apikey: "<redacted>", key: "<redacted>", url: "http://<redacted>@h/" }
    })
    // A URL inside JSON ends at its quote: an address after it is not taken for userinfo.
    assert.strictEqual(scrub('{"a":"http://host","b":"me@x.io"}', []), '{"a":"http://host","b":"me@x.io"}')
    // Secrets too short to scrub safely are left (they never reach the stored request: it keeps no credentials).
    assert.strictEqual(scrub("abc 12", ["12"]), "abc 12")
  })
})
