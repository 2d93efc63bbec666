/**
 * E12 `GET /addresses/{address}/withdrawals`: the withdrawals paid to one address (E9 filtered by
 * receiver), newest first, without the receiver object.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { int, ok } from "../internal/query.ts"

export const addressWithdrawals: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const index = int(ctx.query, "index")
    const u = ctx.chain.users.indexOf(ctx.params.address!)
    const found = u < 0 ? [] : ctx.chain.userWithdrawals(u, ctx.size + 1, index)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((i) => ctx.render.withdrawal(i, false)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ index: last! }))
    })
  }
}
