/**
 * The advanced filter (F1, F2), both families, against the simulated Blockscout, and the wire form of its cursor:
 * the server reads all five position keys of a cursor and takes an empty one as null, so the client sends a null
 * key back as `key=` on this row (and leaves it out on every other row, as before). The walk to the end proves
 * it: a cursor with a null key left out is not one, the server starts over, and the stream would stall.
 */
import type { AdvancedFilterItem } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Blockscout } from "../../src/index.ts"
import { isVersionRead, page, scriptedServer, withVersion } from "../support/ScriptedServer.ts"
import { fixtures, proLayer } from "../support/fixtures.ts"
import { addresses, all, everyTransaction, everyTransfer, families, lower, runOn } from "./support.ts"

/** An item's place in the feed, as a comparable tuple (descending order = feed order). */
const placeOf = (i: AdvancedFilterItem) => [
  i.block_number,
  i.transaction_index,
  i.token_transfer_index === null && i.internal_transaction_index === null
    ? 2
    : i.token_transfer_index !== null
      ? 1
      : 0,
  i.token_transfer_index ?? i.internal_transaction_index ?? 0,
  i.token_transfer_batch_index ?? 0
]
const descending = (a: ReadonlyArray<number>, b: ReadonlyArray<number>) => {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! > b[k]!
  return false
}
const keyOf = (i: AdvancedFilterItem) =>
  `${i.hash}:${i.token_transfer_index}:${i.token_transfer_batch_index}:${i.internal_transaction_index}`

describe("the advanced filter's cursor on the wire", () => {
  const body = (next: Record<string, unknown> | null) => ({
    ...page(fixtures.advancedFilters, next),
    search_params: { methods: {}, tokens: {} }
  })
  const cursor = {
    block_number: 120,
    transaction_index: 3,
    internal_transaction_index: null,
    token_transfer_index: 7,
    token_transfer_batch_index: null,
    items_count: 50
  }

  it.effect("null keys go back empty, in the server's order; other rows still leave a null key out", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(
        withVersion((_, n) => (n === 0 ? { body: body(cursor) } : n === 1 ? { body: body(null) } : { body: page([]) }))
      )
      const pages = yield* Blockscout.use((bs) =>
        all(bs.streamAdvancedFiltersPages({ transaction_types: ["ERC-20"], pageSize: 50 }))
      ).pipe(Effect.provide(proLayer(server.url)))
      assert.strictEqual(pages.length, 2)
      const second = [...server.requests.filter((r) => !isVersionRead(r))[1]!.query.entries()].filter(
        ([k]) => k !== "apikey"
      )
      assert.deepStrictEqual(second, [
        ["transaction_types", "ERC-20"],
        ["block_number", "120"],
        ["transaction_index", "3"],
        ["internal_transaction_index", ""],
        ["token_transfer_index", "7"],
        ["token_transfer_batch_index", ""],
        ["items_count", "50"]
      ])
      // The same cursor on a row whose server wants null keys left out.
      yield* Blockscout.use((bs) => bs.listTransactions({ cursor })).pipe(Effect.provide(proLayer(server.url)))
      const other = [...server.requests.filter((r) => !isVersionRead(r))[2]!.query.entries()].filter(
        ([k]) => k !== "apikey"
      )
      assert.deepStrictEqual(other, [
        ["block_number", "120"],
        ["transaction_index", "3"],
        ["token_transfer_index", "7"],
        ["items_count", "50"]
      ])
    }).pipe(Effect.scoped)
  )

  it.effect(
    "a server before 6.7.0 (404 on the path): NotFound saying the server does not serve it, and since when",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ status: 404, body: { message: "Not found" } }))
        const error = yield* Blockscout.use((bs) => bs.listAdvancedFilters()).pipe(
          Effect.provide(proLayer(server.url)),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "NotFound")
        assert.include(error.reason.message, "the server does not serve this endpoint (404: Not found)")
        assert.include(error.reason.message, "from 6.7.0 on")
        // A row naming an item keeps the server's word: that item is what is missing.
        const item = yield* Blockscout.use((bs) => bs.getUserOperation(`0x${"ab".repeat(32)}`)).pipe(
          Effect.provide(proLayer(server.url)),
          Effect.flip
        )
        assert.strictEqual(item.reason.message, "Not found")
      }).pipe(Effect.scoped)
  )

  it.effect("a cursor whose null keys differ from another's is another page, not a repeat", () =>
    Effect.gen(function* () {
      // Two cursors that only differ in which key is null: left out, both would read as the same query.
      const first = { ...cursor, token_transfer_index: null, internal_transaction_index: 4 }
      const second = { ...cursor, token_transfer_index: 4, internal_transaction_index: null }
      const server = yield* scriptedServer(
        withVersion((_, n) => ({ body: body(n === 0 ? first : n === 1 ? second : null) }))
      )
      const pages = yield* Blockscout.use((bs) => all(bs.streamAdvancedFiltersPages())).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.strictEqual(pages.length, 3)
    }).pipe(Effect.scoped)
  )
})

for (const family of families) {
  describe(`${family}: the advanced filter over the simulated chain`, () => {
    const run = runOn(family)

    it.effect("the whole feed, page after page to the end: every transaction and token transfer once, in order", () =>
      run((bs) =>
        Effect.gen(function* () {
          const items = yield* all(bs.streamAdvancedFilters())
          const keys = new Set(items.map(keyOf))
          assert.strictEqual(keys.size, items.length, "no item twice")
          for (let k = 1; k < items.length; k++) {
            assert.isTrue(descending(placeOf(items[k - 1]!), placeOf(items[k]!)), `feed order at ${k}`)
          }
          const mined = (yield* everyTransaction(bs)).filter((t) => t.block_number !== null)
          const own = items.filter((i) => i.token_transfer_index === null && i.internal_transaction_index === null)
          assert.deepStrictEqual(
            own.map((i) => [i.hash, i.value]),
            mined.map((t) => [t.hash, t.value])
          )
          const transfers = yield* everyTransfer(bs)
          assert.strictEqual(items.filter((i) => i.token_transfer_index !== null).length, transfers.length)
          assert.isAbove(items.filter((i) => i.internal_transaction_index !== null).length, 0)
          // Pages of 50 (12.x and the Pro API take no items_count here, and their cursor carries none).
          const first = yield* bs.listAdvancedFilters()
          assert.strictEqual(first.items.length, 50)
          assert.isUndefined(first.next_page_params?.items_count)
          const asked = yield* Effect.flip(bs.listAdvancedFilters({ pageSize: 10 }))
          assert.strictEqual(asked.reason._tag, "InvalidRequest")
        })
      )
    )

    it.effect("an address's history: from or to it, the same items as the feed filtered by hand", () =>
      run((bs) =>
        Effect.gen(function* () {
          const everything = yield* all(bs.streamAdvancedFilters())
          const user = lower(addresses.user)!
          const mine = yield* all(
            bs.streamAdvancedFilters({ from_address_hashes_to_include: [user], to_address_hashes_to_include: [user] })
          )
          const byHand = everything.filter((i) => lower(i.from?.hash) === user || lower(i.to?.hash) === user)
          assert.isAbove(mine.length, 0)
          assert.deepStrictEqual(mine.map(keyOf), byHand.map(keyOf))
          const tokens = yield* all(bs.streamAdvancedFilters({ transaction_types: ["ERC-20"] }))
          assert.isTrue(tokens.length > 0 && tokens.every((i) => i.type === "ERC-20" && i.token !== null))
          const token = addresses.token
          const onlyOne = yield* bs.listAdvancedFilters({ token_contract_address_hashes_to_include: [token] })
          assert.isTrue(onlyOne.items.length > 0)
          assert.isTrue(onlyOne.items.every((i) => lower(i.token?.address_hash) === lower(token)))
        })
      )
    )

    it.effect("methods: the suggested list, one by name or selector, none for an unknown name", () =>
      run((bs) =>
        Effect.gen(function* () {
          const suggested = yield* bs.listAdvancedFilterMethods()
          assert.deepStrictEqual(suggested[0], { method_id: "0xa9059cbb", name: "transfer" })
          assert.deepStrictEqual(yield* bs.listAdvancedFilterMethods({ q: "0x095ea7b3" }), [
            { method_id: "0x095ea7b3", name: "approve" }
          ])
          assert.deepStrictEqual(yield* bs.listAdvancedFilterMethods({ q: "Approve" }), [
            { method_id: "0x095ea7b3", name: "approve" }
          ])
          assert.deepStrictEqual(yield* bs.listAdvancedFilterMethods({ q: "noSuchMethod" }), [])
        })
      )
    )
  })
}
