/**
 * The Block object (docs/blockscout-api.md §2.7).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { Address } from "./Address.ts"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { absent, nullable, optional } from "./internal/fields.ts"
import { Count, DecimalNumber, Hash, HexData, IntegerQuantity, IntegerQuantityNumber, Timestamp } from "./Primitives.ts"

/**
 * A block reward. `type` is `Miner Reward`, `Emission Reward`, `Chore Reward` or `Uncle Reward` (the API doc);
 * newer servers write `validator`, `emission_funds`, `uncle`.
 */
export const BlockReward = Schema.Struct({
  reward: IntegerQuantityNumber,
  type: Schema.String
}).annotate({ identifier: "BlockReward" })

// Newer servers' `{ hash }` form of an uncle hash, decoded to the hash itself.
const UncleHashObject = Schema.Struct({ hash: Hash }).pipe(
  Schema.decodeTo(Schema.toType(Hash), {
    decode: SchemaGetter.transform((o: { readonly hash: Hash }) => o.hash),
    encode: SchemaGetter.transform((hash: Hash) => ({ hash }))
  })
)
registerFast(UncleHashObject, (compile) => {
  const hash = compile(Hash.ast)
  return hash === undefined ? undefined : (u) => (isRecord(u) ? hash(u.hash) : invalid)
})

/**
 * An uncle's hash: a string (the API doc), or `{ hash }` as newer servers send it; decoded to the hash, encoded as
 * a string.
 */
export const UncleHash = Schema.Union([Hash, UncleHashObject])

/**
 * A block. Percentages are decimal strings (they may be negative); fee fields and `total_difficulty` may be
 * null; `rewards` is absent on some chains; `extra_data`/`state_root` are only in the docs' shape, free-form strings.
 */
export const Block = Schema.Struct({
  hash: Hash,
  parent_hash: Hash,
  height: Count,
  timestamp: Timestamp,
  type: Schema.String,
  miner: Address,
  nonce: nullable(HexData),
  size: nullable(Count),
  difficulty: nullable(IntegerQuantity),
  total_difficulty: nullable(IntegerQuantity),
  gas_limit: IntegerQuantity,
  gas_used: nullable(IntegerQuantity),
  gas_used_percentage: nullable(DecimalNumber),
  gas_target_percentage: nullable(DecimalNumber),
  burnt_fees_percentage: nullable(DecimalNumber),
  base_fee_per_gas: nullable(IntegerQuantity),
  burnt_fees: nullable(IntegerQuantity),
  priority_fee: nullable(IntegerQuantity),
  transaction_fees: nullable(IntegerQuantity),
  transactions_count: Count,
  withdrawals_count: optional(Count),
  internal_transactions_count: optional(Count),
  rewards: absent(Schema.Array(BlockReward)),
  uncles_hashes: Schema.Array(UncleHash),
  extra_data: optional(Schema.String),
  state_root: optional(Schema.String),
  is_pending_update: optional(Schema.Boolean)
}).annotate({ identifier: "Block" })
/** A decoded Block. */
export type Block = typeof Block.Type
