/**
 * Writing endpoint rows and tables: `pageRow`, `arrayRow` and `itemRow` for a row of each shape, `blockRange`
 * and `indexRange` for a paged row's key ranges, `endpointTable` for a table keyed by name (the rows' types
 * are `Endpoint.ts`; the table itself is `Endpoints.ts`).
 *
 * The helpers take their row with a `const` type parameter, so path parameters, filter names and values stay
 * literal types: the client derives its method signatures from them.
 *
 * @since 0.1.0
 */
import type {
  ArrayEndpoint,
  Endpoint,
  EndpointShape,
  Family,
  ItemEndpoint,
  KeyRange,
  PageEndpoint
} from "./Endpoint.ts"

/**
 * A block-keyed range: cursor keys from `block_number` down (as the server compares them), items keyed by
 * `itemKey`, ordered otherwise under the filter values of `unless`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const blockRange = (
  cursorKeys: ReadonlyArray<string>,
  itemKey = "block_number",
  unless: KeyRange["unless"] = []
): KeyRange & { readonly dimension: "block" } => ({ dimension: "block", cursorKeys, itemKey, unless })

/**
 * An index-keyed range (withdrawals): one cursor key, `index`, also the item's field.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const indexRange: KeyRange & { readonly dimension: "index" } = {
  dimension: "index",
  cursorKeys: ["index"],
  itemKey: "index",
  unless: []
}

/** A row as written: everything but its `name` (its key in the table) and `families` (both unless given). */
type RowInput<R extends Endpoint> = Omit<R, "name" | "shape" | "families"> & {
  readonly families?: ReadonlyArray<Family> | undefined
}

/** What a row helper gives back: the row as written, its shape, and its families. */
type Row<R, Shape extends EndpointShape> = Omit<R, "families"> & {
  readonly shape: Shape
  readonly families: ReadonlyArray<Family>
}

const bothFamilies: ReadonlyArray<Family> = ["pro", "instance"]

/**
 * A paged row (`{ items, next_page_params }`). Its `const` type parameter keeps path parameters, filter names
 * and values as literal types: the client's method signatures are derived from them.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const pageRow = <const R extends RowInput<PageEndpoint>>(row: R): Row<R, "page"> =>
  ({ families: bothFamilies, ...row, shape: "page" }) as Row<R, "page">

/**
 * A bare-array row (one call, no paging).
 *
 * @since 0.1.0
 * @category endpoints
 */
export const arrayRow = <const R extends RowInput<ArrayEndpoint>>(row: R): Row<R, "array"> =>
  ({ families: bothFamilies, ...row, shape: "array" }) as Row<R, "array">

/**
 * A single-item row (`get*`, `NotFound` when absent).
 *
 * @since 0.1.0
 * @category endpoints
 */
export const itemRow = <const R extends RowInput<ItemEndpoint>>(row: R): Row<R, "item"> =>
  ({ families: bothFamilies, ...row, shape: "item" }) as Row<R, "item">

/**
 * A table from rows keyed by name, each row's `name` set from its key. Extending `endpoints` is
 * `endpointTable({ ...endpoints, myRow: pageRow({ ... }) })`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const endpointTable = <const T extends { readonly [name: string]: Omit<Endpoint, "name"> }>(
  rows: T
): { readonly [K in keyof T & string]: T[K] & { readonly name: K } } =>
  Object.fromEntries(Object.entries(rows).map(([name, row]) => [name, { ...row, name }])) as never
