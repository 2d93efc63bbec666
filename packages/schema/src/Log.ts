/**
 * The Log object (docs/blockscout-api.md §2.6).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { DecodedLog } from "./DecodedInput.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { Count, Hash, HexData, Timestamp } from "./Primitives.ts"

/**
 * An event log.
 *
 * `address_hash` is the emitting contract as an Address object (the API doc's name; servers send it as `address`,
 * which is accepted). `topics` entries may be null; `decoded` is null when the ABI is unknown.
 */
export const Log = withRenames(
  Schema.Struct({
    index: Count,
    address_hash: Address,
    smart_contract: optional(Address),
    transaction_hash: Hash,
    block_hash: absent(Hash),
    block_number: absent(Count),
    block_timestamp: optional(Timestamp),
    data: HexData,
    topics: Schema.Array(Schema.NullOr(HexData)),
    decoded: nullable(DecodedLog)
  }),
  { address: "address_hash" },
  "Log"
)
/** A decoded Log. */
export type Log = typeof Log.Type
