/**
 * S22 `GET /tokens/{token}/instances/{tokenId}`: one NFT instance's details, with its token and owner; 404 for
 * an address that is not one of the chain's tokens, a fungible token, or an id that never moved.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { tokenOf } from "../internal/tokenParam.ts"

export const tokenInstance: RouteHandler = {
  handle: (ctx) => {
    const index = tokenOf(ctx, true)
    const raw = ctx.params.tokenId!
    const id = raw.length > 15 ? -1 : Number(raw)
    if (id < 0 || id >= ctx.chain.tokens[index]!.idCount || ctx.chain.instanceOwner(index, id) === undefined) {
      throw notFound()
    }
    return ok({ ...ctx.render.tokenInstance(index, id, 1n, false), token: ctx.render.token(index) })
  }
}
