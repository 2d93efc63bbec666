/**
 * What a method derived from an endpoint row takes, as types: the path parameters positional (in path order),
 * then an options object of the row's filters (each by its API name), `cursor` and `pageSize` for a paged
 * row, and a stream's own options (`creditBudget`, `partition` where the row has a `range`). `Methods.ts`
 * puts them into the methods' signatures.
 *
 * @since 0.2.0
 */
import type { Filter, PathParam } from "./endpoints.ts"
import type {
  BlockPartitionParameters,
  IndexPartitionParameters,
  PageParameters,
  StreamParameters
} from "./Parameters.ts"

/**
 * The value a filter takes: one of a `literal` filter's values, a list of a `literals` filter's, any
 * string for `text`, a list of strings for `names`, a non-negative integer for `integer` (a number, a bigint, or
 * its decimal string).
 *
 * @since 0.1.0
 * @category models
 */
export type FilterValue<F> = F extends { readonly kind: "literal"; readonly values: ReadonlyArray<infer V> }
  ? V
  : F extends { readonly kind: "literals"; readonly values: ReadonlyArray<infer V> }
    ? ReadonlyArray<V>
    : F extends { readonly kind: "text" | "address" | "hash" }
      ? string
      : F extends { readonly kind: "names" }
        ? ReadonlyArray<string>
        : F extends { readonly kind: "integer" }
          ? number | bigint | string
          : never

/**
 * A row's filters as an options object: each filter by its API name, optional.
 *
 * @since 0.1.0
 * @category models
 */
export type FilterParameters<R> = R extends { readonly filters: infer Fs extends ReadonlyArray<Filter> }
  ? { readonly [F in Fs[number] as F["name"]]?: FilterValue<F> | undefined }
  : never

/**
 * A row's options object: its filters, plus `cursor` and `pageSize` for a paged row.
 *
 * @since 0.1.0
 * @category models
 */
export type ParametersOf<R> = R extends { readonly shape: "page" }
  ? Flat<PageParameters & FilterParameters<R>>
  : FilterParameters<R>

/** An intersection as one object type (what an interface extending both would be). */
type Flat<T> = { [K in keyof T]: T[K] }

/** A path parameter's argument: a string; a token id may be a bigint, a block a number or a bigint. */
type PathArgument<P> = P extends { readonly kind: "tokenId" }
  ? string | bigint
  : P extends { readonly kind: "block" }
    ? string | number | bigint
    : string

/**
 * A row's positional arguments: its path parameters in path order.
 *
 * @since 0.1.0
 * @category models
 */
export type PathArguments<R> = R extends { readonly pathParams: infer Ps extends ReadonlyArray<PathParam> }
  ? { -readonly [I in keyof Ps]: PathArgument<Ps[I]> }
  : never

/** Whether a row's options object has anything in it (a paged row always does: `cursor`, `pageSize`). */
type HasOptions<R> = R extends { readonly shape: "page" }
  ? true
  : [keyof FilterParameters<R>] extends [never]
    ? false
    : true

/**
 * A method's arguments: the path parameters, then the options object when the row has any options.
 *
 * @since 0.1.0
 * @category models
 */
export type ArgumentsOf<R> =
  HasOptions<R> extends true ? [...PathArguments<R>, options?: ParametersOf<R> | undefined] : PathArguments<R>

/**
 * What a row's streams take besides its list's options: `creditBudget`, and `partition` where the row has a
 * `range` (block or index ranges, by what its keys count).
 *
 * @since 0.2.0
 * @category models
 */
export type StreamParametersOf<R> = R extends { readonly range: { readonly dimension: "block" } }
  ? BlockPartitionParameters
  : R extends { readonly range: { readonly dimension: "index" } }
    ? IndexPartitionParameters
    : StreamParameters

/**
 * A stream method's arguments: the path parameters, then the list's options with the stream's own.
 *
 * @since 0.2.0
 * @category models
 */
export type StreamArgumentsOf<R> = [
  ...PathArguments<R>,
  options?: (ParametersOf<R> & StreamParametersOf<R>) | undefined
]
