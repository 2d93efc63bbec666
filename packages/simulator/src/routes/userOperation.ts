/**
 * AA2 `GET /proxy/account-abstraction/operations/{hash}`: one user operation in detail; 404 `Not found` for a hash
 * the indexer has not seen (the proxy passes its 404 on); 501 without the indexer.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { findOp, renderOp, requireIndexer } from "../internal/userOps.ts"

export const userOperation: RouteHandler = {
  handle: (ctx) => {
    requireIndexer(ctx)
    const op = findOp(ctx, ctx.params.hash!)
    if (op === undefined) throw notFound()
    return ok(renderOp(ctx, op))
  }
}
