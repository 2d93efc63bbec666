/**
 * The chain's token contracts (ERC-20, ERC-721, ERC-1155, ERC-404) and what a transfer of each moves.
 *
 * Amounts fit the token: an ERC-20 transfer moves between 0.01 and 50,000 whole tokens in its own
 * decimals (a 6-decimal USDC transfer is at most 5e10 base units, an 18-decimal one up to 5e22), an
 * ERC-404 transfer moves one whole token with its NFT, an ERC-1155 transfer 1 to 20 items, an ERC-721 one.
 *
 * @internal
 */
import { hash } from "../internal/hash.ts"
import { D } from "./constants.ts"

/**
 * A token type the simulated chain uses.
 *
 * @since 0.1.0
 * @category models
 */
export type TokenType = "ERC-20" | "ERC-721" | "ERC-1155" | "ERC-404"

/**
 * A token contract of the chain.
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenInfo {
  readonly index: number
  readonly address: string
  readonly type: TokenType
  readonly name: string
  readonly symbol: string
  readonly decimals: number | null
  /** For NFT types: token ids 0..idCount-1 exist. */
  readonly idCount: number
  readonly holders: number
  /** In base units (whole tokens times 10^decimals for fungible tokens; the id count for NFTs). */
  readonly totalSupply: string
}

const tokenNames: Record<TokenType, ReadonlyArray<readonly [string, string]>> = {
  "ERC-20": [
    ["Tether USD", "USDT"],
    ["USD Coin", "USDC"],
    ["Wrapped Ether", "WETH"],
    ["Dai Stablecoin", "DAI"],
    ["Chainlink Token", "LINK"],
    ["Uniswap", "UNI"]
  ],
  "ERC-721": [
    ["Simulated Apes", "SAPE"],
    ["Pixel Punks", "PXP"],
    ["Block Badges", "BADGE"],
    ["Name Service", "SNS"]
  ],
  "ERC-1155": [
    ["Game Items", "ITEM"],
    ["Event Tickets", "TIX"],
    ["Art Editions", "EDN"]
  ],
  "ERC-404": [
    ["Hybrid Frogs", "FROG"],
    ["Pandora Shards", "SHARD"]
  ]
}

/** Builds the token table from the construction PRNG; `address(i)` gives token `i`'s address. */
export const makeTokens = (rand: () => number, address: (i: number) => string): ReadonlyArray<TokenInfo> => {
  const tokens: Array<TokenInfo> = []
  for (const type of ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const) {
    for (const [name, symbol] of tokenNames[type]) {
      const index = tokens.length
      const idCount =
        type === "ERC-20" ? 0 : type === "ERC-1155" ? 12 + Math.floor(rand() * 12) : 30 + Math.floor(rand() * 60)
      const decimals =
        type === "ERC-20" ? (symbol === "USDT" || symbol === "USDC" ? 6 : 18) : type === "ERC-404" ? 18 : null
      const whole = 1 + Math.floor(rand() * 1e9)
      tokens.push({
        index,
        address: address(index),
        type,
        name,
        symbol,
        decimals,
        idCount,
        holders: 10 + Math.floor(rand() * 5000),
        totalSupply: decimals === null ? String(idCount) : String(BigInt(whole) * 10n ** BigInt(decimals))
      })
    }
  }
  return tokens
}

/**
 * What one transfer item moves, in the token's base units, from a hash of its place `(h, logIndex, item)`.
 */
export const transferAmount = (seed: number, token: TokenInfo, h: number, logIndex: number, item: number): bigint => {
  const r = hash(seed, D.amount, h, logIndex, item)
  switch (token.type) {
    case "ERC-721":
      return 1n
    case "ERC-1155":
      return BigInt(1 + (r % 20))
    case "ERC-404":
      // The NFT side of an ERC-404 moves one whole token (10^decimals units) with each instance.
      return 10n ** BigInt(token.decimals ?? 18)
    case "ERC-20": {
      // 0.01 to 50,000.00 whole tokens, in cents, scaled to the token's decimals.
      const cents = BigInt(1 + (r % 5_000_000))
      const decimals = token.decimals ?? 18
      return decimals >= 2 ? cents * 10n ** BigInt(decimals - 2) : cents / 10n ** BigInt(2 - decimals)
    }
  }
}
