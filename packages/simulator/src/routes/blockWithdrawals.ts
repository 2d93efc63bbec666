/**
 * S13 `GET /blocks/{numberOrHash}/withdrawals`: a block's beacon withdrawals, highest index first, each with
 * its receiver (and no block number or timestamp: they are the block's). 404 for a block the chain does not have.
 *
 * @internal
 */
import { blockOf, isReplacedBlock } from "../internal/blockParam.ts"
import { pageOf } from "../internal/pages.ts"
import { int, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const blockWithdrawals: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    if (isReplacedBlock(ctx)) return ok({ items: [], next_page_params: null })
    const h = blockOf(ctx)
    const index = int(ctx.query, "index")
    const per = ctx.chain.withdrawalsPerBlock
    const found: Array<number> = []
    for (let i = (h + 1) * per - 1; i >= h * per && found.length <= ctx.size; i--) {
      if (index === undefined || i < index) found.push(i)
    }
    return pageOf(
      ctx,
      found,
      (i) => {
        const { block_number: _b, timestamp: _t, ...rest } = ctx.render.withdrawal(i, true)
        return rest
      },
      (i) => ({ index: i })
    )
  }
}
