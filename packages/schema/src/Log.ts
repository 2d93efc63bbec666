/**
 * The Log object (SPEC.md 2.6).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { Count, Hash, HexData, JsonValue } from "./Primitives.ts"

/** One decoded event parameter. */
export const DecodedLogParameter = Schema.Struct({
  name: optional(Schema.String),
  type: optional(Schema.String),
  indexed: optional(Schema.Boolean),
  value: optional(JsonValue)
})

/** A decoded event. */
export const DecodedLog = Schema.Struct({
  method_call: optional(Schema.String),
  method_id: optional(Schema.String),
  parameters: optional(Schema.Array(DecodedLogParameter))
})

/**
 * An event log.
 */
export const Log = Schema.Struct({
  index: Count,
  data: optional(HexData),
  topics: optional(Schema.Array(Schema.NullOr(HexData))),
  decoded: optional(DecodedLog),
  smart_contract: optional(Address),
  address: optional(Address),
  address_hash: optional(Address),
  transaction_hash: optional(Hash),
  block_hash: optional(Hash),
  block_number: optional(Count)
}).annotate({ identifier: "Log" })
/** A decoded Log. */
export type Log = typeof Log.Type
