/**
 * S4 `GET /addresses/{address}/token-transfers`: the token transfers an address sends or receives, newest first
 * (block descending, log index descending, ERC-1155 batch items ascending), as E1 orders them. `filter` keeps
 * those `to` or `from` it, `type` some token types, `token` one token contract (an address that is no token:
 * an empty list, as the server answers).
 *
 * @internal
 */
import { addressTransfers, roleFor } from "../internal/activity.ts"
import { afterTransfer, pageOf, transferCursor, transferPosition } from "../internal/pages.ts"
import { addressDetail, addressRe, invalid, list, ok, oneOf } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenTypes } from "./tokenTransfers.ts"

export const addressTokenTransfers: RouteHandler = {
  handle: (ctx) => {
    const { chain, query } = ctx
    const direction = oneOf(query, "filter", ["to", "from"] as const)
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const tokenParam = query.token
    if (tokenParam !== undefined && !addressRe.test(tokenParam)) throw invalid("token", addressDetail)
    const at = transferPosition(query)
    let token: number | undefined
    if (tokenParam !== undefined) {
      token = chain.tokens.findIndex((t) => t.address === tokenParam.toLowerCase())
      if (token < 0) return ok({ items: [], next_page_params: null })
    }
    const start = at.block ?? chain.height - 1
    const found = addressTransfers(
      ctx,
      roleFor(ctx, ctx.params.address!),
      direction,
      { types, token },
      start,
      afterTransfer(at),
      ctx.size + 1
    )
    return pageOf(
      ctx,
      found,
      ([h, tr]) => ctx.render.tokenTransfer(h, tr),
      ([h, tr]) => transferCursor(chain, h, tr)
    )
  }
}
