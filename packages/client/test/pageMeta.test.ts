/**
 * A page's `meta` (12.x internal-transaction lists: whether the list is complete yet) reaches the caller on the
 * page and, when the list is not complete, as an `IncompleteList` event, on every page method.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout, type BlockscoutEvent } from "../src/index.ts"
import { address, apiKeyText, fixtures, proLayer } from "./support/fixtures.ts"
import { scriptedServer } from "./support/ScriptedServer.ts"

const pending = { status: 2, message: "Some internal transactions within this block range have not yet been processed" }
const complete = { status: 1, message: null }

/** Three internal transactions in blocks 900, 850 and 800 (the fixtures' fields otherwise). */
const items = [900, 850, 800].map((block, i) => ({
  ...(fixtures.internalTransactions[i] as object),
  block_number: block
}))

/** Page 1 says pending, page 2 complete, page 3 nothing (as an 11.x server). */
const threePages = (_: unknown, n: number) =>
  n === 0
    ? { body: { items: items.slice(0, 2), next_page_params: { block_number: 850, index: 1 }, meta: pending } }
    : n === 1
      ? { body: { items: items.slice(2), next_page_params: { block_number: 800, index: 1 }, meta: complete } }
      : { body: { items: [], next_page_params: null } }

describe("page meta", () => {
  it.effect("stays on every page a stream hands out, and an incomplete page is reported once", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(threePages)
      const events: Array<BlockscoutEvent> = []
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamInternalTransactionsPages(address))).pipe(
        Effect.provide(proLayer(server.url, { onEvent: (event) => Effect.sync(() => void events.push(event)) }))
      )
      assert.deepStrictEqual(
        pages.map((page) => page.meta),
        [pending, complete, undefined]
      )
      assert.isFalse("meta" in (pages[2] as object), "a page whose server says nothing has no meta key")
      const incomplete = events.filter((event) => event._tag === "IncompleteList")
      assert.strictEqual(incomplete.length, 1)
      const event = incomplete[0]!
      assert.strictEqual(event.endpoint, "internalTransactions")
      assert.strictEqual(event.status, 2)
      assert.strictEqual(event.message, pending.message)
      assert.deepStrictEqual(event.blocks, { from: 900, to: 850 })
      assert.include(event.url, `/addresses/${address}/internal-transactions`)
      assert.notInclude(event.url, apiKeyText)
    }).pipe(Effect.scoped)
  )

  it.effect("stays on a partitioned stream's pages too", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(threePages)
      const pages = yield* Blockscout.use((bs) =>
        Stream.runCollect(
          bs.streamInternalTransactionsPages(address, {
            partition: { fromBlock: 700, toBlock: 1000, parts: 1, concurrency: 1 }
          })
        )
      ).pipe(Effect.provide(proLayer(server.url)))
      assert.deepStrictEqual(
        pages.map((page) => page.meta),
        [pending, complete]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("reaches list calls and the by-name calls too; an empty incomplete page has no blocks", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: { items: [], next_page_params: null, meta: pending } }))
      const events: Array<BlockscoutEvent> = []
      const [listed, byName] = yield* Blockscout.use((bs) =>
        Effect.all([bs.listInternalTransactions(address), bs.page("internalTransactions", { address })])
      ).pipe(Effect.provide(proLayer(server.url, { onEvent: (event) => Effect.sync(() => void events.push(event)) })))
      assert.deepStrictEqual(listed.meta, pending)
      assert.deepStrictEqual(byName.meta, pending)
      const incomplete = events.filter((event) => event._tag === "IncompleteList")
      assert.strictEqual(incomplete.length, 2)
      assert.isFalse("blocks" in incomplete[0]!)
    }).pipe(Effect.scoped)
  )

  it.effect("a status a newer server adds counts as not complete (only 1 says complete)", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        body: { items: items.slice(0, 1), next_page_params: null, meta: { status: 3, message: null } }
      }))
      const events: Array<BlockscoutEvent> = []
      yield* Blockscout.use((bs) => bs.listInternalTransactions(address)).pipe(
        Effect.provide(proLayer(server.url, { onEvent: (event) => Effect.sync(() => void events.push(event)) }))
      )
      assert.deepStrictEqual(
        events.filter((event) => event._tag === "IncompleteList").map((event) => [event.status, event.blocks]),
        [[3, { from: 900, to: 900 }]]
      )
    }).pipe(Effect.scoped)
  )
})
