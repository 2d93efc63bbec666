/**
 * The columns of a tabular export (CSV, Parquet), derived from a resource's schema: every field an item can
 * carry, whether or not the first page happened to hold it.
 *
 * When to use: `Columns.fromSchema(Transaction)` (or `Columns.ofEndpoint(endpoints.transactions)`) once per
 * export, then `Columns.select(all, names)` for a `--columns` list and `Columns.value(column, item)` per cell.
 * The CSV and Parquet sinks do this for you.
 *
 * The flattening rule, applied to the schema's decoded (type) side:
 * 1. A struct's fields become columns named by their dotted path (`from.hash`, `fee.value`), recursively,
 *    down to `maxDepth` path segments (default 3).
 * 2. Nullability and optional keys do not change the columns: a null or absent value is an empty cell (NULL).
 * 3. A union of structs is flattened as one struct holding every member's fields, in first-seen order (a
 *    token transfer's `total` gives `total.value`, `total.decimals`, `total.token_id`, ...).
 * 4. Arrays, records (free-form objects), free JSON values, unions that mix structs and scalars, fields whose
 *    members disagree on their kind, and structs deeper than `maxDepth` are one `json` column holding the
 *    value as JSON text (bigint as a decimal string, timestamps as ISO 8601).
 * 5. Scalars keep their kind: `string` (hashes, literals, decimal strings), `integer` (a safe-integer number:
 *    counts, block numbers), `number`, `boolean`, `bigint` (wei amounts, gas, token ids), `timestamp`.
 *
 * Gotcha: the rule reads the schema's AST, so a field added to a resource schema is a new column with no
 * change here; columns depend on the schema version, not on the data.
 *
 * @since 0.1.0
 */
import type { Endpoint } from "@blockscout-effect/schema"
import { DateTime, Option, Redacted, type Schema, SchemaAST } from "effect"
import { toJsonValue } from "./Json.ts"

/**
 * What a column holds.
 *
 * @since 0.1.0
 * @category models
 */
export type ColumnKind = "string" | "integer" | "number" | "boolean" | "bigint" | "timestamp" | "json"

/**
 * One column: its dotted name, the field path it reads, and its kind.
 *
 * @since 0.1.0
 * @category models
 */
export interface Column {
  /** The dotted name, also the CSV header cell and the Parquet column name (`from.hash`). */
  readonly name: string
  /** The field path the value is read from (`["from", "hash"]`). */
  readonly path: ReadonlyArray<string>
  readonly kind: ColumnKind
}

/**
 * Options of `fromSchema`.
 *
 * @since 0.1.0
 * @category models
 */
export interface FromSchemaOptions {
  /** The most path segments a column name has; a struct at that depth is one `json` column (default 3). */
  readonly maxDepth?: number | undefined
}

// What one field of the schema is, once nullability is set aside.
type Shape =
  | { readonly _tag: "scalar"; readonly kind: Exclude<ColumnKind, "json"> }
  | { readonly _tag: "struct"; readonly fields: ReadonlyArray<readonly [string, ReadonlyArray<SchemaAST.AST>]> }
  | { readonly _tag: "json" }

const json: Shape = { _tag: "json" }

const hasCheck = (ast: SchemaAST.AST, id: string): boolean =>
  (ast.checks ?? []).some((check) => (check.annotations?.representation as { id?: string } | undefined)?.id === id)

const representationId = (ast: SchemaAST.AST): string | undefined =>
  (ast.annotations?.representation as { id?: string } | undefined)?.id

// Flattens nested unions and drops what only makes a value missing (null, undefined, void).
const members = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.AST> => {
  if (ast._tag === "Union") return ast.types.flatMap(members)
  if (ast._tag === "Null" || ast._tag === "Undefined" || ast._tag === "Void" || ast._tag === "Never") return []
  return [ast]
}

const scalarKind = (ast: SchemaAST.AST): Exclude<ColumnKind, "json"> | undefined => {
  switch (ast._tag) {
    case "String":
    case "TemplateLiteral":
      return "string"
    case "Number":
      return hasCheck(ast, "effect/schema/isInt") ? "integer" : "number"
    case "Boolean":
      return "boolean"
    case "BigInt":
      return "bigint"
    case "Literal":
      return typeof ast.literal === "string"
        ? "string"
        : typeof ast.literal === "boolean"
          ? "boolean"
          : typeof ast.literal === "bigint"
            ? "bigint"
            : Number.isSafeInteger(ast.literal)
              ? "integer"
              : "number"
    case "Enum":
      return ast.enums.every(([, v]) => typeof v === "string") ? "string" : undefined
    case "Declaration":
      return representationId(ast) === "effect/schema/DateTimeUtc" ? "timestamp" : undefined
    default:
      return undefined
  }
}

const mergeKinds = (
  a: Exclude<ColumnKind, "json">,
  b: Exclude<ColumnKind, "json">
): Exclude<ColumnKind, "json"> | undefined =>
  a === b ? a : (a === "integer" && b === "number") || (a === "number" && b === "integer") ? "number" : undefined

/**
 * What a field is (given the types it can have: one, or one per union member that carries it): a scalar of
 * one kind, a struct (the union of its members' fields), or JSON.
 */
const shapeOf = (types: ReadonlyArray<SchemaAST.AST>): Shape => {
  const all = types.flatMap((t) => members(SchemaAST.toType(t)))
  if (all.length === 0) return json
  if (all.every((m) => m._tag === "Objects" && m.indexSignatures.length === 0 && m.propertySignatures.length > 0)) {
    const fields: Array<readonly [string, Array<SchemaAST.AST>]> = []
    const index = new Map<string, Array<SchemaAST.AST>>()
    for (const m of all as ReadonlyArray<SchemaAST.Objects>) {
      for (const p of m.propertySignatures) {
        if (typeof p.name !== "string") continue
        // The same key in several members: one field, whose types are all of theirs.
        const seen = index.get(p.name)
        if (seen !== undefined) seen.push(p.type)
        else {
          const list = [p.type]
          index.set(p.name, list)
          fields.push([p.name, list])
        }
      }
    }
    return { _tag: "struct", fields }
  }
  let kind: Exclude<ColumnKind, "json"> | undefined
  for (const m of all) {
    const k = scalarKind(m)
    if (k === undefined) return json
    kind = kind === undefined ? k : mergeKinds(kind, k)
    if (kind === undefined) return json
  }
  return kind === undefined ? json : { _tag: "scalar", kind }
}

/**
 * Every column of a schema's items, by the flattening rule in this module's doc.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromSchema = (
  schema: Schema.Top | SchemaAST.AST,
  options: FromSchemaOptions = {}
): ReadonlyArray<Column> => {
  const maxDepth = options.maxDepth ?? 3
  const out: Array<Column> = []
  const walk = (types: ReadonlyArray<SchemaAST.AST>, path: ReadonlyArray<string>): void => {
    const shape = shapeOf(types)
    const name = path.join(".")
    if (shape._tag === "struct" && (path.length < maxDepth || path.length === 0)) {
      for (const [key, type] of shape.fields) walk(type, [...path, key])
      return
    }
    if (path.length === 0) {
      out.push({ name: "value", path: [], kind: shape._tag === "scalar" ? shape.kind : "json" })
      return
    }
    out.push({ name, path, kind: shape._tag === "scalar" ? shape.kind : "json" })
  }
  walk([SchemaAST.isAST(schema) ? schema : schema.ast], [])
  return out
}

/**
 * The columns of an endpoint row's items (the page's `items`, or the bare array's elements).
 *
 * @since 0.1.0
 * @category constructors
 */
export const ofEndpoint = (row: Endpoint, options: FromSchemaOptions = {}): ReadonlyArray<Column> =>
  fromSchema(itemAst(row), options)

/**
 * The AST of an endpoint row's item type.
 *
 * @since 0.1.0
 * @category constructors
 */
export const itemAst = (row: Endpoint): SchemaAST.AST => {
  let ast = SchemaAST.toType((row.response as Schema.Top).ast)
  if (ast._tag === "Objects") {
    const items = ast.propertySignatures.find((p) => p.name === "items")
    if (items !== undefined) ast = SchemaAST.toType(items.type)
  }
  if (ast._tag === "Arrays" && ast.rest[0] !== undefined) return ast.rest[0]
  return ast
}

/**
 * The columns named in `names`, in that order; unknown names are returned in `unknown` (with nothing selected),
 * so a tool can refuse them before anything is fetched.
 *
 * @since 0.1.0
 * @category constructors
 */
export const select = (
  all: ReadonlyArray<Column>,
  names: ReadonlyArray<string>
): { readonly columns: ReadonlyArray<Column>; readonly unknown: ReadonlyArray<string> } => {
  const byName = new Map(all.map((c) => [c.name, c]))
  const unknown = names.filter((n) => !byName.has(n))
  return unknown.length > 0 ? { columns: [], unknown } : { columns: names.map((n) => byName.get(n)!), unknown }
}

const read = (item: unknown, path: ReadonlyArray<string>): unknown => {
  let value: unknown = item
  for (const key of path) {
    if (value === null || value === undefined || typeof value !== "object") return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/**
 * A cell's value as plain data: `null` for a missing value; a string, number or boolean for scalars (bigint as a
 * decimal string, timestamps as ISO 8601); JSON text for `json` columns.
 *
 * @since 0.1.0
 * @category accessors
 */
export const value = (column: Column, item: unknown): string | number | boolean | null => {
  const v = read(item, column.path)
  if (v === null || v === undefined) return null
  if (Option.isOption(v)) return Option.isSome(v) ? value({ ...column, path: [] }, v.value) : null
  if (column.kind === "json") return JSON.stringify(toJsonValue(v))
  switch (typeof v) {
    case "string":
    case "boolean":
      return v
    case "number":
      return Number.isFinite(v) ? v : null
    case "bigint":
      return v.toString()
  }
  if (DateTime.isDateTime(v)) return DateTime.formatIso(v)
  if (Redacted.isRedacted(v)) return "<redacted>"
  return JSON.stringify(toJsonValue(v))
}

/**
 * A cell as text (CSV, tables): empty for a missing value, else the value as `value` gives it.
 *
 * @since 0.1.0
 * @category accessors
 */
export const text = (column: Column, item: unknown): string => {
  const v = value(column, item)
  return v === null ? "" : String(v)
}
