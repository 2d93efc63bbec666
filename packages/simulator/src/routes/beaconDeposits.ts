/**
 * B1-B5: the beacon deposits (`internal/deposits.ts`), highest index first, the cursor `{index}` continuing strictly
 * below (`DepositController.paging_options`): the chain's (`/beacon/deposits`), an address's as depositor (any
 * address: an empty page when it made none), a block's and a transaction's (404 for one the chain does not hold),
 * and the count (`/beacon/deposits/count`: the newest index plus one, as the controller computes it). Served in
 * every mode, as by a server of Ethereum's chain type.
 *
 * @internal
 */
import { blockOf, isReplacedBlock } from "../internal/blockParam.ts"
import { type Deposit, depositsOf, renderDeposit } from "../internal/deposits.ts"
import { pageOf } from "../internal/pages.ts"
import { int, notFound, ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** A page of `keep`'s deposits, highest index first, below the request's `index`. */
const depositPage = (ctx: RouteContext, keep: (d: Deposit) => boolean) => {
  const all = depositsOf(ctx)
  const below = int(ctx.query, "index")
  const found: Array<Deposit> = []
  for (let i = Math.min(all.length, below ?? all.length) - 1; i >= 0 && found.length <= ctx.size; i--) {
    if (keep(all[i]!)) found.push(all[i]!)
  }
  const newest = all.length - 1
  return pageOf(
    ctx,
    found,
    (d) => renderDeposit(ctx.render, d, newest),
    (d) => ({ index: d.index })
  )
}

/** The sender of block `h`'s first transaction, as its rendering says (lower case). */
const senderOf = (ctx: RouteContext, h: number): string =>
  String(
    (ctx.render.transaction(h, ctx.chain.template(h).transactions[0]!) as { readonly from: { readonly hash: string } })
      .from.hash
  ).toLowerCase()

export const beaconDeposits: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => depositPage(ctx, () => true)
}

export const addressBeaconDeposits: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => depositPage(ctx, (d) => senderOf(ctx, d.block) === ctx.params.address)
}

export const blockBeaconDeposits: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    if (isReplacedBlock(ctx)) return ok({ items: [], next_page_params: null })
    const h = blockOf(ctx)
    return depositPage(ctx, (d) => d.block === h)
  }
}

export const transactionBeaconDeposits: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const place = ctx.chain.locateTransaction(ctx.params.hash!)
    if (place === undefined) throw notFound()
    if (place._tag !== "Mined" || place.position !== 0) return ok({ items: [], next_page_params: null })
    return depositPage(ctx, (d) => d.block === place.block)
  }
}

export const beaconDepositsCount: RouteHandler = {
  handle: (ctx) => ok({ deposits_count: depositsOf(ctx).length })
}
