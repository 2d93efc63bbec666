/**
 * N1 `GET /addresses/{address}/nft`: the NFT instances an address holds (E10's holdings, `chain/nft.ts`), one item
 * each, in the backend's order (`Instance.nft_list`): ERC-721 instances, then ERC-1155, then ERC-404, each type by
 * token address ascending, then token id descending. The cursor `{token_contract_address_hash, token_id,
 * token_type}` resumes at its type, strictly after its instance (`page_token_instance`); `type` keeps NFT token
 * types. Each item is the instance with its token (`address_view.ex` `prepare_nft`) and held value. An address
 * that holds nothing, or that the chain does not know, is an empty page (the controller answers 200 with none).
 *
 * @internal
 */
import type { Holding } from "../chain/nft.ts"
import { pageOf } from "../internal/pages.ts"
import { addressDetail, addressRe, invalid, list, tokenIdDetail, tokenIdRe } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

// `Token.allowed_nft_type_labels`: the order the backend walks the types in.
const nftTypes = ["ERC-721", "ERC-1155", "ERC-404"]

export const addressNfts: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const types = list(query, "type", nftTypes, (s) => s.toUpperCase())
    const afterToken = query.token_contract_address_hash?.toLowerCase()
    if (afterToken !== undefined && !addressRe.test(afterToken)) {
      throw invalid("token_contract_address_hash", addressDetail)
    }
    if (query.token_id !== undefined && !tokenIdRe.test(query.token_id)) throw invalid("token_id", tokenIdDetail)
    const afterType = list(query, "token_type", nftTypes, (s) => s.toUpperCase())?.[0]
    const typeOf = (h: Holding) => chain.tokens[h.token]!.type
    const addressOf = (h: Holding) => chain.tokens[h.token]!.address
    const rank = (h: Holding) => nftTypes.indexOf(typeOf(h))
    const held = chain
      .holdings(ctx.params.address!)
      .filter((h) => types === undefined || types.includes(typeOf(h)))
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          (addressOf(a) < addressOf(b) ? -1 : addressOf(a) > addressOf(b) ? 1 : 0) ||
          b.tokenId - a.tokenId
      )
    // A full cursor continues within its type strictly after its instance; a type alone starts at that type.
    const afterId = query.token_id === undefined ? undefined : BigInt(query.token_id)
    const after = (h: Holding): boolean => {
      if (afterType === undefined) return true
      const r = rank(h) - nftTypes.indexOf(afterType)
      if (r !== 0) return r > 0
      if (afterToken === undefined || afterId === undefined) return true
      return addressOf(h) > afterToken || (addressOf(h) === afterToken && BigInt(h.tokenId) < afterId)
    }
    const found = held.filter(after)
    return pageOf(
      ctx,
      found.slice(0, ctx.size + 1),
      (h) => ({ ...ctx.render.tokenInstance(h.token, h.tokenId, h.amount, true), token: ctx.render.token(h.token) }),
      (h) => ({ token_contract_address_hash: addressOf(h), token_id: String(h.tokenId), token_type: typeOf(h) })
    )
  }
}
