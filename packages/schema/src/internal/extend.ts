/**
 * Detail shapes built on a resource's fields: the single-item lookups (`GET /transactions/{h}`,
 * `GET /addresses/{a}`, ...) send a resource's list fields plus more, so their schemas spread the list
 * resource's fields and accept the same old key names.
 */
import { Schema, type SchemaAST } from "effect"
import { renamesOf, withRenames } from "./fields.ts"

/** A struct's parts a detail shape builds on: its fields, and its AST (which keys its renames). */
export interface StructParts<F extends Schema.Struct.Fields> {
  readonly fields: F
  readonly ast: SchemaAST.AST
}

/**
 * A struct (or a resource schema typed `StructResource`), or a struct wrapped by `withRenames` (its `to`; a
 * `RenamedResource`).
 */
export type StructBase<F extends Schema.Struct.Fields> = StructParts<F> | { readonly to: StructParts<F> }

/**
 * The struct of a resource schema, whether it is a plain struct or wrapped by `withRenames`; spread its
 * `fields` into the detail shape.
 */
export const structOf = <F extends Schema.Struct.Fields>(base: StructBase<F>): StructParts<F> =>
  "fields" in base ? base : base.to

/**
 * The base resource's renames (old key -> current key) plus the detail shape's own, for `withRenames`.
 */
export const renamesWith = (
  base: StructBase<Schema.Struct.Fields>,
  own: Readonly<Record<string, string>> = {}
): Readonly<Record<string, string>> => ({ ...renamesOf(structOf(base)), ...own })

/**
 * A detail shape with exactly the base resource's fields and old names, under its own identifier (so decode
 * errors name the lookup): for lookups whose body the specs declare with the list resource's schema.
 */
export const sameFieldsAs = <F extends Schema.Struct.Fields>(base: StructBase<F>, identifier: string) =>
  withRenames(Schema.Struct({ ...structOf(base).fields }), renamesWith(base), identifier)
