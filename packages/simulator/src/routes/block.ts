/**
 * S11 `GET /blocks/{numberOrHash}`: one block's details, by number or hash (404 for a block the chain does not
 * have); the rewards carry their labels, as the lookup writes them. In live mode a hash a reorganisation
 * replaced is still answered, with `type: "reorg"`; its number answers the block that replaced it.
 *
 * @internal
 */
import { blockOf } from "../internal/blockParam.ts"
import { ok } from "../internal/query.ts"
import { replacedByHash } from "../internal/reorgs.ts"
import type { RouteHandler } from "../internal/router.ts"

export const block: RouteHandler = {
  handle: (ctx) => {
    const raw = ctx.params.numberOrHash!
    const old = raw.startsWith("0x") ? replacedByHash(ctx, raw) : undefined
    return ok(old === undefined ? ctx.render.block(blockOf(ctx), true) : old.render(true))
  }
}
