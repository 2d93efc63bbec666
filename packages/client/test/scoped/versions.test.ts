/**
 * The scoped lists against a simulated 11.x instance (11.2.7: no page size, `items_count` echoed into cursors,
 * the caller's keys echoed too) give what a 12.x instance of the same chain gives, and a page size on a list
 * 11.2.7 declares none for is refused there (422, `InvalidRequest`), as that server does.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, type Stream } from "effect"
import { Blockscout, type BlockscoutShape } from "../../src/index.ts"
import { addresses, all, chain } from "./support.ts"

const layer = (version: "11" | "12") =>
  Blockscout.layerInstance({ baseUrl: "http://sim.test", apiKey: Redacted.make("inst_key"), rateLimit: false }).pipe(
    Layer.provide(
      layerHttpClient(
        SimulatedBlockscout.make({ seed: 7, blocks: 160, pendingTransactions: 9, smartContracts: 10, version })
      )
    )
  )

const nft = chain.tokens.find((t) => t.type === "ERC-721")!.address
const lists: ReadonlyArray<readonly [string, (bs: BlockscoutShape) => Stream.Stream<unknown, unknown>]> = [
  ["address transactions", (bs) => bs.streamAddressTransactions(addresses.user)],
  ["address token transfers", (bs) => bs.streamAddressTokenTransfers(addresses.user)],
  ["address logs", (bs) => bs.streamAddressLogs(addresses.token)],
  ["coin balance history", (bs) => bs.streamAddressCoinBalanceHistory(addresses.router)],
  ["address tokens", (bs) => bs.streamAddressTokens(chain.users.find((u) => chain.holdings(u).length > 0)!)],
  ["blocks", (bs) => bs.streamBlocks()],
  ["token transfers by token", (bs) => bs.streamTokenTransfersByToken(nft)],
  ["token holders", (bs) => bs.streamTokenHolders(chain.tokens[0]!.address)],
  ["token instances", (bs) => bs.streamTokenInstances(nft)]
]

describe("scoped lists on an 11.x instance", () => {
  for (const [name, stream] of lists) {
    it.effect(`${name}: the same items as on 12.x, cursors echoing items_count and keys followed to the end`, () =>
      Effect.gen(function* () {
        const v11 = yield* Blockscout.use((bs) => all(stream(bs))).pipe(Effect.provide(layer("11")))
        const v12 = yield* Blockscout.use((bs) => all(stream(bs))).pipe(Effect.provide(layer("12")))
        assert.isAbove(v12.length, 0)
        assert.strictEqual(v11.length, v12.length)
        // Instance items embed their token on 11.x only; the rest is the same.
        const strip = (items: ReadonlyArray<unknown>) =>
          JSON.stringify(items, (k, v) =>
            k === "token" && name === "token instances" ? undefined : typeof v === "bigint" ? String(v) : v
          )
        assert.strictEqual(strip(v11), strip(v12))
      })
    )
  }

  it.effect("a page size where 11.2.7 declares none is the server's 422", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        Blockscout.use((bs) => bs.listTokenTransfersByToken(nft, { pageSize: 10 })).pipe(Effect.provide(layer("11")))
      )
      assert.strictEqual(error.reason._tag, "InvalidRequest")
      const page = yield* Blockscout.use((bs) => bs.listTokenTransfersByToken(nft, { pageSize: 10 })).pipe(
        Effect.provide(layer("12"))
      )
      assert.strictEqual(page.items.length, 10)
    })
  )
})
