/**
 * S8 `GET /addresses/{address}/token-balances`: every token the address holds (`chain/holders.ts`), a bare
 * array in token order: ERC-20, ERC-721 and ERC-404 one entry per token, ERC-1155 one per token id (with its
 * instance).
 *
 * @internal
 */
import { type Balance, balancesOf } from "../chain/holders.ts"
import { ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** A token balance as `AddressView` writes it. */
export const renderBalance = (ctx: RouteContext, b: Balance) => ({
  token: ctx.render.token(b.token),
  token_id: b.tokenId === null ? null : String(b.tokenId),
  token_instance: b.tokenId === null ? null : ctx.render.tokenInstance(b.token, b.tokenId, b.value, false),
  value: String(b.value)
})

export const addressTokenBalances: RouteHandler = {
  handle: (ctx) => ok(balancesOf(ctx.chain, ctx.params.address!).map((b) => renderBalance(ctx, b)))
}
