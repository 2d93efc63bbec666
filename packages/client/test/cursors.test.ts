/**
 * Cursors as servers hand them out: null and boolean values, keys that clash with filters or carry
 * credentials, and repeats that only show once the cursor is read as the query it sends.
 */
import { NextPageParams } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { Blockscout } from "../src/index.ts"
import { largestPage } from "../src/internal/arguments.ts"
import { page, type Recorded, scriptedServer } from "./support/ScriptedServer.ts"
import { address, apiKeyText, fixtures, instanceLayer, proLayer, secretKeyText } from "./support/fixtures.ts"
import { runToFailure } from "./support/streams.ts"

const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })

/** A cursor with values the schema's type may not list yet (null, boolean): the client copes at run time. */
const loose = (cursor: Record<string, string | number | boolean | null>) => cursor as unknown as NextPageParams

const queryOf = (request: Recorded) => [...request.query.entries()].filter(([k]) => k !== "apikey")

/** A stream request's cursor and filters: without the largest page every stream asks (`items_count=100`). */
const streamQueryOf = (request: Recorded) =>
  queryOf(request).filter(([k, v]) => !(k === "items_count" && v === String(largestPage)))

/** Whether the schema package decodes null and boolean cursor values (it is being widened to them). */
const schemaTakesLooseCursors = Schema.is(NextPageParams)({ a: null, b: true })

describe("cursors", () => {
  it.effect("a cursor passed in: null values are not sent, booleans are sent as true/false", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) =>
        bs.listTransactions({ cursor: loose({ block_number: 7, index: null, is_pending: false, flag: true }) })
      ).pipe(Effect.provide(proLayer(server.url)))
      assert.deepStrictEqual(queryOf(server.requests[0]!), [
        ["block_number", "7"],
        ["is_pending", "false"],
        ["flag", "true"]
      ])
    }).pipe(Effect.scoped)
  )

  it.effect("a cursor value that is an object is refused before anything is sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      const error = yield* Blockscout.use((bs) =>
        bs.listTransactions({ cursor: { block_number: { nested: 1 } } as unknown as NextPageParams })
      ).pipe(Effect.provide(proLayer(server.url)), Effect.flip)
      assert.strictEqual(error.reason._tag, "InvalidArgument")
      assert.strictEqual(server.requests.length, 0)
    }).pipe(Effect.scoped)
  )

  it.effect.skipIf(!schemaTakesLooseCursors)(
    "a server cursor with null and boolean values is followed: nulls dropped, booleans as true/false",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((_, n) => ({
          body: page([withdrawal(n)], n === 0 ? { index: 1, fee: null, is_pending: true } : null)
        }))
        const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
          Effect.provide(proLayer(server.url))
        )
        assert.strictEqual(pages.length, 2)
        assert.deepStrictEqual(pages[1]!.cursor, loose({ index: 1, fee: null, is_pending: true }))
        assert.deepStrictEqual(streamQueryOf(server.requests[1]!), [
          ["index", "1"],
          ["is_pending", "true"]
        ])
      }).pipe(Effect.scoped)
  )

  it.effect("a cursor key that duplicates a filter name sends one parameter: the caller's filter", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => ({
        body: page(
          n === 0 ? fixtures.tokenTransfers : [],
          n === 0 ? { block_number: 9, index: 2, type: "ERC-20" } : null
        )
      }))
      yield* Blockscout.use((bs) => Stream.runDrain(bs.streamTokenTransfers({ type: ["ERC-721", "ERC-1155"] }))).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.strictEqual(server.requests.length, 2)
      assert.deepStrictEqual(server.requests[1]!.query.getAll("type"), ["ERC-721,ERC-1155"])
      assert.deepStrictEqual(server.requests[1]!.query.getAll("block_number"), ["9"])
    }).pipe(Effect.scoped)
  )

  it.effect("a resume cursor holding a filter's key and items_count: each parameter once", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) =>
        bs.listInternalTransactions(address, {
          filter: "to",
          pageSize: 25,
          cursor: { block_number: 3, index: 0, transaction_index: 1, filter: "from", items_count: 50 }
        })
      ).pipe(Effect.provide(proLayer(server.url)))
      const query = server.requests[0]!.query
      assert.deepStrictEqual(query.getAll("filter"), ["to"])
      assert.deepStrictEqual(query.getAll("items_count"), ["25"])
      const names = [...query.keys()]
      assert.strictEqual(names.length, new Set(names).size, `no repeated parameter in ${names.join(",")}`)
    }).pipe(Effect.scoped)
  )

  it.effect("credentials echoed into a cursor (apikey, key, any letter case) are never handed out or re-sent", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => ({
        body: page(
          [withdrawal(n)],
          n === 0 ? { index: 1, apikey: apiKeyText, key: secretKeyText, ApiKey: apiKeyText, KEY: secretKeyText } : null
        )
      }))
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
        Effect.provide(instanceLayer(server.url))
      )
      assert.deepStrictEqual(pages[0]!.next_page_params, { index: 1 })
      assert.deepStrictEqual(pages[1]!.cursor, { index: 1 })
      for (const request of server.requests) {
        assert.deepStrictEqual(request.query.getAll("apikey"), [apiKeyText])
        assert.deepStrictEqual(request.query.getAll("key"), [secretKeyText])
        assert.isFalse(request.query.has("ApiKey") || request.query.has("KEY"))
      }
    }).pipe(Effect.scoped)
  )

  it.effect("cursors that a naive join would confuse are different pages: no false stall", () =>
    Effect.gen(function* () {
      // `a=1&b=2` as one value, then as two keys: equal as a naive "k=v&k=v" text, different on the wire.
      const cursors = [{ a: "1&b=2" }, { a: "1", b: "2" }, { b: "2", a: "1", c: "" }, null]
      const server = yield* scriptedServer((_, n) => ({ body: page([withdrawal(n)], cursors[n] ?? null) }))
      const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.deepStrictEqual(
        items.map((w) => w.index),
        [0, 1, 2, 3]
      )
    }).pipe(Effect.scoped)
  )

  // Each server answers by the query it gets, so asking a page again gives the same answer.
  const repeats: ReadonlyArray<
    readonly [string, Record<string, Record<string, string | number>>, ReadonlyArray<number>]
  > = [
    [
      "the same keys in another order",
      { "": { block_number: 5, index: 1 }, "block_number=5&index=1": { index: 1, block_number: 5 } },
      [0]
    ],
    ["the same value as a number, then as a string", { "": { index: 5 }, "index=5": { index: "5" } }, [0]],
    ["an empty cursor (the first page again)", { "": {} }, []]
  ]
  for (const [what, answers, emitted] of repeats) {
    it.effect(`a repeat is caught however it is spelt: ${what}`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((request, n) => {
          const query = streamQueryOf(request)
            .map(([k, v]) => `${k}=${v}`)
            .join("&")
          return { body: page([withdrawal(n)], answers[query] ?? null) }
        })
        const { emitted: items, error } = yield* Blockscout.use((bs) => runToFailure(bs.streamWithdrawals())).pipe(
          Effect.provide(proLayer(server.url))
        )
        const seen = items.map((w) => w.index)
        assert.strictEqual(error.reason._tag, "PaginationStalled")
        // The page whose cursor repeats is held back: never emitted, since its second answer repeats too.
        assert.deepStrictEqual(seen, emitted)
        // The pages emitted, the held page, then the held page asked once more.
        assert.strictEqual(server.requests.length, emitted.length + 2)
      }).pipe(Effect.scoped)
    )
  }

  it.effect("a repeat that a second look corrects is followed: nothing lost, nothing emitted twice", () =>
    Effect.gen(function* () {
      // The page at index=10 first points back at itself (a stale replica), then, asked again, onwards.
      let glitched = false
      const server = yield* scriptedServer((request) => {
        const at = request.query.get("index")
        if (at === null) return { body: page([withdrawal(0)], { index: 10 }) }
        if (at === "10") {
          const next = glitched ? { index: 20 } : { index: 10 }
          glitched = true
          return { body: page([withdrawal(10)], next) }
        }
        return { body: page([withdrawal(20)]) }
      })
      const events: Array<string> = []
      const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(
          proLayer(server.url, {
            onEvent: (event) => Effect.sync(() => events.push(event._tag === "Retry" ? event.reason : event._tag))
          })
        )
      )
      assert.deepStrictEqual(
        items.map((w) => w.index),
        [0, 10, 20]
      )
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.get("index")),
        [null, "10", "10", "20"]
      )
      assert.include(events, "PaginationStalled")
    }).pipe(Effect.scoped)
  )
})
