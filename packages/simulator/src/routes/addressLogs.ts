/**
 * S5 `GET /addresses/{address}/logs`: the logs a contract emitted, newest first (block descending, log index
 * descending): a token's transfer events, a router's plain events; none for any other address. `topic` keeps
 * the logs carrying it in any topic position.
 *
 * @internal
 */
import type { LogTemplate } from "../chain/templates.ts"
import { roleFor } from "../internal/activity.ts"
import { pageOf } from "../internal/pages.ts"
import { hashParam, int } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"
import { scan } from "../internal/scan.ts"

export const addressLogs: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const topic = hashParam(query, "topic")
    const block = int(query, "block_number")
    const index = int(query, "index")
    const role = roleFor(ctx, ctx.params.address!)
    // Per template: the logs this address emits (a token its transfer logs, a router its calls' events).
    const perSlot = ctx.memo(`logs|${role.address}`, () =>
      chain.templates.map((t) =>
        t.logs
          .filter((l) => (l.token >= 0 ? l.token === role.token : t.transactions[l.txPosition]!.router === role.router))
          .reverse()
      )
    )
    const keep =
      topic === undefined
        ? undefined
        : (h: number, l: LogTemplate) =>
            (ctx.render.log(h, l) as { topics: Array<string | null> }).topics.some((x) => x?.toLowerCase() === topic)
    const found = scan(
      chain.height,
      block ?? chain.height - 1,
      perSlot,
      (l) => block === undefined || l.index < (index ?? Number.POSITIVE_INFINITY),
      ctx.size + 1,
      keep
    )
    return pageOf(
      ctx,
      found,
      ([h, l]) => ctx.render.log(h, l),
      ([h, l]) => ({ block_number: h, index: l.index })
    )
  }
}
