/**
 * A check that a value is JSON (what `JSON.parse` can return), shared by the fast decoders of free-form values.
 */

/**
 * Whether `u` is a JSON value: strings, booleans, finite numbers, null, arrays and plain objects of those, at
 * most 64 levels deep (deeper input goes to Effect's decoder, which gives the verdict).
 */
export const isJson = (u: unknown, depth = 0): boolean => {
  switch (typeof u) {
    case "string":
    case "boolean":
      return true
    case "number":
      return Number.isFinite(u)
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
