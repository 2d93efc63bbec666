/**
 * The Token object (docs/blockscout-api.md §2.2), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullable, optional, withRenames } from "./internal/fields.ts"
import { AddressHash } from "./Primitives.ts"
import { Decimal, IntegerQuantity } from "./Quantities.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"

/**
 * The token types in use (docs/blockscout-api.md §1): the values of the `type` filters of E1 and E10.
 *
 * The schema accepts other strings in `type` (servers add types, e.g. ERC-7984).
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenTypeValues = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const
/**
 * One of {@link TokenTypeValues}.
 *
 * @since 0.1.0
 * @category resources
 */
export type TokenType = (typeof TokenTypeValues)[number]

const ZilliqaTokenInfoSchema = Schema.Struct({
  zrc2_address_hash: optional(AddressHash)
}).annotate({ identifier: "ZilliqaTokenInfo" })
/**
 * A decoded {@link ZilliqaTokenInfo}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface ZilliqaTokenInfo extends Schema.Schema.Type<typeof ZilliqaTokenInfoSchema> {}
/**
 * A ZilliqaTokenInfo as written on the wire (what {@link ZilliqaTokenInfo} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface ZilliqaTokenInfoEncoded extends Schema.Codec.Encoded<typeof ZilliqaTokenInfoSchema> {}
/**
 * The `zilliqa` object of a ZRC-2 token (Zilliqa): the ZRC-2 contract its ERC-20 adapter stands for.
 *
 * @since 0.1.0
 * @category resources
 */
export const ZilliqaTokenInfo: StructResource<
  ZilliqaTokenInfo,
  ZilliqaTokenInfoEncoded,
  typeof ZilliqaTokenInfoSchema.fields
> = ZilliqaTokenInfoSchema

const TokenSchema = withRenames(
  Schema.Struct({
    address_hash: AddressHash,
    name: nullable(Schema.String),
    symbol: nullable(Schema.String),
    type: nullable(Schema.String),
    decimals: nullable(IntegerQuantity),
    holders_count: nullable(IntegerQuantity),
    total_supply: nullable(IntegerQuantity),
    exchange_rate: nullable(Decimal),
    // 5.2.0+.
    circulating_market_cap: optional(Decimal),
    // 5.1.5+.
    icon_url: optional(Schema.String),
    // 6.3.0+.
    volume_24h: optional(Decimal),
    // 11.1.0+.
    circulating_supply: optional(Decimal),
    // 9.1.0+.
    reputation: optional(Schema.String),
    // Bridged tokens (servers with the bridged-tokens feature on).
    is_bridged: optional(Schema.Boolean),
    bridge_type: optional(Schema.String),
    foreign_address: optional(Schema.String),
    origin_chain_id: optional(Schema.String),
    // Chain types: Filecoin's robust address of the contract, Zilliqa's ZRC-2 link.
    filecoin_robust_address: optional(Schema.String),
    zilliqa: optional(ZilliqaTokenInfo)
  }),
  // 8.0.0 added `address_hash` and `holders_count`, 9.0.0 dropped `address` and `holders` (backend 5bcb2a3716,
  // 5a95e1916c).
  { address: "address_hash", holders: "holders_count" },
  "Token"
)
/**
 * A decoded Token.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Token extends Schema.Schema.Type<typeof TokenSchema> {}
/**
 * A Token as written on the wire (what {@link Token} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenEncoded extends Schema.Codec.Encoded<typeof TokenSchema> {}
/**
 * A token. Every field but `address_hash` may be null. `total_supply`, `decimals` and `holders_count` are
 * `bigint`s (the specs give them as integer strings of any size, possibly negative); rates and caps are checked
 * decimal strings.
 *
 * Servers before 8.0 sent `address` for `address_hash` and `holders` for `holders_count`; both are accepted.
 * `is_bridged` (and `bridge_type`, `foreign_address`, `origin_chain_id` for bridged tokens) come from servers
 * with the bridged-tokens feature; `filecoin_robust_address` and `zilliqa` from those chain types.
 *
 * @since 0.1.0
 * @category resources
 */
export const Token: RenamedResource<Token, TokenEncoded, typeof TokenSchema.to.fields> = TokenSchema
