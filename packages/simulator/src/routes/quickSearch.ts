/**
 * D2 `GET /search/quick?q=`: the first page of the search as one bare array (`search_controller.ex`: nothing for
 * a query under 3 characters, else up to 50 results of every kind, unpaged).
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { MIN_QUERY, searchPage } from "../internal/search.ts"

export const quickSearch: RouteHandler = {
  handle: (ctx) => ok((ctx.query.q ?? "").length < MIN_QUERY ? [] : searchPage(ctx).items)
}
