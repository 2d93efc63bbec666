/**
 * S11 `GET /blocks/{numberOrHash}`: one block's details, by number or hash (404 for a block the chain does not
 * have); the rewards carry their labels, as the lookup writes them. In live mode a hash a reorganisation
 * replaced is still answered, with `type: "reorg"`; its number answers the block that replaced it, or, within
 * `lostConsensusMillis` of the reorganisation, 404 naming the replaced block (`internal/blockParam.ts`).
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
    if (raw.startsWith("0x")) {
      const old = replacedByHash(ctx, raw)
      if (old !== undefined) return ok(old.render(true))
    }
    return ok(ctx.render.block(blockOf(ctx), true))
  }
}
