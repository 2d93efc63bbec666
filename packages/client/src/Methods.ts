/**
 * How a table of endpoint rows becomes the service's methods: the naming rule, as types and at run time side
 * by side, and each method's type (its arguments from `MethodArguments.ts`, its return type, its precise error
 * type). `MethodsOf<typeof endpoints>` is the `Blockscout` service's methods; `methodEntries(endpoints)` lists
 * them at run time, for the client to wire and tools to show.
 *
 * The naming rule, per row `method` `M`:
 * - `shape: "page"`: `listM` (one page), `streamM` (every item), `streamMPages` (every page with its cursor);
 * - `shape: "array"`: `listM` (the bare array, one call);
 * - `shape: "item"`: `getM` (one item, `NotFound` when absent);
 * - and each of the row's `aliases`: another name for one of those.
 *
 * Why the service's interface is also generated (`BlockscoutMethods.ts` and `methods/`, by `pnpm generate`):
 * mapped types cannot carry a doc comment per method nor name a positional parameter (an editor would show
 * `args_0: string` and the row's one comment for all three methods). The generated interface has both, and
 * a type test pins it to `MethodsOf<typeof endpoints>`, so the two cannot drift; another test fails when
 * the generated files are stale.
 *
 * @since 0.1.0
 */
import type { Effect, Stream } from "effect"
import type { BlockscoutError, CallReason, RequestReason, StreamReason } from "./BlockscoutError.ts"
import type { Endpoint, EndpointTable, MethodKind, RowItem } from "./endpoints.ts"
import type { ArgumentsOf, StreamArgumentsOf } from "./MethodArguments.ts"
import type { Page, PageWithCursor } from "./Parameters.ts"

/**
 * The kinds of method a row gets from its shape.
 *
 * @since 0.1.0
 * @category models
 */
export type MethodKindsOf<R> = R extends { readonly shape: "page" }
  ? "list" | "stream" | "streamPages"
  : R extends { readonly shape: "array" }
    ? "list"
    : R extends { readonly shape: "item" }
      ? "get"
      : never

/**
 * The kinds of method a row gets from its shape.
 *
 * @since 0.1.0
 * @category constructors
 */
export const methodKindsOf = (row: Endpoint): ReadonlyArray<MethodKind> =>
  row.shape === "page" ? ["list", "stream", "streamPages"] : row.shape === "array" ? ["list"] : ["get"]

/**
 * The name the naming rule gives a method of kind `K` for a row whose `method` is `M`.
 *
 * @since 0.1.0
 * @category models
 */
export type MethodName<M extends string, K extends MethodKind> = K extends "list"
  ? `list${M}`
  : K extends "stream"
    ? `stream${M}`
    : K extends "streamPages"
      ? `stream${M}Pages`
      : `get${M}`

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
        : `get${method}`

/**
 * What a one-call method (`list*`, `get*`) of a row can fail with: `InvalidArgument` only when it takes
 * arguments (a call with none has nothing to check), then every reason of a sent request.
 *
 * @since 0.1.0
 * @category models
 */
export type CallErrorOf<R> = ArgumentsOf<R> extends [] ? BlockscoutError<RequestReason> : BlockscoutError<CallReason>

/**
 * The method of kind `K` for row `R`.
 *
 * @since 0.1.0
 * @category models
 */
export type MethodOf<R, K extends MethodKind> = K extends "list"
  ? R extends { readonly shape: "page" }
    ? (...args: ArgumentsOf<R>) => Effect.Effect<Page<RowItem<R>>, CallErrorOf<R>>
    : R extends { readonly shape: "array" }
      ? (...args: ArgumentsOf<R>) => Effect.Effect<ReadonlyArray<RowItem<R>>, CallErrorOf<R>>
      : never
  : K extends "stream"
    ? R extends { readonly shape: "page" }
      ? (...args: StreamArgumentsOf<R>) => Stream.Stream<RowItem<R>, BlockscoutError<StreamReason>>
      : never
    : K extends "streamPages"
      ? R extends { readonly shape: "page" }
        ? (...args: StreamArgumentsOf<R>) => Stream.Stream<PageWithCursor<RowItem<R>>, BlockscoutError<StreamReason>>
        : never
      : K extends "get"
        ? R extends { readonly shape: "item" }
          ? (...args: ArgumentsOf<R>) => Effect.Effect<RowItem<R>, CallErrorOf<R>>
          : never
        : never

/** One method of a table: which row, which kind, under which name. */
interface Entry<N, K extends MethodKind, Name extends string> {
  readonly row: N
  readonly kind: K
  readonly name: Name
}

/** The methods the naming rule gives row `N`. */
type RuleEntries<N, R> = R extends { readonly method: infer M extends string }
  ? MethodKindsOf<R> extends infer K
    ? K extends MethodKind
      ? Entry<N, K, MethodName<M, K>>
      : never
    : never
  : never

/** The methods row `N`'s aliases name. */
type AliasEntries<N, R> = R extends { readonly aliases: infer A extends Readonly<Record<string, MethodKind>> }
  ? { [Name in keyof A & string]: Entry<N, A[Name], Name> }[keyof A & string]
  : never

/** Every method of a table, as entries. */
type EntriesOf<T> = { [N in keyof T & string]: RuleEntries<N, T[N]> | AliasEntries<N, T[N]> }[keyof T & string]

/**
 * The methods a table gives the service: for each row, the methods its shape gets under the naming rule,
 * and its aliases. `MethodsOf<typeof endpoints>` is what `Blockscout` offers (its interface,
 * `BlockscoutMethods`, is generated with docs and checked against this).
 *
 * @since 0.1.0
 * @category models
 */
export type MethodsOf<T extends EndpointTable> = {
  readonly [E in EntriesOf<T> as E["name"]]: MethodOf<T[E["row"]], E["kind"]>
}

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
  /** Whether the name is one of the row's `aliases` rather than the naming rule's. */
  readonly alias: boolean
}

/**
 * Every method a table gives the service, in table order (the rule's names, then each row's aliases). Tools
 * list them from here; the client wires them from here.
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
  const add = (entry: MethodEntry) => {
    const other = taken.get(entry.name)
    if (other !== undefined) {
      throw new Error(`endpoint table: ${entry.row.name} names a method ${entry.name}, as ${other} does`)
    }
    taken.set(entry.name, `row ${entry.row.name}`)
    entries.push(entry)
  }
  for (const row of Object.values(table)) {
    for (const kind of methodKindsOf(row)) add({ name: methodName(row.method, kind), row, kind, alias: false })
    for (const [name, kind] of Object.entries(row.aliases ?? {})) {
      if (!methodKindsOf(row).includes(kind)) {
        throw new Error(`endpoint table: ${row.name}'s alias ${name} is a ${kind} method; a ${row.shape} row has none`)
      }
      add({ name, row, kind, alias: true })
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
  "streamPathPages"
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
