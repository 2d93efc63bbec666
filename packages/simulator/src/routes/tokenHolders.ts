/**
 * S20 `GET /tokens/{token}/holders`: a token's holders (`chain/holders.ts`), largest balance first, then address
 * descending; ERC-1155 entries carry their token id. The cursor is the server's `{value, address_hash}` and the
 * next page holds entries strictly below it (`page_token_balances`), so, as on a real server, an ERC-1155
 * holder's further ids of the same balance are not repeated after a page boundary. 404 for an address that is
 * not one of the chain's tokens.
 *
 * @internal
 */
import { holdersOf } from "../chain/holders.ts"
import { pageAfter } from "../internal/pages.ts"
import { addressDetail, addressRe, invalid } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenHolders: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { query } = ctx
    const index = tokenOf(ctx)
    const value = query.value
    const address = query.address_hash?.toLowerCase()
    if (value !== undefined && !/^\d+$/.test(value)) throw invalid("value", "Invalid value")
    if (address !== undefined && !addressRe.test(address)) throw invalid("address_hash", addressDetail)
    const all = holdersOf(ctx.chain, index)
    // Holders by balance, then address, both descending: the first past the cursor's.
    const v = value === undefined ? undefined : BigInt(value)
    return pageAfter(
      ctx,
      all,
      v === undefined || address === undefined
        ? undefined
        : (h) => h.value < v || (h.value === v && h.address < address),
      (h) => ({
        address: ctx.render.address(h.address),
        value: String(h.value),
        token_id: h.tokenId === null ? null : String(h.tokenId)
      }),
      (h) => ({ address_hash: h.address, value: String(h.value) })
    )
  }
}
