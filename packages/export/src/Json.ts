/**
 * Plain-JSON views of decoded Blockscout values: `bigint` becomes a decimal string, `DateTime` an ISO
 * string, and nested objects are flattened into dotted columns for CSV and tables.
 *
 * Use `toJsonValue` before `JSON.stringify` (which throws on `bigint`) and `flatten` for tabular output.
 * Gotcha: this is lossless for output only; to get typed values back, decode the file with the client's
 * schemas (a decimal string decodes to the same `bigint`).
 *
 * @since 0.1.0
 */
import { DateTime, Option, Redacted } from "effect"

/**
 * A JSON value as `JSON.stringify` writes it.
 *
 * @since 0.1.0
 * @category models
 */
export type Json = string | number | boolean | null | ReadonlyArray<Json> | { readonly [key: string]: Json }

/**
 * Converts a decoded value to plain JSON: bigint -> decimal string, DateTime -> ISO 8601 string,
 * Option -> its value or null, Redacted -> "<redacted>", undefined fields dropped.
 *
 * Gotcha: class instances other than the above are walked as plain objects (own enumerable fields).
 *
 * @since 0.1.0
 * @category encoding
 */
export const toJsonValue = (value: unknown): Json => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value
    case "number":
      return Number.isFinite(value) ? value : null
    case "bigint":
      return value.toString()
    case "undefined":
    case "function":
    case "symbol":
      return null
  }
  if (value === null) return null
  if (DateTime.isDateTime(value)) return DateTime.formatIso(value)
  if (Option.isOption(value)) return Option.isSome(value) ? toJsonValue(value.value) : null
  if (Redacted.isRedacted(value)) return "<redacted>"
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(toJsonValue)
  const out: Record<string, Json> = {}
  for (const [key, field] of Object.entries(value as object)) {
    if (field !== undefined) out[key] = toJsonValue(field)
  }
  return out
}

/**
 * One item as a single line of JSON (no trailing newline), with bigint and DateTime made plain.
 *
 * @since 0.1.0
 * @category encoding
 */
export const stringify = (value: unknown): string => JSON.stringify(toJsonValue(value))
