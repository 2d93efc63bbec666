/**
 * E1/E5 `GET /token-transfers`: every token transfer item, newest first (block descending, log index
 * descending, ERC-1155 batch items ascending), `type` filtering by token type. A page ending inside a batch
 * adds `batch_log_index`, `batch_block_hash`, `batch_transaction_hash` and `index_in_batch` to the cursor.
 * 11.x servers also take `limit` (a smaller page).
 *
 * @internal
 */
import type { TransferTemplate } from "../chain/templates.ts"
import type { RouteHandler } from "../internal/router.ts"
import { type Cursor, hashParam, int, list, ok } from "../internal/query.ts"
import { scan } from "../internal/scan.ts"

const tokenTypes = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404"] as const

export const tokenTransfers: RouteHandler = {
  extraParams: { "11": ["limit"] },
  handle: (ctx) => {
    const { chain, query } = ctx
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const block = int(query, "block_number")
    const index = int(query, "index")
    const batchLog = int(query, "batch_log_index")
    const inBatch = int(query, "index_in_batch")
    hashParam(query, "batch_block_hash")
    hashParam(query, "batch_transaction_hash")
    const key = `transfers|${types === undefined ? "*" : [...types].sort().join(",")}`
    const perSlot = ctx.memo(key, () =>
      chain.templates.map((t) =>
        t.transfers.filter((tr) => types === undefined || types.includes(chain.tokens[tr.token]!.type))
      )
    )
    const first = (tr: TransferTemplate): boolean => {
      if (block === undefined) return true
      if (batchLog !== undefined && inBatch !== undefined && tr.logIndex === batchLog) {
        return (tr.indexInBatch ?? -1) > inBatch
      }
      return tr.logIndex < (index ?? Number.POSITIVE_INFINITY)
    }
    const found = scan(chain.height, block ?? chain.height - 1, perSlot, first, ctx.size + 1)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, tr]) => ctx.render.tokenTransfer(h, tr)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => {
        const [h, tr] = last!
        const c: Cursor = { block_number: h, index: tr.logIndex }
        if (tr.indexInBatch !== null && tr.indexInBatch < tr.log.batchSize - 1) {
          c.batch_log_index = tr.logIndex
          c.batch_block_hash = chain.blockHash(h)
          c.batch_transaction_hash = chain.transactionHash(h, tr.txPosition)
          c.index_in_batch = tr.indexInBatch
        }
        return c
      })
    })
  }
}
