/**
 * How a table of endpoint rows becomes the service's methods at run time: the naming rule, and the list of
 * methods a table gives (`methodEntries`), which the client wires and `pnpm generate` writes as the typed,
 * documented `BlockscoutMethods` interface (`BlockscoutMethods.ts`). The types live only in that generated
 * file: a mapped type could not carry a doc comment per method nor name a positional parameter.
 *
 * The naming rule, per row `method` `M`:
 * - `shape: "page"`: `listM` (one page), `streamM` (every item), `streamMPages` (every page with its cursor);
 * - `shape: "array"`: `listM` (the bare array, one call);
 * - `shape: "item"`: `getM` (one item, `NotFound` when absent);
 * - and a paged row with a block range (the rows `partition` splits by blocks) `followM` (the head, reorg-safe).
 *
 * @since 0.1.0
 */
import type { Endpoint, EndpointTable, MethodKind } from "./endpoints.ts"

/**
 * The kinds of method a row gets from its shape.
 *
 * @since 0.1.0
 * @category constructors
 */
export const methodKindsOf = (row: Endpoint): ReadonlyArray<MethodKind> =>
  row.shape === "page"
    ? row.range?.dimension === "block"
      ? ["list", "stream", "streamPages", "follow"]
      : ["list", "stream", "streamPages"]
    : row.shape === "array"
      ? ["list"]
      : ["get"]

/**
 * The name the naming rule gives a method of kind `kind` for a row whose `method` is `method`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const methodName = (method: string, kind: MethodKind): string =>
  kind === "list"
    ? `list${method}`
    : kind === "stream"
      ? `stream${method}`
      : kind === "streamPages"
        ? `stream${method}Pages`
        : kind === "follow"
          ? `follow${method}`
          : `get${method}`

/**
 * One method of a table, at run time: its name, its row and its kind.
 *
 * @since 0.1.0
 * @category models
 */
export interface MethodEntry {
  readonly name: string
  readonly row: Endpoint
  readonly kind: MethodKind
}

/**
 * Every method a table gives the service, in table order. Tools list them from here; the client wires them
 * from here; `pnpm generate` writes their types from here.
 *
 * Gotcha: throws when two methods would share a name, or a method would take a name the service uses for
 * something else (`page`, `target`, ...): a table with that mistake cannot make a service.
 *
 * @since 0.1.0
 * @category constructors
 */
export const methodEntries = (table: EndpointTable): ReadonlyArray<MethodEntry> => {
  const entries: Array<MethodEntry> = []
  const taken = new Map<string, string>(reservedNames.map((name) => [name, "the service itself"]))
  for (const row of Object.values(table)) {
    for (const kind of methodKindsOf(row)) {
      const name = methodName(row.method, kind)
      const other = taken.get(name)
      if (other !== undefined) throw new Error(`endpoint table: ${row.name} names a method ${name}, as ${other} does`)
      taken.set(name, `row ${row.name}`)
      entries.push({ name, row, kind })
    }
  }
  return entries
}

/** Members of the service that are not derived from rows: no method may take their names. */
const reservedNames = [
  "family",
  "chainId",
  "target",
  "page",
  "pages",
  "stream",
  "get",
  "forChain",
  "estimate",
  "estimateAddressHistory",
  "budget",
  "getPath",
  "streamPath",
  "streamPathPages",
  "follow",
  "followAddressHistory"
]

/**
 * The names of a table's rows that `page(name, args)` / `pages` / `stream` take: paged and bare-array rows.
 *
 * @since 0.1.0
 * @category models
 */
export type ListName<T extends EndpointTable> = {
  [N in keyof T & string]: T[N] extends { readonly shape: "page" | "array" } ? N : never
}[keyof T & string]

/**
 * The names of a table's rows that `get(name, args)` takes: single-item rows.
 *
 * @since 0.1.0
 * @category models
 */
export type ItemName<T extends EndpointTable> = {
  [N in keyof T & string]: T[N] extends { readonly shape: "item" } ? N : never
}[keyof T & string]
