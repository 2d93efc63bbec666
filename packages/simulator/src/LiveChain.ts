/**
 * Live mode's chain over time (`SimulatorOptions.live`): the chain at each moment as a view (a `SimulatedChain`
 * of the heights produced by then, each height at its fork generation), what the routes of a request at a time
 * are lent (the view lists or lookups answer from, the reorganisations so far, the chain as it was), and the
 * truth tests read (canonical and replaced blocks, a block's items). The schedule itself, when blocks appear
 * and what reorganises, is `chain/live.ts`.
 *
 * @since 0.1.0
 */
import { LiveSchedule } from "./chain/live.ts"
import type { DispatchServices } from "./internal/dispatch.ts"
import type { LiveRoutes } from "./internal/router.ts"
import { Renderer, type ServerMode } from "./render/Renderer.ts"
import { SimulatedChain } from "./SimulatedChain.ts"
import type { LiveOptions, SimulatorOptions } from "./SimulatorOptions.ts"

/**
 * A canonical block of a chain at a time (`SimulatedBlockscout.canonicalBlocks`).
 *
 * @since 0.1.0
 * @category models
 */
export interface CanonicalBlock {
  readonly height: number
  readonly hash: string
  readonly parentHash: string
  /** How many reorganisations replaced this height (0: the block the seed made). */
  readonly generation: number
  /** The block's timestamp (epoch ms, the chain's time). */
  readonly timestampMillis: number
}

/**
 * A block a reorganisation replaced (`SimulatedBlockscout.replacedBlocks`): `/blocks?type=reorg` lists it and
 * `/blocks/{hash}` answers it with `type: "reorg"`; its number now answers the block with `canonicalHash`.
 *
 * @since 0.1.0
 * @category models
 */
export interface ReplacedBlock {
  readonly height: number
  readonly hash: string
  readonly generation: number
  /** The head whose production replaced it. */
  readonly replacedAtHead: number
  /** The hash the height has now. */
  readonly canonicalHash: string
}

/**
 * What a block holds, rendered as the chain-wide lists write each item (`SimulatedBlockscout.blockItems`).
 *
 * @since 0.1.0
 * @category models
 */
export interface BlockItems {
  readonly transactions: ReadonlyArray<unknown>
  readonly tokenTransfers: ReadonlyArray<unknown>
  readonly logs: ReadonlyArray<unknown>
  readonly internalTransactions: ReadonlyArray<unknown>
  readonly withdrawals: ReadonlyArray<unknown>
}

/** The blocks of `chain` from `fromHeight` to `toHeight` (both inclusive, clamped to the chain), ascending. */
export const canonicalBlocksOf = (chain: SimulatedChain, fromHeight = 0, toHeight?: number): Array<CanonicalBlock> => {
  const top = Math.min(chain.height - 1, toHeight ?? chain.height - 1)
  const out: Array<CanonicalBlock> = []
  for (let h = Math.max(0, fromHeight); h <= top; h++) {
    out.push({
      height: h,
      hash: chain.blockHash(h),
      parentHash: h === 0 ? `0x${"0".repeat(64)}` : chain.blockHash(h - 1),
      generation: chain.generation(h),
      timestampMillis: chain.blockMillis(h)
    })
  }
  return out
}

/** The items of block `height` of the renderer's chain, as the chain-wide lists render and order them. */
export const blockItemsOf = (r: Renderer, height: number): BlockItems => {
  const chain = r.chain
  if (!(height >= 0 && height < chain.height)) {
    return { transactions: [], tokenTransfers: [], logs: [], internalTransactions: [], withdrawals: [] }
  }
  const template = chain.template(height)
  const withdrawals: Array<unknown> = []
  // E8 lists withdrawals by index, highest first.
  for (let i = chain.withdrawalsPerBlock - 1; i >= 0; i--) {
    withdrawals.push(r.withdrawal(height * chain.withdrawalsPerBlock + i, true))
  }
  return {
    transactions: [...template.transactions].reverse().map((tx) => r.transaction(height, tx)),
    tokenTransfers: template.transfers.map((t) => r.tokenTransfer(height, t)),
    logs: template.logs.map((l) => r.log(height, l)),
    internalTransactions: template.internals.map((it) => r.internalTransaction(height, it)),
    withdrawals
  }
}

/** A chain at a moment, with its renderers and its memo of page tables (they depend on the chain's values). */
interface View {
  readonly chain: SimulatedChain
  readonly renderers: (mode: ServerMode) => Renderer
  readonly memo: Map<string, unknown>
}

/** How many views are kept: a request needs one or two, a page of replaced blocks one per reorganisation on it. */
const keptViews = 32

/**
 * A live chain: its schedule and its recent views. Internal to `SimulatedBlockscout`, which answers from it.
 *
 * @internal
 */
export class LiveChain {
  readonly schedule: LiveSchedule
  /** The chain at the start: the initial blocks. */
  readonly initial: SimulatedChain
  private readonly options: SimulatorOptions
  /** Views by `height:forkHead`, least recently used first. */
  private readonly views = new Map<string, View>()
  /** What every view shares, over final heights (`ChainFork.shared`). */
  private readonly shared = new Map<string, unknown>()

  constructor(options: SimulatorOptions, live: LiveOptions, fixed: SimulatedChain) {
    this.options = options
    // The schedule counts from the chain's own initial height (the options' `blocks`, with its default).
    this.schedule = new LiveSchedule(live, fixed.seed, fixed.height)
    this.initial = this.view(fixed.height, fixed.height - 1).chain
  }

  /** The canonical chain at a clock time. */
  chainAt(nowMillis: number): SimulatedChain {
    const head = this.schedule.headAt(nowMillis)
    return this.view(head + 1, head).chain
  }

  /** The chain the lists answer from at a clock time: the canonical one cut short while the replica lags. */
  listChainAt(nowMillis: number): SimulatedChain {
    const head = this.schedule.headAt(nowMillis)
    return this.view(Math.max(1, head + 1 - this.schedule.lagAt(nowMillis)), head).chain
  }

  /** The renderer (a server mode's) of the canonical chain at a clock time. */
  rendererAt(nowMillis: number, mode: ServerMode): Renderer {
    const head = this.schedule.headAt(nowMillis)
    return this.view(head + 1, head).renderers(mode)
  }

  /** The clock time block `h` appears. */
  producedAt(h: number): number {
    return this.schedule.producedAt(h)
  }

  /** The replaced blocks at a clock time, newest height first (newer generations first at one height). */
  replacedBlocks(nowMillis: number): Array<ReplacedBlock> {
    const live = this.schedule
    const head = live.headAt(nowMillis)
    const chain = this.view(head + 1, head).chain
    const out: Array<ReplacedBlock> = []
    for (let h = head; h >= live.lowestReplaceable(head); h--) {
      const events = live.replacements(h, head)
      for (let k = events.length - 1; k >= 0; k--) {
        out.push({
          height: h,
          hash: chain.blockHashAt(h, k),
          generation: k,
          replacedAtHead: events[k]!.head,
          canonicalHash: chain.blockHash(h)
        })
      }
    }
    return out
  }

  /**
   * What a request at `nowMillis` is answered from. Lookups see the head; lists (`list`: page and array rows)
   * may see a lagging replica's shorter chain. Either way every height has its canonical hash at the head.
   */
  services(
    list: boolean,
    mode: ServerMode,
    nowMillis: number
  ): Pick<DispatchServices, "chain" | "renderer" | "memo" | "live"> {
    const live = this.schedule
    const head = live.headAt(nowMillis)
    const lag = list ? live.lagAt(nowMillis) : 0
    const view = this.view(Math.max(1, head + 1 - lag), head)
    const routes: LiveRoutes = {
      head,
      replacements: (h) => live.replacements(h, head),
      lowestReplaceable: live.lowestReplaceable(head),
      lostConsensus: (h) => live.lostConsensus(h, head, nowMillis),
      rendererAt: (at) => this.view(at + 1, at).renderers(mode)
    }
    return { chain: view.chain, renderer: view.renderers, memo: view.memo, live: routes }
  }

  /**
   * The chain of `height` blocks with the reorganisations up to head `forkHead` (`height - 1` for the canonical
   * chain; a lagging replica's is shorter; `forkHead` earlier for the chain as it was before a reorganisation).
   */
  private view(height: number, forkHead: number): View {
    const key = `${height}:${forkHead}`
    const found = this.views.get(key)
    if (found !== undefined) {
      // Most recently used last.
      this.views.delete(key)
      this.views.set(key, found)
      return found
    }
    const live = this.schedule
    const lowest = live.lowestReplaceable(forkHead)
    const chain = SimulatedChain.make(
      { ...this.options, blocks: height },
      {
        generation: (h) => (h < lowest ? 0 : live.generation(h, forkHead)),
        initialHeight: live.initialHeight,
        blockMillis: live.blockMillis,
        finalHeight: live.finalHeight(forkHead),
        shared: this.shared,
        carried: (h, g, position) => live.carried(h, g, position)
      }
    )
    const renderers = new Map<ServerMode, Renderer>()
    const view: View = {
      chain,
      memo: new Map(),
      renderers: (mode) => {
        let r = renderers.get(mode)
        if (r === undefined) {
          r = new Renderer(chain, mode)
          renderers.set(mode, r)
        }
        return r
      }
    }
    this.views.set(key, view)
    if (this.views.size > keptViews) this.views.delete(this.views.keys().next().value!)
    return view
  }
}
