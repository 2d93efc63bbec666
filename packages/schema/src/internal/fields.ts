/**
 * Field helpers: the nullability/optionality vocabulary the resource modules share, and the decoding of
 * renamed fields.
 */
import { Schema, type SchemaAST, SchemaGetter } from "effect"
import { invalid, isRecord, registerFast } from "./compile.ts"
import { isJson } from "./json.ts"

/**
 * A key that is always present but whose value may be null.
 */
export const nullable = <S extends Schema.Top>(schema: S) => Schema.NullOr(schema)

/**
 * A key that may be absent, and null when present: the union of what the specs allow for most keys that one
 * family or one server version does not send.
 */
export const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/**
 * A key that may be absent but is never null when present.
 */
export const absent = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

/**
 * A key that must be absent: `Schema.optionalKey(Schema.Never)`, typed `?: never`.
 *
 * Use it in a union member for the identifying keys of the other members, so that an object carrying them can
 * never match this member silently (a transfer `total` with a `token_id` must not decode as a fungible amount
 * just because its NFT fields failed their own checks). The `?: never` also makes `"token_id" in total`
 * narrow.
 */
export const excluded = Schema.optionalKey(Schema.Never)

/**
 * A JSON object accepted where the hand-written docs specs declare a bare `type: object` but every other source
 * has a precise shape (or null), decoded to null: "no usable value" rather than a failed page. `accept` narrows
 * which objects qualify. Use as the last member of a union that starts with `Schema.Null`, so a decoded null
 * encodes back to null.
 */
export const objectAsNull = (accept: (o: Readonly<Record<string, unknown>>) => boolean, expected: string) => {
  const schema = Schema.JsonObject.check(Schema.makeFilter(accept, { expected })).pipe(
    Schema.decodeTo(Schema.Null, {
      decode: SchemaGetter.transform((): null => null),
      encode: SchemaGetter.transform((): { readonly [key: string]: Schema.Json } => ({}))
    })
  )
  registerFast(schema, () => (u) => (isRecord(u) && accept(u) && isJson(u) ? null : invalid))
  return schema
}

// The rename map of each struct wrapped by `withRenames`, so a schema extending that struct (a resource's detail
// shape) accepts the same old names: see `renamesOf`.
const renamesByStruct = new WeakMap<SchemaAST.AST, Readonly<Record<string, string>>>()

/**
 * The old-name -> new-name map `withRenames` was given for a struct (`{}` for a struct never wrapped), so schemas
 * that extend the struct (`Transaction.to.fields` plus more) accept the same old names.
 */
export const renamesOf = (struct: { readonly ast: SchemaAST.AST }): Readonly<Record<string, string>> =>
  renamesByStruct.get(struct.ast) ?? {}

/**
 * Accepts the old names of renamed keys (`{ tx_types: "transaction_types" }`) in front of a struct.
 *
 * Decoding copies an old key's value to the new key when only the old key is present (the struct then drops
 * the old key as unknown); encoding writes the new names only. When several old names map to one new name,
 * list the newest first: the first one present wins. The input object is copied only when an old key
 * is actually present, so current servers pay one `in` test per rename.
 */
export const withRenames = <S extends Schema.Top>(
  schema: S,
  renames: Readonly<Record<string, string>>,
  identifier: string
) => {
  renamesByStruct.set(schema.ast, renames)
  const pairs = Object.entries(renames)
  const rename = (input: S["Encoded"]): S["Encoded"] => {
    const record = input as Record<string, unknown>
    let out: Record<string, unknown> | undefined
    for (const [from, to] of pairs) {
      if (from in record && !(to in (out ?? record))) {
        out ??= { ...record }
        out[to] = record[from]
      }
    }
    return out ?? input
  }
  const ObjectInput = Schema.declare((u): u is S["Encoded"] => isRecord(u), {
    expected: `an object (${identifier})`
  })
  const renamed = ObjectInput.pipe(
    Schema.decodeTo(schema, {
      decode: SchemaGetter.transform(rename),
      encode: SchemaGetter.transform((e: S["Encoded"]) => e)
    })
  ).annotate({ identifier })
  registerFast(renamed, (compile) => {
    const struct = compile(schema.ast)
    if (struct === undefined) return undefined
    return (u) => (isRecord(u) ? struct(rename(u)) : invalid)
  })
  return renamed
}
