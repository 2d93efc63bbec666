/**
 * The Internal transaction object (docs/blockscout-api.md §2.10).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable } from "./internal/fields.ts"
import { Count, Hash, IntegerQuantity, Timestamp } from "./Primitives.ts"

/**
 * An internal transaction (a call, create, selfdestruct ... inside a transaction): exactly one of `to` /
 * `created_contract` is set; `error` is set when `success` is false.
 */
export const InternalTransaction = Schema.Struct({
  block_number: Count,
  transaction_hash: Hash,
  transaction_index: absent(Count),
  index: Count,
  timestamp: Timestamp,
  type: Schema.String,
  from: Address,
  to: nullable(Address),
  created_contract: nullable(Address),
  value: IntegerQuantity,
  gas_limit: nullable(IntegerQuantity),
  success: Schema.Boolean,
  error: nullable(Schema.String)
}).annotate({ identifier: "InternalTransaction" })
/** A decoded Internal transaction. */
export type InternalTransaction = typeof InternalTransaction.Type
