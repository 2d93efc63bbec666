/**
 * E10 `GET /addresses/{address}/nft/collections`: the NFT instances an address holds (it was the last to
 * receive them), grouped by token, collections in token address order; `type` keeps NFT token types.
 *
 * @internal
 */
import type { Holding } from "../chain/nft.ts"
import type { RouteHandler } from "../internal/router.ts"
import { addressDetail, addressRe, invalid, list, ok } from "../internal/query.ts"

const nftTypes = ["ERC-721", "ERC-1155", "ERC-404"]

export const nftCollections: RouteHandler = {
  // 11.2.7 builds this cursor with `next_page_params` (`chain.ex`), which adds the page's `items_count`.
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const types = list(query, "type", nftTypes, (s) => s.toUpperCase())
    const after = query.token_contract_address_hash
    if (after !== undefined && !addressRe.test(after)) throw invalid("token_contract_address_hash", addressDetail)
    if (query.token_type !== undefined) list(query, "token_type", nftTypes, (s) => s.toUpperCase())
    const byToken = new Map<number, Array<Holding>>()
    for (const h of chain.holdings(ctx.params.address!)) {
      if (types !== undefined && !types.includes(chain.tokens[h.token]!.type)) continue
      const l = byToken.get(h.token) ?? []
      l.push(h)
      byToken.set(h.token, l)
    }
    const addressOf = (t: number) => chain.tokens[t]!.address
    const collections = [...byToken.keys()]
      .sort((a, b) => (addressOf(a) < addressOf(b) ? -1 : 1))
      .filter((t) => after === undefined || addressOf(t) > after.toLowerCase())
    const page = collections.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((t) => ctx.render.nftCollection(t, byToken.get(t)!)),
      next_page_params: ctx.next(collections.length > ctx.size && last !== undefined, () => ({
        token_contract_address_hash: addressOf(last!),
        token_type: chain.tokens[last!]!.type
      }))
    })
  }
}
