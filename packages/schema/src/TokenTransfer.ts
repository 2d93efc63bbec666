/**
 * The Token transfer object (docs/blockscout-api.md §2.3), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, excluded, nullable, optional, withRenames } from "./internal/fields.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"
import { Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity, TokenId } from "./Quantities.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

const TotalMultiTokenSchema = Schema.Struct({
  token_id: nullable(TokenId),
  value: nullable(IntegerQuantity),
  decimals: nullable(IntegerQuantity),
  token_instance: optional(TokenInstance)
}).annotate({ identifier: "TotalMultiToken" })
/**
 * A decoded {@link TotalMultiToken}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalMultiToken extends Schema.Schema.Type<typeof TotalMultiTokenSchema> {}
/**
 * A TotalMultiToken as written on the wire (what {@link TotalMultiToken} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalMultiTokenEncoded extends Schema.Codec.Encoded<typeof TotalMultiTokenSchema> {}
/**
 * `total` of an ERC-1155 or ERC-404 transfer: an amount of one token id.
 *
 * @since 0.1.0
 * @category resources
 */
export const TotalMultiToken: StructResource<
  TotalMultiToken,
  TotalMultiTokenEncoded,
  typeof TotalMultiTokenSchema.fields
> = TotalMultiTokenSchema

const TotalNftSchema = Schema.Struct({
  token_id: nullable(TokenId),
  token_instance: optional(TokenInstance),
  value: excluded,
  decimals: excluded
}).annotate({ identifier: "TotalNft" })
/**
 * A decoded {@link TotalNft}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalNft extends Schema.Schema.Type<typeof TotalNftSchema> {}
/**
 * A TotalNft as written on the wire (what {@link TotalNft} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalNftEncoded extends Schema.Codec.Encoded<typeof TotalNftSchema> {}
/**
 * `total` of an ERC-721 transfer: one token id (`token_instance` since 7.0.0).
 *
 * An object with `value` or `decimals` is never an ERC-721 total (it is an ERC-1155 one, or an error).
 *
 * @since 0.1.0
 * @category resources
 */
export const TotalNft: StructResource<TotalNft, TotalNftEncoded, typeof TotalNftSchema.fields> = TotalNftSchema

const TotalFungibleSchema = Schema.Struct({
  value: nullable(IntegerQuantity),
  decimals: nullable(IntegerQuantity),
  token_id: excluded,
  token_instance: excluded
}).annotate({ identifier: "TotalFungible" })
/**
 * A decoded {@link TotalFungible}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalFungible extends Schema.Schema.Type<typeof TotalFungibleSchema> {}
/**
 * A TotalFungible as written on the wire (what {@link TotalFungible} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TotalFungibleEncoded extends Schema.Codec.Encoded<typeof TotalFungibleSchema> {}
/**
 * `total` of an ERC-20 transfer (also ERC-7984, ZRC-2): an amount in the token's smallest unit and the token's
 * decimals.
 *
 * An object with `token_id` or `token_instance` is never a fungible total: an NFT total whose fields fail their
 * checks is an error, not an amount with its token id dropped.
 *
 * @since 0.1.0
 * @category resources
 */
export const TotalFungible: StructResource<TotalFungible, TotalFungibleEncoded, typeof TotalFungibleSchema.fields> =
  TotalFungibleSchema

/**
 * The `total` of a transfer in all its variants. Narrow with `"token_id" in total` (NFT kinds) and
 * `"value" in total` (amounts).
 *
 * The variants exclude each other by their keys (`token_id` and `value` both: multi-token; `token_id` only:
 * NFT; `value` only: fungible), so an object matches at most one, and a bad field is an error (pointing into
 * the variant the keys select) rather than a silent fall-through to another variant.
 *
 * Gotcha: the shape decides, not the token type. Servers write the shape of the type (ERC-20: `{value,
 * decimals}`; ERC-721: `{token_id, token_instance}`; ERC-1155 and ERC-404: `{token_id, value, decimals,
 * token_instance}`), but the API doc's own Pro example pairs an ERC-20 `token_type` with an NFT total, so a
 * mismatch is decoded as sent, not rejected.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenTransferTotal = Schema.Union([TotalMultiToken, TotalNft, TotalFungible])
/**
 * A decoded {@link TokenTransferTotal}.
 *
 * @since 0.1.0
 * @category resources
 */
export type TokenTransferTotal = typeof TokenTransferTotal.Type

const TokenTransferFields = Schema.Struct({
  block_hash: absent(Hash),
  block_number: absent(Count),
  transaction_hash: nullable(Hash),
  log_index: absent(Count),
  timestamp: optional(Timestamp),
  from: Address,
  to: Address,
  token: Token,
  token_type: optional(Schema.String),
  total: nullable(TokenTransferTotal),
  type: Schema.String,
  method: optional(Schema.String)
})

const TokenTransferSchema = withRenames(
  TokenTransferFields,
  // Before 6.9.0 only `tx_hash`; 6.9.x sent both; 6.10.0 dropped `tx_hash` (backend b030792cf1, 2720b128ac).
  { tx_hash: "transaction_hash" },
  "TokenTransfer"
)
/**
 * A decoded Token transfer.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenTransfer extends Schema.Schema.Type<typeof TokenTransferSchema> {}
/**
 * A TokenTransfer as written on the wire (what {@link TokenTransfer} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenTransferEncoded extends Schema.Codec.Encoded<typeof TokenTransferSchema> {}
/**
 * A token transfer.
 *
 * The Pro API and servers since 9.1.0 add `token_type`, 6.8.0+ `block_number`; servers before 6.9.0 send
 * `tx_hash` (decoded as `transaction_hash`) and `block_number`/`log_index` as strings (decoded to numbers).
 * `transaction_hash` is null for Celo's epoch-reward transfers, which belong to no transaction. `block_hash`,
 * `log_index` and `method` are absent before 5.1.0.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenTransfer: RenamedResource<TokenTransfer, TokenTransferEncoded, typeof TokenTransferSchema.to.fields> =
  TokenTransferSchema
