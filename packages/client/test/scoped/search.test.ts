/**
 * Discovery (D1-D3), both families, against the simulated Blockscout: a text search pages to the end through the
 * backend's bracket-form cursor (null keys sent back empty), each result once, tokens before contracts; an address,
 * a hash or a number finds what the other rows answer for it; the quick search is the first page; the redirect
 * check names what the explorer would open.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import type { SearchResultAddress, SearchResultItem, SearchResultToken } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { Blockscout, type BlockscoutShape, type Family } from "../../src/index.ts"
import { all, families, lower } from "./support.ts"

/** A chain with enough verified contracts for a search to span pages. */
const sim = SimulatedBlockscout.make({ seed: 7, blocks: 160, smartContracts: 600 })
const chain = sim.chain

const runOn =
  (family: Family) =>
  <A, E>(f: (bs: BlockscoutShape) => Effect.Effect<A, E>) =>
    Blockscout.use(f).pipe(
      Effect.provide(
        (family === "pro"
          ? Blockscout.layerPro({ chainId: chain.chainId, apiKey: Redacted.make("proapi_search"), rateLimit: false })
          : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
        ).pipe(Layer.provide(layerHttpClient(sim)))
      )
    )

/** What a result names, whatever its kind. */
const named = (item: SearchResultItem): string => {
  const i = item as { type?: unknown; address_hash?: string | null; transaction_hash?: string; block_hash?: string }
  return `${String(i.type)}:${lower(i.address_hash ?? i.transaction_hash ?? i.block_hash)}`
}

for (const family of families) {
  describe(`${family}: search over the simulated chain`, () => {
    const run = runOn(family)

    it.effect("a text search, page after page to the end: every matching contract once, in name order", () =>
      run((bs) =>
        Effect.gen(function* () {
          const pages = yield* all(bs.streamSearchPages({ q: "ter" }))
          assert.isAbove(pages.length, 1, "more than one page")
          assert.strictEqual(pages[0]!.items.length, 50)
          const cursor = pages[0]!.next_page_params!
          assert.strictEqual(cursor.next_page_params_type, "search")
          assert.strictEqual(cursor["contract[certified]"], null)
          const items = pages.flatMap((p) => p.items)
          const want = chain.smartContracts.filter((c) => c.name.toLowerCase().includes("ter"))
          assert.strictEqual(new Set(items.map(named)).size, items.length, "no result twice")
          assert.deepStrictEqual(
            items.map((i) => (i as SearchResultAddress).name),
            want.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          )
          assert.isTrue(items.every((i) => i.type === "contract"))
        })
      )
    )

    it.effect("tokens rank before contracts; a token's result agrees with its lookup", () =>
      run((bs) =>
        Effect.gen(function* () {
          const page = yield* bs.listSearch({ q: "usd" })
          assert.deepStrictEqual(
            page.items.map((i) => i.type),
            ["token", "token", "contract", "contract"]
          )
          const first = page.items[0] as SearchResultToken
          const token = yield* bs.getToken(first.address_hash)
          assert.strictEqual(first.name, token.name)
          assert.strictEqual(first.symbol, token.symbol)
          assert.strictEqual(first.total_supply, token.total_supply)
          assert.isNull(page.next_page_params)
        })
      )
    )

    it.effect("an address, a hash, a number: the token and address, the transaction or block; unknown: nothing", () =>
      run((bs) =>
        Effect.gen(function* () {
          const tokenAddress = chain.tokens[0]!.address
          assert.deepStrictEqual((yield* bs.listSearch({ q: tokenAddress })).items.map(named), [
            `token:${lower(tokenAddress)}`,
            `address:${lower(tokenAddress)}`
          ])
          const user = chain.users[3]!
          assert.deepStrictEqual((yield* bs.listSearch({ q: user })).items.map(named), [`address:${lower(user)}`])
          const stranger = `0x${"ab".repeat(20)}`
          assert.deepStrictEqual((yield* bs.listSearch({ q: stranger })).items, [])
          const tx = (yield* bs.listTransactions({ pageSize: 1 })).items[0]!
          const byHash = (yield* bs.listSearch({ q: tx.hash })).items
          assert.deepStrictEqual(byHash.map(named), [`transaction:${lower(tx.hash)}`])
          const block = yield* bs.getBlock(42)
          assert.deepStrictEqual((yield* bs.listSearch({ q: block.hash })).items.map(named), [
            `block:${lower(block.hash)}`
          ])
          const byNumber = (yield* bs.listSearch({ q: "42" })).items
          assert.deepStrictEqual(byNumber.map(named), [`block:${lower(block.hash)}`])
          assert.deepStrictEqual((yield* bs.listSearch({ q: `0x${"cd".repeat(32)}` })).items, [])
          assert.deepStrictEqual((yield* bs.listSearch({ q: "zz" })).items, [])
        })
      )
    )

    it.effect("quick search: the first page at once; nothing under 3 characters", () =>
      run((bs) =>
        Effect.gen(function* () {
          const quick = yield* bs.listQuickSearch({ q: "ter" })
          const first = (yield* bs.listSearch({ q: "ter" })).items
          assert.deepStrictEqual(quick, first)
          assert.deepStrictEqual(yield* bs.listQuickSearch({ q: "42" }), [])
        })
      )
    )

    it.effect("redirect check: an address, a block by number or hash, a transaction; else none", () =>
      run((bs) =>
        Effect.gen(function* () {
          const user = chain.users[3]!
          const address = yield* bs.getSearchRedirect({ q: user.toLowerCase() })
          assert.strictEqual(address.type, "address")
          assert.strictEqual(address.parameter?.toLowerCase(), user.toLowerCase())
          assert.notStrictEqual(address.parameter, user.toLowerCase(), "checksummed")
          const block = yield* bs.getBlock(7)
          assert.deepStrictEqual(yield* bs.getSearchRedirect({ q: "7" }), {
            redirect: true,
            type: "block",
            parameter: block.hash
          })
          const tx = (yield* bs.listTransactions({ pageSize: 1 })).items[0]!
          assert.deepStrictEqual(yield* bs.getSearchRedirect({ q: tx.hash }), {
            redirect: true,
            type: "transaction",
            parameter: tx.hash
          })
          assert.deepStrictEqual(yield* bs.getSearchRedirect({ q: "no such thing" }), {
            redirect: false,
            type: null,
            parameter: null
          })
        })
      )
    )
  })
}
