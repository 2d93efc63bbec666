/**
 * Live mode's replaced blocks as the routes show them: a block a reorganisation replaced keeps its hash and is
 * answered with `type: "reorg"` (Blockscout's `BlockView.block_type` of a block with `consensus: false`),
 * rendered from the chain as it was just before that reorganisation (its parent and values then).
 *
 * @internal
 */
import type { TxTemplate } from "../chain/templates.ts"
import type { Json } from "./query.ts"
import type { RouteContext } from "./router.ts"

/** A replaced block: its height and generation, and its rendering (`single` for the block lookup). */
export interface Replaced {
  readonly height: number
  readonly generation: number
  readonly render: (single: boolean) => Json
}

/** The replaced block of height `h` and generation `g`, which the `g`-th reorganisation of `h` replaced. */
export const replaced = (ctx: RouteContext, h: number, g: number): Replaced | undefined => {
  const live = ctx.live
  const event = live?.replacements(h)[g]
  if (live === undefined || event === undefined) return undefined
  return {
    height: h,
    generation: g,
    render: (single) => ({ ...live.rendererAt(event.head - 1).block(h, single), type: "reorg" })
  }
}

/** Up to `want` replaced blocks at or below height `top`, newest height first (newer generations first). */
export const replacedBelow = (ctx: RouteContext, top: number, want: number): Array<Replaced> => {
  const live = ctx.live
  const out: Array<Replaced> = []
  if (live === undefined) return out
  for (let h = top; h >= live.lowestReplaceable && out.length < want; h--) {
    const events = live.replacements(h)
    for (let g = events.length - 1; g >= 0 && out.length < want; g--) out.push(replaced(ctx, h, g)!)
  }
  return out
}

/** The replaced block a block hash names, or undefined (a canonical block, or a hash the chain never had). */
export const replacedByHash = (ctx: RouteContext, hash: string): Replaced | undefined => {
  const at = ctx.chain.replacedBlockOfHash(hash)
  return at === undefined ? undefined : replaced(ctx, at.block, at.generation)
}

/** A transaction a reorganisation sent back to pending: its height, the last generation whose block held it, its place. */
export interface Dropped {
  readonly block: number
  readonly generation: number
  readonly position: number
}

/**
 * Up to `want` transactions reorganisations sent back to pending (and no new block included again), newest first
 * (height, then generation, then position, descending), strictly after `after` in that order, those `keep`
 * passes; none on a fixed chain. Heights above the chain the request reads (a lagging list's) are left out.
 */
export const droppedTransactions = (
  ctx: RouteContext,
  after: Dropped | undefined,
  want: number,
  keep: (tx: TxTemplate) => boolean
): Array<Dropped> => {
  const live = ctx.live
  const out: Array<Dropped> = []
  if (live === undefined) return out
  const carried = ctx.chain.fork?.carried
  const top = Math.min(ctx.chain.height - 1, after?.block ?? Number.POSITIVE_INFINITY)
  for (let h = top; h >= live.lowestReplaceable && out.length < want; h--) {
    const events = live.replacements(h)
    const txs = ctx.chain.template(h).transactions
    for (let g = events.length - 1; g >= 0 && out.length < want; g--) {
      if (after !== undefined && h === after.block && g > after.generation) continue
      for (let p = txs.length - 1; p >= 0 && out.length < want; p--) {
        if (after !== undefined && h === after.block && g === after.generation && p >= after.position) continue
        // Included again by the next block: not pending (it is in that block, or dropped from a later one).
        if (carried?.(h, g + 1, p) === true) continue
        if (keep(txs[p]!)) out.push({ block: h, generation: g, position: p })
      }
    }
  }
  return out
}

/** A dropped transaction as the pending list writes it, from the chain as it was while its block was canonical. */
export const renderDropped = (ctx: RouteContext, d: Dropped): Json => {
  const event = ctx.live!.replacements(d.block)[d.generation]!
  const details = ctx.live!.rendererAt(event.head - 1).transactionDetails({ _tag: "Dropped", ...d })
  // Lists carry no token transfers of their own (the lookup's preview).
  return { ...details, token_transfers: null, token_transfers_overflow: null }
}
