/**
 * Wire primitives shared by every resource: hashes, integer and decimal quantities, counts, timestamps.
 *
 * Each codec decodes what Blockscout sends (and what older servers sent) and encodes back to the wire type
 * the current API writes, so `encode(decode(json))` reproduces the API's own JSON.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"

/**
 * Pattern of an address hash: `0x` and 40 hex digits (SPEC.md section 2 conventions).
 *
 * Use for argument checks before a request is sent; the `AddressHash` schema applies the same pattern.
 */
export const addressPattern: RegExp = /^0x[A-Fa-f0-9]{40}$/

/**
 * Pattern of a block or transaction hash: `0x` and 64 hex digits.
 *
 * Use for argument checks before a request is sent; the `Hash` schema applies the same pattern.
 */
export const hashPattern: RegExp = /^0x[A-Fa-f0-9]{64}$/

/**
 * Pattern of a token id path or cursor parameter: a base-10 integer, possibly negative (SPEC.md E2).
 */
export const tokenIdPattern: RegExp = /^-?([1-9][0-9]*|0)$/

/**
 * Pattern of hex data: `0x` followed by any number of hex digits (raw input, log data, extra data).
 */
export const hexDataPattern: RegExp = /^0x[A-Fa-f0-9]*$/

/**
 * Pattern of a decimal number as the API writes decimal quantities (exchange rates, market caps).
 *
 * Accepts an optional sign, digits, an optional fraction and an optional exponent (`1.5e-7`).
 */
export const decimalPattern: RegExp = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/

const integerStringPattern = /^-?\d+$/

const Hex0x = Schema.TemplateLiteral(["0x", Schema.String])

/**
 * An address hash (`0x` + 40 hex digits), branded, typed as `` `0x${string}` `` underneath.
 *
 * Use wherever the API sends a bare address string; the case is kept as sent (checksummed or not).
 */
export const AddressHash = Hex0x.check(Schema.isPattern(addressPattern)).pipe(Schema.brand("AddressHash"))
/** The decoded type of {@link AddressHash}. */
export type AddressHash = typeof AddressHash.Type

/**
 * A block or transaction hash (`0x` + 64 hex digits), branded, typed as `` `0x${string}` `` underneath.
 */
export const Hash = Hex0x.check(Schema.isPattern(hashPattern)).pipe(Schema.brand("Hash"))
/** The decoded type of {@link Hash}. */
export type Hash = typeof Hash.Type

/**
 * Hex-encoded bytes (`0x` + any number of hex digits), branded: raw input, log data, topics, extra data.
 */
export const HexData = Hex0x.check(Schema.isPattern(hexDataPattern)).pipe(Schema.brand("HexData"))
/** The decoded type of {@link HexData}. */
export type HexData = typeof HexData.Type

const IntegerString = Schema.String.check(Schema.isPattern(integerStringPattern))
const IntegerNumber = Schema.Number.check(Schema.isInt())

/**
 * An integer quantity (wei amount, gas, supply, fee) sent as a decimal string (or a number by some servers),
 * decoded to `bigint`, encoded back to a decimal string.
 *
 * Gotcha: a JSON number above 2^53 has already lost precision in `JSON.parse`; the API sends such values
 * as strings.
 */
export const IntegerQuantity = Schema.Union([IntegerString, IntegerNumber]).pipe(
  Schema.decodeTo(Schema.BigInt, {
    decode: SchemaGetter.transform((v: string | number) => BigInt(v)),
    encode: SchemaGetter.transform((b: bigint) => String(b))
  })
)
/** The decoded type of {@link IntegerQuantity}. */
export type IntegerQuantity = typeof IntegerQuantity.Type

/**
 * An integer quantity the API sends as a JSON number (block rewards), decoded to `bigint`, encoded back to a
 * number. Strings are accepted on input too.
 */
export const IntegerQuantityNumber = Schema.Union([IntegerNumber, IntegerString]).pipe(
  Schema.decodeTo(Schema.BigInt, {
    decode: SchemaGetter.transform((v: string | number) => BigInt(v)),
    encode: SchemaGetter.transform((b: bigint) => Number(b))
  })
)

/**
 * A token id: a base-10 integer string (may be negative per SPEC.md's pattern), decoded to `bigint`,
 * encoded back to a string.
 */
export const TokenId = Schema.Union([Schema.String.check(Schema.isPattern(tokenIdPattern)), IntegerNumber]).pipe(
  Schema.decodeTo(Schema.BigInt, {
    decode: SchemaGetter.transform((v: string | number) => BigInt(v)),
    encode: SchemaGetter.transform((b: bigint) => String(b))
  })
)
/** The decoded type of {@link TokenId}. */
export type TokenId = typeof TokenId.Type

/**
 * A count, index, height or block number: a JSON number (older servers send some as strings), decoded to a
 * `number`, encoded back to a number.
 */
export const Count = Schema.Union([IntegerNumber, IntegerString]).pipe(
  Schema.decodeTo(IntegerNumber, {
    decode: SchemaGetter.transform((v: string | number) => Number(v)),
    encode: SchemaGetter.transform((n: number) => n)
  })
)

/**
 * A decimal-fraction quantity (exchange rate, market cap, volume) kept as the decimal string the server sent,
 * branded and checked; never a JS float.
 *
 * Use `BigDecimal.fromString` from `effect` to compute with it.
 */
export const DecimalString = Schema.String.check(Schema.isPattern(decimalPattern)).pipe(Schema.brand("DecimalString"))
/** The decoded type of {@link DecimalString}. */
export type DecimalString = typeof DecimalString.Type

/**
 * A decimal quantity sent as a string (numbers accepted too), decoded to a {@link DecimalString},
 * encoded back to a string.
 */
export const Decimal = Schema.Union([Schema.String, Schema.Finite]).pipe(
  Schema.decodeTo(DecimalString, {
    decode: SchemaGetter.transform((v: string | number) => String(v)),
    encode: SchemaGetter.transform((s: string) => s)
  })
)

/**
 * A decimal quantity the API sends as a JSON number (smart contract `market_cap`, block percentages),
 * decoded to a {@link DecimalString} so no float arithmetic is implied downstream, encoded back to a number.
 */
export const DecimalNumber = Schema.Union([Schema.Finite, Schema.String]).pipe(
  Schema.decodeTo(DecimalString, {
    decode: SchemaGetter.transform((v: string | number) => String(v)),
    encode: SchemaGetter.transform((s: string) => Number(s))
  })
)

/**
 * A timestamp: an ISO 8601 UTC string (the per-instance family writes microsecond fractions), decoded to
 * `DateTime.Utc`, encoded as ISO 8601 with milliseconds.
 *
 * Gotcha: `DateTime.Utc` holds milliseconds, so microsecond digits are not kept on re-encoding.
 */
export const Timestamp = Schema.DateTimeUtcFromString
/** The decoded type of {@link Timestamp}. */
export type Timestamp = typeof Timestamp.Type

/**
 * Any JSON value: issuer-defined metadata, free-form `meta` objects.
 */
export const JsonValue = Schema.Json
