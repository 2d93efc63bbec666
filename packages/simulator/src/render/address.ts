/**
 * The address object (docs/blockscout-api.md §2.1), as Blockscout 11.x and 12.x (`Helper.address_with_info`)
 * and the Pro API write it: EIP-55 `hash`, `implementations`, `is_scam`, `proxy_type`, `reputation`, and
 * `metadata` from the metadata service (`{ tags: [...] }`, or null for an address it knows nothing about).
 *
 * @internal
 */
import { checksumAddress } from "@blockscout-effect/schema"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"

/** The address object of a hash (lower case in, EIP-55 out); cached per renderer. */
export const renderAddress = (r: RenderContext, hash: string): Json => {
  const cached = r.addresses.get(hash)
  if (cached !== undefined) return cached
  const info = r.chain.address(hash)
  const tagged = info?.kind === "token" || info?.kind === "router"
  const out: Json = {
    // Real servers write address objects in EIP-55 mixed case; cursors and decoded values stay lower case.
    hash: checksumAddress(hash),
    name: info?.name ?? null,
    is_contract: info?.isContract ?? false,
    is_verified: info?.isVerified ?? false,
    ens_domain_name: info?.ens ?? null,
    implementations: [],
    is_scam: false,
    proxy_type: null,
    reputation: "ok",
    metadata: tagged
      ? {
          tags: [
            {
              slug: info.kind,
              name: info.kind === "token" ? "Token" : "DeFi",
              tagType: "generic",
              ordinal: 0,
              meta: {}
            }
          ]
        }
      : null,
    private_tags: [],
    public_tags: [],
    watchlist_names: []
  }
  r.addresses.set(hash, out)
  return out
}

/** The address object of a hash, or `null` for none (a contract creation's `to`, ...). */
export const renderNullableAddress = (r: RenderContext, hash: string | null): Json | null =>
  hash === null ? null : renderAddress(r, hash)
