/**
 * E1/E5 `GET /token-transfers`: every token transfer item, newest first (block descending, log index
 * descending, ERC-1155 batch items ascending), `type` filtering by token type. A page ending inside a batch
 * adds `batch_log_index`, `batch_block_hash`, `batch_transaction_hash` and `index_in_batch` to the cursor.
 * 11.x servers also take `limit` (a smaller page).
 *
 * @internal
 */
import { transfersPage } from "../internal/pages.ts"
import { list } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const tokenTypes = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const

export const tokenTransfers: RouteHandler = {
  extraParams: { "11": ["limit"] },
  // 11.2.7 declares no `items_count` here (`token_transfer_controller.ex`): asking a page size is a 422.
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const { chain, query } = ctx
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const key = `transfers|${types === undefined ? "*" : [...types].sort().join(",")}`
    const perSlot = ctx.memo(key, () =>
      chain.templates.map((t) =>
        t.transfers.filter((tr) => types === undefined || types.includes(chain.tokens[tr.token]!.type))
      )
    )
    return transfersPage(ctx, perSlot)
  }
}
