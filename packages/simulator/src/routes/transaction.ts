/**
 * S14 `GET /transactions/{hash}`: one transaction's details (mined or pending), with its first token transfers;
 * 404 for a hash the chain does not hold.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transaction: RouteHandler = {
  handle: (ctx) => {
    const place = ctx.chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    return ok(ctx.render.transactionDetails(place))
  }
}
