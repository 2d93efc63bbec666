/**
 * S14 `GET /transactions/{hash}`: one transaction's details (mined or pending), with its first token transfers;
 * 404 for a hash the chain does not hold. In live mode a transaction of a block a reorganisation replaced is
 * pending again (no block, status or position), as Blockscout shows it once the block lost consensus.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transaction: RouteHandler = {
  handle: (ctx) => {
    const place = ctx.chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    if (place._tag === "Dropped") {
      // Rendered from the chain as it was while its block was canonical: what it was sent with.
      const event = ctx.live?.replacements(place.block)[place.generation]
      if (event === undefined) throw notFound()
      return ok(ctx.live!.rendererAt(event.head - 1).transactionDetails(place))
    }
    return ok(ctx.render.transactionDetails(place))
  }
}
