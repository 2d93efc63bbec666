/**
 * Time and memory stay bounded whatever a server sends: error bodies built to make a regular expression
 * backtrack, nested ten thousand levels, or megabytes long; a gzip bomb; an endless body; a body dripped a
 * byte at a time. Each gives a typed `BlockscoutError` (never a defect), while a 10 ms timer keeps firing
 * within 100 ms of its due time (the event loop is never blocked longer) and memory grows by far less than
 * what the server sends.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { gzipSync } from "node:zlib"
import { Blockscout } from "../../src/index.ts"
import { assertNoSecret, observed } from "../support/outputs.ts"
import { page, type Reply, scriptedServer } from "../support/ScriptedServer.ts"
import { watched } from "../support/watch.ts"
import { instanceClient, secrets, type Transport, transports, withdrawal } from "./support.ts"

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())

const MiB = 1024 * 1024

/** The bound on event-loop blocking every attack is held to. */
const maxLag = 100

/** 96 gzip members of 16 MiB of spaces each: 1.6 MB on the wire, 1.5 GiB inflated. */
const gzipBomb = (() => {
  const member = gzipSync(Buffer.alloc(16 * MiB, 0x20), { level: 9 })
  return new Uint8Array(Buffer.concat(Array.from({ length: 96 }, () => member)))
})()

interface Attack {
  readonly what: string
  readonly reply: () => Reply
  /** The reason it must end in. */
  readonly tag: string
  /** Requests the client may send (the first and its retries). */
  readonly requests: number
  /** Text the error message must hold. */
  readonly message?: string
}

/**
 * Bodies built once, as bytes: the server shares the client's thread here, and building a 48 MB string per
 * request would count against the client's bound.
 */
const bytes = (text: string) => new Uint8Array(Buffer.from(text))
const big200 = bytes(`{"items":[${'"x",'.repeat(12 * MiB)}"x"],"next_page_params":null}`)
const big500 = bytes(`{"errors":[${'{"detail":"x"},'.repeat(1_400_000)}{}]}`)
const manyObjects = bytes(`{"items":[${'{"a":1},'.repeat(1_500_000)}{}],"next_page_params":null}`)
const manyItems = bytes(JSON.stringify(page(Array.from({ length: 5000 }, (_, i) => withdrawal(i)))))
const letters = bytes("x".repeat(65536))
const brackets = bytes("[[[[[[[[".repeat(8192))
const busy = bytes("<p>busy</p>".repeat(4096))

const nested = (depth: number) => `{"errors":[${"[".repeat(depth)}${"]".repeat(depth)}]}`
const nestedObjects = (depth: number) => `{"errors":[${'{"a":'.repeat(depth)}1${"}".repeat(depth)}]}`

const attacks: ReadonlyArray<Attack> = [
  {
    what: "a 502 body of 100,000 '<' (a backtracking HTML summary)",
    reply: () => ({ status: 502, headers: { "content-type": "text/html" }, body: "<".repeat(100_000) }),
    tag: "ServerError",
    requests: 3
  },
  {
    what: "a 502 HTML page whose title never closes, 1 MB long",
    reply: () => ({
      status: 502,
      headers: { "content-type": "text/html" },
      body: `<html><title>${"<a ".repeat(350_000)}`
    }),
    tag: "ServerError",
    requests: 3
  },
  {
    what: "a 400 body of 'a.a.a...' and '://' (a backtracking userinfo scrub)",
    reply: () => ({ status: 400, body: `${"a.".repeat(100_000)}://x${"a.".repeat(100_000)}` }),
    tag: "InvalidRequest",
    requests: 1
  },
  {
    what: "a 400 body of 'x://' repeated (every URL scanned)",
    reply: () => ({ status: 400, body: "x://".repeat(100_000) }),
    tag: "InvalidRequest",
    requests: 1
  },
  {
    what: "a 422 body of percent escapes and entities (every decoder busy)",
    reply: () => ({ status: 422, body: "%25%2B&amp;\\u0026+".repeat(30_000) }),
    tag: "InvalidRequest",
    requests: 1
  },
  {
    what: "a 422 errors[] entry nested 30,000 arrays deep",
    reply: () => ({ status: 422, body: nested(30_000) }),
    tag: "InvalidRequest",
    requests: 1,
    message: "[[[[[...]]]]]"
  },
  {
    what: "a 422 errors[] entry nested 10,000 objects deep",
    reply: () => ({ status: 422, body: nestedObjects(10_000) }),
    tag: "InvalidRequest",
    requests: 1,
    message: '{"a":{"a":{"a":{"a":{...}}}}}'
  },
  {
    what: "a 500 body of 20 MB (a million errors[] entries)",
    reply: () => ({ status: 500, body: big500 }),
    tag: "ServerError",
    requests: 3
  },
  {
    what: "a 200 body of 48 MB (over the 16 MiB default)",
    reply: () => ({ body: big200 }),
    tag: "ResponseTooLarge",
    requests: 1,
    message: "maxResponseBytes (16777216 bytes)"
  },
  {
    what: "a 200 body of 12 MB of small objects (under the byte limit, too many to parse in one go)",
    reply: () => ({ body: manyObjects }),
    tag: "Decode",
    requests: 1,
    message: "more than 65536 objects and arrays"
  },
  {
    what: "a page of 5,000 valid items (more than any page holds)",
    reply: () => ({ body: manyItems }),
    tag: "Decode",
    requests: 1,
    message: "a page of 5000 items"
  },
  {
    what: "a 200 body that never ends",
    reply: () => ({ chunks: { next: (i) => (i === 0 ? '{"items":["' : letters) } }),
    tag: "ResponseTooLarge",
    requests: 1
  },
  {
    what: "a 200 body of brackets that never ends",
    reply: () => ({ chunks: { next: () => brackets } }),
    tag: "Decode",
    requests: 1,
    message: "more than 65536 objects and arrays"
  },
  {
    what: "an error body that never ends",
    reply: () => ({ status: 503, chunks: { next: () => busy } }),
    tag: "ServerError",
    requests: 3
  }
]

describe("bounded time and memory", () => {
  for (const transport of Object.keys(transports) as ReadonlyArray<Transport>) {
    for (const attack of attacks) {
      it.live(`${attack.what} (${transport}): ${attack.tag}, responsive, bounded`, () =>
        Effect.gen(function* () {
          const server = yield* scriptedServer(attack.reply)
          const { result, maxLagMillis, peakGrowthBytes } = yield* watched(
            observed(listWithdrawals.pipe(Effect.provide(instanceClient(server.url, transport))))
          )
          const error = yield* Effect.flip(result.exit)
          assert.strictEqual(error.reason._tag, attack.tag, error.message)
          if (attack.message !== undefined) assert.include(error.message, attack.message)
          assert.isBelow(error.message.length, 2000, "the message is a summary")
          assert.strictEqual(server.requests.length, attack.requests)
          assert.isBelow(maxLagMillis, maxLag, "the event loop kept turning")
          assert.isBelow(peakGrowthBytes, 200 * MiB, "memory stayed bounded")
          assertNoSecret(result.texts, secrets)
        }).pipe(Effect.scoped)
      )
    }
  }

  it.live("a gzip bomb (1.6 MB inflating to 1.5 GiB, fetch inflates it) fails early with ResponseTooLarge", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: gzipBomb
      }))
      const { result, maxLagMillis, peakGrowthBytes } = yield* watched(
        listWithdrawals.pipe(Effect.provide(instanceClient(server.url, "fetch")), Effect.exit)
      )
      const error = yield* Effect.flip(result)
      assert.strictEqual(error.reason._tag, "ResponseTooLarge")
      assert.strictEqual(server.requests.length, 1, "not retried: it would be as large again")
      assert.isBelow(maxLagMillis, maxLag)
      // 16 MiB is kept at most (the chunks it is gathered from), never 1.5 GiB.
      assert.isBelow(peakGrowthBytes, 200 * MiB)
    }).pipe(Effect.scoped)
  )

  it.live("a gzip bomb over undici (which does not inflate) is refused as what it is: not JSON", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: gzipBomb
      }))
      const { result, maxLagMillis } = yield* watched(
        listWithdrawals.pipe(Effect.provide(instanceClient(server.url, "undici")), Effect.exit)
      )
      const error = yield* Effect.flip(result)
      assert.strictEqual(error.reason._tag, "Decode")
      assert.isBelow(maxLagMillis, maxLag)
    }).pipe(Effect.scoped)
  )

  it.live("maxResponseBytes lowers the limit: a page over it fails, a page within it is read", () =>
    Effect.gen(function* () {
      const body = JSON.stringify(page([1, 2, 3, 4, 5].map(withdrawal)))
      const server = yield* scriptedServer(() => ({ body }))
      const tight = yield* listWithdrawals.pipe(
        Effect.provide(instanceClient(server.url, "fetch", { maxResponseBytes: 1024 })),
        Effect.flip
      )
      assert.strictEqual(tight.reason._tag, "ResponseTooLarge")
      if (tight.reason._tag === "ResponseTooLarge") assert.strictEqual(tight.reason.limit, 1024)
      const roomy = yield* listWithdrawals.pipe(
        Effect.provide(instanceClient(server.url, "fetch", { maxResponseBytes: body.length }))
      )
      assert.strictEqual(roomy.items.length, 5)
    }).pipe(Effect.scoped)
  )

  it.live("a body dripped a few bytes at a time ends at the request timeout, not never", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ chunks: { next: () => " ", everyMillis: 20 } }))
      const { result, maxLagMillis } = yield* watched(
        listWithdrawals.pipe(
          Effect.provide(instanceClient(server.url, "fetch", { timeout: "300 millis", retry: false })),
          Effect.exit
        )
      )
      assert.isTrue(Exit.isFailure(result))
      const error = yield* Effect.flip(result)
      assert.strictEqual(error.reason._tag, "Timeout")
      assert.isBelow(maxLagMillis, maxLag)
      // The client hung up: the server stopped dripping.
      yield* Effect.sleep("50 millis")
      assert.deepStrictEqual(server.aborted, [0])
    }).pipe(Effect.scoped)
  )
})
