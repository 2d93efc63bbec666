/**
 * An uneven chain's density: how many transactions each of its block templates holds, so its token transfers,
 * logs and internal transactions bunch up or thin out over hundreds of blocks as a real chain's do, instead of
 * repeating every 32 blocks. Drawn from a generator of its own (the seed's), so the same options give the same
 * chain and the even chain's draws are untouched.
 *
 * @internal
 */
import type { ChainDensity } from "../SimulatorOptions.ts"
import { prng } from "../internal/hash.ts"

/** An uneven chain's number of block templates: its density repeats every this many blocks. */
export const UNEVEN_PERIOD = 2048

/** Blocks in a stretch of a bursty chain: each holds one burst, or none (a quiet stretch). */
const stretch = 64

/**
 * The number of transactions of each template of an uneven chain (`undefined` for an even one, whose 32
 * templates draw theirs):
 *
 * - `bursts`: stretches of 64 blocks, two in five quiet throughout (a transaction or two a block); the others
 *   hold one burst of 3 to 8 blocks of 40 to 119 transactions each, where most of the chain's transfers are;
 * - `growing`: from one transaction a block at the first template to about 25 at the last (times 0.6 to 1.4),
 *   rising faster towards the end, as a chain whose use grows.
 */
export const templateSizes = (density: ChainDensity, seed: number): ReadonlyArray<number> | undefined => {
  if (density === "even") return undefined
  const rand = prng((seed ^ 0xde5171) >>> 0)
  const sizes: Array<number> = []
  if (density === "growing") {
    for (let slot = 0; slot < UNEVEN_PERIOD; slot++) {
      const share = (slot / (UNEVEN_PERIOD - 1)) ** 1.5
      sizes.push(Math.max(1, Math.round((1 + 24 * share) * (0.6 + 0.8 * rand()))))
    }
    return sizes
  }
  for (let start = 0; start < UNEVEN_PERIOD; start += stretch) {
    const busy = rand() >= 0.4
    const length = 3 + Math.floor(rand() * 6)
    const at = Math.floor(rand() * (stretch - length))
    for (let i = 0; i < stretch; i++) {
      const inBurst = busy && i >= at && i < at + length
      sizes.push(inBurst ? 40 + Math.floor(rand() * 80) : rand() < 0.15 ? 2 : 1)
    }
  }
  return sizes
}
