/**
 * The Internal transaction object (SPEC.md 2.10).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, Hash, IntegerQuantity, Timestamp } from "./Primitives.ts"

/**
 * An internal transaction: exactly one of `to` / `created_contract` is set.
 */
export const InternalTransaction = Schema.Struct({
  block_number: Count,
  transaction_hash: Hash,
  index: Count,
  type: optional(Schema.String),
  from: Address,
  to: optional(Address),
  created_contract: optional(Address),
  value: IntegerQuantity,
  gas_limit: optional(IntegerQuantity),
  success: optional(Schema.Boolean),
  error: optional(Schema.String),
  timestamp: optional(Timestamp)
}).annotate({ identifier: "InternalTransaction" })
/** A decoded Internal transaction. */
export type InternalTransaction = typeof InternalTransaction.Type
