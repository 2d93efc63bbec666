/**
 * Walking an address's (or a token's) items newest first without scanning the chain: each template item that
 * can involve the address recurs on an arithmetic progression of blocks (block `h = slot + period * m` with
 * `m ≡ residue (mod step)`: `step` 1 for a fixed party such as a router or a token contract, the user pool's
 * size for a user picked by `userAt`), so a page is a k-way merge of a few hundred progressions, plus short
 * explicit lists for what follows no progression (a created contract, an NFT's previous owner).
 *
 * Every source yields `[block, item]` in the list's order (block descending; within a block, the order
 * `later` gives); `mergeDown` merges them, drops items a cursor already passed, and drops repeats (one
 * transaction found both as sent and as received).
 *
 * @internal
 */
/** An item at a block. */
export type Placed<T> = readonly [block: number, item: T]

/** A source of placed items, newest first, starting at or below a block. */
export type Source<T> = Iterator<Placed<T>>

/**
 * The blocks `slot + period * m`, `m ≡ residue (mod step)`, at or below `top` (and below `height`), newest
 * first, each carrying `item` (`period`: the chain's number of block templates, `SimulatedChain.period`).
 */
export function* progression<T>(
  height: number,
  period: number,
  top: number,
  slot: number,
  step: number,
  residue: number,
  item: T
): Generator<Placed<T>> {
  const mMax = Math.floor((Math.min(top, height - 1) - slot) / period)
  if (mMax < residue) return
  for (let m = residue + step * Math.floor((mMax - residue) / step); m >= 0; m -= step) yield [slot + period * m, item]
}

/** The items of a list already in the list's order (newest first), from the first at or below `top`. */
export function* fromList<T>(list: ReadonlyArray<Placed<T>>, top: number): Generator<Placed<T>> {
  let lo = 0
  let hi = list.length
  // The first entry whose block is at or below `top` (blocks descend).
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]![0] > top) lo = mid + 1
    else hi = mid
  }
  for (let i = lo; i < list.length; i++) yield list[i]!
}

/** `(a mod n)` in `[0, n)`. */
export const mod = (a: number, n: number): number => ((a % n) + n) % n

/** How a merge orders and filters its items. */
export interface MergeOrder<T> {
  /** Whether `a` comes before `b` in the list (both at the same block). */
  readonly later: (a: T, b: T) => boolean
  /** Whether an item is the same as another at the same block (found by two sources): kept once. */
  readonly same: (a: T, b: T) => boolean
  /** Whether an item at the start block comes after the cursor (items at or before it were on earlier pages). */
  readonly afterCursor?: ((item: T) => boolean) | undefined
  /** Whether to keep an item at all (a filter the sources do not apply). */
  readonly keep?: ((block: number, item: T) => boolean) | undefined
}

interface Head<T> {
  block: number
  item: T
  readonly source: Source<T>
}

/**
 * Up to `want` items of the merged sources, newest first, from block `start` down: at `start` only items the
 * cursor has not passed (`afterCursor`). A binary heap keeps the next item of every source.
 */
export const mergeDown = <T>(
  sources: ReadonlyArray<Source<T>>,
  start: number,
  order: MergeOrder<T>,
  want: number
): Array<Placed<T>> => {
  const before = (a: Head<T>, b: Head<T>) => a.block > b.block || (a.block === b.block && order.later(a.item, b.item))
  const heap: Array<Head<T>> = []
  const push = (head: Head<T>) => {
    heap.push(head)
    let i = heap.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }
  const pop = (): Head<T> | undefined => {
    const top = heap[0]
    const last = heap.pop()
    if (top === undefined || last === undefined || heap.length === 0) return top
    heap[0] = last
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let best = i
      if (l < heap.length && before(heap[l]!, heap[best]!)) best = l
      if (r < heap.length && before(heap[r]!, heap[best]!)) best = r
      if (best === i) break
      ;[heap[i], heap[best]] = [heap[best]!, heap[i]!]
      i = best
    }
    return top
  }
  const advance = (source: Source<T>) => {
    const next = source.next()
    if (next.done !== true) push({ block: next.value[0], item: next.value[1], source })
  }
  for (const source of sources) advance(source)
  const out: Array<Placed<T>> = []
  let previous: Placed<T> | undefined
  while (out.length < want) {
    const head = pop()
    if (head === undefined) break
    advance(head.source)
    const { block, item } = head
    if (block === start && order.afterCursor !== undefined && !order.afterCursor(item)) continue
    if (previous !== undefined && previous[0] === block && order.same(previous[1], item)) continue
    if (order.keep !== undefined && !order.keep(block, item)) continue
    previous = [block, item]
    out.push(previous)
  }
  return out
}

/** How many blocks of a progression lie at or below `top`. */
export const progressionCount = (
  height: number,
  period: number,
  top: number,
  slot: number,
  step: number,
  residue: number
): number => {
  const mMax = Math.floor((Math.min(top, height - 1) - slot) / period)
  return mMax < residue ? 0 : Math.floor((mMax - residue) / step) + 1
}
