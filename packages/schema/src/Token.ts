/**
 * The Token object (docs/blockscout-api.md §2.2), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullable, optional, withRenames } from "./internal/fields.ts"
import { AddressHash, Decimal, IntegerQuantity } from "./Primitives.ts"

/**
 * The token types in use (docs/blockscout-api.md §1): the values of the `type` filters of E1 and E10.
 *
 * The schema accepts other strings in `type` (servers add types, e.g. ERC-7984).
 */
export const TokenTypeValues = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const
/** One of {@link TokenTypeValues}. */
export type TokenType = (typeof TokenTypeValues)[number]

/**
 * A token. Every field but `address_hash` may be null. `total_supply`, `decimals` and `holders_count` are
 * `bigint`s (the specs give them as integer strings of any size, possibly negative); rates and caps are checked
 * decimal strings.
 *
 * Older servers sent `address` for `address_hash` and `holders` for `holders_count`; both are accepted.
 */
export const Token = withRenames(
  Schema.Struct({
    address_hash: AddressHash,
    name: nullable(Schema.String),
    symbol: nullable(Schema.String),
    type: nullable(Schema.String),
    decimals: nullable(IntegerQuantity),
    holders_count: nullable(IntegerQuantity),
    total_supply: nullable(IntegerQuantity),
    exchange_rate: nullable(Decimal),
    circulating_market_cap: optional(Decimal),
    icon_url: optional(Schema.String),
    volume_24h: optional(Decimal),
    circulating_supply: optional(Decimal),
    reputation: optional(Schema.String),
    bridge_type: optional(Schema.String),
    foreign_address: optional(Schema.String),
    origin_chain_id: optional(Schema.String)
  }),
  { address: "address_hash", holders: "holders_count" },
  "Token"
)
/** A decoded Token. */
export type Token = typeof Token.Type
