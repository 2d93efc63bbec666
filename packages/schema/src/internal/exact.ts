/**
 * Exact reading of numbers beyond ±(2^53 − 1) from a body's text.
 *
 * `JSON.parse` turns `9007199254740993` into `9007199254740992` and `123456789012345678901234567` into
 * `1.2345678901234568e+26` before any decoder sees them. Blockscout writes most big integers as strings, but some
 * servers, chain types and cursors write JSON numbers. A body whose fast decode fails is parsed here once more,
 * with a reviver that reads each such number's source text (`context.source`, Node 22+ and current browsers):
 * the number becomes that text, a string, which the integer, decimal and cursor schemas all accept digit for
 * digit. Ordinary pages never come here (see `decodeResponseExit`).
 */

/** The third argument a reviver gets on engines with JSON.parse source text access (TC39 "JSON.parse source"). */
interface ReviverContext {
  readonly source?: string
}

const reviver = (_key: string, value: unknown, context?: ReviverContext): unknown =>
  typeof value === "number" &&
  (value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER) &&
  context?.source !== undefined
    ? context.source
    : value

type Reviver = (this: unknown, key: string, value: unknown) => unknown
const exactReviver = reviver as Reviver

/** Whether this engine gives revivers the source text of numbers (checked once). */
export const hasSourceText: boolean = (() => {
  try {
    return JSON.parse("[12345678901234567890]", exactReviver)[0] === "12345678901234567890"
  } catch {
    return false
  }
})()

// A JSON number token of 16 or more integer digits (2^53 has 16), or with an exponent, right after `:`, `[`
// or `,`: what a body must contain for a number in it to lie beyond ±(2^53 − 1). A string that happens to
// match only costs one extra parse on a body that already failed its fast decode.
const bigNumberToken = /[:,[]\s*-?(?:\d{16}|\d+(?:\.\d+)?[eE])/

/** Whether a body's text may hold a JSON number beyond ±(2^53 − 1) (a cheap scan of the text). */
export const mayHoldBigNumbers = (text: string): boolean => bigNumberToken.test(text)

/**
 * Parses a body, reading every number beyond ±(2^53 − 1) as its source text (a string: `"9007199254740993"`,
 * `"1e+30"`). `undefined` when the text is not JSON or the engine gives revivers no source text.
 */
export const parseExact = (text: string): unknown => {
  if (!hasSourceText) return undefined
  try {
    return JSON.parse(text, exactReviver)
  } catch {
    return undefined
  }
}
