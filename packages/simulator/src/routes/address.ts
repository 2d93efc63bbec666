/**
 * S1 `GET /addresses/{address}`: an address's details (`render/addressDetails.ts`), for any well-formed address,
 * known or not, as servers since 7.0.0 answer (an unknown one has no balance and every flag false).
 *
 * @internal
 */
import { roleFor, transferTotal } from "../internal/activity.ts"
import { ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const address: RouteHandler = {
  handle: (ctx) => {
    const role = roleFor(ctx, ctx.params.address!)
    // A token emits its transfers' events, a router its calls' events (see S5); nobody else emits logs.
    const used = ctx.chain.templates.filter((t) => t.slot < ctx.chain.height)
    const hasLogs = used.some((t) =>
      t.logs.some((l) => (l.token >= 0 ? l.token === role.token : t.transactions[l.txPosition]!.router === role.router))
    )
    return ok(ctx.render.addressDetails({ role, hasLogs, hasTokenTransfers: transferTotal(ctx, role) > 0 }))
  }
}
