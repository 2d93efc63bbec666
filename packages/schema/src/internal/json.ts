/**
 * Checks of JSON values shared by the fast decoders of free-form values and cursors.
 */

/**
 * Whether a number holds exactly what any JSON text could have written for it: finite and within
 * ±(2^53 − 1). Beyond that, `JSON.parse` may already have rounded the text (`9007199254740993` reads as
 * `9007199254740992`), so fast decoders hand such numbers on (see `decodeResponseText`, which reads them again
 * from the body text).
 */
export const isExactNumber = (n: number): boolean => n <= Number.MAX_SAFE_INTEGER && n >= -Number.MAX_SAFE_INTEGER

/**
 * Whether `u` is a JSON value: strings, booleans, numbers (within ±(2^53 − 1), see {@link isExactNumber}), null,
 * arrays and plain objects of those, at most 64 levels deep (deeper input, and larger numbers, go to Effect's
 * decoder, which gives the verdict).
 */
export const isJson = (u: unknown, depth = 0): boolean => {
  switch (typeof u) {
    case "string":
    case "boolean":
      return true
    case "number":
      return isExactNumber(u)
    case "object": {
      if (u === null) return true
      if (depth > 64) return false
      if (Array.isArray(u)) {
        for (const item of u) if (!isJson(item, depth + 1)) return false
        return true
      }
      if (Object.getPrototypeOf(u) !== Object.prototype && Object.getPrototypeOf(u) !== null) return false
      for (const key in u) if (!isJson((u as Record<string, unknown>)[key], depth + 1)) return false
      return true
    }
    default:
      return false
  }
}
