/**
 * E6 `GET /transactions/{hash}/logs`: a transaction's logs in index order (a pending transaction has
 * none); 404 for an unknown hash.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { int, notFound, ok } from "../internal/query.ts"

export const transactionLogs: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const at = chain.locateTransaction(ctx.params.hash!)
    if (at === undefined) throw notFound()
    int(query, "block_number")
    const index = int(query, "index")
    // A pending transaction, or one a reorganisation sent back to pending (live mode), is in no block yet.
    if (at._tag !== "Mined") return ok({ items: [], next_page_params: null })
    const template = chain.template(at.block)
    const tx = template.transactions[at.position]!
    const logs = template.logs
      .slice(tx.logStart, tx.logStart + tx.logCount)
      .filter((l) => index === undefined || l.index > index)
    const page = logs.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((l) => ctx.render.log(at.block, l)),
      next_page_params: ctx.next(logs.length > ctx.size && last !== undefined, () => ({
        block_number: at.block,
        index: last!.index
      }))
    })
  }
}
