/**
 * AA4 `GET /proxy/account-abstraction/accounts/{address}`: a smart account of the chain (an address that sent user
 * operations): the factory and operation that deployed it (its first), and how many it sent; 404 `Not found` for
 * any other address; 501 without the indexer.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { accountOf, FACTORY, requireIndexer } from "../internal/userOps.ts"

export const smartAccount: RouteHandler = {
  handle: (ctx) => {
    requireIndexer(ctx)
    const address = ctx.params.address!
    const account = accountOf(ctx, address)
    if (account === undefined) throw notFound()
    const { first, total } = account
    return ok({
      address: ctx.render.address(address),
      factory: ctx.render.address(FACTORY),
      creation_op_hash: first.hash,
      creation_transaction_hash: ctx.chain.transactionHash(first.block, first.transactionPosition),
      creation_timestamp: ctx.render.timestamp(ctx.chain.blockMillis(first.block)),
      total_ops: total
    })
  }
}
