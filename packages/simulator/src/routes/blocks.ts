/**
 * S10 `GET /blocks`: the chain's blocks, newest first. `type=block` (the default) lists the consensus blocks;
 * `type=reorg` the blocks reorganisations replaced (live mode: `internal/reorgs.ts`), by height descending, as
 * `BlockView` writes a block that lost consensus (`type: "reorg"`); the simulated chain has no uncles, so
 * `uncle` lists nothing.
 *
 * @internal
 */
import { pageOf } from "../internal/pages.ts"
import { int, ok, oneOf } from "../internal/query.ts"
import { replacedBelow } from "../internal/reorgs.ts"
import type { RouteHandler } from "../internal/router.ts"

export const blocks: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const type = oneOf(ctx.query, "type", ["block", "uncle", "reorg"] as const) ?? "block"
    const block = int(ctx.query, "block_number")
    const top = Math.min(ctx.chain.height, block ?? ctx.chain.height) - 1
    if (type === "reorg") {
      const found = replacedBelow(ctx, top, ctx.size + 1)
      return pageOf(
        ctx,
        found,
        (r) => r.render(false),
        (r) => ({ block_number: r.height })
      )
    }
    if (type !== "block") return ok({ items: [], next_page_params: null })
    const found: Array<number> = []
    for (let h = top; h >= 0 && found.length <= ctx.size; h--) found.push(h)
    return pageOf(
      ctx,
      found,
      (h) => ctx.render.block(h),
      (h) => ({ block_number: h })
    )
  }
}
