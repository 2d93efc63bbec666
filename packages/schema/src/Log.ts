/**
 * The Log object (docs/blockscout-api.md §2.6).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { DecodedLog } from "./DecodedInput.ts"
import { absent, nullable, optional, withRenames } from "./internal/fields.ts"
import { Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count } from "./Quantities.ts"
import type { RenamedResource } from "./Resource.ts"

const LogSchema = withRenames(
  Schema.Struct({
    index: Count,
    address_hash: Address,
    smart_contract: optional(Address),
    // Absent before 5.1.0 (the transaction is the request's).
    transaction_hash: absent(Hash),
    // 5.2.1+.
    block_hash: absent(Hash),
    block_number: absent(Count),
    // 10.0.0+.
    block_timestamp: optional(Timestamp),
    data: HexData,
    topics: Schema.Array(Schema.NullOr(HexData)),
    decoded: nullable(DecodedLog)
  }),
  {
    address: "address_hash",
    // 5.1.0 to 6.9.x wrote `tx_hash`; 6.9.0 added `transaction_hash`, 6.10.0 dropped `tx_hash` (backend
    // d4bf534514, b030792cf1, 2720b128ac).
    tx_hash: "transaction_hash"
  },
  "Log"
)
/**
 * A decoded Log.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Log extends Schema.Schema.Type<typeof LogSchema> {}
/**
 * A Log as written on the wire (what {@link Log} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface LogEncoded extends Schema.Codec.Encoded<typeof LogSchema> {}
/**
 * An event log.
 *
 * `address_hash` is the emitting contract as an Address object (the API doc's name; servers send it as `address`,
 * which is accepted). `topics` entries may be null; `decoded` is null when the ABI is unknown. Servers before
 * 6.10 wrote `tx_hash` (decoded to `transaction_hash`); before 5.1.0 there was none.
 *
 * @since 0.1.0
 * @category resources
 */
export const Log: RenamedResource<Log, LogEncoded, typeof LogSchema.to.fields> = LogSchema
