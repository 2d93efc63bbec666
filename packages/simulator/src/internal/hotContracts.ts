/**
 * The hot contracts of X3 (`Explorer.Stats.HotSmartContracts`): for each contract that transactions were sent to
 * (a recipient with code, as the transactions render it), how many and the gas they used, over a time scale. The
 * scales of minutes and hours aggregate the blocks since that long before the head (the backend's `now`); the
 * scales of days sum the daily table, which holds finished UTC days only: the `n` days before the head's date.
 * Memoised per head and scale.
 *
 * @internal
 */
import { coinHistory } from "../chain/coinHistory.ts"
import type { Renderer } from "../render/Renderer.ts"
import type { SimulatedChain } from "../SimulatedChain.ts"
import { dateOf, headKey } from "./stats.ts"

/** One hot contract over a scale. */
export interface HotContract {
  readonly address: string
  readonly transactions: number
  readonly gasUsed: bigint
  /** The coin balance now (the last point of its coin balance history), or null when it never had one. */
  readonly balance: bigint | null
}

const seconds: Readonly<Record<string, number>> = { "5m": 300, "1h": 3_600, "3h": 10_800 }
const days: Readonly<Record<string, number>> = { "1d": 1, "7d": 7, "30d": 30 }

/** The scales the route takes. */
export const hotScales: ReadonlyArray<string> = [...Object.keys(seconds), ...Object.keys(days)]

const DAY_MILLIS = 86_400_000

/** Whether block `h` counts for `scale` on a chain whose head is at `now` (epoch ms). */
const inScale = (chain: SimulatedChain, scale: string, now: number, h: number): boolean => {
  const t = chain.blockMillis(h)
  const n = seconds[scale]
  if (n !== undefined) return t >= now - n * 1000 && t <= now
  const today = dateOf(now)
  const date = dateOf(t)
  return date < today && date >= dateOf(now - (days[scale] ?? 0) * DAY_MILLIS)
}

/** The hot contracts of `scale`, in no particular order. */
export const hotContracts = (
  ctx: {
    readonly chain: SimulatedChain
    readonly render: Renderer
    readonly memo: <A>(key: string, make: () => A) => A
  },
  scale: string
): ReadonlyArray<HotContract> =>
  ctx.memo(`hot-contracts|${scale}|${headKey(ctx.chain)}`, () => {
    const { chain } = ctx
    if (chain.height === 0) return []
    const now = chain.blockMillis(chain.height - 1)
    const found = new Map<string, { transactions: number; gasUsed: bigint }>()
    for (let h = chain.height - 1; h >= 0; h--) {
      // Blocks are in time order: once below the scale's start nothing older counts.
      if (!inScale(chain, scale, now, h)) {
        if (chain.blockMillis(h) < now - 31 * DAY_MILLIS) break
        continue
      }
      for (const tx of chain.template(h).transactions) {
        const rendered = ctx.render.transaction(h, tx) as {
          readonly to: { readonly hash: string; readonly is_contract?: boolean } | null
          readonly gas_used: string | null
        }
        if (rendered.to === null || rendered.to.is_contract !== true) continue
        const address = rendered.to.hash.toLowerCase()
        const entry = found.get(address) ?? { transactions: 0, gasUsed: 0n }
        entry.transactions++
        entry.gasUsed += BigInt(rendered.gas_used ?? 0)
        found.set(address, entry)
      }
    }
    return [...found].map(([address, { transactions, gasUsed }]) => {
      const history = coinHistory(chain, address)
      const last = history[history.length - 1]
      return { address, transactions, gasUsed, balance: last === undefined ? null : last.value }
    })
  })
