/**
 * E9 `GET /withdrawals`: every beacon withdrawal, newest first, each with its receiver. The server ignores
 * query parameters it does not know, and a badly formed `index` with them.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { intRe, ok } from "../internal/query.ts"

export const withdrawals: RouteHandler = {
  echoesItemsCount: true,
  ignoresUnknownParams: true,
  handle: (ctx) => {
    const raw = ctx.query.index
    const index = raw !== undefined && intRe.test(raw) ? Number(raw) : undefined
    const top = Math.min(ctx.chain.withdrawalCount, index ?? ctx.chain.withdrawalCount) - 1
    const found: Array<number> = []
    for (let i = top; i >= 0 && found.length <= ctx.size; i--) found.push(i)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((i) => ctx.render.withdrawal(i, true)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({ index: last! }))
    })
  }
}
