/**
 * Decoded call inputs and event logs: the ABI-decoded `decoded_input` of a transaction, the `decoded` of a log,
 * and a transaction's `revert_reason`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, nullable, withRenames } from "./internal/fields.ts"
import { JsonValue } from "./Primitives.ts"

/**
 * One ABI-decoded call parameter. `value` is a string, or an array/object for tuples and arrays.
 *
 * All three keys may be absent: the generated specs (11.x, 12.0, Pro) require none of them.
 */
export const DecodedInputParameter = Schema.Struct({
  name: absent(Schema.String),
  type: absent(Schema.String),
  value: absent(JsonValue)
}).annotate({ identifier: "DecodedInputParameter" })

/**
 * A transaction's ABI-decoded input.
 */
export const DecodedInput = Schema.Struct({
  method_call: nullable(Schema.String),
  method_id: nullable(Schema.String),
  parameters: Schema.Array(DecodedInputParameter)
}).annotate({ identifier: "DecodedInput" })
/** A decoded `decoded_input`. */
export type DecodedInput = typeof DecodedInput.Type

/**
 * One ABI-decoded event parameter. The API doc writes the key as `indexed?` (older docs); current servers send
 * `indexed`; both decode to `indexed`.
 */
export const DecodedLogParameter = withRenames(
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
 * A log's ABI-decoded event. `abi` (newer servers) is the event's ABI fragment.
 */
export const DecodedLog = Schema.Struct({
  method_call: nullable(Schema.String),
  method_id: nullable(Schema.String),
  parameters: Schema.Array(DecodedLogParameter),
  abi: absent(Schema.NullOr(JsonValue))
}).annotate({ identifier: "DecodedLog" })
/** A decoded log `decoded`. */
export type DecodedLog = typeof DecodedLog.Type

/**
 * A revert reason the server could not decode: the raw return data (hex, or text), with the error code and
 * message some servers add.
 */
export const RawRevertReason = Schema.Struct({
  raw: nullable(Schema.String),
  code: absent(Schema.Finite),
  message: absent(Schema.String)
}).annotate({ identifier: "RawRevertReason" })

/**
 * A transaction's `revert_reason`: a plain string (the API doc), an ABI-decoded error, or raw return data.
 */
export const RevertReason = Schema.Union([Schema.String, DecodedInput, RawRevertReason])
