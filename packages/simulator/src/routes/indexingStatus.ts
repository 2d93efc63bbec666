/**
 * S23 `GET /main-page/indexing-status`: the simulated chain is fully indexed. The ratios are decimals, which the
 * backend's JSON encoder writes as strings (`"1.00"`), although the generated specs declare numbers.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const indexingStatus: RouteHandler = {
  handle: () =>
    ok({
      finished_indexing_blocks: true,
      finished_indexing: true,
      indexed_blocks_ratio: "1.00",
      indexed_internal_transactions_ratio: "1.00"
    })
}
