/**
 * S12 `GET /blocks/{numberOrHash}/transactions`: a block's transactions in block order (position ascending),
 * `type` keeping those of any of the given types; the cursor `{block_number, index}` continues after position
 * `index` (the server pages in ascending order here). 404 for a block the chain does not have.
 *
 * @internal
 */
import type { TransactionKind } from "../chain/templates.ts"
import { blockOf, isReplacedBlock } from "../internal/blockParam.ts"
import { pageOf } from "../internal/pages.ts"
import { int, list, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

const kinds: ReadonlyArray<TransactionKind> = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "coin_transfer",
  "token_creation"
]

export const blockTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    if (isReplacedBlock(ctx)) return ok({ items: [], next_page_params: null })
    const h = blockOf(ctx)
    const types = list(ctx.query, "type", kinds, (s) => s.toLowerCase())
    int(ctx.query, "block_number")
    const index = int(ctx.query, "index")
    const found = ctx.chain
      .template(h)
      .transactions.filter(
        (tx) =>
          (index === undefined || tx.position > index) &&
          (types === undefined || tx.types.some((t) => types.includes(t)))
      )
      .slice(0, ctx.size + 1)
    return pageOf(
      ctx,
      found,
      (tx) => ctx.render.transaction(h, tx),
      (tx) => ({ block_number: h, index: tx.position })
    )
  }
}
