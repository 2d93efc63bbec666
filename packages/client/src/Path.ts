/**
 * The escape hatch: any GET path of API v2 that has no row in the endpoints table yet, through the same
 * request pipeline as the rows (base URL and family, key, rate limiter, retries, redaction, bounded bodies,
 * typed errors, telemetry). `getPath` decodes one body with a given Schema (or leaves it as JSON, `unknown`);
 * `streamPath` and `streamPathPages` follow `next_page_params` through `{ items, next_page_params }` bodies
 * with the rows' walk (filters re-sent, credentials stripped from cursors, stalls detected, a page emitted
 * only once its cursor advances).
 *
 * Prefer a row when there is one (or add it: one row gives a typed method, CLI subcommand and simulator
 * route); this is for the endpoint a row does not cover yet.
 *
 * @since 0.1.0
 */
import type { NextPageParams } from "@blockscout-effect/schema"
import type { Effect, Schema, Stream } from "effect"
import type { BlockscoutError, CallReason, StreamReason } from "./BlockscoutError.ts"
import type { PageWithCursor } from "./Parameters.ts"

/**
 * A query value: a string, a number, a bigint or a boolean; a list is sent comma-separated (Blockscout's
 * list filters: `type=ERC-20,ERC-721`); `undefined` and `null` are not sent.
 *
 * @since 0.1.0
 * @category parameters
 */
export type PathQueryValue = string | number | bigint | boolean | ReadonlyArray<string | number> | null | undefined

/**
 * The query of a path call, by name. Checked before anything is sent: names are non-empty, and the
 * credentials' own names (`apikey`, `key`) and any value carrying a layer's secret are refused
 * (`InvalidArgument`): the layer sends its credentials itself.
 *
 * @since 0.1.0
 * @category parameters
 */
export type PathQuery = Readonly<Record<string, PathQueryValue>>

/**
 * Options of `getPath`: the query (also allowed in the path itself, after `?`; both are sent, the options'
 * values winning over a name the path repeats) and the schema of the body.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface GetPathOptions<A = unknown> {
  readonly query?: PathQuery | undefined
  /**
   * Decodes the whole body (`Decode` with the field's path on a mismatch). Absent: the body as JSON,
   * `unknown` (numbers beyond 2^53 as their source text, a string).
   */
  readonly schema?: Schema.Decoder<A> | undefined
}

/**
 * Options of `streamPath` / `streamPathPages`: the query (re-sent on every page), the schema of one item,
 * where to start, the page size and a credit budget.
 *
 * Gotcha: a cursor key in `query` would be re-sent on every page over the server's cursor, and the walk then
 * fails with `PaginationStalled`: give a start point as `cursor`.
 *
 * @since 0.1.0
 * @category parameters
 */
export interface StreamPathOptions<A = unknown> {
  readonly query?: PathQuery | undefined
  /** Decodes each item (the envelope, `{ items, next_page_params }`, is the client's). Absent: `unknown`. */
  readonly schema?: Schema.Decoder<A> | undefined
  /** A `next_page_params` to start from (credentials in it are dropped). */
  readonly cursor?: NextPageParams | undefined
  /**
   * Items per page, sent as `items_count`. Absent: the largest page (100), asked once again without it where
   * an 11.x server refuses it, as the rows' streams do.
   */
  readonly pageSize?: number | undefined
  /** Pro API credits the stream may spend, counted at 20 a request (the API's base price). */
  readonly creditBudget?: number | undefined
}

/**
 * The longest path (after `/api/v2`) and the most query parameters a path call takes: far above any
 * endpoint of the API, so that a path built from untrusted input cannot make an unbounded URL.
 *
 * @since 0.1.0
 * @category constants
 */
export const pathLimits = { pathLength: 2048, queryParameters: 64 } as const

/**
 * The escape hatch's three calls, members of the `Blockscout` service: any GET path of API v2 that has no row yet,
 * through the rows' own pipeline and walk.
 *
 * @since 0.1.0
 * @category models
 */
export interface PathMethods {
  /**
   * Any GET path of API v2 that has no row yet (`"/config/backend-version"`, `"/stats?x=1"`), through the
   * rows' pipeline: key, limiter, retries, redaction, bounded bodies, typed errors, telemetry. The body is
   * decoded with `options.schema`, else returned as JSON (`unknown`). The path is relative to `/api/v2` and
   * checked first (`InvalidArgument`, nothing sent: no scheme or host, no `..`, no fragment, no credential);
   * a query may follow `?` or come as `options.query`. Prefer a row's method where there is one.
   */
  readonly getPath: <A = unknown>(
    path: string,
    options?: GetPathOptions<A>
  ) => Effect.Effect<A, BlockscoutError<CallReason>>
  /**
   * Every item of a paged path without a row (`{ items, next_page_params }` bodies), each decoded with
   * `options.schema` (else `unknown`): the rows' walk, with the query re-sent on every page, credentials
   * stripped from cursors, stalls detected and a page emitted only once its cursor advances.
   */
  readonly streamPath: <A = unknown>(
    path: string,
    options?: StreamPathOptions<A>
  ) => Stream.Stream<A, BlockscoutError<StreamReason>>
  /** Every page of a paged path without a row, each with the cursor it was fetched with (see `streamPath`). */
  readonly streamPathPages: <A = unknown>(
    path: string,
    options?: StreamPathOptions<A>
  ) => Stream.Stream<PageWithCursor<A>, BlockscoutError<StreamReason>>
}
