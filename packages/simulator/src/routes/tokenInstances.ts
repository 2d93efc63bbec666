/**
 * S21 `GET /tokens/{token}/instances`: an NFT token's instances (every id that has moved), highest id first; the
 * cursor `{unique_token}` continues below that id. `holder_address_hash` keeps the instances an address holds
 * (items then carry `token_type` and the held `value`, as address NFT lists write them). 11.x items embed the
 * token; 12.x and the Pro API leave it out (it is the one asked for), and 11.x declares no `items_count` here.
 * 404 for an address that is not one of the chain's tokens; a fungible token has no instances.
 *
 * @internal
 */
import { pageOf } from "../internal/pages.ts"
import { addressDetail, addressRe, invalid, ok, tokenIdRe } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenInstances: RouteHandler = {
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const { chain, query } = ctx
    const index = tokenOf(ctx)
    const holder = query.holder_address_hash?.toLowerCase()
    if (holder !== undefined && !addressRe.test(holder)) throw invalid("holder_address_hash", addressDetail)
    const unique = query.unique_token
    if (unique !== undefined && !tokenIdRe.test(unique)) throw invalid("unique_token", "Invalid value")
    const token = chain.tokens[index]!
    if (token.type === "ERC-20") return ok({ items: [], next_page_params: null })
    const held = holder === undefined ? undefined : chain.holdings(holder).filter((h) => h.token === index)
    const found: Array<{ id: number; value: bigint }> = []
    const top = Math.min(token.idCount, unique === undefined ? token.idCount : Number(unique)) - 1
    for (let id = top; id >= 0 && found.length <= ctx.size; id--) {
      if (held === undefined) {
        if (chain.instanceOwner(index, id) !== undefined) found.push({ id, value: 1n })
      } else {
        const h = held.find((x) => x.tokenId === id)
        if (h !== undefined) found.push({ id, value: h.amount })
      }
    }
    const render = ({ id, value }: { id: number; value: bigint }) => {
      const { token: _omitted, ...item } = ctx.render.tokenInstance(index, id, value, held !== undefined)
      return ctx.render.mode === "11" ? { ...item, token: ctx.render.token(index) } : item
    }
    return pageOf(ctx, found, render, ({ id }) => ({ unique_token: id }))
  }
}
