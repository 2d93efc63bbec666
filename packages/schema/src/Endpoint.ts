/**
 * What an endpoint row is: where an endpoint lives, what it takes, what it returns and what a call costs. The
 * helpers that write rows and tables are `EndpointTable.ts`; the table itself is `Endpoints.ts`.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"
import type { Page } from "./Page.ts"
import {
  addressPattern,
  blockNumberOrHashPattern,
  blockNumberPattern,
  hashPattern,
  tokenIdPattern
} from "./Patterns.ts"

/**
 * The two API families: the Pro API (`{base}/{chainId}/api/v2`) and a per-instance API (`{base}/api/v2`).
 *
 * @since 0.1.0
 * @category endpoints
 */
export type Family = "pro" | "instance"

/**
 * What a path parameter must look like (the API doc patterns); checked before any request is sent:
 * - `address`: `0x` and 40 hex digits;
 * - `hash`: a transaction hash, `0x` and 64 hex digits;
 * - `tokenId`: a base-10 integer (an NFT id);
 * - `block`: a block number (a base-10 integer, no sign, no leading zero) or a block hash.
 * - `blockNumber`: a block number alone (a route that takes no hash, `/blocks/{number}/countdown`).
 *
 * @since 0.1.0
 * @category endpoints
 */
export type PathParamKind = "address" | "hash" | "tokenId" | "block" | "blockNumber"

/**
 * The pattern each kind of path parameter (and the `address` / `hash` filters) must match: one table for
 * the client's checks and any tool's.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const pathParamPatterns: Readonly<Record<PathParamKind, RegExp>> = {
  address: addressPattern,
  hash: hashPattern,
  tokenId: tokenIdPattern,
  block: blockNumberOrHashPattern,
  blockNumber: blockNumberPattern
}

/**
 * A path parameter: its argument name (also the `{name}` in the path template) and its check.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface PathParam {
  /** The argument name, also the `{name}` placeholder in `path`. */
  readonly name: string
  /** The pattern the value must match before anything is sent. */
  readonly kind: PathParamKind
}

/**
 * How a filter is written and checked:
 * - `literal`: one value from `values`;
 * - `literals`: a non-empty list of values from `values`, sent comma-separated;
 * - `text`: any non-empty string;
 * - `names`: a non-empty list of free names (no commas), sent comma-separated;
 * - `address`: one address (`0x` and 40 hex digits: a token contract, a holder);
 * - `hash`: one 32-byte hex value (`0x` and 64 hex digits: a log topic);
 * - `integer`: one non-negative integer (a block number, an index), sent in decimal.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type FilterKind = "literal" | "literals" | "text" | "names" | "address" | "hash" | "integer"

/**
 * A query filter of an endpoint: re-sent on every page, since servers drop filters from cursors.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface Filter {
  /** The API's own query parameter name (`type`, `filter`, `method`, `q`, `sort`, `order`, `token`, ...). */
  readonly name: string
  /** How the value is written and checked. */
  readonly kind: FilterKind
  /** The allowed values of `literal` / `literals` filters. */
  readonly values?: ReadonlyArray<string> | undefined
  /** One line for help texts. */
  readonly description: string
}

/**
 * What a row's response is, and so which methods it gets:
 * - `page`: `{ items, next_page_params }`, paged (`list*`, `stream*`, `stream*Pages`);
 * - `array`: a bare array in one call, no paging (`list*`, E3);
 * - `item`: one object (`get*`), absent as a 404 (`NotFound`).
 *
 * @since 0.1.0
 * @category endpoints
 */
export type EndpointShape = "page" | "array" | "item"

/**
 * The kinds of client method a row can get: `list` (one page, or a bare array), `stream` (every item),
 * `streamPages` (every page with its cursor), `get` (one item), `follow` (the head, reorg-safe: a paged row
 * with a block range). Names follow from the row's `method`: `list<Method>`, `stream<Method>`,
 * `stream<Method>Pages`, `get<Method>`, `follow<Method>`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type MethodKind = "list" | "stream" | "streamPages" | "get" | "follow"

/**
 * What every row says, whatever its shape.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface EndpointRow {
  /** The row's key in its table (set from the key by `endpointTable`: the two cannot disagree). */
  readonly name: string
  /** Endpoint ids of the API doc (`"E1/E5"`, `"E4"`, ...). */
  readonly ids: string
  /**
   * The base of the client's method names: `"Transactions"` gives `listTransactions`, `streamTransactions`
   * and `streamTransactionsPages` for a paged row; an item row `"Transaction"` gives `getTransaction`.
   */
  readonly method: string
  /** One line saying what the endpoint answers. */
  readonly summary: string
  /** Path under `/api/v2`, with `{name}` placeholders for the path parameters. */
  readonly path: string
  /** The path parameters, in path order (the client's methods take them positionally, in this order). */
  readonly pathParams: ReadonlyArray<PathParam>
  /** The query filters (re-sent on every page of a paged row). */
  readonly filters: ReadonlyArray<Filter>
  /** Keys servers are known to put in `next_page_params` (documentation; cursors are sent back as given). */
  readonly cursorKeys: ReadonlyArray<string>
  /**
   * How a cursor key whose value is null goes back: left out (the default, what every row but a few needs), or
   * `"empty"`, as `key=` with no value, for a server that parses every key of its cursor and reads an empty one as
   * null (`/advanced-filters`: a cursor with a null key left out is not recognised, and the walk starts over).
   */
  readonly nullCursorKeys?: "omit" | "empty" | undefined
  /** The API families serving the endpoint (both, for every row today). */
  readonly families: ReadonlyArray<Family>
  /**
   * Pro API credits one answered call costs (20; 30 for logs and token transfers, 40 for internal
   * transactions). Per-instance calls cost none.
   */
  readonly credits: number
  /**
   * What a caller must know about this endpoint beyond its summary, one or two sentences (which servers
   * answer 200 where others answer 404, a server quirk the schema absorbs): the generated method docs and
   * the command-line help carry it.
   */
  readonly gotcha?: string | undefined
  /**
   * The first Blockscout backend version that serves this endpoint (`"6.0.0"`), as its git history says;
   * absent for endpoints every supported server (5.0 on) has. The client reads `/config/backend-version`
   * once per layer for a row that names one, and fails a call to an older server with a typed
   * `Unsupported` naming both versions instead of a bare 404; the README's method table lists it.
   */
  readonly since?: string | undefined
}

/**
 * How a paged row's history splits into key ranges, for partitioned streams (docs/blockscout-api.md, "Cursors
 * are keys"): the server orders the row's items newest first by `cursorKeys`, and a cursor made of those keys
 * asks for every item strictly below it, compared key by key. So `{ block_number: B + 1, index: 0 }` asks for
 * everything at or below block B, and a history splits into ranges of whole blocks (or indexes), each walked by
 * its own cursor.
 *
 * A row opts in with data only (`blockRange`, `indexRange`). Rows without it cannot be partitioned (the
 * client README lists them and why).
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface KeyRange {
  /** What the first cursor key counts: block numbers, or an index (a withdrawal's `index`). */
  readonly dimension: "block" | "index"
  /**
   * The cursor keys the server compares, most significant first. A range's start cursor sets the first to
   * the range's top plus one and the others to 0 (every key is a non-negative integer).
   */
  readonly cursorKeys: ReadonlyArray<string>
  /** The item field holding the first key (`block_number`, a block's `height`, a withdrawal's `index`). */
  readonly itemKey: string
  /**
   * Filters under which the row is ordered otherwise (pending transactions by `inserted_at` and `hash`):
   * with one of these values set (any value when `values` is absent), ranges do not apply.
   */
  readonly unless: ReadonlyArray<{ readonly filter: string; readonly values?: ReadonlyArray<string> | undefined }>
}

/**
 * A paged row: `response` decodes `{ items, next_page_params }`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface PageEndpoint<Item = unknown> extends EndpointRow {
  readonly shape: "page"
  /** The schema decoding the whole response body. */
  readonly response: Schema.Decoder<Page<Item>>
  /**
   * How the row's history splits into key ranges (partitioned streams); absent where it cannot: a row whose
   * items do not carry their key, or whose cursor is not a block or an index.
   */
  readonly range?: KeyRange | undefined
}

/**
 * A bare-array row (E3): `response` decodes the array, in one call.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface ArrayEndpoint<Item = unknown> extends EndpointRow {
  readonly shape: "array"
  /** The schema decoding the whole response body. */
  readonly response: Schema.Decoder<ReadonlyArray<Item>>
}

/**
 * A single-item row: `response` decodes the object; a 404 means there is none.
 *
 * @since 0.1.0
 * @category endpoints
 */
export interface ItemEndpoint<Item = unknown> extends EndpointRow {
  readonly shape: "item"
  /** The schema decoding the whole response body. */
  readonly response: Schema.Decoder<Item>
}

/**
 * One endpoint: where it lives, what it takes, what it returns, what a call costs; `shape` says which kind.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type Endpoint<Item = unknown> = PageEndpoint<Item> | ArrayEndpoint<Item> | ItemEndpoint<Item>

/**
 * A table of endpoint rows keyed by name: `endpoints`, or a copy with rows added. The client's methods, the
 * simulator's routes and the command-line tool's subcommands derive from whichever table they are given.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type EndpointTable = { readonly [name: string]: Endpoint }

/**
 * The decoded item type of a row: a page's items, the bare array's elements, or the single item.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type RowItem<R> = R extends { readonly shape: "page"; readonly response: { readonly Type: infer P } }
  ? P extends { readonly items: ReadonlyArray<infer A> }
    ? A
    : never
  : R extends { readonly shape: "array"; readonly response: { readonly Type: infer L } }
    ? L extends ReadonlyArray<infer A>
      ? A
      : never
    : R extends { readonly shape: "item"; readonly response: { readonly Type: infer A } }
      ? A
      : never
