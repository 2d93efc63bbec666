/**
 * The Token transfer object (SPEC.md 2.3), both families.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, Hash, IntegerQuantity, Timestamp, TokenId } from "./Primitives.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

/**
 * The `total` of a transfer in all its variants: `{decimals, value}` (ERC-20), `{token_id, token_instance}`
 * (ERC-721), `{token_id, value, decimals, token_instance}` (ERC-1155); ERC-404 uses either.
 */
export const TokenTransferTotal = Schema.Struct({
  decimals: optional(IntegerQuantity),
  value: optional(IntegerQuantity),
  token_id: optional(TokenId),
  token_instance: optional(TokenInstance)
})

/**
 * A token transfer.
 */
export const TokenTransfer = Schema.Struct({
  block_hash: Hash,
  block_number: optional(Count),
  from: Address,
  to: Address,
  log_index: Count,
  method: optional(Schema.String),
  timestamp: optional(Timestamp),
  token: Token,
  token_type: optional(Schema.String),
  total: optional(TokenTransferTotal),
  transaction_hash: Hash,
  type: optional(Schema.String)
}).annotate({ identifier: "TokenTransfer" })
/** A decoded Token transfer. */
export type TokenTransfer = typeof TokenTransfer.Type
