/**
 * S23 `GET /main-page/indexing-status`: the simulated chain is fully indexed, but for internal transactions of
 * blocks the server was told it has not fetched yet (`internal/indexing.ts`). The ratios are decimals, which the
 * backend's JSON encoder writes as strings (`"1.00"`), although the generated specs declare numbers.
 *
 * @internal
 */
import { indexingStatusOf } from "../internal/indexing.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const indexingStatus: RouteHandler = {
  handle: (ctx) => ok(indexingStatusOf(ctx.chain, ctx.unindexed))
}
