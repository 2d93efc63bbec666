/**
 * S11 `GET /blocks/{numberOrHash}`: one block's details, by number or hash (404 for a block the chain does not
 * have); the rewards carry their labels, as the lookup writes them.
 *
 * @internal
 */
import { blockOf } from "../internal/blockParam.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const block: RouteHandler = {
  handle: (ctx) => ok(ctx.render.block(blockOf(ctx), true))
}
