/**
 * D1 `GET /search?q=`: the chain's tokens, contracts, addresses, blocks and transactions a query names, 50 to a
 * page, with the backend's cursor (`internal/search.ts`).
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { searchPage } from "../internal/search.ts"

export const search: RouteHandler = {
  // No release declares `items_count` here: the page is always 50.
  refusesItemsCount: ["11", "12", "pro"],
  handle: (ctx) => {
    const { items, next } = searchPage(ctx)
    return ok({ items, next_page_params: next })
  }
}
