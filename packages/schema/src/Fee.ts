/**
 * The fee object of transactions (docs/blockscout-api.md §2.5), also inside chain-type extras (Scroll's
 * `l2_fee`, Suave's wrapped transaction).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullable } from "./internal/fields.ts"
import type { StructResource } from "./Resource.ts"
import { IntegerQuantity } from "./Quantities.ts"

/**
 * The fee types of docs/blockscout-api.md §3: `maximum` while pending, `actual` once included.
 *
 * @since 0.1.0
 * @category resources
 */
export const FeeTypeValues = ["maximum", "actual"] as const

const FeeSchema = Schema.Struct({
  type: Schema.String,
  value: nullable(IntegerQuantity)
}).annotate({ identifier: "Fee" })
/**
 * A decoded {@link Fee}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Fee extends Schema.Schema.Type<typeof FeeSchema> {}
/**
 * A Fee as written on the wire (what {@link Fee} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface FeeEncoded extends Schema.Codec.Encoded<typeof FeeSchema> {}
/**
 * A transaction fee: `type` is `maximum` while pending, `actual` once included ({@link FeeTypeValues}); a
 * plain string, since the hand-written per-instance spec declares one. `value` in wei.
 *
 * @since 0.1.0
 * @category resources
 */
export const Fee: StructResource<Fee, FeeEncoded, typeof FeeSchema.fields> = FeeSchema
