/**
 * Quantities as the API writes them: integer amounts, counts and token ids (decoded to `bigint` or `number`),
 * decimal fractions (kept as the decimal string, never a float), and free-form numeric text.
 *
 * Each codec accepts both wire types servers have used (a string or a JSON number) and encodes back to the one
 * the API doc gives, so `encode(decode(json))` writes the API's own JSON without losing a digit.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { invalid, registerFast } from "./internal/compile.ts"
import {
  fastBigInt,
  fastCount,
  fastDecimal,
  fastPattern,
  fastText,
  isIntegerString
} from "./internal/fastPrimitives.ts"
import { decimalPattern, integerPattern, tokenIdPattern } from "./Patterns.ts"

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
/**
 * The decoded type of {@link IntegerQuantity}.
 *
 * @since 0.1.0
 * @category primitives
 */
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
/**
 * The decoded type of {@link TokenId}.
 *
 * @since 0.1.0
 * @category primitives
 */
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
/**
 * The decoded type of {@link DecimalString}.
 *
 * @since 0.1.0
 * @category primitives
 */
export type DecimalString = typeof DecimalString.Type

const numberToText = SchemaGetter.transform((v: string | number): string => (typeof v === "string" ? v : String(v)))

/**
 * A decimal quantity sent as a string (numbers accepted too), decoded to a {@link DecimalString}, encoded back
 * to a string.
 *
 * @since 0.1.0
 * @category primitives
 */
export const Decimal = Schema.Union([Schema.String, Schema.Finite]).pipe(
  Schema.decodeTo(DecimalString, { decode: numberToText, encode: SchemaGetter.transform((s: string) => s) })
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
  Schema.decodeTo(DecimalString, { decode: numberToText, encode: decimalToNumber })
)

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

const numberText = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i
const FiniteTextTest = (t: string): boolean => numberText.test(t) && Number.isFinite(Number(t))
const FiniteText = Schema.String.check(
  Schema.makeFilter(FiniteTextTest, {
    expected: "a number"
  })
)

/**
 * A measure the API sends as a JSON number that is not an amount (milliseconds, a percentage, gwei), decoded to
 * a `number`, encoded as a number. A numeric string is accepted too: a number beyond ±(2^53 − 1) read exactly
 * (`decodeResponseText`) arrives as its source text, and decodes to the nearest double.
 *
 * @since 0.1.0
 * @category primitives
 */
export const FiniteNumber = Schema.Union([Schema.Finite, FiniteText]).pipe(
  Schema.decodeTo(Schema.Finite, {
    decode: SchemaGetter.transform((v: number | string): number => (typeof v === "number" ? v : Number(v))),
    encode: SchemaGetter.transform((n: number): number => n)
  })
)

// Fast decoders (internal/fastPrimitives.ts, run by internal/compile.ts): the same checks and results as the
// schemas above, as plain code.
registerFast(IntegerQuantity, fastBigInt(isIntegerString))
registerFast(IntegerQuantityNumber, fastBigInt(isIntegerString))
registerFast(
  TokenId,
  fastBigInt((s) => tokenIdPattern.test(s))
)
registerFast(Count, fastCount)
registerFast(CountString, fastCount)
registerFast(DecimalString, fastPattern(decimalPattern))
registerFast(Decimal, fastDecimal)
registerFast(DecimalNumber, fastDecimal)
registerFast(NumericText, fastText)
registerFast(NumericTextNumber, fastText)
registerFast(FiniteNumber, () => (u) => {
  if (typeof u === "number") return Number.isFinite(u) ? u : invalid
  return typeof u === "string" && FiniteTextTest(u) ? Number(u) : invalid
})
