/**
 * Live mode's replaced blocks as the routes show them: a block a reorganisation replaced keeps its hash and is
 * answered with `type: "reorg"` (Blockscout's `BlockView.block_type` of a block with `consensus: false`),
 * rendered from the chain as it was just before that reorganisation (its parent and values then).
 *
 * @internal
 */
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
