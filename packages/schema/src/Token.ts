/**
 * The Token object (SPEC.md 2.2), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./internal/fields.ts"
import { AddressHash, Decimal, IntegerQuantity } from "./Primitives.ts"

/**
 * The token types in use (SPEC.md 1); the schema accepts other strings too, as servers may add types.
 */
export const TokenTypeValues = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const
/** One of {@link TokenTypeValues}. */
export type TokenType = (typeof TokenTypeValues)[number]

/**
 * A token: every field but `address_hash` may be null. Quantities are `bigint`, rates decimal strings.
 */
export const Token = Schema.Struct({
  address_hash: AddressHash,
  circulating_market_cap: optional(Decimal),
  decimals: optional(IntegerQuantity),
  exchange_rate: optional(Decimal),
  holders_count: optional(IntegerQuantity),
  icon_url: optional(Schema.String),
  name: optional(Schema.String),
  symbol: optional(Schema.String),
  total_supply: optional(IntegerQuantity),
  type: optional(Schema.String),
  volume_24h: optional(Decimal),
  reputation: optional(Schema.String),
  bridge_type: optional(Schema.String),
  foreign_address: optional(Schema.String),
  origin_chain_id: optional(Schema.String)
}).annotate({ identifier: "Token" })
/** A decoded Token. */
export type Token = typeof Token.Type
