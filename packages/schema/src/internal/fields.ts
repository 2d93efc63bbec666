/**
 * Field helpers: the nullability and optionality vocabulary the resource modules share.
 */
import { Schema } from "effect"

/** A field that is always present but may be null. */
export const nullable = <S extends Schema.Top>(schema: S) => Schema.NullOr(schema)

/** A field that may be absent or null (the union of what the specs allow for most fields). */
export const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.NullOr(schema))

/** A field that may be absent but is never null when present. */
export const absent = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)
