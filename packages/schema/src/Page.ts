/**
 * The page envelope of list endpoints and its cursor (docs/blockscout-api.md §2.12).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { isJson } from "./internal/json.ts"

/** A value of a cursor key as decoded: a string, a finite number, a boolean or null, as the server sent it. */
export const CursorValue = Schema.Union([Schema.String, Schema.Finite, Schema.Boolean, Schema.Null])
/** The decoded type of {@link CursorValue}. */
export type CursorValue = typeof CursorValue.Type

/**
 * Whether a value may stand in a cursor (a {@link CursorValue}): a string, a finite number, a boolean or null.
 *
 * Use it to check a cursor key by key without running the schema (the client does, per page). Gotcha:
 * `undefined` is not a cursor value; callers that allow an unset optional key check it first.
 */
export const isCursorValue = (value: unknown): value is CursorValue =>
  typeof value === "string" ||
  typeof value === "boolean" ||
  value === null ||
  (typeof value === "number" && Number.isFinite(value))

// Keys whose value is an array or object are dropped: they cannot be sent back as query parameters.
const keepScalars = (input: { readonly [key: string]: Schema.Json }): { readonly [key: string]: CursorValue } => {
  let out: Record<string, CursorValue> | undefined
  const keys = Object.keys(input)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    const value = input[key]
    if (isCursorValue(value)) {
      if (out !== undefined) out[key] = value
    } else if (out === undefined) {
      out = {}
      for (let j = 0; j < i; j++) out[keys[j] as string] = input[keys[j] as string] as CursorValue
    }
  }
  return out ?? (input as { readonly [key: string]: CursorValue })
}

/**
 * A `next_page_params` cursor: the keys to send back as query parameters, values kept exactly as sent.
 *
 * Values are strings, numbers, booleans or null (every spec declares the object `additionalProperties: true`,
 * and real servers send null, e.g. a pending transaction's `block_number`): send strings and numbers as they
 * are, booleans as `true`/`false`, and leave null keys out. A key whose value is an array or an object (no
 * server sends one; the specs allow it) is dropped, since it has no query-parameter form.
 *
 * Gotcha: servers before 12.0 echo `apikey`/`key` into it; the client strips those before handing it out.
 */
export const NextPageParams = Schema.Record(Schema.String, Schema.Json).pipe(
  Schema.decodeTo(Schema.Record(Schema.String, CursorValue), {
    decode: SchemaGetter.transform(keepScalars),
    encode: SchemaGetter.transform((cursor: { readonly [key: string]: CursorValue }) => cursor)
  })
)
/** A decoded `next_page_params`. */
export type NextPageParams = typeof NextPageParams.Type

registerFast(NextPageParams, () => (u) => {
  if (!isRecord(u)) return invalid
  const out: Record<string, CursorValue> = {}
  for (const key of Object.keys(u)) {
    // An own "__proto__" key (JSON.parse makes one) would set the prototype here: Effect's decoder decides.
    if (key === "__proto__") return invalid
    const value = u[key]
    if (isCursorValue(value)) out[key] = value
    else if (!isJson(value)) return invalid
  }
  return out
})

/**
 * A page of items: `{ items, next_page_params }`; `next_page_params` is null on the last page.
 */
export const Page = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    items: Schema.Array(item),
    next_page_params: Schema.NullOr(NextPageParams)
  })
/** A decoded page of `A`: its items in the server's order, and the next page's cursor (null on the last page). */
export interface Page<A> {
  /** The page's items, decoded, in the server's order. */
  readonly items: ReadonlyArray<A>
  /** The cursor of the next page; null on the last page. */
  readonly next_page_params: NextPageParams | null
}
