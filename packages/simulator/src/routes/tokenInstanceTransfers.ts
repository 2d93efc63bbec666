/**
 * E2 `GET /tokens/{token}/instances/{tokenId}/transfers`: one NFT instance's transfers, newest first; 404
 * for a token that is not an NFT of the chain or an id it never had. 11.x servers declare no `items_count` here.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { int, invalid, notFound, ok, tokenIdDetail, tokenIdRe } from "../internal/query.ts"

export const tokenInstanceTransfers: RouteHandler = {
  // 11.2.7 declares no `items_count` here: asking a page size is a 422.
  refusesItemsCount: ["11"],
  handle: (ctx) => {
    const { chain, query, params } = ctx
    const block = int(query, "block_number")
    const index = int(query, "index")
    const cursorId = query.token_id
    if (cursorId !== undefined && !tokenIdRe.test(cursorId)) throw invalid("token_id", tokenIdDetail)
    const token = chain.tokens.find((t) => t.address === params.token)
    const id = Number(params.tokenId)
    if (token === undefined || token.type === "ERC-20" || !Number.isSafeInteger(id) || id < 0 || id >= token.idCount) {
      throw notFound()
    }
    const before = block === undefined ? undefined : { block, logIndex: index ?? Number.POSITIVE_INFINITY }
    const found = chain.instanceTransfers(token.index, id, ctx.size + 1, before)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(({ block, item }) => ctx.render.tokenTransfer(block, item)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last!.block,
        index: last!.item.logIndex,
        token_id: String(id)
      }))
    })
  }
}
