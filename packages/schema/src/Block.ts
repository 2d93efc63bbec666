/**
 * The Block object (SPEC.md 2.7).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, DecimalNumber, Hash, HexData, IntegerQuantity, IntegerQuantityNumber, Timestamp } from "./Primitives.ts"

/** A block reward. */
export const BlockReward = Schema.Struct({
  reward: IntegerQuantityNumber,
  type: Schema.String
})

/**
 * A block.
 */
export const Block = Schema.Struct({
  hash: Hash,
  parent_hash: optional(Hash),
  height: Count,
  timestamp: optional(Timestamp),
  type: optional(Schema.String),
  miner: optional(Address),
  nonce: optional(Schema.String),
  extra_data: optional(HexData),
  state_root: optional(Schema.String),
  difficulty: optional(IntegerQuantity),
  total_difficulty: optional(IntegerQuantity),
  size: optional(Count),
  gas_limit: optional(IntegerQuantity),
  gas_used: optional(IntegerQuantity),
  gas_used_percentage: optional(DecimalNumber),
  gas_target_percentage: optional(DecimalNumber),
  burnt_fees_percentage: optional(DecimalNumber),
  base_fee_per_gas: optional(IntegerQuantity),
  burnt_fees: optional(IntegerQuantity),
  priority_fee: optional(IntegerQuantity),
  transaction_fees: optional(IntegerQuantity),
  transactions_count: optional(Count),
  withdrawals_count: optional(Count),
  rewards: optional(Schema.Array(BlockReward)),
  uncles_hashes: optional(Schema.Array(Hash))
}).annotate({ identifier: "Block" })
/** A decoded Block. */
export type Block = typeof Block.Type
