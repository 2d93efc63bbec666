/**
 * The Withdrawal object (SPEC.md 2.9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, IntegerQuantity, Timestamp } from "./Primitives.ts"

/**
 * A beacon-chain withdrawal. `receiver` is absent in E12; `block_number`/`timestamp` in block-scoped lists.
 */
export const Withdrawal = Schema.Struct({
  index: Count,
  amount: IntegerQuantity,
  validator_index: Count,
  receiver: optional(Address),
  block_number: optional(Count),
  timestamp: optional(Timestamp)
}).annotate({ identifier: "Withdrawal" })
/** A decoded Withdrawal. */
export type Withdrawal = typeof Withdrawal.Type
