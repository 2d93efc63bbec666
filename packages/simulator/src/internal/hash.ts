/**
 * Pure 32-bit hashing for the simulated chain: every generated value is a function of (seed, tag, indices),
 * so item i of a history can be produced without producing items 0..i-1.
 *
 * @internal
 */

/** Mixes one 32-bit word into a running hash (murmur3's multiply-rotate step). */
const mixWord = (h: number, k: number): number => {
  k = Math.imul(k, 0xcc9e2d51)
  k = (k << 15) | (k >>> 17)
  k = Math.imul(k, 0x1b873593)
  h ^= k
  h = (h << 13) | (h >>> 19)
  return (Math.imul(h, 5) + 0xe6546b64) | 0
}

/** murmur3's finaliser: spreads every input bit over the output. */
const finalize = (h: number): number => {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * A uint32 from a seed and up to four integer inputs. Inputs above 2^32 are split into two words so that
 * block numbers and global indexes of large histories still hash apart.
 */
export const hash = (seed: number, a: number, b = 0, c = 0, d = 0): number => {
  let h = seed | 0
  h = mixWord(h, a | 0)
  h = mixWord(h, Math.floor(a / 4294967296) | 0)
  h = mixWord(h, b | 0)
  h = mixWord(h, Math.floor(b / 4294967296) | 0)
  h = mixWord(h, c | 0)
  h = mixWord(h, d | 0)
  return finalize(h ^ 24)
}

/** A float in [0, 1) from the same inputs as {@link hash}. */
export const unit = (seed: number, a: number, b = 0, c = 0, d = 0): number => hash(seed, a, b, c, d) / 4294967296

/** An integer in [0, n) from the same inputs as {@link hash}. */
export const below = (n: number, seed: number, a: number, b = 0, c = 0, d = 0): number =>
  Math.floor(unit(seed, a, b, c, d) * n)

const byteHex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"))

/** `length` pseudo-random lower-case hex digits (hashes are a hot path: a table, not toString). */
export const hex = (length: number, seed: number, a: number, b = 0, c = 0): string => {
  let out = ""
  let i = 0
  while (out.length < length) {
    const x = hash(seed, a, b, c, i++)
    out += byteHex[x >>> 24]! + byteHex[(x >>> 16) & 255]! + byteHex[(x >>> 8) & 255]! + byteHex[x & 255]!
  }
  return out.length === length ? out : out.slice(0, length)
}

/** A small seeded PRNG (mulberry32) for building the chain's fixed tables once at construction. */
export const prng = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
