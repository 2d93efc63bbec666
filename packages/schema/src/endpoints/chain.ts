/**
 * Chain-wide rows beyond E1–E12: the indexing status, which says how far the server's lists can be trusted to
 * be complete. Spread into the table by `Endpoints.ts`.
 *
 * @since 0.1.0
 */
import { IndexingStatusResponse } from "../ChainResponses.ts"
import { itemRow } from "../EndpointTable.ts"

/**
 * The chain-wide rows beyond E1–E12, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const chainRows = {
  indexingStatus: itemRow({
    method: "IndexingStatus",
    credits: 20,
    ids: "S23",
    summary: "How far the server has indexed blocks and internal transactions",
    path: "/main-page/indexing-status",
    pathParams: [],
    filters: [],
    response: IndexingStatusResponse,
    cursorKeys: [],
    gotcha:
      "Until finished_indexing is true a history can lack old items: compare indexed_blocks_ratio and " +
      "indexed_internal_transactions_ratio with 1 before calling one complete."
  })
} as const
