/**
 * The ranges of a partitioned stream, newest first and end to end, and how they split: a range about to be
 * walked keeps the top of its span that the observed density says holds a few pages and leaves the rest as a
 * new range below it; a range being walked hands the rest of its span below its position to an idle worker.
 * So the ranges near the newest end stay small (chain order holds little), and no range keeps the others
 * waiting while its span can still be cut.
 *
 * @internal
 */
import { type KeyRange, type PageMeta, KeyRanges } from "@blockscout-effect/schema"
import type { Cursor } from "../arguments.ts"

/** A page fetched for a range, held until it can be emitted. */
export interface Delivered<A> {
  /** Its items within the range, in the server's order. */
  readonly items: ReadonlyArray<A>
  /** The cursor it was fetched with (`undefined`: the newest page). */
  readonly cursor: Cursor | undefined
  /** The server's next cursor. */
  readonly next: Cursor | null
  /** The range's walk ends with it. */
  readonly last: boolean
  /** Arrival number, across ranges (emission order in arrival mode). */
  readonly seq: number
  /** The server's page `meta` (12.x internal-transaction lists: whether the list is complete yet), when sent. */
  readonly meta?: PageMeta | undefined
}

/** One range and where it stands. */
export interface Segment<A> {
  /** Oldest key, inclusive; raised when the span below is split off. */
  lo: number
  /** Newest key, inclusive; `Infinity`: open above (the newest page first). */
  readonly hi: number
  /** The cursor of the next page to fetch; `undefined`: not begun. */
  cursor: Cursor | undefined
  /** The lowest key of an item fetched so far (`Infinity`: none): the span is never cut above it. */
  floor: number
  /** `pending`: waiting for a worker; `running`: walked; `fetched`: its walk is over. */
  status: "pending" | "running" | "fetched"
  /** Pages fetched and not emitted yet. */
  readonly buffer: Array<Delivered<A>>
  /** The cursor after its last emitted page (`undefined`: none emitted). */
  emittedCursor: Cursor | undefined
  /** Every page of it was emitted. */
  emittedDone: boolean
}

/** A range not begun (or resumed at `cursor`). */
export const segment = <A>(lo: number, hi: number, cursor?: Cursor): Segment<A> => ({
  lo,
  hi,
  cursor,
  floor: Number.POSITIVE_INFINITY,
  status: "pending",
  buffer: [],
  emittedCursor: cursor,
  emittedDone: false
})

/**
 * The newest key a range still has to fetch: below its cursor and its lowest item so far, or its top when not
 * begun; `undefined` for an open range not begun (the first page says).
 */
export const topOf = <A>(range: KeyRange, seg: Segment<A>): number | undefined => {
  const at = seg.cursor === undefined ? seg.hi : (KeyRanges.positionOf(range, seg.cursor) ?? Number.POSITIVE_INFINITY)
  const top = Math.min(at, seg.floor)
  return Number.isFinite(top) ? top : undefined
}

/**
 * Items per key, as the pages show it: moving averages of items and keys spanned per page, and the largest
 * page the server gave (its page size).
 */
export interface Density {
  items: number
  span: number
  pageItems: number
  samples: number
}

export const makeDensity = (): Density => ({ items: 0, span: 0, pageItems: 0, samples: 0 })

/** Weight of the newest page: follows a chain getting sparser with age within a few ranges. */
const densityWeight = 0.25

/** Records a page: `items` kept in the range over `span` keys, `served` items the server sent. */
export const observeDensity = (density: Density, items: number, span: number, served: number): void => {
  density.pageItems = Math.max(density.pageItems, served)
  if (span <= 0) return
  if (density.samples === 0) {
    density.items = items
    density.span = span
  } else {
    density.items += densityWeight * (items - density.items)
    density.span += densityWeight * (span - density.span)
  }
  density.samples += 1
}

/** Keys expected to hold `pages` full pages; `undefined` before any page was seen. */
export const spanFor = (density: Density, pages: number): number | undefined => {
  if (density.samples === 0 || density.pageItems === 0) return undefined
  if (density.items <= 0) return Number.POSITIVE_INFINITY
  return Math.max(1, Math.ceil((pages * density.pageItems * density.span) / density.items))
}

/**
 * Cuts a range at `cut`: it keeps `[cut, top]`, and `[lo, cut - 1]` becomes a new range right below it (the
 * new one is returned). `cut` must be above `lo` and at most the range's top.
 */
export const cutAt = <A>(segments: Array<Segment<A>>, seg: Segment<A>, cut: number): Segment<A> => {
  const below = segment<A>(seg.lo, cut - 1)
  seg.lo = cut
  segments.splice(segments.indexOf(seg) + 1, 0, below)
  return below
}

/**
 * Where to cut a range not begun (or resumed) so it keeps about `span` keys from its top: `undefined` when
 * its span is too small to be worth a cut (under one and a half times `span`), its top is not known yet (an
 * open range: the first page says), or no density is known (it is taken whole; a worker with nothing to do
 * halves it once it runs).
 */
export const carvePoint = <A>(range: KeyRange, seg: Segment<A>, span: number | undefined): number | undefined => {
  const top = topOf(range, seg)
  if (top === undefined || span === undefined || !Number.isFinite(span)) return undefined
  return top - seg.lo + 1 < span * 1.5 ? undefined : top - span + 1
}

/**
 * Where to split a range being walked, for a worker with nothing else to do; its walk keeps the part above
 * the cut, the part below becomes a new range. A range with more than one and a half `span`s left keeps one
 * `span` (a few pages) and gives up the rest, so new work starts right below the front, where chain order
 * needs it next; a smaller one is halved while at least two pages are left (a slow range shared), unless
 * `halve` is false (the caller allows only the cut of a wide range). `undefined` when it is not worth a second
 * worker: under two keys, or (with a density known) under two pages.
 */
export const splitPoint = <A>(
  range: KeyRange,
  seg: Segment<A>,
  density: Density,
  span: number | undefined,
  halve = true
): number | undefined => {
  const top = topOf(range, seg)
  if (top === undefined || top <= seg.lo) return undefined
  const width = top - seg.lo + 1
  if (span !== undefined && Number.isFinite(span) && width > span * 1.5) return top - span + 1
  if (!halve) return undefined
  if (density.samples > 0 && density.pageItems > 0 && (width * density.items) / density.span < 2 * density.pageItems) {
    return undefined
  }
  return top - Math.floor(width / 2) + 1
}
