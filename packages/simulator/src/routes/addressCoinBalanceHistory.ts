/**
 * S6 `GET /addresses/{address}/coin-balance-history`: the address's coin balance after each block that changed
 * it, newest first (`chain/coinHistory.ts`); `transaction_hash` names the block's last transaction the address
 * sent or received (null when only internal calls, withdrawals, rewards or the genesis allocation moved it).
 *
 * @internal
 */
import { type CoinPoint, coinHistory } from "../chain/coinHistory.ts"
import { pageOf } from "../internal/pages.ts"
import { int } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** A balance point as `AddressView` writes it. */
export const renderCoinPoint = (ctx: RouteContext, p: CoinPoint) => ({
  transaction_hash: p.position === null ? null : ctx.chain.transactionHash(p.block, p.position),
  block_number: p.block,
  delta: String(p.delta),
  value: String(p.value),
  block_timestamp: ctx.render.timestamp(ctx.chain.blockMillis(p.block))
})

export const addressCoinBalanceHistory: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const block = int(ctx.query, "block_number")
    const history = coinHistory(ctx.chain, ctx.params.address!)
    // Newest first, strictly below the cursor's block.
    let top = history.length - 1
    while (top >= 0 && block !== undefined && history[top]!.block >= block) top--
    const found: Array<CoinPoint> = []
    for (let i = top; i >= 0 && found.length <= ctx.size; i--) found.push(history[i]!)
    return pageOf(
      ctx,
      found,
      (p) => renderCoinPoint(ctx, p),
      (p) => ({ block_number: p.block })
    )
  }
}
