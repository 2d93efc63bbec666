/**
 * The token-scoped lists and lookups (S17-S22), both families, against the simulated Blockscout: transfers equal
 * E1 filtered by token; holders are the balances the transfers imply (NFT owners are their last receivers,
 * ERC-1155 holdings what E10 shows); instances are the ids that moved; counters and details agree with the
 * lists; a fungible token, an unknown id and an address that is no token are NotFound.
 */
import type { TokenTransfer } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { addresses, all, chain, everyTransfer, families, lower, pageSize, runOn, transferKey } from "./support.ts"

const tokenOfType = (type: string) => chain.tokens.find((t) => t.type === type)!

/** The last transfer of each token id (E1 is newest first), by id. */
const lastTransfers = (transfers: ReadonlyArray<TokenTransfer>): Map<string, TokenTransfer> => {
  const last = new Map<string, TokenTransfer>()
  for (const t of transfers) {
    const id = String((t.total as { readonly token_id?: unknown } | null)?.token_id)
    if (!last.has(id)) last.set(id, t)
  }
  return last
}

for (const family of families) {
  describe(`${family}: token-scoped lists and lookups`, () => {
    const run = runOn(family)

    it.effect("transfers, counters and details: E1's transfers of the token, counted", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransfer(bs)
          for (const type of ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"]) {
            const token = tokenOfType(type).address
            const got = yield* all(bs.streamTokenTransfersByToken(token, { pageSize }))
            const want = every.filter((t) => lower(t.token!.address_hash) === token)
            assert.isAbove(want.length, 0, type)
            assert.deepStrictEqual(got.map(transferKey), want.map(transferKey), type)
            const counters = yield* bs.getTokenCounters(token)
            const holders = yield* all(bs.streamTokenHolders(token, { pageSize }))
            // Once per transfer log, as Blockscout counts (an ERC-1155 batch's items once).
            const logs = new Set(want.map((t) => `${t.transaction_hash}:${t.log_index}`))
            assert.strictEqual(counters.transfers_count, BigInt(logs.size), type)
            // Distinct holders, as Blockscout counts them (an ERC-1155 holder of several ids once).
            const holderAddresses = new Set(holders.map((h) => lower(h.address.hash)))
            assert.strictEqual(counters.token_holders_count, BigInt(holderAddresses.size), type)
            const details = yield* bs.getToken(token)
            assert.strictEqual(lower(details.address_hash), token)
            assert.strictEqual(details.type, type)
            assert.strictEqual(details.holders_count, BigInt(holderAddresses.size))
          }
        })
      )
    )

    it.effect("holders: the balances the transfers imply, largest first", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransfer(bs)
          // ERC-721: each instance's last receiver holds it; a holder's balance is its count.
          const nft = tokenOfType("ERC-721").address
          const counts = new Map<string, bigint>()
          for (const t of lastTransfers(every.filter((t) => lower(t.token!.address_hash) === nft)).values()) {
            counts.set(lower(t.to.hash)!, (counts.get(lower(t.to.hash)!) ?? 0n) + 1n)
          }
          const holders = yield* all(bs.streamTokenHolders(nft, { pageSize }))
          assert.deepStrictEqual(new Map(holders.map((h) => [lower(h.address.hash)!, h.value])), counts)
          for (let i = 1; i < holders.length; i++) assert.isTrue(holders[i - 1]!.value! >= holders[i]!.value!)
          // ERC-20: everyone a transfer names holds it, at least what the transfers left it.
          const fungible = tokenOfType("ERC-20").address
          const net = new Map<string, bigint>()
          for (const t of every.filter((t) => lower(t.token!.address_hash) === fungible)) {
            const value = (t.total as { readonly value: bigint }).value
            net.set(lower(t.from.hash)!, (net.get(lower(t.from.hash)!) ?? 0n) - value)
            net.set(lower(t.to.hash)!, (net.get(lower(t.to.hash)!) ?? 0n) + value)
          }
          const fungibleHolders = yield* all(bs.streamTokenHolders(fungible, { pageSize }))
          assert.sameMembers(
            fungibleHolders.map((h) => lower(h.address.hash)),
            [...net.keys()]
          )
          for (const h of fungibleHolders) {
            const left = net.get(lower(h.address.hash)!)!
            assert.isTrue(h.value! > (left > 0n ? left : 0n))
          }
          // ERC-1155: one entry per holder and id, as each holder's NFT collections show its instances.
          const editions = tokenOfType("ERC-1155").address
          const entries = yield* bs.listTokenHolders(editions, { pageSize: 100 })
          assert.isAbove(entries.items.length, 0)
          assert.isTrue(entries.items.every((h) => h.token_id !== null))
          for (const h of entries.items) {
            const collections = yield* all(bs.streamNftCollections(h.address.hash, { pageSize: 50 }))
            const instance = collections
              .find((c) => lower(c.token.address_hash) === editions)
              ?.token_instances.find((i) => String(i.id) === String(h.token_id))
            assert.strictEqual(instance?.value, h.value)
          }
        })
      )
    )

    it.effect("instances: the ids that moved, highest first; one holder's; one instance's owner", () =>
      run((bs) =>
        Effect.gen(function* () {
          const every = yield* everyTransfer(bs)
          for (const type of ["ERC-721", "ERC-1155", "ERC-404"]) {
            const token = tokenOfType(type).address
            const last = lastTransfers(every.filter((t) => lower(t.token!.address_hash) === token))
            const instances = yield* all(bs.streamTokenInstances(token, { pageSize }))
            assert.deepStrictEqual(
              instances.map((i) => String(i.id)),
              [...last.keys()].sort((a, b) => Number(b) - Number(a)),
              type
            )
            if (type === "ERC-1155") continue
            const [id, transfer] = [...last][0]!
            const instance = yield* bs.getTokenInstance(token, BigInt(id))
            assert.strictEqual(lower(instance.owner?.hash), lower(transfer.to.hash))
            const holder = lower(transfer.to.hash)!
            const held = yield* all(bs.streamTokenInstances(token, { holder_address_hash: holder, pageSize }))
            assert.deepStrictEqual(
              held.map((i) => String(i.id)),
              [...last]
                .filter(([, t]) => lower(t.to.hash) === holder)
                .map(([i]) => i)
                .sort((a, b) => Number(b) - Number(a))
            )
          }
        })
      )
    )

    it.effect("NotFound: an address that is no token, a fungible token's instance, an id that never moved", () =>
      run((bs) =>
        Effect.gen(function* () {
          const reason = <A, E extends { readonly reason: { readonly _tag: string } }>(e: Effect.Effect<A, E>) =>
            Effect.map(Effect.flip(e), (error) => error.reason._tag)
          assert.strictEqual(yield* reason(bs.getToken(addresses.user)), "NotFound")
          assert.strictEqual(yield* reason(bs.getTokenCounters(addresses.router)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTokenHolders(addresses.stranger)), "NotFound")
          assert.strictEqual(yield* reason(bs.listTokenTransfersByToken(addresses.user)), "NotFound")
          assert.strictEqual(yield* reason(bs.getTokenInstance(tokenOfType("ERC-20").address, 1n)), "NotFound")
          assert.strictEqual(yield* reason(bs.getTokenInstance(tokenOfType("ERC-721").address, 999_999n)), "NotFound")
          assert.strictEqual(
            yield* reason(bs.getTokenInstance(tokenOfType("ERC-721").address, "x1")),
            "InvalidArgument"
          )
        })
      )
    )
  })
}
