/**
 * The types of the resource schemas: each decodes to a named interface (so hovers and type errors say
 * `Page<Log>`, `Address`, not the whole structure) and keeps its struct, for schemas that build on it.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"

/**
 * The type of a resource schema: it decodes to the named type `T` (so hovers and errors say `Transaction`, not
 * the whole structure) and keeps its struct's `fields` for schemas that build on it (the detail shapes).
 *
 * @since 0.1.0
 * @category models
 */
export interface StructResource<T, E, F extends Schema.Struct.Fields> extends Schema.Codec<T, E> {
  /** The struct's fields, to spread into a schema that extends the resource. */
  readonly fields: F
}

/**
 * The type of a resource schema that accepts old key names (`withRenames`): decodes to the named type `T`;
 * `to` is the struct (its `fields`) for schemas that build on it.
 *
 * @since 0.1.0
 * @category models
 */
export interface RenamedResource<T, E, F extends Schema.Struct.Fields> extends Schema.Codec<T, E> {
  /** The struct behind the renames. */
  readonly to: Schema.Struct<F>
}
