/**
 * D3 `GET /search/check-redirect?q=`: whether the query names one address, block or transaction to open
 * (`internal/search.ts`).
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { redirectOf } from "../internal/search.ts"

export const searchRedirect: RouteHandler = {
  handle: (ctx) => ok(redirectOf(ctx))
}
