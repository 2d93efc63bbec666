/**
 * The Withdrawal object (docs/blockscout-api.md §2.9).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent } from "./internal/fields.ts"
import { Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"
import type { StructResource } from "./Resource.ts"

const WithdrawalSchema = Schema.Struct({
  index: Count,
  validator_index: Count,
  amount: IntegerQuantity,
  receiver: absent(Address),
  block_number: absent(Count),
  timestamp: absent(Timestamp)
}).annotate({ identifier: "Withdrawal" })
/**
 * A decoded {@link Withdrawal}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Withdrawal extends Schema.Schema.Type<typeof WithdrawalSchema> {}
/**
 * A Withdrawal as written on the wire (what {@link Withdrawal} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface WithdrawalEncoded extends Schema.Codec.Encoded<typeof WithdrawalSchema> {}
/**
 * A beacon-chain withdrawal. `receiver` is absent in the per-address list (E12); `block_number` and
 * `timestamp` in block-scoped lists.
 *
 * @since 0.1.0
 * @category resources
 */
export const Withdrawal: StructResource<Withdrawal, WithdrawalEncoded, typeof WithdrawalSchema.fields> =
  WithdrawalSchema
