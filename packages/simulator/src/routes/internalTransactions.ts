/**
 * E11 `GET /addresses/{address}/internal-transactions`: a router's calls (from it, or to it from another
 * router) and the calls that pay a user, newest first (block, transaction index, index descending);
 * `filter` keeps only calls `to` or `from` the address. 12.x servers and the Pro API add a page-level
 * `meta: { status, message }` saying whether the list is complete (status 1, as the RPC API's `status`
 * "1"; 2 with a message while blocks in range still await their internal transactions): the simulated
 * chain is fully indexed, so always 1.
 *
 * Each matching template item recurs every `step` cycles of its slot, so a page merges those
 * arithmetic progressions instead of scanning the chain.
 *
 * @internal
 */
import { PERIOD } from "../chain/constants.ts"
import type { InternalTemplate } from "../chain/templates.ts"
import type { RouteHandler } from "../internal/router.ts"
import { int, ok, oneOf } from "../internal/query.ts"

export const internalTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const direction = oneOf(query, "filter", ["to", "from"] as const)
    const block = int(query, "block_number")
    const txIndex = int(query, "transaction_index")
    const index = int(query, "index")
    const users = chain.users.length
    const u = chain.users.indexOf(ctx.params.address!)
    const r = chain.routers.indexOf(ctx.params.address!)
    const heads: Array<{ slot: number; item: InternalTemplate; step: number; m: number }> = []
    const top = block === undefined ? chain.height - 1 : Math.min(block, chain.height - 1)
    const before = (h: number, it: InternalTemplate): boolean =>
      block === undefined ||
      h < block ||
      (h === block &&
        (it.txPosition < (txIndex ?? Number.POSITIVE_INFINITY) ||
          (it.txPosition === txIndex && it.index < (index ?? Number.POSITIVE_INFINITY))))
    for (const t of chain.templates) {
      for (const it of t.internals) {
        let step = 0
        let residue = 0
        const isFrom = r >= 0 && it.fromRouter === r
        const isTo = (u >= 0 && it.to._tag === "User") || (r >= 0 && it.to._tag === "Router" && it.to.router === r)
        if (isFrom && direction !== "to") step = 1
        else if (isTo && direction !== "from") {
          if (it.to._tag === "User") {
            step = users
            residue = (((u - it.to.offset) % users) + users) % users
          } else step = 1
        }
        if (step === 0) continue
        const mMax = Math.floor((top - t.slot) / PERIOD)
        let m = mMax < residue ? -1 : residue + step * Math.floor((mMax - residue) / step)
        if (m >= 0 && !before(t.slot + PERIOD * m, it)) m -= step
        heads.push({ slot: t.slot, item: it, step, m })
      }
    }
    const later = (h: number, a: InternalTemplate, bestH: number, b: InternalTemplate): boolean =>
      h > bestH ||
      (h === bestH && (a.txPosition > b.txPosition || (a.txPosition === b.txPosition && a.index > b.index)))
    const found: Array<[number, InternalTemplate]> = []
    while (found.length <= ctx.size) {
      let best: (typeof heads)[number] | undefined
      let bestBlock = -1
      for (const head of heads) {
        if (head.m < 0) continue
        const h = head.slot + PERIOD * head.m
        if (best === undefined || later(h, head.item, bestBlock, best.item)) {
          best = head
          bestBlock = h
        }
      }
      if (best === undefined) break
      found.push([bestBlock, best.item])
      best.m -= best.step
    }
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, it]) => ctx.render.internalTransaction(h, it)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last![0],
        transaction_index: last![1].txPosition,
        index: last![1].index
      })),
      ...(ctx.render.mode === "11" ? {} : { meta: { status: 1, message: null } })
    })
  }
}
