/**
 * How a dry run counts a keyed list it has no counter for: pages sampled across the span, each showing the
 * items of the keys (blocks or indexes) it covers whole, and what that says about the whole span, with how
 * far off it may be; and the page arithmetic of a walk, as the pagination does it.
 *
 * Why several windows, spread: one page of a chain covers a handful of blocks, and blocks differ by tens of
 * percent (a busy hour, an airdrop); windows of a fixed number of keys at the golden-ratio sequence's points
 * over the span (so a chain with a period never lines them up on one phase) average that out, each standing
 * for the keys around it. Windows, not pages: a page ends inside a busy block more often than a quiet one, so
 * pages' whole blocks lean quiet. A window reads on through a block longer than a page (a burst) and counts it
 * whole, and a span of 16 pages or more gets 12 windows at least: a chain whose transfers sit in a few bursty
 * blocks is missed by a few windows, and a block dropped for being longer than a page dropped the bursts. A span
 * the windows would mostly cover anyway (a sparse list, an address's) is walked whole and counted instead.
 *
 * @internal
 */
import { Effect } from "effect"
import type * as Errors from "../../BlockscoutError.ts"
import type { Page } from "../../Parameters.ts"
import type { Cursor } from "../arguments.ts"

/** Low and high ends of an estimate's range. */
export interface Bounds {
  readonly low: number
  readonly high: number
}

/** The fewest windows a sampled span of 16 pages or more gets (unless `samples` says): fewer miss bursts. */
const minWindows = 12

/** The most pages one window reads on through blocks longer than a page (bursts), besides its three. */
const blockPages = 20

/** The most pages a dry run samples per list by default; `samples` of the options overrides. */
export const maxSamples = 48

/**
 * Pages the run is expected to take per sample page: a run of 50 pages is sampled at 13 pages, one of 192 and
 * more at 48 (an even list, whose samples all agree, at 3). Fewer miss: blocks differ enough that a run of 100
 * pages sampled at 15 pages came out 5% off.
 */
const pagesPerSample = 4

/**
 * Student's t at 97.5% for `n - 1` degrees of freedom (n samples): the bounds are the estimate plus or minus
 * this many standard errors, so a few samples give the wide range they deserve.
 */
const tQuantile = (n: number): number =>
  n <= 1 ? 12.71 : ([12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23][n - 2] ?? (n < 30 ? 2.1 : 2))

/** How a list is read by key: its items' keys, a cursor's position, the cursor that starts at a key. */
export interface Keyed {
  /** The key (block or index) of an item; `undefined` for an item that has none (a pending transaction). */
  readonly keyOf: (item: unknown) => number | undefined
  /** Where a next cursor stands: the key of the page's last item, which the next page may go on with. */
  readonly positionOf: (cursor: Cursor) => number | undefined
  /** The cursor asking for every item at or below `top`. */
  readonly startAt: (top: number) => Cursor
  /** The page at a cursor (`undefined`: the newest page). */
  readonly fetch: (cursor: Cursor | undefined) => Effect.Effect<Page<unknown>, Errors.BlockscoutError>
}

/** What the sampled pages showed. */
export interface Sampled {
  /** Items expected in the span, and how far off that may be (about two standard errors). */
  readonly items: number
  readonly bounds: Bounds
  /** Whether the pages covered the whole span: `items` is then a count. */
  readonly exact: boolean
  /**
   * How much the items per page's worth of keys vary between the samples (their coefficient of variation; 0
   * for an even list such as withdrawals, or a count): how a range's items fall against page ends.
   */
  readonly unevenness: number
  /** The pages fetched, the first (at the span's top) first. */
  readonly pages: ReadonlyArray<Page<unknown>>
  /** The keys each page covered whole, from `low` up to `top` (both inclusive), in the order of `pages`. */
  readonly covers: ReadonlyArray<{ readonly top: number; readonly low: number }>
  /** The span's top: its `to`, or the newest item's key for a span open above. */
  readonly top: number | undefined
}

/** One page's whole keys: items per key over the keys from `top` down to above `bottom`. */
export interface Cover {
  readonly top: number
  /** The lowest key covered whole. */
  readonly low: number
  readonly items: number
  /** Sum over the covered keys of (items of that key)^2: the spread between keys. */
  readonly squares: number
}

/** How a span is sampled. */
export interface SampleOptions {
  /** Pages to sample (default: by the run's size, `samplesFor`). */
  readonly samples?: number | undefined
  /** Walk the span whole from its top (a count), up to three times the samples' pages; default: when cheap. */
  readonly walkWhole?: boolean | undefined
  /** The span's first page, when the caller has it already. */
  readonly first?: Page<unknown> | undefined
}

/** The keys `page` covers whole from `top` (`from`: the span's bottom, reached when the list ends). */
const coverOf = (keyed: Keyed, page: Page<unknown>, top: number, from: number): Cover | undefined => {
  const next = page.next_page_params
  // The last item's key may go on on the next page: only the keys above it are whole.
  const position = next === null ? undefined : keyed.positionOf(next)
  if (next !== null && position === undefined) return undefined
  // A page inside one key (more items than a page): that key, counted as far as the page goes (a floor).
  const low = Math.min(top, next === null ? from : Math.max(from, (position as number) + 1))
  const perKey = new Map<number, number>()
  for (const item of page.items) {
    const key = keyed.keyOf(item)
    if (key === undefined || key < low || key > top) continue
    perKey.set(key, (perKey.get(key) ?? 0) + 1)
  }
  let items = 0
  let squares = 0
  for (const n of perKey.values()) {
    items += n
    squares += n * n
  }
  return { top, low, items, squares }
}

/** The most sample pages a caller may ask for (`samples`): beyond it, walk the list instead. */
export const maxSampleOption = 64

/** Whether `samples` is a sample count a caller may ask for. */
export const isSampleCount = (samples: unknown): samples is number =>
  typeof samples === "number" && Number.isSafeInteger(samples) && samples >= 1 && samples <= maxSampleOption

/** How many pages to sample for a span the first page says holds about `pages` pages. */
export const samplesFor = (pages: number, asked: number | undefined): number =>
  asked !== undefined
    ? Math.max(1, Math.floor(asked))
    : Math.max(1, Math.min(maxSamples, Math.ceil(pages / pagesPerSample)))

const golden = 0.6180339887498949

/**
 * What the covers (newest first, none overlapping) say of the span `from` .. `from + width - 1`: the items seen,
 * each gap between two covers (and below the last) from the densities of the covers either side, and the
 * standard deviation of that estimate. A page holds a fixed number of items, so it spans more keys where the
 * list is sparse: one ratio over all the pages would lean toward the sparse parts (low), so each cover stands
 * for its own neighbourhood instead.
 */
const estimateFrom = (covers: ReadonlyArray<Cover>, from: number, width: number) => {
  const seen = covers.reduce((n, c) => n + c.items, 0)
  const seenKeys = covers.reduce((n, c) => n + (c.top - c.low + 1), 0)
  if (seenKeys >= width) return { items: seen, seen, exact: true, deviation: 0, unevenness: 0 }
  const density = seen / seenKeys
  const densities = covers.map((c) => c.items / (c.top - c.low + 1))
  let items = seen
  let gapSquares = 0
  const top = (covers[0] as Cover).top
  for (const [i, cover] of covers.entries()) {
    const next = covers[i + 1]
    const gap = next === undefined ? cover.low - from : cover.low - next.top - 1
    if (i === 0 && top - cover.top > 0) {
      // Above the newest cover (a first page never leaves one; kept for any order of covers).
      items += (top - cover.top) * (densities[0] as number)
    }
    if (gap <= 0) continue
    const d =
      next === undefined ? (densities[i] as number) : ((densities[i] as number) + (densities[i + 1] as number)) / 2
    items += gap * d
    gapSquares += gap * gap
  }
  const unseen = width - seenKeys
  // The spread of items per key (zero-item keys included) over the keys not seen, and the spread between the
  // covers' densities over each gap: the larger of the two.
  const squares = covers.reduce((n, c) => n + c.squares, 0)
  const perKey = seenKeys > 1 ? Math.max(0, (squares - seenKeys * density * density) / (seenKeys - 1)) : density
  let deviation = Math.sqrt(perKey / seenKeys) * unseen
  let unevenness = 1
  if (covers.length > 1) {
    const mean = densities.reduce((n, d) => n + d, 0) / densities.length
    const sd = Math.sqrt(densities.reduce((n, d) => n + (d - mean) ** 2, 0) / (densities.length - 1))
    unevenness = mean > 0 ? sd / mean : 0
    deviation = Math.max(deviation, sd * Math.sqrt(gapSquares / 2))
  } else deviation = Math.max(deviation, (density / 2) * unseen)
  return { items: Math.round(items), seen, exact: false, deviation, unevenness }
}

/**
 * Samples the span `from`..`to` (`to` undefined: from the newest item) of a keyed list: the first page at its
 * top, then pages spread over it, as many as `samples` asks (default: by the pages of the run's size,
 * `pageSizeOf`, the first page shows). The
 * items of keys no page covered are estimated from the density of those covered; the bounds from the spread
 * of items per key (a ratio estimate's standard error, doubled), never below what was seen.
 */
export const sampleSpan = (
  keyed: Keyed,
  from: number,
  to: number | undefined,
  pageSizeOf: (first: Page<unknown>) => number,
  options: SampleOptions
): Effect.Effect<Sampled | undefined, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const first = options.first ?? (yield* keyed.fetch(to === undefined ? undefined : keyed.startAt(to)))
    const pages: Array<Page<unknown>> = [first]
    // An open span's top is its newest item; one that has none is empty (or unkeyed: `undefined`).
    const keys = first.items.map(keyed.keyOf).filter((k): k is number => k !== undefined)
    const top = to ?? (keys.length > 0 ? Math.max(...keys) : undefined)
    if (top === undefined) {
      return first.next_page_params === null && first.items.length === 0
        ? { items: 0, bounds: { low: 0, high: 0 }, exact: true, unevenness: 0, pages, covers: [], top: undefined }
        : undefined
    }
    if (top < from) return { items: 0, bounds: { low: 0, high: 0 }, exact: true, unevenness: 0, pages, covers: [], top }
    const covers: Array<Cover> = []
    const firstCover = coverOf(keyed, first, top, from)
    if (firstCover === undefined) return undefined
    covers.push(firstCover)
    const width = top - from + 1
    const rough = firstCover.items === 0 ? 1 : (firstCover.items / (top - firstCover.low + 1)) * width
    const k = samplesFor(rough / pageSizeOf(first), options.samples)
    // A span the samples would mostly cover anyway is walked whole (a sparse list, an address's): counted.
    const sampleItems = Math.max(1, first.items.length)
    const walkWhole = options.walkWhole ?? rough <= 1.5 * k * sampleItems
    /** The key below which the cover under `start` begins (the span's bottom when none): a page stops there. */
    const floorAt = (start: number): number =>
      covers.reduce((f, c) => (c.top < start ? Math.max(f, c.top + 1) : f), from)
    const take = (start: number) =>
      Effect.map(keyed.fetch(keyed.startAt(start)), (page) => {
        pages.push(page)
        const cover = coverOf(keyed, page, start, floorAt(start))
        if (cover !== undefined) {
          covers.push(cover)
          covers.sort((a, b) => b.top - a.top)
        }
        return cover
      })
    if (walkWhole) {
      const most = (options.walkWhole === true ? 3 * k : Math.ceil(1.5 * k)) + 1
      let frontier = firstCover.low
      for (let j = 1; j < most && frontier > from; j++) {
        const cover = yield* take(frontier - 1)
        if (cover === undefined) break
        frontier = cover.low
      }
    } else {
      // Windows of a fixed number of keys, not pages of a fixed number of items: a page ends inside a block more
      // often the more items that block holds, so dropping the block a page ends in (it goes on on the next)
      // would drop the busy blocks more often than the quiet ones, and the density would come out low. A window
      // a quarter narrower than the first page's whole keys fits in a page mostly; one that does not is read
      // on (a page more, at most two; more through a block longer than a page).
      const w = Math.max(1, Math.floor(0.75 * (top - firstCover.low + 1)))
      const windowOf = (start: number) =>
        Effect.gen(function* () {
          const floor = floorAt(start)
          const bottom = Math.max(floor, start - w + 1)
          const keys: Array<number> = []
          let cursor: Cursor | undefined = keyed.startAt(start)
          let low = start + 1
          let last = start
          // Each page goes on from the last one's cursor, so a block split across pages is read on, not asked
          // again: a block longer than a page (a burst) is read to its end (up to `blockPages` pages) and
          // counted whole. Dropping such a block (its keys never whole on one page) left bursts out of the
          // windows: a bursty chain's sampled count came out 30-50% low.
          for (let fetched = 0, budget = 3; fetched < budget && low > bottom; fetched++) {
            const page: Page<unknown> = fetched === 0 && start === top ? first : yield* keyed.fetch(cursor)
            if (page !== first) pages.push(page)
            for (const item of page.items) {
              const key = keyed.keyOf(item)
              if (key !== undefined && key <= start && key >= floor) keys.push(key)
            }
            const next: Cursor | null = page.next_page_params
            if (next === null) {
              low = Math.max(bottom, floor)
              break
            }
            const position = keyed.positionOf(next)
            if (position === undefined) return undefined
            // The keys whole so far: above the block the cursor stands in.
            low = Math.max(bottom, floor, position + 1)
            // Still in the block the last page ended in: a block longer than a page, read on.
            if (position === last && budget < blockPages) budget += 1
            last = position
            cursor = next
          }
          const perKey = new Map<number, number>()
          for (const key of keys) if (key >= low) perKey.set(key, (perKey.get(key) ?? 0) + 1)
          let items = 0
          let squares = 0
          for (const n of perKey.values()) {
            items += n
            squares += n * n
          }
          // A window that saw no block whole (one block longer than it could read): what was seen stands for
          // the block it is in, a floor.
          if (low > start) {
            const partial = keys.filter((key) => key === start).length
            const cover: Cover = { top: start, low: start, items: partial, squares: partial * partial }
            covers.push(cover)
            covers.sort((a, b) => b.top - a.top)
            return cover
          }
          const cover: Cover = { top: start, low, items, squares }
          covers.push(cover)
          covers.sort((a, b) => b.top - a.top)
          return cover
        })
      // The first window, from the first page; then windows at the golden-ratio sequence's points, each in the
      // widest part not covered yet (a chain with a period never lines them up on one phase).
      covers.length = 0
      yield* windowOf(top)
      // However few pages the first one guesses: a first page in a quiet stretch guessed a bursty span at a
      // quarter of its pages, and its few windows all missed the bursts (estimates 75% low, out of their range).
      const guessed = rough / pageSizeOf(first)
      const windows = options.samples === undefined && guessed >= 16 ? Math.max(k, minWindows) : k
      let wanted = windows
      for (let j = 1; j < wanted; j++) {
        const point = top - Math.floor(((j * golden) % 1) * width)
        const inside = covers.find((c) => point <= c.top && point >= c.low)
        const start = inside === undefined ? point : inside.low - 1
        if (start < from || covers.some((c) => start <= c.top && start >= c.low)) continue
        const cover = yield* windowOf(start)
        if (cover === undefined) break
        // An even list (every window the same density, every key alike) says all it will after three.
        if (options.samples === undefined && covers.length >= 3) {
          const e = estimateFrom(covers, from, width)
          if (e.exact || e.deviation === 0) break
          // The first page guessed the run from its own density: once the windows say it is shorter (a chain
          // busiest at its top), fewer windows, as many as the run the windows see asks for.
          const seen = e.items / pageSizeOf(first)
          wanted = Math.min(windows, Math.max(samplesFor(seen, undefined), seen >= 16 ? minWindows : 1))
        }
      }
    }
    const e = estimateFrom(covers, from, width)
    if (e.exact) {
      return { items: e.items, bounds: { low: e.items, high: e.items }, exact: true, unevenness: 0, pages, covers, top }
    }
    const spread = tQuantile(covers.length) * e.deviation
    return {
      items: e.items,
      bounds: { low: Math.max(e.seen, Math.floor(e.items - spread)), high: Math.ceil(e.items + spread) },
      exact: false,
      unevenness: e.unevenness,
      pages,
      covers,
      top
    }
  })

/**
 * What a range's end adds over its items, in pages: with an uneven list a range's items end anywhere on a page,
 * half a page on average; with an even one (a density cut gives a range whole pages, `unevenness` 0) the page
 * crossing its bottom is a whole page more, unless the walk ends on the page that ends at its bottom
 * (`endsAtBottom`: a row keyed by one key per item, withdrawals' index, whose cursor at the bottom says nothing
 * is left).
 */
export const crossingCost = (unevenness: number, pagesPerRange: number, endsAtBottom = false): number => {
  // The spread of a range's items in pages: past a third of a page, where they end is as good as random.
  const spread = Math.min(1, (unevenness * Math.sqrt(Math.max(1, pagesPerRange))) / 0.3)
  const even = endsAtBottom ? 0 : 1
  return even + (0.5 - even) * spread
}

/** One range's pages: to the list's end, `ceil` (one for none); ending above it (`crossing`), `floor + 1`. */
const onePage = (items: number, pageSize: number, crossing: boolean): number =>
  crossing ? Math.floor(items / pageSize) + 1 : Math.max(1, Math.ceil(items / pageSize))

/**
 * Requests a walk of `items` makes at `pageSize` a page when split in `ranges` ranges, as the pagination does
 * it: the server looks one item ahead, so a walk to the list's end takes `ceil(items / pageSize)` pages (one for
 * an empty list), never an empty last page; a range that ends above the list's end (`crossing`) ends on the page
 * that crosses its bottom, `floor(n / pageSize) + 1` for its `n` items. Split in several ranges, each costs
 * `perRange` pages over its items (`crossingCost`). Not rounded (sum first, then round).
 */
export const walkPages = (
  items: number,
  pageSize: number,
  ranges: number,
  crossing: boolean,
  perRange = 0.5
): number =>
  // Each range takes a page at least, even one with nothing in it.
  ranges <= 1 ? onePage(items, pageSize, crossing) : Math.max(ranges, items / pageSize + ranges * perRange)
/**
 * `walkPages` at the ends of a range of items and of ranges: the fewest (the crossings land on page ends) and
 * the most (each range a page over its items).
 */
export const walkPageBounds = (
  items: Bounds,
  pageSize: number,
  fewestRanges: number,
  mostRanges: number,
  crossing: boolean
): Bounds => ({
  low:
    fewestRanges <= 1
      ? onePage(items.low, pageSize, crossing)
      : Math.max(fewestRanges, Math.ceil(items.low / pageSize)),
  high:
    mostRanges <= 1
      ? onePage(items.high, pageSize, crossing)
      : Math.floor(items.high / pageSize) + Math.ceil(mostRanges)
})
