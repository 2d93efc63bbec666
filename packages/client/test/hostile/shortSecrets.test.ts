/**
 * Short secrets: a key of a few characters (a test key `k`, a proxy user `u`) is looked for only as a whole
 * token, so it never strips a cursor entry (`block_number` holds a `k`) or a word of a message that merely
 * contains it; an echo of it as a value (`a=1&apikey=k`, `"k"`) is still caught. A secret of 8 characters or
 * more is still found anywhere, inside a longer word too.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "../../src/index.ts"
import { page, type Recorded, scriptedServer } from "../support/ScriptedServer.ts"
import { quick, withdrawal } from "./support.ts"

const client = (baseUrl: string, apiKey: string) =>
  Blockscout.layerInstance({ baseUrl, apiKey: Redacted.make(apiKey), ...quick }).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

/** The query the client sent, less the key it sends itself. */
const sentQuery = (request: Recorded) => [...request.query.entries()].filter(([name]) => name !== "apikey")

/** The cursor a server hands back on page 1, and what the client keeps of it under `key`. */
const cursorRun = (key: string, cursor: Record<string, unknown>) =>
  Effect.gen(function* () {
    const server = yield* scriptedServer((_, n) => ({ body: page([withdrawal(10 - n)], n === 0 ? cursor : null) }))
    const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
      Effect.provide(client(server.url, key))
    )
    return { kept: pages[0]!.next_page_params, sent: sentQuery(server.requests[1]!) }
  })

describe("a short secret is matched as a whole token only", () => {
  it.live("a one-letter key keeps block_number and words holding its letter, and drops its echoes", () =>
    Effect.gen(function* () {
      const { kept, sent } = yield* cursorRun("k", {
        index: 9,
        block_number: 7,
        inserted_at: "bookkeeping",
        note: "a=1&apikey=k",
        token: "k",
        quoted: '"k"',
        encoded: "x%3Dk%26y",
        k: 1
      })
      assert.deepStrictEqual(kept, { index: 9, block_number: 7, inserted_at: "bookkeeping" })
      assert.deepStrictEqual(sent, [
        ["index", "9"],
        ["block_number", "7"],
        ["inserted_at", "bookkeeping"],
        ["items_count", "100"]
      ])
    }).pipe(Effect.scoped)
  )

  it.live("a short key with non-word characters is caught at its own edges", () =>
    Effect.gen(function* () {
      const { kept } = yield* cursorRun("a+b", {
        index: 9,
        block_number: 7,
        glued: "xa+by",
        spaced: "x a+b y",
        form: "key=a%2Bb"
      })
      // `a+b` inside `xa+by` touches word characters on both sides: another token, kept.
      assert.deepStrictEqual(kept, { index: 9, block_number: 7, glued: "xa+by" })
    }).pipe(Effect.scoped)
  )

  it.live("a server message keeps its words and loses the short key", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        status: 401,
        body: { message: "Wrong API key k (apikey=k) for block_number lookups" }
      }))
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(client(server.url, "k")),
        Effect.flip
      )
      assert.include(error.message, "Wrong API key <redacted> (apikey=<redacted>) for block_number lookups")
    }).pipe(Effect.scoped)
  )

  it.live("a key of 8 characters or more is still found inside a longer word", () =>
    Effect.gen(function* () {
      const key = "proapi_k3y"
      const { kept } = yield* cursorRun(key, {
        index: 9,
        block_number: 7,
        glued: `abc${key}def`,
        encoded: `abc${encodeURIComponent(key)}def`,
        prefix: "proapi_k3"
      })
      assert.deepStrictEqual(kept, { index: 9, block_number: 7, prefix: "proapi_k3" })
      const server = yield* scriptedServer(() => ({ status: 401, body: { message: `Wrong key x${key}y` } }))
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(client(server.url, key)),
        Effect.flip
      )
      assert.include(error.message, "Wrong key x<redacted>y")
      assert.notInclude(error.message, key)
    }).pipe(Effect.scoped)
  )
})
