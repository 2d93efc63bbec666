/**
 * E7 `GET /addresses/{address}/blocks-validated`: the blocks a miner produced (every `miners.length`-th
 * block), newest first; an empty list for any other address.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { int, ok } from "../internal/query.ts"

export const blocksValidated: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain } = ctx
    const block = int(ctx.query, "block_number")
    const miners = chain.miners
    const v = miners.indexOf(ctx.params.address!)
    const found: Array<number> = []
    if (v >= 0) {
      const top = Math.min(chain.height, block ?? chain.height) - 1
      if (top >= v) {
        const n = miners.length
        for (let h = v + n * Math.floor((top - v) / n); h >= 0 && found.length <= ctx.size; h -= n) found.push(h)
      }
    }
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((h) => ctx.render.block(h)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ block_number: last! }))
    })
  }
}
