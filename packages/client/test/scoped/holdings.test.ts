/**
 * An address's NFTs (N1), both families, against the simulated Blockscout: each NFT instance's last receiver in
 * E1's transfers holds it, so an address's list is the instances it received last, in the backend's order (ERC-721,
 * then ERC-1155, then ERC-404; token address ascending; id descending), walked across pages and type boundaries
 * at a small page size; the `type` filter keeps those types; the list agrees with E10's collections; an address
 * holding nothing is an empty page; a server older than the row's 5.3.2 is Unsupported.
 */
import type { TokenTransfer } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { addresses, all, chain, everyTransfer, families, lower, runOn, runWith } from "./support.ts"

const typeOrder = ["ERC-721", "ERC-1155", "ERC-404"]

interface Held {
  readonly token: string
  readonly type: string
  readonly id: string
  readonly value: bigint
}

/** Every NFT instance's holder: the receiver of its last transfer (E1 is newest first), by holder. */
const holdersOf = (transfers: ReadonlyArray<TokenTransfer>): Map<string, Array<Held>> => {
  const seen = new Set<string>()
  const byHolder = new Map<string, Array<Held>>()
  for (const t of transfers) {
    if (t.token === null || t.token.type === "ERC-20") continue
    const total = t.total as { readonly token_id?: unknown; readonly value?: unknown } | null
    const id = String(total?.token_id)
    const token = lower(t.token.address_hash)!
    if (seen.has(`${token}:${id}`)) continue
    seen.add(`${token}:${id}`)
    const holder = lower(t.to.hash)!
    const list = byHolder.get(holder) ?? []
    const type = t.token.type!
    list.push({ token, type, id, value: type === "ERC-721" ? 1n : BigInt(String(total?.value)) })
    byHolder.set(holder, list)
  }
  // The backend's order: type, then token address ascending, then id descending.
  for (const list of byHolder.values()) {
    list.sort(
      (a, b) =>
        typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type) ||
        (a.token < b.token ? -1 : a.token > b.token ? 1 : 0) ||
        Number(BigInt(b.id) - BigInt(a.id))
    )
  }
  return byHolder
}

const keyOf = (h: { readonly token: string; readonly id: string }) => `${h.token}:${h.id}`

for (const family of families) {
  describe(`${family}: an address's NFTs`, () => {
    const run = runOn(family)

    it.effect("each instance the address received last, in the backend's order, across pages and types", () =>
      run((bs) =>
        Effect.gen(function* () {
          const byHolder = holdersOf(yield* everyTransfer(bs))
          // The three busiest holders, whose lists span every type and several pages.
          const busiest = [...byHolder.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 3)
          assert.isAbove(busiest[0]![1].length, 6)
          for (const [holder, want] of busiest) {
            const got = yield* all(bs.streamAddressNfts(holder, { pageSize: 2 }))
            const gotHeld = got.map((i) => ({
              token: lower(i.token?.address_hash)!,
              type: i.token_type!,
              id: String(i.id),
              value: i.value!
            }))
            assert.deepStrictEqual(gotHeld, want, holder)
            for (const item of got) {
              assert.strictEqual(item.token?.type, item.token_type)
              if (item.token_type === "ERC-721") assert.strictEqual(lower(item.owner?.hash), holder)
            }
            // The type filter keeps the types asked for, in the same order.
            const later = yield* all(bs.streamAddressNfts(holder, { pageSize: 3, type: ["ERC-404", "ERC-1155"] }))
            assert.deepStrictEqual(
              later.map((i) => `${lower(i.token?.address_hash)}:${i.id}`),
              want.filter((h) => h.type !== "ERC-721").map(keyOf)
            )
            // E10's collections hold the same instances with the same values.
            const collections = yield* all(bs.streamNftCollections(holder, { pageSize: 50 }))
            const grouped = collections.flatMap((c) =>
              c.token_instances.map((i) => ({ key: `${lower(c.token.address_hash)}:${i.id}`, value: i.value }))
            )
            assert.deepStrictEqual(grouped.map((g) => g.key).sort(), want.map(keyOf).sort())
            for (const g of grouped) {
              assert.strictEqual(g.value, want.find((h) => keyOf(h) === g.key)?.value, g.key)
            }
          }
        })
      )
    )

    it.effect("an address holding no NFT, or unknown to the chain, is an empty page", () =>
      run((bs) =>
        Effect.gen(function* () {
          const none = yield* bs.listAddressNfts(addresses.stranger)
          assert.deepStrictEqual(none.items, [])
          assert.isNull(none.next_page_params)
          const only721 = [...holdersOf(yield* everyTransfer(bs)).entries()].find(([, l]) =>
            l.every((h) => h.type === "ERC-721")
          )
          if (only721 !== undefined) {
            assert.deepStrictEqual((yield* bs.listAddressNfts(only721[0], { type: ["ERC-1155"] })).items, [])
          }
        })
      )
    )

    it.effect("a 5.3.1 server has no such route: Unsupported, naming 5.3.2", () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          runWith({ blocks: 20, backendVersion: "v5.3.1-beta" }, family)((bs) => bs.listAddressNfts(chain.users[0]!))
        )
        assert.strictEqual(error.reason._tag, "Unsupported")
        assert.include(error.message, "5.3.2")
      })
    )
  })
}
