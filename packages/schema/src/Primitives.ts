/**
 * Wire primitives shared by every resource: hashes and addresses, hex data, timestamps, free-form JSON (the
 * quantities are in `Quantities.ts`).
 *
 * Each codec decodes what Blockscout sends (and what older servers sent) and encodes back to the wire type
 * the API doc gives, so `encode(decode(json))` writes the API's own JSON. Checks are single regular-expression
 * tests (the patterns of `Patterns.ts`) and transformations are plain functions (`SchemaGetter.transform`),
 * which keeps them cheap and lets Effect's schema JIT inline them (see `decodeResponse`).
 *
 * @since 0.1.0
 */
import { DateTime, Schema, SchemaGetter } from "effect"
import { registerFast } from "./internal/compile.ts"
import { fastFinite, fastJson, fastJsonObject, fastPattern, fastTimestamp } from "./internal/fastPrimitives.ts"
import { addressPattern, hashPattern, hexDataPattern, parseTimestamp } from "./Patterns.ts"

type Hex = `0x${string}`

// The pattern check carries the message and drives test-data generation; the refinement only narrows the type
// to `0x${string}` (which the pattern already guarantees).
const hexString = (pattern: RegExp, expected: string) =>
  Schema.String.check(Schema.isPattern(pattern, { expected })).pipe(
    Schema.refine((s): s is Hex => s.startsWith("0x"), { expected })
  )

/**
 * An address hash (`0x` + 40 hex digits), branded, typed as `` `0x${string}` `` underneath.
 *
 * Use wherever the API sends a bare address string. The case is kept as sent (checksummed or not), so compare
 * addresses with `a.toLowerCase() === b.toLowerCase()`.
 *
 * @since 0.1.0
 * @category primitives
 */
export const AddressHash = hexString(addressPattern, "an address hash (0x and 40 hex digits)").pipe(
  Schema.brand("AddressHash")
)
/**
 * The decoded type of {@link AddressHash}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type AddressHash = typeof AddressHash.Type

/**
 * A block or transaction hash (`0x` + 64 hex digits), branded, typed as `` `0x${string}` `` underneath.
 *
 * @since 0.1.0
 * @category primitives
 */
export const Hash = hexString(hashPattern, "a hash (0x and 64 hex digits)").pipe(Schema.brand("Hash"))
/**
 * The decoded type of {@link Hash}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type Hash = typeof Hash.Type

/**
 * Hex-encoded bytes (`0x` + any number of hex digits), branded: raw input, log data, topics, block nonces.
 *
 * @since 0.1.0
 * @category primitives
 */
export const HexData = hexString(hexDataPattern, "hex data (0x and hex digits)").pipe(Schema.brand("HexData"))
/**
 * The decoded type of {@link HexData}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type HexData = typeof HexData.Type

const TimestampString = Schema.String.check(
  Schema.makeFilter((s: string) => parseTimestamp(s) !== undefined, {
    expected: "an ISO 8601 date-time such as 2023-07-03T20:09:59.000000Z"
  })
)

/**
 * A timestamp: an ISO 8601 / RFC 3339 string (the per-instance family writes microsecond fractions; offsets
 * other than `Z` are accepted and converted), decoded to `DateTime.Utc`, encoded as ISO 8601 UTC with
 * milliseconds.
 *
 * Gotcha: `DateTime.Utc` holds milliseconds, so sub-millisecond digits are dropped
 * (`...59.123456Z` re-encodes as `...59.123Z`).
 *
 * @since 0.1.0
 * @category primitives
 */
export const Timestamp = TimestampString.pipe(
  Schema.decodeTo(Schema.DateTimeUtc, {
    decode: SchemaGetter.transform((s: string): DateTime.Utc => DateTime.makeUnsafe(parseTimestamp(s) as number)),
    encode: SchemaGetter.transform((d: DateTime.Utc): string => DateTime.formatIso(d))
  })
)
/**
 * The decoded type of {@link Timestamp}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type Timestamp = typeof Timestamp.Type

/**
 * Any JSON value: issuer-defined NFT metadata, free-form `meta` objects, decoded call parameter values.
 *
 * @since 0.1.0
 * @category primitives
 */
export const JsonValue = Schema.Json
/**
 * The decoded type of {@link JsonValue}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type JsonValue = typeof JsonValue.Type

/**
 * A JSON object with arbitrary values (free-form metadata objects).
 *
 * @since 0.1.0
 * @category primitives
 */
export const JsonObject = Schema.JsonObject

// Fast decoders (internal/fastPrimitives.ts, run by internal/compile.ts): the same checks and results as the
// schemas above, as plain code.
registerFast(AddressHash, fastPattern(addressPattern))
registerFast(Hash, fastPattern(hashPattern))
registerFast(HexData, fastPattern(hexDataPattern))
registerFast(Timestamp, fastTimestamp)
registerFast(JsonValue, fastJson)
registerFast(JsonObject, fastJsonObject)
registerFast(Schema.Finite, fastFinite)
