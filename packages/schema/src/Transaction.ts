/**
 * The Transaction object (SPEC.md 2.5).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, Decimal, Hash, HexData, IntegerQuantity, JsonValue, Timestamp } from "./Primitives.ts"
import { TokenTransfer } from "./TokenTransfer.ts"

/**
 * The transaction types (SPEC.md 2.5), the values of the E4 `type` filter.
 */
export const TransactionTypeValues = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "token_creation",
  "coin_transfer"
] as const
/** One of {@link TransactionTypeValues}. */
export type TransactionType = (typeof TransactionTypeValues)[number]

/** A transaction fee: `maximum` while pending, `actual` once included. */
export const Fee = Schema.Struct({
  type: Schema.String,
  value: IntegerQuantity
})

/** One decoded parameter of a call. */
export const DecodedInputParameter = Schema.Struct({
  name: optional(Schema.String),
  type: optional(Schema.String),
  value: optional(JsonValue)
})

/** A decoded call input. */
export const DecodedInput = Schema.Struct({
  method_call: optional(Schema.String),
  method_id: optional(Schema.String),
  parameters: optional(Schema.Array(DecodedInputParameter))
})

/** A protocol action a transaction performed (e.g. an Aave liquidation). */
export const TransactionAction = Schema.Struct({
  protocol: optional(Schema.String),
  type: optional(Schema.String),
  data: optional(JsonValue)
})

/**
 * A transaction.
 */
export const Transaction = Schema.Struct({
  hash: Hash,
  timestamp: optional(Timestamp),
  block_number: optional(Count),
  block_hash: optional(Hash),
  status: optional(Schema.String),
  method: optional(Schema.String),
  confirmations: optional(Count),
  type: optional(Count),
  nonce: optional(Count),
  position: optional(Count),
  exchange_rate: optional(Decimal),
  fee: optional(Fee),
  gas_limit: optional(IntegerQuantity),
  gas_used: optional(IntegerQuantity),
  gas_price: optional(IntegerQuantity),
  base_fee_per_gas: optional(IntegerQuantity),
  max_fee_per_gas: optional(IntegerQuantity),
  max_priority_fee_per_gas: optional(IntegerQuantity),
  priority_fee: optional(IntegerQuantity),
  transaction_burnt_fee: optional(IntegerQuantity),
  value: optional(IntegerQuantity),
  from: Address,
  to: optional(Address),
  created_contract: optional(Address),
  result: optional(Schema.String),
  revert_reason: optional(JsonValue),
  raw_input: optional(HexData),
  decoded_input: optional(DecodedInput),
  token_transfers: optional(Schema.Array(TokenTransfer)),
  token_transfers_overflow: optional(Schema.Boolean),
  transaction_types: optional(Schema.Array(Schema.String)),
  has_error_in_internal_transactions: optional(Schema.Boolean),
  actions: optional(Schema.Array(TransactionAction)),
  confirmation_duration: optional(Schema.Array(Schema.Number)),
  transaction_tag: optional(Schema.String)
}).annotate({ identifier: "Transaction" })
/** A decoded Transaction. */
export type Transaction = typeof Transaction.Type
