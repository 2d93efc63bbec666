/**
 * The page envelope of list endpoints and its cursor (docs/blockscout-api.md §2.12).
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { absent, nullable } from "./internal/fields.ts"
import type { StructResource } from "./Resource.ts"
import { cursorKeepsText } from "./internal/exact.ts"
import { isExactNumber, isJson } from "./internal/json.ts"

/**
 * A value of a cursor key as decoded: a string, a finite number, a boolean or null, as the server sent it.
 *
 * A number the server wrote beyond ±(2^53 − 1), or one JavaScript would write otherwise (`1.000000000000000000001`,
 * `-0`, `1E-7`), is, through `decodeResponseText`, the string of its source text (sent back character for
 * character); from an already parsed body it is whatever `JSON.parse` made of it (rounded).
 *
 * @since 0.1.0
 * @category pagination
 */
export const CursorValue = Schema.Union([Schema.String, Schema.Finite, Schema.Boolean, Schema.Null])
/**
 * The decoded type of {@link CursorValue}.
 *
 * @since 0.1.0
 * @category pagination
 */
export type CursorValue = typeof CursorValue.Type

/**
 * Whether a value may stand in a cursor (a {@link CursorValue}): a string, a finite number, a boolean or null.
 *
 * Use it to check a cursor key by key without running the schema (the client does, per page). Gotcha:
 * `undefined` is not a cursor value; callers that allow an unset optional key check it first.
 *
 * @since 0.1.0
 * @category pagination
 */
export const isCursorValue = (value: unknown): value is CursorValue =>
  typeof value === "string" ||
  typeof value === "boolean" ||
  value === null ||
  (typeof value === "number" && Number.isFinite(value))

// Keys whose value is an array or object are dropped: they cannot be sent back as query parameters. Anything
// else is kept for the target schema to check.
const keepScalars = (input: { readonly [key: string]: Schema.Json }): { readonly [key: string]: CursorValue } => {
  let out: Record<string, CursorValue> | undefined
  const keys = Object.keys(input)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    const value = input[key]
    if (typeof value !== "object" || value === null) {
      if (out !== undefined) out[key] = value as CursorValue
    } else if (out === undefined) {
      out = {}
      for (let j = 0; j < i; j++) out[keys[j] as string] = input[keys[j] as string] as CursorValue
    }
  }
  return out ?? (input as { readonly [key: string]: CursorValue })
}

const NextPageParamsSchema = Schema.Record(Schema.String, Schema.Json).pipe(
  Schema.decodeTo(Schema.Record(Schema.String, CursorValue), {
    decode: SchemaGetter.transform(keepScalars),
    encode: SchemaGetter.transform((cursor: { readonly [key: string]: CursorValue }) => cursor)
  })
)
/**
 * A decoded `next_page_params`: key to value, as the server sent them.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface NextPageParams extends Schema.Schema.Type<typeof NextPageParamsSchema> {}
/**
 * A `next_page_params` as written on the wire: any JSON values.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface NextPageParamsEncoded extends Schema.Codec.Encoded<typeof NextPageParamsSchema> {}
/**
 * A `next_page_params` cursor: the keys to send back as query parameters, values kept exactly as sent.
 *
 * Values are strings, numbers, booleans or null (every spec declares the object `additionalProperties: true`,
 * and real servers send null, e.g. a pending transaction's `block_number`): send strings and numbers as they
 * are, booleans as `true`/`false`, and leave null keys out. A key whose value is an array or an object (no
 * server sends one; the specs allow it) is dropped, since it has no query-parameter form.
 *
 * One rule for every number: it stays a number only when JavaScript writes its value back exactly as the server
 * wrote it (`7`, `-3`, `0.5`). Any other (`9007199254740993`, `123456789012345678901234567`,
 * `1.000000000000000000001`, `-0`, `1e21`, `1E-7`, `2.50`) decodes, through `decodeResponseText`, to the string of
 * its source text (`"9007199254740993"`, `"-0"`), which goes back on the query string exactly as written, and
 * survives a checkpoint's JSON as it is. Gotcha: decoding an already parsed body cannot do that (`JSON.parse`
 * has made `9007199254740992` and `1` of them): give the decoder the body text.
 *
 * Gotcha: servers before 12.0 echo `apikey`/`key` into it; the client strips those before handing it out.
 *
 * @since 0.1.0
 * @category pagination
 */
export const NextPageParams: Schema.Codec<NextPageParams, NextPageParamsEncoded> = NextPageParamsSchema

/**
 * Whether the `next_page_params` in a body's text holds a number JavaScript would write back otherwise
 * (`1.000000000000000000001`, `-0`, `1E-7`, digits beyond 2^53): then only the cursor decoded from the text
 * (`decodeResponseText`, or `decodeResponse` given the text) goes back as the server wrote it.
 *
 * Use it before sending a cursor read from an already parsed body (a client starting the next request before the
 * page is decoded): when it says `true`, wait for the decoded cursor. Scans the text from the last
 * `"next_page_params"` key only; a false alarm costs a wait, never a wrong request.
 *
 * @since 0.1.0
 * @category pagination
 */
export const cursorNeedsText = (text: string): boolean => cursorKeepsText(text)

registerFast(NextPageParams, () => (u) => {
  if (!isRecord(u)) return invalid
  const out: Record<string, CursorValue> = {}
  for (const key of Object.keys(u)) {
    // An own "__proto__" key (JSON.parse makes one) would set the prototype here: Effect's decoder decides.
    if (key === "__proto__") return invalid
    const value = u[key]
    // A number beyond 2^53 goes to the full decoder, so that `decodeResponseText` reads it again from the text.
    if (isCursorValue(value) && (typeof value !== "number" || isExactNumber(value))) out[key] = value
    else if (typeof value !== "object" || value === null || !isJson(value)) return invalid
  }
  return out
})

/**
 * The values of {@link PageMeta}'s `status` known today (12.x servers, internal-transaction lists).
 *
 * `complete` (1): every internal transaction of the page's block range is indexed. `pending` (2): some are not
 * yet (`message` says so), so the list may be missing entries that will appear later.
 *
 * @since 0.1.0
 * @category pagination
 */
export const PageMetaStatus = { complete: 1, pending: 2 } as const

const PageMetaSchema = Schema.Struct({
  status: Schema.Finite,
  message: nullable(Schema.String)
}).annotate({ identifier: "PageMeta" })
/**
 * A decoded {@link PageMeta}.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface PageMeta extends Schema.Schema.Type<typeof PageMetaSchema> {}
/**
 * A PageMeta as written on the wire.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface PageMetaEncoded extends Schema.Codec.Encoded<typeof PageMetaSchema> {}
/**
 * The page-level `meta` that 12.x servers put on internal-transaction lists: whether the list is complete.
 *
 * `status` is {@link PageMetaStatus}`.pending` (2) while some internal transactions of the page's block range are
 * not indexed yet, with a `message` saying so; `complete` (1) with a null message otherwise. A plain number, so
 * a value a newer server adds decodes. Absent on older servers (and other lists): nothing is known then.
 *
 * @since 0.1.0
 * @category pagination
 */
export const PageMeta: StructResource<PageMeta, PageMetaEncoded, typeof PageMetaSchema.fields> = PageMetaSchema

/**
 * A page of items: `{ items, next_page_params, meta? }`; `next_page_params` is null on the last page.
 *
 * `meta` is the optional page-level status 12.x servers send on internal-transaction lists ({@link PageMeta}).
 *
 * @since 0.1.0
 * @category pagination
 */
export const Page = <S extends Schema.Top>(item: S): PageSchema<S> =>
  Schema.Struct({
    items: Schema.Array(item),
    next_page_params: Schema.NullOr(NextPageParams),
    meta: absent(PageMeta)
  })
/**
 * A decoded page of `A`: its items in the server's order, and the next page's cursor (null on the last page).
 *
 * @since 0.1.0
 * @category pagination
 */
export interface Page<A> {
  /** The page's items, decoded, in the server's order. */
  readonly items: ReadonlyArray<A>
  /** The cursor of the next page; null on the last page. */
  readonly next_page_params: NextPageParams | null
  /**
   * Whether the list is complete (12.x servers, internal-transaction lists): `status` 2 (`PageMetaStatus.pending`)
   * means some entries of the page's block range are not indexed yet. Absent when the server says nothing.
   */
  readonly meta?: PageMeta | undefined
}

/**
 * The fields of a {@link Page} schema of items `S`, to spread into a page with more keys.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface PageFields<S extends Schema.Top> extends Schema.Struct.Fields {
  readonly items: Schema.$Array<S>
  readonly next_page_params: Schema.NullOr<typeof NextPageParams>
  readonly meta: Schema.optionalKey<typeof PageMeta>
}

/**
 * The schema of a page of `S`: decodes to `Page<S["Type"]>` (so types read `Page<Log>`), with its `fields`.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface PageSchema<S extends Schema.Top>
  extends Schema.Codec<Page<S["Type"]>, PageEncoded<S["Encoded"]>, S["DecodingServices"], S["EncodingServices"]> {
  /** The page's fields (`items`, `next_page_params`, `meta`), to spread into a page with more keys. */
  readonly fields: PageFields<S>
}

/**
 * A page as written on the wire, its items encoded as `E`.
 *
 * @since 0.1.0
 * @category pagination
 */
export interface PageEncoded<E> {
  readonly items: ReadonlyArray<E>
  readonly next_page_params: NextPageParamsEncoded | null
  readonly meta?: PageMetaEncoded
}
