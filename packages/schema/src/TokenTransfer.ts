/**
 * The Token transfer object (docs/blockscout-api.md §2.3), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable, optional } from "./internal/fields.ts"
import { Count, Hash, IntegerQuantity, Timestamp, TokenId } from "./Primitives.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

/**
 * `total` of an ERC-1155 transfer (ERC-404 may use it too): an amount of one token id.
 */
export const TotalMultiToken = Schema.Struct({
  token_id: nullable(TokenId),
  value: nullable(IntegerQuantity),
  decimals: nullable(IntegerQuantity),
  token_instance: optional(TokenInstance)
}).annotate({ identifier: "TotalMultiToken" })

/**
 * `total` of an ERC-721 transfer (ERC-404 may use it too): one token id.
 */
export const TotalNft = Schema.Struct({
  token_id: nullable(TokenId),
  token_instance: optional(TokenInstance)
}).annotate({ identifier: "TotalNft" })

/**
 * `total` of an ERC-20 transfer (also ERC-7984, ERC-404): an amount in the token's smallest unit and the
 * token's decimals.
 */
export const TotalFungible = Schema.Struct({
  value: nullable(IntegerQuantity),
  decimals: nullable(IntegerQuantity)
}).annotate({ identifier: "TotalFungible" })

/**
 * The `total` of a transfer in all its variants. Narrow with `"token_id" in total` (NFT kinds) and
 * `"value" in total` (amounts).
 *
 * Members are tried most specific first, so an ERC-1155 total never decodes as a fungible one.
 */
export const TokenTransferTotal = Schema.Union([TotalMultiToken, TotalNft, TotalFungible])

/**
 * A token transfer.
 *
 * The Pro API adds `block_number` and `token_type`; older servers send `block_number` and `log_index` as
 * strings (decoded to numbers).
 */
export const TokenTransfer = Schema.Struct({
  block_hash: Hash,
  block_number: absent(Count),
  transaction_hash: Hash,
  log_index: Count,
  timestamp: optional(Timestamp),
  from: Address,
  to: Address,
  token: Token,
  token_type: absent(Schema.String),
  total: nullable(TokenTransferTotal),
  type: Schema.String,
  method: optional(Schema.String)
}).annotate({ identifier: "TokenTransfer" })
/** A decoded Token transfer. */
export type TokenTransfer = typeof TokenTransfer.Type
