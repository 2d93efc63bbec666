/**
 * Secrets never reach any output, whatever form a server echoes them in: as sent, percent-encoded in either
 * hex case, form-encoded, JSON-escaped (`\/`, `\u0026`), HTML-escaped (`&amp;`), encoded twice; in an error
 * body, an HTML page, a decode error, a transport error, or a cursor under any name or inside any value.
 * Every output is checked: the error (message, `String`, JSON, cause, stack), logs at Debug, spans (with
 * Effect's HTTP span on too), `onEvent` events, the pages and cursors handed out, and what is sent back.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import { Blockscout, type BlockscoutError } from "../../src/index.ts"
import { assertNoSecret, eventSink, formsOf, htmlEscaped, jsonEscaped, observed } from "../support/outputs.ts"
import { page, type Recorded, type Reply, scriptedServer } from "../support/ScriptedServer.ts"
import {
  hostileApiKey,
  hostileSecretKey,
  instanceClient,
  proClient,
  quick,
  secrets,
  type Transport,
  transports,
  withdrawal
} from "./support.ts"

/** Every form of both secrets, joined: what an echoing server writes back. */
const echo = (secret: string) => formsOf(secret).join(" | ")
const echoAll = `${echo(hostileApiKey)} || ${echo(hostileSecretKey)}`

/** Error answers that echo every form of the secrets, and the reason each must give. */
const echoes: ReadonlyArray<readonly [string, Reply, BlockscoutError["reason"]["_tag"]]> = [
  ["a 401 JSON message", { status: 401, body: { message: `Wrong API key: ${echoAll}` } }, "Unauthorized"],
  [
    "a 422 errors[] list",
    {
      status: 422,
      body: {
        errors: [
          { title: "Invalid value", source: { pointer: `/apikey=${echoAll}` }, detail: `got ${echoAll}` },
          { unknown: echoAll, nested: { deeper: [echoAll] } }
        ]
      }
    },
    "InvalidRequest"
  ],
  ["a 402 Pro gateway error", { status: 402, body: { error: echoAll, source: echoAll } }, "OutOfCredits"],
  [
    "a 502 HTML page echoing the request line",
    {
      status: 502,
      headers: { "content-type": "text/html" },
      body: `<html><head><title>502 for ${htmlEscaped(echoAll)}</title></head><body>${echoAll}</body></html>`
    },
    "ServerError"
  ],
  ["a 404 plain text", { status: 404, headers: { "content-type": "text/plain" }, body: echoAll }, "NotFound"],
  ["a 429 JSON string", { status: 429, body: JSON.stringify(`slow down ${echoAll}`) }, "RateLimited"],
  [
    "a 200 HTML page (not JSON)",
    { headers: { "content-type": `text/html; ${echoAll}` }, body: `<title>${echoAll}</title>` },
    "Decode"
  ],
  [
    "a 200 page whose bad field holds the key",
    {
      body: {
        items: [{ ...withdrawal(1), index: echoAll, amount: jsonEscaped(hostileApiKey) }],
        next_page_params: null
      }
    },
    "Decode"
  ],
  [
    "a 200 page whose extra key is the key",
    {
      body: {
        items: [{ ...withdrawal(1), [hostileApiKey]: 1, index: { [hostileSecretKey]: 2 } }],
        next_page_params: null
      }
    },
    "Decode"
  ],
  [
    "an error body over 64 KiB with the key at the cut",
    {
      status: 500,
      // The key straddles the point where the client stops reading an error body.
      body: `${"x".repeat(64 * 1024 - 10)}${hostileApiKey}${encodeURIComponent(hostileApiKey)}${"y".repeat(1000)}`
    },
    "ServerError"
  ]
]

describe("no secret in any output", () => {
  for (const transport of Object.keys(transports) as ReadonlyArray<Transport>) {
    for (const [what, reply, tag] of echoes) {
      for (const apiKeyIn of ["query", "header"] as const) {
        it.live(`${what} (${transport}, key in the ${apiKeyIn}): ${tag}, no secret anywhere`, () =>
          Effect.gen(function* () {
            const server = yield* scriptedServer(() => reply)
            const events = eventSink()
            const layer = instanceClient(server.url, transport, {
              apiKeyIn,
              onEvent: events.onEvent,
              httpClientSpans: true
            })
            const { exit, texts } = yield* observed(
              Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(Effect.provide(layer))
            )
            const error = yield* Effect.flip(exit)
            assert.strictEqual(error.reason._tag, tag, error.message)
            assertNoSecret([...texts, ...events.texts], secrets)
          }).pipe(Effect.scoped)
        )
      }
    }
  }

  it.live("a server message is kept, only the secret replaced", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        status: 401,
        body: {
          message: `Wrong API key ${encodeURIComponent(hostileApiKey).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())} for this chain`
        }
      }))
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(proClient(server.url, "fetch")),
        Effect.flip
      )
      assert.include(error.message, "Wrong API key <redacted> for this chain")
    }).pipe(Effect.scoped)
  )
})

/** A cursor echoing the API key under every name and inside values, beside its real key. */
const leakyCursor = {
  index: 1,
  api_key: hostileApiKey,
  "x-api-key": hostileApiKey,
  token: encodeURIComponent(hostileApiKey),
  "apikey[]": hostileApiKey,
  "api key": hostileApiKey,
  note: `a=1&apikey=${encodeURIComponent(hostileApiKey)}`,
  escaped: jsonEscaped(hostileApiKey),
  html: htmlEscaped(hostileApiKey),
  form: new URLSearchParams({ k: hostileApiKey }).toString(),
  [hostileApiKey]: 1
}

/** The same, echoing an instance's secret key too. */
const leakierCursor = {
  ...leakyCursor,
  secret: hostileSecretKey,
  [`x-${encodeURIComponent(hostileSecretKey)}`]: "named after the key"
}

/** The query the client sent, less the credentials it sends itself (`apikey`, `key`). */
const sentQuery = (request: Recorded) =>
  [...request.query.entries()].filter(([name]) => name !== "apikey" && name !== "key")

describe("cursors carry no secret", () => {
  for (const family of ["pro", "instance"] as const) {
    it.live(`a cursor echoing the secrets under any name is stripped of them (${family})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((_, n) => ({
          body: page([withdrawal(n)], n === 0 ? (family === "pro" ? leakyCursor : leakierCursor) : null)
        }))
        const events = eventSink()
        const layer =
          family === "pro"
            ? proClient(server.url, "fetch", { onEvent: events.onEvent })
            : instanceClient(server.url, "fetch", { onEvent: events.onEvent })
        const { exit, texts } = yield* observed(
          Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(Effect.provide(layer))
        )
        assert.strictEqual(exit._tag, "Success")
        if (exit._tag === "Success") {
          const pages = exit.value
          assert.deepStrictEqual(pages[0]!.next_page_params, { index: 1 })
          assert.deepStrictEqual(pages[1]!.cursor, { index: 1 })
        }
        // Only the cursor's own key goes back, with the stream's page size (the largest page).
        assert.deepStrictEqual(sentQuery(server.requests[1]!), [
          ["index", "1"],
          ["items_count", "100"]
        ])
        // A Pro client holds no secret key: only its API key is its secret.
        assertNoSecret([...texts, ...events.texts], family === "pro" ? [hostileApiKey] : secrets)
      }).pipe(Effect.scoped)
    )
  }

  it.live("a cursor passed in by the caller is stripped the same way before it is sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) => bs.listWithdrawals({ cursor: leakierCursor })).pipe(
        Effect.provide(instanceClient(server.url, "fetch"))
      )
      assert.deepStrictEqual(sentQuery(server.requests[0]!), [["index", "1"]])
    }).pipe(Effect.scoped)
  )

  it.live("a stall on cursors that echo the key: the error's cursor and URL hold none of it", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => ({ body: page([withdrawal(n)], leakierCursor) }))
      const events = eventSink()
      const { exit, texts } = yield* observed(
        Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { onEvent: events.onEvent }))
        )
      )
      const error = yield* Effect.flip(exit)
      assert.strictEqual(error.reason._tag, "PaginationStalled")
      if (error.reason._tag === "PaginationStalled") assert.deepStrictEqual(error.reason.cursor, { index: 1 })
      assertNoSecret([...texts, ...events.texts], secrets)
    }).pipe(Effect.scoped)
  )
})

describe("a base URL's userinfo is a secret", () => {
  const password = "pa55:w%40rd"
  for (const transport of Object.keys(transports) as ReadonlyArray<Transport>) {
    it.live(`a base URL with user:pass@ is refused, nothing sent, never shown in any form (${transport})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        const baseUrl = server.url.replace("http://", `http://us%20er:${password}@`)
        const layer = Blockscout.layerInstance({
          baseUrl,
          apiKey: Redacted.make(hostileApiKey),
          ...quick
        }).pipe(Layer.provide(transports[transport]))
        const events = eventSink()
        const { exit, texts } = yield* observed(
          Blockscout.use((bs) => Effect.zip(Effect.succeed(bs.target), bs.listWithdrawals())).pipe(
            Effect.provide(layer)
          )
        )
        const error = yield* Effect.flip(exit)
        assert.strictEqual(error.reason._tag, "InvalidArgument")
        assert.strictEqual(server.requests.length, 0)
        assertNoSecret([...texts, ...events.texts], [decodeURIComponent(password), password, "us er"])
      }).pipe(Effect.scoped)
    )
  }

  it.live("a base URL with a query, a fragment or another scheme is refused, nothing sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      for (const baseUrl of [`${server.url}/?apikey=x`, `${server.url}/#x`, server.url.replace("http:", "ftp:")]) {
        const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
          Effect.provide(instanceClient(baseUrl, "fetch")),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "InvalidArgument", baseUrl)
        if (error.reason._tag === "InvalidArgument") assert.strictEqual(error.reason.argument, "baseUrl")
      }
      assert.strictEqual(server.requests.length, 0)
    }).pipe(Effect.scoped)
  )
})

describe("a key passed as an argument is never quoted back", () => {
  it.live("not as options, not cut in half past a long value's first 80 characters, nothing sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const long = `${"x".repeat(60)}${hostileApiKey}`
      const zero = "0x0000000000000000000000000000000000000000"
      const calls = [
        // The by-name call's options that are not an object: quoted as they are; a key as the row's name.
        Blockscout.use((bs) => bs.page("withdrawals", hostileApiKey as never)),
        Blockscout.use((bs) => bs.page(hostileApiKey as never)),
        Blockscout.use((bs) => bs.get(long as never)),
        Blockscout.use((bs) => Stream.runDrain(bs.follow(hostileApiKey as never))),
        // A follow's options: a count and a duration given the key.
        Blockscout.use((bs) => Stream.runDrain(bs.followBlocks({}, { confirmations: hostileApiKey as never }))),
        Blockscout.use((bs) => Stream.runDrain(bs.followBlocks({}, { pollInterval: hostileApiKey as never }))),
        // A value longer than a message quotes: the key starts before the cut and ends after it.
        Blockscout.use((bs) => bs.listTransactions({ filter: long as never })),
        Blockscout.use((bs) => bs.getPath(`/transactions?filter=${long}` as never)),
        Blockscout.use((bs) => bs.getAddress(long as never)),
        // An address's history and its dry run: the address, a kind, a block and the parts, each given the key.
        Blockscout.use((bs) => Stream.runDrain(bs.streamAddressHistory(long))),
        Blockscout.use((bs) => Stream.runDrain(bs.streamAddressHistory(zero, { kinds: [hostileApiKey as never] }))),
        Blockscout.use((bs) => Stream.runDrain(bs.streamAddressHistory(zero, { fromBlock: hostileApiKey as never }))),
        Blockscout.use((bs) =>
          Stream.runDrain(bs.streamAddressHistory(zero, { partition: { parts: hostileApiKey as never } }))
        ),
        Blockscout.use((bs) => bs.estimateAddressHistory(long)),
        Blockscout.use((bs) => bs.estimateAddressHistory(zero, { samples: hostileApiKey as never }))
      ]
      for (const call of calls) {
        const error = yield* call.pipe(Effect.provide(instanceClient(server.url, "fetch")), Effect.flip)
        assert.strictEqual(error.reason._tag, "InvalidArgument")
        assertNoSecret([error.message, JSON.stringify(error.reason)], secrets)
      }
      assert.strictEqual(server.requests.length, 0)
    }).pipe(Effect.scoped)
  )
})
