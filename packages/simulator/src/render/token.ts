/**
 * The token object (§2.2) and the NFT instance object, as `TokenView` writes them: every version sends
 * `volume_24h`, `circulating_supply` and `reputation`; the Pro API adds the bridge fields. An instance
 * inside a transfer's `total` has no `token`; inside an NFT collection it carries `token_type` and `value`.
 *
 * @internal
 */
import { checksumAddress } from "@blockscout-effect/schema"
import { holderCount } from "../chain/holders.ts"
import type { Json } from "../internal/query.ts"
import type { RenderContext } from "./context.ts"
import { renderAddress } from "./address.ts"

/** The token object of token `index`; cached per renderer. */
export const renderToken = (r: RenderContext, index: number): Json => {
  const cached = r.tokens.get(index)
  if (cached !== undefined) return cached
  const t = r.chain.tokens[index]!
  const fungible = t.type === "ERC-20"
  const out: Json = {
    address_hash: checksumAddress(t.address),
    circulating_market_cap: fungible ? (t.holders * 1234.5).toFixed(2) : null,
    // Whole tokens (total supply over 10^decimals), as a decimal string.
    circulating_supply: fungible ? String(BigInt(t.totalSupply) / 10n ** BigInt(t.decimals ?? 0)) : null,
    decimals: t.decimals === null ? null : String(t.decimals),
    exchange_rate: fungible ? (1 + (t.index % 3) * 0.5).toFixed(4) : null,
    // Distinct holders, as the counters count them (S20 lists an ERC-1155 holder once per id).
    holders_count: String(holderCount(r.chain, index)),
    icon_url: fungible ? `https://assets.example.invalid/${t.symbol.toLowerCase()}.png` : null,
    name: t.name,
    symbol: t.symbol,
    total_supply: t.totalSupply,
    type: t.type,
    volume_24h: fungible ? String(t.holders * 100) : null,
    reputation: "ok",
    ...(r.pro ? { bridge_type: null, foreign_address: null, origin_chain_id: null } : {})
  }
  r.tokens.set(index, out)
  return out
}

/**
 * An NFT instance: in a transfer's `total` (`inList` false: no token, as `prepare_token_instance` with the
 * transfer's token) or in an NFT collection (`inList` true: `token_type` and the held `value`).
 */
export const renderTokenInstance = (
  r: RenderContext,
  tokenIndex: number,
  tokenId: number,
  value: bigint,
  inList: boolean
): Json => {
  const t = r.chain.tokens[tokenIndex]!
  const owner = t.type === "ERC-721" || t.type === "ERC-404" ? r.chain.instanceOwner(tokenIndex, tokenId) : undefined
  const image = `https://nft.example.invalid/${t.symbol.toLowerCase()}/${tokenId}.png`
  return {
    id: String(tokenId),
    is_unique: t.type === "ERC-721",
    owner: owner === undefined ? null : renderAddress(r, owner),
    token: null,
    token_type: t.type,
    value: inList ? String(value) : "1",
    image_url: image,
    animation_url: null,
    external_app_url: null,
    media_url: image,
    media_type: "image/png",
    metadata: {
      name: `${t.name} #${tokenId}`,
      description: `Simulated ${t.type} instance`,
      image,
      attributes: [{ trait_type: "rarity", value: ["common", "rare", "epic"][tokenId % 3] }]
    },
    thumbnails: null
  }
}
