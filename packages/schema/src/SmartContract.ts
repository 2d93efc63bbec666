/**
 * The Smart contract entry of the verified-contracts list (SPEC.md 2.8).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, DecimalNumber, IntegerQuantity, Timestamp } from "./Primitives.ts"

/**
 * A verified smart contract.
 */
export const SmartContract = Schema.Struct({
  address: optional(Address),
  address_hash: optional(Address),
  coin_balance: optional(IntegerQuantity),
  compiler_version: optional(Schema.String),
  language: optional(Schema.String),
  has_constructor_args: optional(Schema.Boolean),
  optimization_enabled: optional(Schema.Boolean),
  verified_at: optional(Timestamp),
  transactions_count: optional(Count),
  market_cap: optional(DecimalNumber)
}).annotate({ identifier: "SmartContract" })
/** A decoded Smart contract entry. */
export type SmartContract = typeof SmartContract.Type
