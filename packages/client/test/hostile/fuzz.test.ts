/**
 * Fuzzing the request pipeline: random and near-miss answers (statuses, headers, bodies: valid pages with
 * one thing changed, cut, padded, nested, echoing the secrets in every form; cursors under any name) fed to
 * `list*` and page streams, with random cursors passed in. Whatever comes back, the outcome is a value or a
 * `BlockscoutError` (never a defect, never a hang), and no output (error texts, logs, spans, events,
 * cursors) holds a secret.
 *
 * Most runs go through an in-process `HttpClient` built from a function (thousands of answers a second);
 * fewer through a real loopback server and fetch, where bodies are read off a socket.
 */
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option, Redacted, Stream } from "effect"
import { FetchHttpClient, HttpClient, HttpClientResponse } from "effect/http"
import fc from "fast-check"
import { Blockscout, BlockscoutError, type ClientOptions } from "../../src/index.ts"
import { assertNoSecret, eventSink, formsOf, htmlEscaped, observed } from "../support/outputs.ts"
import { type Reply, scriptedServer } from "../support/ScriptedServer.ts"
import { hostileApiKey, hostileSecretKey, secrets, withdrawal } from "./support.ts"

/** One answer of the fuzzed server. */
interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

const echoes = [...formsOf(hostileApiKey), ...formsOf(hostileSecretKey)]

/** Text that may hold a secret in any form. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...echoes),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...echoes), fc.string({ maxLength: 10 }))
    .map((p) => p.join("")),
  fc.constantFrom("<".repeat(3000), "a.".repeat(2000), "x://".repeat(500), "%25%2B&amp;\\u0026+".repeat(200))
)

/** A cursor value: what servers send, near misses, secrets, huge and odd numbers. */
const cursorValue = fc.oneof(
  fc.integer(),
  fc.constantFrom(2 ** 53 + 2, 1e21, -0, 0.1, Number.MAX_SAFE_INTEGER),
  text,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 })
)

const cursorName = fc.oneof(
  fc.constantFrom(
    "index",
    "block_number",
    "items_count",
    "apikey",
    "key",
    "api_key",
    "x-api-key",
    "token",
    "apikey[]",
    "api key"
  ),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...echoes)
)

const cursor = fc.dictionary(cursorName, cursorValue, { maxKeys: 5 })

/** A valid page, then one thing done to it. */
const nearMissPage = fc
  .record({
    items: fc.array(fc.integer({ min: 0, max: 1000 }).map(withdrawal), { maxLength: 4 }),
    next: fc.option(cursor, { nil: null })
  })
  .chain(({ items, next }) => {
    const valid = JSON.stringify({ items, next_page_params: next })
    return fc.oneof(
      fc.constant(valid),
      fc.nat({ max: valid.length }).map((at) => valid.slice(0, at)),
      text.map((tail) => `${valid}${tail}`),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ items: [v], next_page_params: next })),
      fc
        .tuple(text, fc.jsonValue({ maxDepth: 2 }))
        .map(([k, v]) => JSON.stringify({ items, next_page_params: next, [k]: v })),
      fc
        .nat({ max: 30_000 })
        .map((depth) => `{"items":[${"[".repeat(depth)}${"]".repeat(depth)}],"next_page_params":null}`),
      fc
        .constantFrom(echoes.join(" "))
        .map((e) => JSON.stringify({ items: [{ ...withdrawal(1), index: e }], next_page_params: next }))
    )
  })

/** An error body: Blockscout's, the Pro gateway's, a proxy's HTML page, or anything. */
const errorBody = fc.oneof(
  text.map((message) => JSON.stringify({ message })),
  fc.tuple(text, text).map(([error, source]) => JSON.stringify({ error, source })),
  fc
    .array(fc.record({ title: text, detail: text, source: fc.record({ pointer: text }) }), { maxLength: 3 })
    .map((errors) => JSON.stringify({ errors })),
  text.map((t) => `<html><head><title>${htmlEscaped(t)}</title></head><body>${t}</body></html>`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  text
)

/** Header values fetch accepts (visible ASCII and spaces). */
const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
  fc.constantFrom(...echoes.map(encodeURIComponent)),
  fc.constantFrom("0", "-1", "1", "999999999999", "Thu, 01 Jan 2026 00:00:09 GMT", "abc")
)

const headers = fc.record(
  {
    "content-type": fc.constantFrom("application/json", "text/html", "text/plain", "application/octet-stream"),
    location: fc.oneof(
      headerValue,
      fc.constantFrom(...echoes.map((e) => `http://evil.example/${encodeURIComponent(e)}?k=${encodeURIComponent(e)}`))
    ),
    "retry-after": headerValue,
    "x-ratelimit-reset": headerValue,
    "x-ratelimit-remaining": headerValue
  },
  { requiredKeys: ["content-type"] }
)

const answer: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ status: fc.constant(200), headers, body: nearMissPage }) },
  {
    weight: 2,
    arbitrary: fc.record({
      status: fc.oneof(
        fc.constantFrom(204, 301, 302, 307, 400, 401, 402, 403, 404, 422, 429, 500, 502, 503),
        fc.integer({ min: 200, max: 599 })
      ),
      headers,
      body: errorBody
    })
  }
)

const script = fc.array(answer, { minLength: 1, maxLength: 4 })

/** Statuses whose answer has no body. */
const noBody = new Set([204, 205, 304])

/** An `HttpClient` answering request `n` with `answers[n % length]`. */
const inProcess = (answers: ReadonlyArray<Answer>) => {
  let n = 0
  return HttpClient.make((request) =>
    Effect.sync(() => {
      const a = answers[n++ % answers.length]!
      const body = noBody.has(a.status) ? null : a.body
      return HttpClientResponse.fromWeb(request, new Response(body, { status: a.status, headers: a.headers }))
    })
  )
}

/** Fast retries, no pacing, short server waits: a fuzz run never sleeps for long. */
const options: ClientOptions = {
  rateLimit: false,
  retry: { times: 1, base: "1 millis", max: "2 millis" },
  maxServerWait: "5 millis",
  timeout: "2 seconds"
}

const layerOver = (baseUrl: string, http: Layer.Layer<HttpClient.HttpClient>) =>
  Blockscout.layerInstance({
    baseUrl,
    apiKey: Redacted.make(hostileApiKey),
    secretKey: Redacted.make(hostileSecretKey),
    ...options
  }).pipe(Layer.provide(http))

/**
 * Runs one list call (with a random cursor) and one page stream (at most 20 pages) against the layer, and
 * checks the properties: a value or a `BlockscoutError`, in bounded time, with no secret in any output.
 */
const check = (layer: Layer.Layer<Blockscout, BlockscoutError>, start: Record<string, unknown>) =>
  Effect.gen(function* () {
    const events = eventSink()
    const runs: ReadonlyArray<Effect.Effect<unknown, BlockscoutError, Blockscout>> = [
      Blockscout.use((bs) => bs.listWithdrawals({ cursor: start as never })),
      Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages().pipe(Stream.take(20))))
    ]
    for (const run of runs) {
      const timed = yield* observed(run.pipe(Effect.provide(layer))).pipe(Effect.timeoutOption("10 seconds"))
      assert.isTrue(Option.isSome(timed), "no hang")
      if (Option.isNone(timed)) return
      const { exit, texts } = timed.value
      if (Exit.isFailure(exit)) {
        for (const reason of exit.cause.reasons) {
          assert.isTrue(Cause.isFailReason(reason), `only failures, no defect: ${Cause.pretty(exit.cause)}`)
          if (Cause.isFailReason(reason)) assert.instanceOf(reason.error, BlockscoutError)
        }
        assertNoSecret([...texts, ...events.texts], secrets)
      } else {
        // Items are the server's data; the cursors are the client's output.
        const value = exit.value as { readonly next_page_params: unknown; readonly cursor?: unknown }
        const pages = Array.isArray(value) ? (value as ReadonlyArray<typeof value>) : [value]
        const cursors = pages.flatMap((p) => [p.next_page_params, p.cursor])
        assertNoSecret([JSON.stringify(cursors), ...events.texts], secrets)
      }
    }
  })

describe("fuzzed answers", () => {
  it.live(
    "in process: a value or a BlockscoutError, in bounded time, no secret anywhere",
    () =>
      Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(script, cursor, (answers, start) =>
            Effect.runPromise(
              check(layerOver("http://fuzz.test", Layer.succeed(HttpClient.HttpClient, inProcess(answers))), start)
            )
          ),
          { numRuns: 200 }
        )
      ),
    30_000
  )

  it.live(
    "over a loopback socket and fetch: the same",
    () =>
      Effect.gen(function* () {
        let answers: ReadonlyArray<Answer> = []
        let first = 0
        const server = yield* scriptedServer((_, n): Reply => {
          const a = answers[(n - first) % answers.length]!
          return { status: a.status, headers: a.headers, body: noBody.has(a.status) ? "" : a.body }
        })
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(script, cursor, (next, start) => {
              answers = next
              first = server.requests.length
              return Effect.runPromise(check(layerOver(server.url, FetchHttpClient.layer), start))
            }),
            { numRuns: 40 }
          )
        )
      }).pipe(Effect.scoped),
    30_000
  )
})
