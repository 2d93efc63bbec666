/**
 * Exact reading of numbers from a body's text: those beyond ±(2^53 − 1) everywhere, and a cursor's numbers
 * whenever JavaScript would write them otherwise (`keepsText`).
 *
 * `JSON.parse` turns `9007199254740993` into `9007199254740992` and `123456789012345678901234567` into
 * `1.2345678901234568e+26` before any decoder sees them. Blockscout writes most big integers as strings, but some
 * servers, chain types and cursors write JSON numbers. A body whose fast decode fails is parsed here once more,
 * with a reviver that reads each such number's source text (`context.source`, Node 22+ and current browsers):
 * the number becomes that text, a string, which the integer, decimal and cursor schemas all accept digit for
 * digit. A cursor (`next_page_params`) goes back to the server, which compares the text it reads: any of its
 * numbers that JavaScript would write differently (`1.000000000000000000001` read as `1`, `-0` as `0`, `1E-7` as
 * `1e-7`) becomes its source text too. Ordinary pages never come here (see `decodeResponseExit`).
 */
import { isExactNumber } from "./json.ts"

/** The third argument a reviver gets on engines with JSON.parse source text access (TC39 "JSON.parse source"). */
interface ReviverContext {
  readonly source?: string
}

/** The key of a page's cursor: its numbers keep the server's text whenever JavaScript would write them otherwise. */
const cursorKey = "next_page_params"

/**
 * The one rule for a cursor's numbers: a number goes back as its value only when that value is exact (within
 * ±(2^53 − 1)) and JavaScript writes it exactly as the server did; otherwise the server's text is what goes
 * back (`1.000000000000000000001`, `-0`, `1E-7`, `1e21`, `9007199254740993`), since the server compares the
 * text it reads, not our idea of its value.
 */
export const keepsText = (value: number, source: string): boolean => !isExactNumber(value) || String(value) !== source

/**
 * A reviver for one parse: every number beyond ±(2^53 − 1) becomes its source text, and so does every number of
 * a `next_page_params` object that `keepsText`. JSON.parse revives children before their parent, so a child's
 * text is noted against its holder and put in place once the holder turns out to be the cursor.
 */
const makeReviver = () => {
  const noted = new WeakMap<object, Array<readonly [string, string]>>()
  return function (this: unknown, key: string, value: unknown, context?: ReviverContext): unknown {
    if (typeof value === "number") {
      const source = context?.source
      if (source === undefined) return value
      if (!isExactNumber(value)) return source
      if (String(value) !== source && typeof this === "object" && this !== null && !Array.isArray(this)) {
        const list = noted.get(this) ?? []
        list.push([key, source])
        noted.set(this, list)
      }
      return value
    }
    if (key === cursorKey && typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [name, source] of noted.get(value) ?? []) {
        // defineProperty: an own "__proto__" key stays an own key (the cursor decoder then refuses it).
        Object.defineProperty(value, name, { value: source, enumerable: true, writable: true, configurable: true })
      }
    }
    return value
  }
}

type Reviver = (this: unknown, key: string, value: unknown) => unknown
const exactReviver = makeReviver() as Reviver

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

const cursorMarker = `"${cursorKey}"`
// A JSON number token right after `:`, `,` or `[` (a digit in a string follows a letter or a quote instead).
const numberToken = /[:,[]\s*(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/g

/**
 * Whether a body's cursor may hold a number whose text `keepsText`: a scan of the text from the last
 * `"next_page_params"` (Blockscout writes it last: the scan is short) for a number token JavaScript would write
 * otherwise. A match in a string or a later key only costs one more parse. `false` without the key.
 */
export const cursorKeepsText = (text: string): boolean => {
  const at = text.lastIndexOf(cursorMarker)
  if (at < 0) return false
  numberToken.lastIndex = at
  for (let m = numberToken.exec(text); m !== null; m = numberToken.exec(text)) {
    const token = m[1] as string
    if (keepsText(Number(token), token)) return true
  }
  return false
}

/**
 * Whether a decoded value's `next_page_params` holds a number: only then can its text matter (most cursors
 * are checked in a few steps; bodies without a cursor never scan their text).
 */
export const hasCursorNumber = (value: unknown): boolean => {
  if (typeof value !== "object" || value === null) return false
  const cursor = (value as { readonly [cursorKey]?: unknown })[cursorKey]
  if (typeof cursor !== "object" || cursor === null) return false
  for (const key in cursor) if (typeof (cursor as Record<string, unknown>)[key] === "number") return true
  return false
}

/**
 * Parses a body, reading every number beyond ±(2^53 − 1) as its source text (a string: `"9007199254740993"`,
 * `"1e+30"`). `undefined` when the text is not JSON or the engine gives revivers no source text.
 */
export const parseExact = (text: string): unknown => {
  if (!hasSourceText) return undefined
  try {
    return JSON.parse(text, makeReviver() as Reviver)
  } catch {
    return undefined
  }
}
