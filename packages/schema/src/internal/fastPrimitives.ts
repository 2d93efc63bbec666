/**
 * The fast decoders of the wire primitives (`Primitives.ts`): the same checks and the same results as their
 * schemas, as plain code, for the compiler of `compile.ts`. `Primitives.ts` registers each beside its schema.
 */
import { DateTime } from "effect"
import { decimalPattern, parseTimestamp } from "../Patterns.ts"
import { type FastFactory, invalid, isRecord } from "./compile.ts"
import { isExactNumber, isJson } from "./json.ts"

/** A string matching `pattern`, kept as it is (addresses, hashes, hex data, decimal strings). */
export const fastPattern =
  (pattern: RegExp): FastFactory =>
  () =>
  (u) =>
    typeof u === "string" && pattern.test(u) ? u : invalid

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

/** Whether `s` is an optional minus sign and decimal digits (the integer pattern, without a regular expression). */
export const isIntegerString = (s: string): boolean => isDigits(s, s.charCodeAt(0) === 45 ? 1 : 0)
const stringToBigInt = (s: string): bigint => (s.length < 16 ? BigInt(Number(s)) : BigInt(s))

/** An integer quantity: a string passing `check`, or a safe integer, as a `bigint`. */
export const fastBigInt =
  (check: (s: string) => boolean): FastFactory =>
  () =>
  (u) =>
    typeof u === "string"
      ? check(u)
        ? stringToBigInt(u)
        : invalid
      : typeof u === "number" && Number.isSafeInteger(u)
        ? BigInt(u)
        : invalid

const safeIntegerOrInvalid = (n: number) => (Number.isSafeInteger(n) ? n : invalid)

/** A count: a safe integer, or an integer string holding one, as a `number`. */
export const fastCount: FastFactory = () => (u) =>
  typeof u === "number"
    ? Number.isSafeInteger(u)
      ? u
      : invalid
    : typeof u === "string" && isIntegerString(u)
      ? safeIntegerOrInvalid(Number(u))
      : invalid

const decimalOrInvalid = (s: string) => (decimalPattern.test(s) ? s : invalid)

/** A decimal quantity: a decimal string, or an exact finite number printed as one. */
export const fastDecimal: FastFactory = () => (u) =>
  typeof u === "string"
    ? decimalPattern.test(u)
      ? u
      : invalid
    : typeof u === "number" && Number.isFinite(u) && isExactNumber(u)
      ? decimalOrInvalid(String(u))
      : invalid

/**
 * Numeric text: any string, or an exact finite number printed. Numbers beyond ±(2^53 − 1) go to the full decoder
 * (same verdict), so that `decodeResponseText` reads their digits from the body text instead of printing a
 * rounded double.
 */
export const fastText: FastFactory = () => (u) =>
  typeof u === "string" ? u : typeof u === "number" && Number.isFinite(u) && isExactNumber(u) ? String(u) : invalid

/** A timestamp string, as a `DateTime.Utc`. */
export const fastTimestamp: FastFactory = () => (u) => {
  const millis = typeof u === "string" ? parseTimestamp(u) : undefined
  return millis === undefined ? invalid : DateTime.makeUnsafe(millis)
}

/** Any JSON value straight from `JSON.parse`: checked recursively, returned as it is. */
export const fastJson: FastFactory = () => (u) => (isJson(u, 0) ? u : invalid)

/** A JSON object straight from `JSON.parse`: checked recursively, returned as it is. */
export const fastJsonObject: FastFactory = () => (u) => (isRecord(u) && isJson(u, 0) ? u : invalid)

/** A finite number. */
export const fastFinite: FastFactory = () => (u) => (typeof u === "number" && Number.isFinite(u) ? u : invalid)
