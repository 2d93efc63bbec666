/**
 * Response bodies as real servers and the proxies in front of them send them, each mapped to its reason
 * with the server's message kept and no credential in any error text, log line or span.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout, type BlockscoutError, type BlockscoutErrorReason } from "../src/index.ts"
import { makeCapture } from "./support/capture.ts"
import { page, type Reply, scriptedServer } from "./support/ScriptedServer.ts"
import { fixtures, instanceLayer, proLayer, secretKeyText } from "./support/fixtures.ts"
import { instanceClient, type Transport } from "./hostile/support.ts"

/** A key with characters that change under URL encoding, so an echoed, encoded key is caught too. */
const awkwardKey = "proapi_S3CRET+/=&key"
const encodedKey = encodeURIComponent(awkwardKey)

const nginx502 = (echo: string) =>
  `<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n<!-- ${echo} -->\r\n</body>\r\n</html>\r\n`
const cloudflare520 = (echo: string) =>
  `<!DOCTYPE html>\n<html lang="en-US"><head><title>eth.blockscout.com | 520: Web server is returning an unknown error</title><meta charset="UTF-8" /></head><body><p>Ray ID ${echo}</p></body></html>`

interface Case {
  readonly what: string
  /** The answer; `echo` is the key as the server received it (URL-encoded), to echo back. */
  readonly reply: (echo: string) => Reply
  readonly tag: BlockscoutErrorReason["_tag"]
  readonly message: string
  readonly status?: number
  readonly retried: boolean
}

const cases: ReadonlyArray<Case> = [
  {
    what: "502 with nginx's HTML page",
    reply: (echo) => ({ status: 502, headers: { "content-type": "text/html" }, body: nginx502(echo) }),
    tag: "ServerError",
    message: "502 Bad Gateway (HTML page)",
    status: 502,
    retried: true
  },
  {
    what: "520 with Cloudflare's HTML page",
    reply: (echo) => ({ status: 520, headers: { "content-type": "text/html" }, body: cloudflare520(echo) }),
    tag: "ServerError",
    message: "520: Web server is returning an unknown error (HTML page)",
    status: 520,
    retried: true
  },
  {
    what: "Pro gateway {error, source}",
    reply: () => ({ status: 504, body: { error: "Gateway timeout", source: "upstream" } }),
    tag: "ServerError",
    message: "Gateway timeout (source: upstream)",
    status: 504,
    retried: true
  },
  {
    what: "200 with a truncated JSON body",
    reply: (echo) => ({ body: `{"items":[{"index":1,"note":"${echo}"},{"ind` }),
    tag: "Transport",
    message: "truncated",
    retried: true
  },
  {
    what: "200 cut mid-body by the connection",
    reply: (echo) => ({ truncate: true, body: page([fixtures.withdrawals[0]], { index: 5, note: echo }) }),
    tag: "Transport",
    message: "the response body is truncated",
    retried: true
  },
  {
    what: "200 with an HTML page (a frontend at the wrong base URL)",
    reply: (echo) => ({
      headers: { "content-type": "text/html; charset=utf-8" },
      body: `<!doctype html><html><head><title>Blockscout explorer ${echo}</title></head><body></body></html>`
    }),
    tag: "Decode",
    message: "expected a JSON body, got text/html; charset=utf-8: Blockscout explorer",
    retried: false
  },
  {
    what: "200 with items but no next_page_params",
    reply: () => ({ body: { items: [fixtures.withdrawals[0]] } }),
    tag: "Decode",
    message: "",
    retried: false
  },
  {
    what: "401 Wrong API key",
    reply: (echo) => ({ status: 401, body: { message: `Wrong API key ${echo}` } }),
    tag: "Unauthorized",
    message: "Wrong API key",
    status: 401,
    retried: false
  },
  {
    what: "402 Out of credits",
    reply: () => ({ status: 402, body: { error: "Out of credits" } }),
    tag: "OutOfCredits",
    message: "Out of credits",
    retried: false
  },
  {
    what: "403 Restricted access",
    reply: () => ({ status: 403, body: { message: "Restricted access" } }),
    tag: "Unauthorized",
    message: "Restricted access",
    status: 403,
    retried: false
  },
  {
    what: "429 with a JSON string body",
    reply: () => ({ status: 429, body: JSON.stringify("Too many requests. Try again later.") }),
    tag: "RateLimited",
    message: "Too many requests. Try again later.",
    retried: true
  }
]

/** Runs `effect`, collecting every log line and span as text. */
const observed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const capture = makeCapture()
    const exit = yield* Effect.exit(capture.around(effect))
    return { exit, texts: [...capture.logs, ...capture.spanTexts()] }
  })

const errorTexts = (error: BlockscoutError) => [
  error.message,
  String(error),
  JSON.stringify(error),
  error.url,
  JSON.stringify(error.reason),
  String(error.stack)
]

describe("error bodies", () => {
  for (const c of cases) {
    for (const family of ["pro", "instance"] as const) {
      it.live(`${c.what} (${family}): ${c.tag}, message kept, no key anywhere`, () =>
        Effect.gen(function* () {
          const server = yield* scriptedServer((request) => c.reply(request.query.get("apikey") ?? ""))
          const layer =
            family === "pro"
              ? proLayer(server.url, { retry: { times: 2, base: "1 millis", max: "2 millis" } }, awkwardKey)
              : instanceLayer(server.url, { retry: { times: 2, base: "1 millis", max: "2 millis" } })
          const { exit, texts } = yield* observed(
            Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(Effect.provide(layer))
          )
          assert.isTrue(exit._tag === "Failure", "the call failed")
          const error = yield* Effect.flip(exit)
          assert.strictEqual(error.reason._tag, c.tag)
          assert.include(error.message, c.message)
          if (c.status !== undefined && "status" in error.reason) assert.strictEqual(error.reason.status, c.status)
          if (c.what.includes("next_page_params") && error.reason._tag === "Decode") {
            assert.strictEqual(error.reason.path, "next_page_params")
          }
          assert.strictEqual(server.requests.length, c.retried ? 3 : 1)
          assert.strictEqual(error.endpoint, "withdrawals")
          for (const text of [...errorTexts(error), ...texts]) {
            for (const secret of [awkwardKey, encodedKey, secretKeyText, "proapi_SECRETKEY"]) {
              assert.notInclude(text, secret)
            }
          }
        }).pipe(Effect.scoped)
      )
    }
  }

  it.live("a retried truncated page is fetched again and the stream completes", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) =>
        n === 0 ? { truncate: true, body: page([fixtures.withdrawals[0]]) } : { body: page([fixtures.withdrawals[0]]) }
      )
      const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.strictEqual(items.length, 1)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )
})
describe("page bodies", () => {
  // Two-, three- and four-byte UTF-8 characters, sent a byte at a time: each character arrives split across
  // chunks, which the body reader decodes as they come.
  const note = "é € 𝄞 Ünïcödé"
  const bytes = new TextEncoder().encode(
    JSON.stringify({ items: [fixtures.withdrawals[0]], next_page_params: { index: 7, note } })
  )
  for (const transport of ["fetch", "undici"] as const satisfies ReadonlyArray<Transport>) {
    it.live(`characters split across chunks read back whole (${transport})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({
          chunks: { next: (i) => (i < bytes.length ? bytes.subarray(i, i + 1) : undefined), everyMillis: 1 }
        }))
        const page = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
          Effect.provide(instanceClient(server.url, transport))
        )
        assert.strictEqual(page.items.length, 1)
        assert.deepStrictEqual(page.next_page_params, { index: 7, note })
      }).pipe(Effect.scoped)
    )
  }
})

describe("Effect's HTTP client spans (httpClientSpans: true)", () => {
  for (const apiKeyIn of ["query", "header"] as const) {
    for (const family of ["pro", "instance"] as const) {
      it.live(`hold no key: ${family}, key in the ${apiKeyIn}`, () =>
        Effect.gen(function* () {
          const server = yield* scriptedServer((_, n) =>
            n === 0 ? { status: 503, body: { error: "Service unavailable" } } : { body: page([]) }
          )
          const options = { httpClientSpans: true, apiKeyIn, retry: { times: 1, base: "1 millis" } } as const
          const layer =
            family === "pro" ? proLayer(server.url, options, awkwardKey) : instanceLayer(server.url, options)
          const { exit, texts } = yield* observed(
            Blockscout.use((bs) => bs.listWithdrawals({ cursor: { index: 3 } })).pipe(Effect.provide(layer))
          )
          assert.strictEqual(exit._tag, "Success")
          assert.isTrue(
            texts.some((text) => text.includes("http.request.method")),
            "Effect's HTTP span was recorded"
          )
          for (const text of texts) {
            for (const secret of [awkwardKey, encodedKey, "proapi_SECRETKEY", secretKeyText]) {
              assert.notInclude(text, secret)
            }
          }
        }).pipe(Effect.scoped)
      )
    }
  }
})
