/**
 * Wire primitives shared by every resource: hashes, integer and decimal quantities, counts, timestamps.
 *
 * Each codec decodes what Blockscout sends (and what older servers sent) and encodes back to the wire type
 * the API doc gives, so `encode(decode(json))` writes the API's own JSON. Checks are single regular-expression
 * tests and transformations are plain functions (`SchemaGetter.transform`), which keeps them cheap and lets
 * Effect's schema JIT inline them (see `decodeResponse`).
 *
 * @since 0.1.0
 */
import { DateTime, Schema, SchemaGetter } from "effect"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { isExactNumber, isJson } from "./internal/json.ts"

/**
 * Pattern of an address hash: `0x` and 40 hex digits (docs/blockscout-api.md §2 conventions).
 *
 * Use for argument checks before a request is sent; {@link AddressHash} applies the same pattern.
 *
 * @since 0.1.0
 * @category primitives
 */
export const addressPattern: RegExp = /^0x[A-Fa-f0-9]{40}$/

/**
 * Pattern of a block or transaction hash: `0x` and 64 hex digits.
 *
 * Use for argument checks before a request is sent; {@link Hash} applies the same pattern.
 *
 * @since 0.1.0
 * @category primitives
 */
export const hashPattern: RegExp = /^0x[A-Fa-f0-9]{64}$/

/**
 * Pattern of a token id: a base-10 integer without leading zeros, possibly negative (the API doc, E2).
 *
 * @since 0.1.0
 * @category primitives
 */
export const tokenIdPattern: RegExp = /^-?([1-9][0-9]*|0)$/

/**
 * Pattern of hex data: `0x` followed by any number of hex digits (raw input, log data, topics, nonces).
 *
 * @since 0.1.0
 * @category primitives
 */
export const hexDataPattern: RegExp = /^0x[A-Fa-f0-9]*$/

/**
 * Pattern of a decimal number as the API writes decimal quantities (exchange rates, market caps).
 *
 * Accepts an optional sign, digits, an optional fraction and an optional exponent (`1.5e-7`, which is how a
 * JSON number such as a market cap prints when converted to a string).
 *
 * @since 0.1.0
 * @category primitives
 */
export const decimalPattern: RegExp = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/

/**
 * Pattern of an integer quantity string: optional sign and decimal digits (leading zeros tolerated on input).
 *
 * @since 0.1.0
 * @category primitives
 */
export const integerPattern: RegExp = /^-?\d+$/

/**
 * Pattern of an RFC 3339 / ISO 8601 date-time with a time-zone designator, as Blockscout writes timestamps
 * (`2023-07-03T20:09:59.000000Z`) and as the specs' `format: date-time` allows: a fraction of any length, `Z`
 * or an offset (`+05:30`, `+0530`, `+05`), `T`, `t` or a space between date and time, `z` for `Z`.
 *
 * @since 0.1.0
 * @category primitives
 */
export const timestampPattern: RegExp =
  /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31

// Date.UTC's range: ±8.64e15 ms around the epoch.
const maxMillis = 8.64e15

/**
 * Milliseconds since the epoch of a timestamp matching {@link timestampPattern}, or `undefined` when it is not
 * one. Calendar and clock fields are range-checked (`Date.parse` silently rolls `2023-02-30` over to March 2nd);
 * a leap second (`:60`) counts as the next second. Fractions are truncated to milliseconds.
 *
 * @since 0.1.0
 * @category primitives
 */
export const parseTimestamp = (s: string): number | undefined => {
  const m = timestampPattern.exec(s)
  if (m === null) return undefined
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = Number(m[6])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const fraction = m[7]
  const millis =
    fraction === undefined ? 0 : Number(fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, "0"))
  let offset = 0
  if (m[8] !== undefined) {
    const offsetHours = Number(m[9])
    const offsetMinutes = m[10] === undefined ? 0 : Number(m[10])
    if (offsetHours > 23 || offsetMinutes > 59) return undefined
    offset = (m[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60000
  }
  let t = Date.UTC(year, month - 1, day, hour, minute, second, millis)
  // Date.UTC maps years 0-99 to 1900-1999.
  if (year >= 0 && year < 100) t = new Date(t).setUTCFullYear(year)
  t -= offset
  return Number.isFinite(t) && t <= maxMillis && t >= -maxMillis ? t : undefined
}

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
/** The decoded type of {@link AddressHash}. */
export type AddressHash = typeof AddressHash.Type

/**
 * A block or transaction hash (`0x` + 64 hex digits), branded, typed as `` `0x${string}` `` underneath.
 *
 * @since 0.1.0
 * @category primitives
 */
export const Hash = hexString(hashPattern, "a hash (0x and 64 hex digits)").pipe(Schema.brand("Hash"))
/** The decoded type of {@link Hash}. */
export type Hash = typeof Hash.Type

/**
 * Hex-encoded bytes (`0x` + any number of hex digits), branded: raw input, log data, topics, block nonces.
 *
 * @since 0.1.0
 * @category primitives
 */
export const HexData = hexString(hexDataPattern, "hex data (0x and hex digits)").pipe(Schema.brand("HexData"))
/** The decoded type of {@link HexData}. */
export type HexData = typeof HexData.Type

const IntegerString = Schema.String.check(Schema.isPattern(integerPattern, { expected: "an integer string" }))
const SafeInteger = Schema.Number.check(Schema.isInt({ expected: "an integer" }))
const StringOrInteger = Schema.Union([IntegerString, SafeInteger])
const IntegerOrString = Schema.Union([SafeInteger, IntegerString])

const toBigInt = SchemaGetter.transform((v: string | number): bigint => BigInt(v))
const bigintToString = SchemaGetter.transform((b: bigint): string => b.toString())
// A bigint beyond 2^53 cannot be a JSON number without loss: write it as a string then.
const bigintToNumber = SchemaGetter.transform((b: bigint): number | string =>
  b <= 9007199254740991n && b >= -9007199254740991n ? Number(b) : b.toString()
)

/**
 * An integer quantity (wei amount, gas, supply, fee) sent as a decimal string (some servers send numbers),
 * decoded to `bigint`, encoded back to a decimal string.
 *
 * Gotcha: a JSON number beyond ±(2^53 − 1) has already lost digits in `JSON.parse`, so decoding a parsed value
 * rejects it; `decodeResponseText` reads such numbers from the body text and decodes them exactly.
 *
 * @since 0.1.0
 * @category primitives
 */
export const IntegerQuantity = StringOrInteger.pipe(
  Schema.decodeTo(Schema.BigInt, { decode: toBigInt, encode: bigintToString })
)
/** The decoded type of {@link IntegerQuantity}. */
export type IntegerQuantity = typeof IntegerQuantity.Type

/**
 * An integer quantity the API doc gives as a JSON number (a transaction's `gas_limit`, block rewards), decoded to
 * `bigint`; strings are accepted too (newer servers send them). Encoded as a number, or as a string when it
 * does not fit a double exactly.
 *
 * Gotcha: as for {@link IntegerQuantity}, a number beyond ±(2^53 − 1) decodes exactly only through
 * `decodeResponseText` (from the body text); a parsed one is rejected rather than rounded.
 *
 * @since 0.1.0
 * @category primitives
 */
export const IntegerQuantityNumber = IntegerOrString.pipe(
  Schema.decodeTo(Schema.BigInt, { decode: toBigInt, encode: bigintToNumber })
)

/**
 * A token id: a base-10 integer string (may be negative per the API doc's pattern), decoded to `bigint`, encoded
 * back to a string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const TokenId = Schema.Union([
  Schema.String.check(Schema.isPattern(tokenIdPattern, { expected: "a token id (decimal integer)" })),
  SafeInteger
]).pipe(Schema.decodeTo(Schema.BigInt, { decode: toBigInt, encode: bigintToString }))
/** The decoded type of {@link TokenId}. */
export type TokenId = typeof TokenId.Type

const toNumber = SchemaGetter.transform((v: string | number): number => (typeof v === "number" ? v : Number(v)))

/**
 * A count, index, height or block number: a JSON number (older servers send `block_number`/`log_index` as
 * strings), decoded to a `number`, encoded as a number.
 *
 * @since 0.1.0
 * @category primitives
 */
export const Count = IntegerOrString.pipe(
  Schema.decodeTo(SafeInteger, { decode: toNumber, encode: SchemaGetter.transform((n: number): number => n) })
)

/**
 * A count the API sends as a decimal string (token `decimals`, `holders_count`), decoded to a `number`,
 * encoded back to a string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const CountString = StringOrInteger.pipe(
  Schema.decodeTo(SafeInteger, { decode: toNumber, encode: SchemaGetter.transform((n: number): string => String(n)) })
)

/**
 * A decimal-fraction quantity (exchange rate, market cap, volume) kept as the decimal string the server sent,
 * checked and branded; never a JS float.
 *
 * Use `BigDecimal.fromString` from `effect` to compute with it.
 *
 * @since 0.1.0
 * @category primitives
 */
export const DecimalString = Schema.String.check(
  Schema.isPattern(decimalPattern, { expected: "a decimal number string" })
).pipe(Schema.brand("DecimalString"))
/** The decoded type of {@link DecimalString}. */
export type DecimalString = typeof DecimalString.Type

const numberToDecimal = SchemaGetter.transform((v: string | number): string => (typeof v === "string" ? v : String(v)))

/**
 * A decimal quantity sent as a string (numbers accepted too), decoded to a {@link DecimalString}, encoded back
 * to a string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const Decimal = Schema.Union([Schema.String, Schema.Finite]).pipe(
  Schema.decodeTo(DecimalString, { decode: numberToDecimal, encode: SchemaGetter.transform((s: string) => s) })
)

// A decimal string goes back on the wire as a JSON number only when the number prints as the same string;
// otherwise (`"0.10"`, more digits than a double holds) it stays a string, so encoding never loses digits.
const decimalToNumber = SchemaGetter.transform((s: string): number | string => {
  const n = Number(s)
  return String(n) === s ? n : s
})

/**
 * A decimal quantity the API doc gives as a JSON number (smart contract `market_cap`, block percentages),
 * decoded to a {@link DecimalString} (a number's shortest round-trip digits), encoded back to a number.
 * Strings are accepted on input (newer servers send `market_cap` as a string) and kept digit for digit:
 * one a double cannot reproduce exactly is written back as a string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const DecimalNumber = Schema.Union([Schema.Finite, Schema.String]).pipe(
  Schema.decodeTo(DecimalString, { decode: numberToDecimal, encode: decimalToNumber })
)

const numberToText = SchemaGetter.transform((v: string | number): string => (typeof v === "string" ? v : String(v)))

/**
 * A numeric quantity the generated specs declare as a free-form string (a smart contract's `coin_balance`):
 * decoded to the text the server sent, unchecked; a JSON number is accepted and written as its shortest
 * decimal string. Encoded as that string.
 *
 * Use `BigInt`/`BigDecimal.fromString` after checking the text yourself; a spec-valid server may send any text.
 *
 * @since 0.1.0
 * @category primitives
 */
export const NumericText = Schema.Union([Schema.String, Schema.Finite]).pipe(
  Schema.decodeTo(Schema.String, { decode: numberToText, encode: SchemaGetter.transform((s: string) => s) })
)

/**
 * Like {@link NumericText}, for a value the API doc gives as a JSON number (a smart contract's `market_cap`):
 * encoded back to a number when the text is one a double reproduces digit for digit, else to the string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const NumericTextNumber = Schema.Union([Schema.Finite, Schema.String]).pipe(
  Schema.decodeTo(Schema.String, { decode: numberToText, encode: decimalToNumber })
)

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
/** The decoded type of {@link Timestamp}. */
export type Timestamp = typeof Timestamp.Type

/**
 * Any JSON value: issuer-defined NFT metadata, free-form `meta` objects, decoded call parameter values.
 *
 * @since 0.1.0
 * @category primitives
 */
export const JsonValue = Schema.Json
/** The decoded type of {@link JsonValue}. */
export type JsonValue = typeof JsonValue.Type

/**
 * A JSON object with arbitrary values (free-form metadata objects).
 *
 * @since 0.1.0
 * @category primitives
 */
export const JsonObject = Schema.JsonObject

// Fast decoders (see internal/compile.ts): the same checks and results as the schemas above, as plain code.
const fastPattern = (pattern: RegExp) => () => (u: unknown) => (typeof u === "string" && pattern.test(u) ? u : invalid)
registerFast(AddressHash, fastPattern(addressPattern))
registerFast(Hash, fastPattern(hashPattern))
registerFast(HexData, fastPattern(hexDataPattern))
registerFast(DecimalString, fastPattern(decimalPattern))

// Integer strings: a character loop is cheaper than a regular expression, and below 16 digits a double holds
// the value exactly, so `BigInt(Number(s))` skips BigInt's slower string parser.
const isDigits = (s: string, start: number): boolean => {
  const n = s.length
  if (n === start) return false
  for (let i = start; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}
const isIntegerString = (s: string): boolean => isDigits(s, s.charCodeAt(0) === 45 ? 1 : 0)
const stringToBigInt = (s: string): bigint => (s.length < 16 ? BigInt(Number(s)) : BigInt(s))

const fastBigInt = (check: (s: string) => boolean) => () => (u: unknown) =>
  typeof u === "string"
    ? check(u)
      ? stringToBigInt(u)
      : invalid
    : typeof u === "number" && Number.isSafeInteger(u)
      ? BigInt(u)
      : invalid
registerFast(IntegerQuantity, fastBigInt(isIntegerString))
registerFast(IntegerQuantityNumber, fastBigInt(isIntegerString))
registerFast(
  TokenId,
  fastBigInt((s) => tokenIdPattern.test(s))
)

const fastCount = () => (u: unknown) =>
  typeof u === "number"
    ? Number.isSafeInteger(u)
      ? u
      : invalid
    : typeof u === "string" && isIntegerString(u)
      ? safeIntegerOrInvalid(Number(u))
      : invalid
const safeIntegerOrInvalid = (n: number) => (Number.isSafeInteger(n) ? n : invalid)
registerFast(Count, fastCount)
registerFast(CountString, fastCount)

const fastDecimal = () => (u: unknown) =>
  typeof u === "string"
    ? decimalPattern.test(u)
      ? u
      : invalid
    : typeof u === "number" && Number.isFinite(u) && isExactNumber(u)
      ? decimalOrInvalid(String(u))
      : invalid
const decimalOrInvalid = (s: string) => (decimalPattern.test(s) ? s : invalid)
registerFast(Decimal, fastDecimal)
registerFast(DecimalNumber, fastDecimal)

// Numbers beyond ±(2^53 − 1) go to the full decoder (same verdict), so that `decodeResponseText` reads their
// digits from the body text instead of printing a rounded double.
const fastText = () => (u: unknown) =>
  typeof u === "string" ? u : typeof u === "number" && Number.isFinite(u) && isExactNumber(u) ? String(u) : invalid
registerFast(NumericText, fastText)
registerFast(NumericTextNumber, fastText)

registerFast(Timestamp, () => (u: unknown) => {
  const millis = typeof u === "string" ? parseTimestamp(u) : undefined
  return millis === undefined ? invalid : DateTime.makeUnsafe(millis)
})

// JSON values straight from JSON.parse: checked recursively, returned as they are.
registerFast(JsonValue, () => (u: unknown) => (isJson(u, 0) ? u : invalid))
registerFast(JsonObject, () => (u: unknown) => (isRecord(u) && isJson(u, 0) ? u : invalid))
registerFast(Schema.Finite, () => (u: unknown) => (typeof u === "number" && Number.isFinite(u) ? u : invalid))
