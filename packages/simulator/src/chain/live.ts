/**
 * The live chain's schedule: when each block appears, which reorganisations replace which heights, and when a
 * lagging replica answers lists from an older head. Everything is a pure function of (options, seed, time),
 * so the chain at a moment is known without keeping any history: the head is a function of the clock, and a
 * block's fork generation (how many reorganisations have replaced its height so far) a function of the head.
 *
 * A reorganisation `{ head: H, depth: d }` happens as block `H` is produced: heights `H - d .. H - 1` are
 * replaced (each one's generation goes up by one: new hash, new contents) and block `H` is built on the new
 * branch. Heights never go below 1: genesis is never replaced.
 *
 * @internal
 */
import type { LiveOptions } from "../SimulatorOptions.ts"
import { hash } from "../internal/hash.ts"
import { BLOCK_MILLIS, D } from "./constants.ts"

/** A reorganisation as the schedule holds it: the head whose production replaces `depth` heights below it. */
export interface ReorgEvent {
  readonly head: number
  readonly depth: number
}

const unitOf = (x: number): number => x / 4294967296

/** `x` when it is a finite number, else `fallback`: a NaN or infinite option reads as left out. */
const finiteOr = (x: number | undefined, fallback: number): number =>
  x !== undefined && Number.isFinite(x) ? x : fallback

/** The deepest reorganisation the schedule makes (a deeper one is cut to this). */
export const maxReorgDepth = 1024

/** The hash domain of the live schedule's draws (reorgs, lag), kept apart from the chain's own values. */
const liveDomain = D.misc * 1000 + 17

/** The live schedule of one chain. */
export class LiveSchedule {
  /** The number of blocks the chain has at `startMillis` (the options' `blocks`). */
  readonly initialHeight: number
  readonly blockMillis: number
  private readonly lostConsensusMillis: number
  private readonly reincluded: number
  /** The largest depth any reorganisation can have: the reach of a generation lookup. */
  private maxDepth = 0
  private start: number | undefined
  private readonly seed: number
  private readonly chosen: NonNullable<LiveOptions["reorgs"]>
  private readonly explicit = new Map<number, number>()
  private readonly random: { readonly probability: number; readonly maxDepth: number } | undefined
  private readonly lagWindows: NonNullable<LiveOptions["lag"]>
  private readonly randomLag: { readonly probability: number; readonly maxBlocks: number } | undefined
  /** Generations computed so far, by `head:height` (a reorg list walks many heights at one head). */
  private readonly generations = new Map<string, number>()

  constructor(options: LiveOptions, seed: number, initialHeight: number) {
    this.seed = seed
    this.initialHeight = initialHeight
    this.blockMillis = Math.max(1, Math.floor(finiteOr(options.blockMillis, BLOCK_MILLIS)))
    this.lostConsensusMillis = Math.max(0, finiteOr(options.lostConsensusMillis, 0))
    this.reincluded = Math.min(1, Math.max(0, finiteOr(options.reincluded, 0)))
    this.chosen = options.reorgs ?? []
    const rr = options.randomReorgs
    this.random =
      rr === undefined || !(rr.probability > 0) || rr.maxDepth < 1
        ? undefined
        : { probability: Math.min(1, rr.probability), maxDepth: Math.min(maxReorgDepth, Math.floor(rr.maxDepth)) }
    this.lagWindows = options.lag ?? []
    const rl = options.randomLag
    this.randomLag =
      rl === undefined || !(rl.probability > 0) || rl.maxBlocks < 1
        ? undefined
        : { probability: Math.min(1, rl.probability), maxBlocks: Math.floor(rl.maxBlocks) }
    for (const r of this.chosen) if ("head" in r) this.choose(r.head, r.depth)
    if (options.startMillis !== undefined && Number.isFinite(options.startMillis)) this.fix(options.startMillis)
    else this.maxDepth = Math.max(0, this.random?.maxDepth ?? 0, ...this.explicit.values())
  }

  private choose(head: number, depth: number): void {
    const h = Math.floor(head)
    // A transaction hash has room for generations up to 4,095; a height is replaced at most `maxDepth` times.
    const d = Math.min(Math.floor(depth), h - 1, maxReorgDepth)
    if (d >= 1) this.explicit.set(h, Math.max(d, this.explicit.get(h) ?? 0))
  }

  /** Fixes the start, and with it the heads of the reorganisations chosen by time. */
  private fix(start: number): void {
    this.start = start
    for (const r of this.chosen) {
      // A reorganisation at a time happens with the first block produced at or after it.
      if (!("head" in r)) {
        this.choose(this.initialHeight - 1 + Math.max(1, Math.ceil((r.atMillis - start) / this.blockMillis)), r.depth)
      }
    }
    this.maxDepth = Math.max(0, this.random?.maxDepth ?? 0, ...this.explicit.values())
  }

  /** The clock time at which the chain has its initial blocks; fixed by the first call when the options left it out. */
  startMillis(nowMillis: number): number {
    if (this.start === undefined) this.fix(nowMillis)
    return this.start ?? nowMillis
  }

  /** The head (highest height) at a time: one block every `blockMillis` after the start, never fewer than at the start. */
  headAt(nowMillis: number): number {
    const elapsed = nowMillis - this.startMillis(nowMillis)
    return this.initialHeight - 1 + Math.max(0, Math.floor(elapsed / this.blockMillis))
  }

  /** The clock time at which block `h` appears (the start for the initial blocks). */
  producedAt(h: number): number {
    const start = this.start ?? 0
    return h < this.initialHeight ? start : start + (h - this.initialHeight + 1) * this.blockMillis
  }

  /** The depth of the reorganisation that happens as block `head` is produced (0: none). */
  reorgAt(head: number): number {
    const chosen = this.explicit.get(head) ?? 0
    const r = this.random
    // Seeded reorganisations happen only as live blocks are produced: the initial chain is as the seed made it.
    if (r === undefined || head < this.initialHeight) return chosen
    if (unitOf(hash(this.seed, liveDomain, head, 1)) >= r.probability) return chosen
    const depth = Math.min(1 + (hash(this.seed, liveDomain, head, 2) % r.maxDepth), head - 1)
    return Math.max(chosen, depth)
  }

  /**
   * The reorganisations that replaced height `h` up to head `head`, oldest first: the `k`-th of them replaced
   * the block of generation `k`.
   */
  replacements(h: number, head: number): Array<ReorgEvent> {
    const out: Array<ReorgEvent> = []
    for (let e = h + 1; e <= Math.min(head, h + this.maxDepth); e++) {
      const depth = this.reorgAt(e)
      if (depth > 0 && e - depth <= h) out.push({ head: e, depth })
    }
    return out
  }

  /** How many times height `h` has been replaced once the chain's head is `head` (0 for a block never replaced). */
  generation(h: number, head: number): number {
    if (this.maxDepth === 0 || h <= 0) return 0
    const key = `${head}:${h}`
    let g = this.generations.get(key)
    if (g === undefined) {
      g = 0
      for (let e = h + 1; e <= Math.min(head, h + this.maxDepth); e++) {
        const depth = this.reorgAt(e)
        if (depth > 0 && e - depth <= h) g++
      }
      if (this.generations.size > 100_000) this.generations.clear()
      this.generations.set(key, g)
    }
    return g
  }

  /** The lowest height any reorganisation up to `head` can have replaced (`head + 1` when none can). */
  lowestReplaceable(head: number): number {
    let low = head + 1
    for (const [e, depth] of this.explicit) if (e <= head) low = Math.min(low, e - depth)
    if (this.random !== undefined && head >= this.initialHeight) {
      low = Math.min(low, Math.max(1, this.initialHeight - this.random.maxDepth))
    }
    return Math.max(1, low)
  }

  /**
   * Whether the block of generation `g` at height `h` includes again the transaction at `position` of the block
   * it replaced (generation `g - 1`), by `reincluded`.
   */
  carried(h: number, g: number, position: number): boolean {
    if (this.reincluded === 0 || g === 0) return false
    return this.reincluded === 1 || unitOf(hash(this.seed, liveDomain, h, g * 4096 + position, 5)) < this.reincluded
  }

  /**
   * The generation of height `h` a reorganisation replaced less than `lostConsensusMillis` ago, at head `head`
   * and time `nowMillis` (its number has no consensus block yet), or undefined.
   */
  lostConsensus(h: number, head: number, nowMillis: number): number | undefined {
    if (this.lostConsensusMillis === 0) return undefined
    const events = this.replacements(h, head)
    const last = events[events.length - 1]
    if (last === undefined || nowMillis >= this.producedAt(last.head) + this.lostConsensusMillis) return undefined
    return events.length - 1
  }

  /**
   * The heights below which no reorganisation after head `head` can reach: the chain up to there is final for
   * every later head. 0 while reorganisations chosen by time wait for the start to be fixed.
   */
  finalHeight(head: number): number {
    if (this.start === undefined && this.chosen.some((r) => !("head" in r))) return 0
    let final = head + 1 - (this.random?.maxDepth ?? 0)
    for (const [e, depth] of this.explicit) if (e > head) final = Math.min(final, e - depth)
    return Math.max(0, final)
  }

  /** How many blocks behind the head a lagging replica's lists are at a time (0: not lagging). */
  lagAt(nowMillis: number): number {
    let lag = 0
    for (const w of this.lagWindows) {
      if (nowMillis >= w.fromMillis && nowMillis < w.toMillis) lag = Math.max(lag, Math.floor(w.blocks))
    }
    const rl = this.randomLag
    if (rl !== undefined) {
      // One draw per block interval: a lagging stretch lasts at least one block time.
      const slot = Math.floor((nowMillis - this.startMillis(nowMillis)) / this.blockMillis)
      if (unitOf(hash(this.seed, liveDomain, slot, 3)) < rl.probability) {
        lag = Math.max(lag, 1 + (hash(this.seed, liveDomain, slot, 4) % rl.maxBlocks))
      }
    }
    return Math.max(0, lag)
  }
}
