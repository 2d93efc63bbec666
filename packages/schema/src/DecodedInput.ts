/**
 * Decoded call inputs and event logs: the ABI-decoded `decoded_input` of a transaction, the `decoded` of a log,
 * and a transaction's `revert_reason`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, excluded, nullable, withRenames } from "./internal/fields.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"
import { JsonValue } from "./Primitives.ts"

const DecodedInputParameterSchema = Schema.Struct({
  name: absent(Schema.String),
  type: absent(Schema.String),
  value: absent(JsonValue)
}).annotate({ identifier: "DecodedInputParameter" })
/**
 * A decoded {@link DecodedInputParameter}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedInputParameter extends Schema.Schema.Type<typeof DecodedInputParameterSchema> {}
/**
 * A DecodedInputParameter as written on the wire (what {@link DecodedInputParameter} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedInputParameterEncoded extends Schema.Codec.Encoded<typeof DecodedInputParameterSchema> {}
/**
 * One ABI-decoded call parameter. `value` is a string, or an array/object for tuples and arrays.
 *
 * All three keys may be absent: the generated specs (11.x, 12.0, Pro) require none of them.
 *
 * @since 0.1.0
 * @category resources
 */
export const DecodedInputParameter: StructResource<
  DecodedInputParameter,
  DecodedInputParameterEncoded,
  typeof DecodedInputParameterSchema.fields
> = DecodedInputParameterSchema

const DecodedInputSchema = Schema.Struct({
  method_call: nullable(Schema.String),
  method_id: nullable(Schema.String),
  parameters: Schema.Array(DecodedInputParameter)
}).annotate({ identifier: "DecodedInput" })
/**
 * A decoded `decoded_input`.
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedInput extends Schema.Schema.Type<typeof DecodedInputSchema> {}
/**
 * A DecodedInput as written on the wire (what {@link DecodedInput} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedInputEncoded extends Schema.Codec.Encoded<typeof DecodedInputSchema> {}
/**
 * A transaction's ABI-decoded input.
 *
 * @since 0.1.0
 * @category resources
 */
export const DecodedInput: StructResource<DecodedInput, DecodedInputEncoded, typeof DecodedInputSchema.fields> =
  DecodedInputSchema

const DecodedLogParameterSchema = withRenames(
  Schema.Struct({
    name: Schema.String,
    type: Schema.String,
    indexed: absent(Schema.Boolean),
    value: JsonValue
  }),
  { "indexed?": "indexed" },
  "DecodedLogParameter"
)
/**
 * A decoded {@link DecodedLogParameter}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedLogParameter extends Schema.Schema.Type<typeof DecodedLogParameterSchema> {}
/**
 * A DecodedLogParameter as written on the wire (what {@link DecodedLogParameter} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedLogParameterEncoded extends Schema.Codec.Encoded<typeof DecodedLogParameterSchema> {}
/**
 * One ABI-decoded event parameter. The API doc writes the key as `indexed?` (older docs); current servers send
 * `indexed`; both decode to `indexed`.
 *
 * @since 0.1.0
 * @category resources
 */
export const DecodedLogParameter: RenamedResource<
  DecodedLogParameter,
  DecodedLogParameterEncoded,
  typeof DecodedLogParameterSchema.to.fields
> = DecodedLogParameterSchema

const DecodedLogSchema = Schema.Struct({
  method_call: nullable(Schema.String),
  method_id: nullable(Schema.String),
  parameters: Schema.Array(DecodedLogParameter),
  abi: absent(Schema.NullOr(JsonValue))
}).annotate({ identifier: "DecodedLog" })
/**
 * A decoded log `decoded`.
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedLog extends Schema.Schema.Type<typeof DecodedLogSchema> {}
/**
 * A DecodedLog as written on the wire (what {@link DecodedLog} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface DecodedLogEncoded extends Schema.Codec.Encoded<typeof DecodedLogSchema> {}
/**
 * A log's ABI-decoded event. `abi` (12.x servers) is the event's ABI fragment.
 *
 * @since 0.1.0
 * @category resources
 */
export const DecodedLog: StructResource<DecodedLog, DecodedLogEncoded, typeof DecodedLogSchema.fields> =
  DecodedLogSchema

const RawRevertReasonSchema = Schema.Struct({
  raw: nullable(Schema.String),
  code: absent(Schema.Finite),
  message: absent(Schema.String),
  // A decoded error's keys: such an object is a DecodedInput or an error, never raw data with them dropped.
  method_call: excluded,
  method_id: excluded,
  parameters: excluded
}).annotate({ identifier: "RawRevertReason" })
/**
 * A decoded {@link RawRevertReason}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface RawRevertReason extends Schema.Schema.Type<typeof RawRevertReasonSchema> {}
/**
 * A RawRevertReason as written on the wire (what {@link RawRevertReason} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface RawRevertReasonEncoded extends Schema.Codec.Encoded<typeof RawRevertReasonSchema> {}
/**
 * A revert reason the server could not decode: the raw return data (hex, or text), with the error code and
 * message some servers add.
 *
 * @since 0.1.0
 * @category resources
 */
export const RawRevertReason: StructResource<
  RawRevertReason,
  RawRevertReasonEncoded,
  typeof RawRevertReasonSchema.fields
> = RawRevertReasonSchema

/**
 * A transaction's `revert_reason`: a plain string (the API doc), an ABI-decoded error, or raw return data.
 *
 * The object members exclude each other's keys: a decoded error whose fields fail their checks is an error,
 * not raw data.
 *
 * @since 0.1.0
 * @category resources
 */
export const RevertReason = Schema.Union([Schema.String, DecodedInput, RawRevertReason])
/**
 * A decoded {@link RevertReason}.
 *
 * @since 0.1.0
 * @category resources
 */
export type RevertReason = typeof RevertReason.Type
