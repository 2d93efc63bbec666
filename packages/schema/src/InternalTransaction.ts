/**
 * The Internal transaction object (docs/blockscout-api.md §2.10).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"
import type { RenamedResource } from "./Resource.ts"

const InternalTransactionSchema = withRenames(
  Schema.Struct({
    block_number: Count,
    transaction_hash: Hash,
    // 6.9.0+.
    transaction_index: absent(Count),
    index: Count,
    // The internal transaction's position in its block: 6.4.0 to 10.x only (11.0.0 dropped it, backend b165300848).
    block_index: optional(Count),
    timestamp: Timestamp,
    type: Schema.String,
    from: Address,
    to: nullable(Address),
    created_contract: nullable(Address),
    value: IntegerQuantity,
    gas_limit: nullable(IntegerQuantity),
    success: Schema.Boolean,
    error: nullable(Schema.String)
  }),
  // Before 6.9.0 only `block`; 6.9.x sent both; 6.10.0 dropped `block` (backend b030792cf1, 2720b128ac).
  { block: "block_number" },
  "InternalTransaction"
)
/**
 * A decoded Internal transaction.
 *
 * @since 0.1.0
 * @category resources
 */
export interface InternalTransaction extends Schema.Schema.Type<typeof InternalTransactionSchema> {}
/**
 * An InternalTransaction as written on the wire (what {@link InternalTransaction} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface InternalTransactionEncoded extends Schema.Codec.Encoded<typeof InternalTransactionSchema> {}
/**
 * An internal transaction (a call, create, selfdestruct ... inside a transaction): exactly one of `to` /
 * `created_contract` is set; `error` is set when `success` is false. Servers before 6.10 wrote `block` for
 * `block_number` (decoded to it); 6.4 to 10.x also send `block_index`.
 *
 * Gotcha: 12.x servers say on the page (`meta`, see `PageMeta`) when the list is not complete yet.
 *
 * @since 0.1.0
 * @category resources
 */
export const InternalTransaction: RenamedResource<
  InternalTransaction,
  InternalTransactionEncoded,
  typeof InternalTransactionSchema.to.fields
> = InternalTransactionSchema
