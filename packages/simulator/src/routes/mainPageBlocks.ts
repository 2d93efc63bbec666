/**
 * H1 `GET /main-page/blocks`: a bare array of the 4 newest consensus blocks (`main_page_controller.ex` lists
 * blocks with a page size of 4), rendered as `/blocks` renders them, from the chain's current head.
 *
 * @internal
 */
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const mainPageBlocks: RouteHandler = {
  handle: (ctx) => {
    const blocks = []
    for (let h = ctx.chain.height - 1; h >= 0 && blocks.length < 4; h--) blocks.push(ctx.render.block(h))
    return ok(blocks)
  }
}
