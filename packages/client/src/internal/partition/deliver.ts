/**
 * A fetched page taken into its range (the step between a worker's request and the emitter): its items cut to
 * the range's bounds, the range's position and the key density moved on, the page held for the emitter.
 *
 * @internal
 */
import * as Errors from "../../BlockscoutError.ts"
import type { PageWithCursor } from "../../Parameters.ts"
import { hasExtraKeys, isBelow, itemKeyOf, positionOf } from "./keys.ts"
import { observeDensity, type Segment } from "./segments.ts"
import type { Shared } from "./workers.ts"

const missingKey = <A>(shared: Shared<A>, index: number): Errors.BlockscoutError =>
  new Errors.BlockscoutError({
    reason: new Errors.Decode({
      endpoint: shared.prepared.endpoint.name,
      url: "",
      path: `items.${index}.${shared.range.itemKey}`,
      message: `a partitioned stream needs each item's ${shared.range.itemKey} to cut a range at its bound; this server's items do not carry it`
    })
  })

/**
 * Takes a fetched page into its range: its items cut to `[lo, hi]` (an item without its key is kept only where
 * the next cursor shows the whole page is in the range), the range's position and the density updated.
 * Returns whether the range's walk is over.
 */
export const deliver = <A>(shared: Shared<A>, seg: Segment<A>, page: PageWithCursor<A>): boolean => {
  const { range } = shared
  const next = page.next_page_params
  const last = next === null || isBelow(range, next, seg.lo)
  // Items are below the cursor they were asked with (so at most `hi`), and at or above the next cursor: when
  // it is at or above `lo` (and names the page's last item: no batch keys), the whole page is in the range.
  const wholeInRange = next !== null && !hasExtraKeys(range, next) && (positionOf(range, next) ?? -1) >= seg.lo
  let kept: Array<A> | undefined
  let lowest = Number.POSITIVE_INFINITY
  let highest = Number.NEGATIVE_INFINITY
  page.items.forEach((item, i) => {
    const key = itemKeyOf(range, item)
    const inRange = key === undefined ? wholeInRange : key >= seg.lo && key <= seg.hi
    if (key === undefined && !wholeInRange && shared.failure === undefined) shared.failure = missingKey(shared, i)
    if (key !== undefined && inRange) {
      lowest = Math.min(lowest, key)
      highest = Math.max(highest, key)
    }
    if (!inRange && kept === undefined) kept = page.items.slice(0, i)
    else if (inRange && kept !== undefined) kept.push(item)
  })
  const items = kept ?? page.items
  const before =
    page.cursor === undefined ? (Number.isFinite(seg.hi) ? seg.hi + 1 : highest + 1) : positionOf(range, page.cursor)
  const after = last ? seg.lo : positionOf(range, next)
  if (before !== undefined && after !== undefined && Number.isFinite(before)) {
    observeDensity(shared.density, items.length, before - after, page.items.length)
  }
  seg.floor = Math.min(seg.floor, lowest)
  if (last) seg.status = "fetched"
  else seg.cursor = next
  seg.buffer.push({
    items,
    cursor: page.cursor,
    next,
    last,
    seq: ++shared.seq,
    ...(page.meta === undefined ? {} : { meta: page.meta })
  })
  shared.buffered += 1
  return last
}
