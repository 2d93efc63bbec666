/**
 * A3 `GET /tokens/{token}/instances/{tokenId}/holders`: the holders of one NFT instance
 * (`CurrentTokenBalance.token_holders_1155_by_token_id`): the token's holder entries (S20's, `chain/holders.ts`)
 * for that id, largest balance first, then address descending; the cursor `{address_hash, value, token_id}`
 * continues strictly below. Only ERC-1155 and ERC-404 balances carry a token id on a real server
 * (`current_token_balances.ex` clears it for the others), so an ERC-721 instance has none (an empty page: its
 * owner is on the instance itself), as has an id nobody holds; an ERC-404 instance has its owner, holding one
 * whole token. 404 for an ERC-20 token or an address that is not a token.
 *
 * @internal
 */
import { holdersOf } from "../chain/holders.ts"
import { pageAfter } from "../internal/pages.ts"
import { addressDetail, addressRe, invalid } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenInstanceHolders: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { query } = ctx
    const index = tokenOf(ctx, true)
    const id = ctx.params.tokenId!
    const value = query.value
    const address = query.address_hash?.toLowerCase()
    if (value !== undefined && !/^\d+$/.test(value)) throw invalid("value", "Invalid value")
    if (address !== undefined && !addressRe.test(address)) throw invalid("address_hash", addressDetail)
    if (query.token_id !== undefined && !/^\d+$/.test(query.token_id)) throw invalid("token_id", "Invalid value")
    const token = ctx.chain.tokens[index]!
    // ERC-404 balances keep their id (`current_token_balances.ex`): the instance's owner holds one whole token of
    // it, as the token's holder list counts it (`chain/holders.ts`).
    const owner =
      token.type === "ERC-404" && /^\d{1,15}$/.test(id) ? ctx.chain.instanceOwner(index, Number(id)) : undefined
    const all =
      token.type === "ERC-1155"
        ? holdersOf(ctx.chain, index).filter((h) => h.tokenId !== null && String(h.tokenId) === id)
        : owner === undefined
          ? []
          : [{ address: owner, value: 10n ** BigInt(token.decimals ?? 18), tokenId: Number(id) }]
    // Holders by balance, then address, both descending: the first past the cursor's.
    const v = value === undefined ? undefined : BigInt(value)
    return pageAfter(
      ctx,
      all,
      v === undefined || address === undefined
        ? undefined
        : (h) => h.value < v || (h.value === v && h.address < address),
      (h) => ({ address: ctx.render.address(h.address), value: String(h.value), token_id: id }),
      (h) => ({ address_hash: h.address, value: String(h.value), token_id: id })
    )
  }
}
