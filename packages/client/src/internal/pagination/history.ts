/**
 * The cursors a walk has used, in memory that does not grow with the walk: a stream of ten million pages
 * keeps as much as one of ten.
 *
 * Two checks, both on a 53-bit hash of each cursor's canonical key (`cursorKey`; two 32-bit hashes, so a
 * false repeat is about one in 10^12 per page even across the window):
 *
 * - a window of the last `window` cursors: a short loop (a stale replica pointing back a page or two, a
 *   cursor that does not move) is caught at its first repeat, before anything is emitted twice;
 * - Brent's cycle check: one remembered cursor, replaced at pages 1, 2, 4, 8, ...: a loop longer than the
 *   window is caught within about twice its length, whatever its length (its pages may be emitted once more
 *   before it is; a server that loops that way is already sending the same items again).
 *
 * @internal
 */

/** Two FNV-1a 32-bit hashes with different offsets, folded into one safe integer (53 bits). */
export const hashKey = (key: string): number => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15)
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff)
}

/** The cursors a walk has used. */
export interface History {
  /** Whether this cursor key was used: within the window, or the loop check's remembered cursor. */
  readonly has: (key: string) => boolean
  /** Records a cursor key as used. */
  readonly add: (key: string) => void
  /** How many hashes are held (at most `window`): for tests of the bound. */
  readonly size: () => number
}

/** Cursors a walk remembers exactly (as hashes); older ones are left to the loop check. */
export const defaultWindow = 1024

/** A history holding `first` (the walk's start cursor key). */
export const makeHistory = (first: string, window: number = defaultWindow): History => {
  const ring = new Float64Array(window)
  const counts = new Map<number, number>()
  let next = 0
  let filled = 0
  // Brent: the remembered hash, and when it is next replaced.
  let remembered = Number.NaN
  let power = 1
  let steps = 0
  const add = (key: string) => {
    const hash = hashKey(key)
    if (filled === window) {
      const old = ring[next]!
      const count = counts.get(old)!
      if (count === 1) counts.delete(old)
      else counts.set(old, count - 1)
    } else filled++
    ring[next] = hash
    next = (next + 1) % window
    counts.set(hash, (counts.get(hash) ?? 0) + 1)
    steps++
    if (steps === power) {
      remembered = hash
      power *= 2
      steps = 0
    }
  }
  add(first)
  return {
    has: (key) => {
      const hash = hashKey(key)
      return counts.has(hash) || hash === remembered
    },
    add,
    size: () => counts.size
  }
}
