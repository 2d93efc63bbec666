/**
 * Range arithmetic over a row's `range` (`KeyRange`; docs/blockscout-api.md, "Cursors are keys"), the one
 * definition the client's partitioned streams, its address histories and the backfill's plans share: a span
 * split into ranges, the cursor that starts a range at its top, whether a walk's next cursor has left its
 * bottom (with the ERC-1155 batch rule), where a cursor stands, and an item's key.
 *
 * When to use: reading a history range by range with your own cursors; the client's `partition` option and
 * the backfill already do. Ranges are whole blocks (or indexes), so only the first key decides where an item
 * belongs.
 *
 * @since 0.1.0
 */
import type { Endpoint, KeyRange } from "./Endpoint.ts"
import type { NextPageParams } from "./Page.ts"

/**
 * A row's key ranges, when it has them (paged rows with a `range`); a filter in its `unless` still rules
 * them out.
 *
 * @since 0.1.0
 * @category key ranges
 */
export const rangeOf = (endpoint: Endpoint): KeyRange | undefined =>
  endpoint.shape === "page" ? endpoint.range : undefined

/**
 * The filter of a request that orders the row otherwise (a rule of the range's `unless`), with the value it
 * was given, or `undefined` when the ranges apply. A filter's value may be given as a string (several values
 * comma-separated, as sent), an array, or anything else (its text).
 *
 * @since 0.1.0
 * @category key ranges
 */
export const ruledOut = (
  range: KeyRange,
  args: Readonly<Record<string, unknown>>
): { readonly filter: string; readonly value: string } | undefined => {
  for (const rule of range.unless) {
    const value = args[rule.filter]
    if (value === undefined) continue
    const values = Array.isArray(value) ? value.map(String) : String(value).split(",")
    if (rule.values === undefined || values.some((v) => rule.values?.includes(v))) {
      return { filter: rule.filter, value: values.join(",") }
    }
  }
  return undefined
}

/**
 * A key value as a number: a non-negative safe integer, sent as a number or (older servers) as digits;
 * `undefined` for anything else.
 *
 * @since 0.1.0
 * @category key ranges
 */
export const keyValue = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : undefined
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value)
  return undefined
}

/**
 * An inclusive key range `[lo, hi]` (blocks or indexes).
 *
 * @since 0.1.0
 * @category key ranges
 */
export interface Bounds {
  readonly lo: number
  readonly hi: number
}

/**
 * `[lo, hi]` cut into `parts` ranges of whole keys, newest first and end to end; fewer when the span has
 * fewer keys, none when it is empty (`hi < lo`). Widths differ by at most one key, the wider ones first (the
 * newest ranges are the ones a chain-ordered run waits on, but one key is noise either way).
 *
 * @since 0.1.0
 * @category key ranges
 */
export const split = (lo: number, hi: number, parts: number): Array<Bounds> => {
  if (hi < lo) return []
  const width = hi - lo + 1
  const n = Math.max(1, Math.min(parts, width))
  const out: Array<Bounds> = []
  let top = hi
  for (let i = 0; i < n; i++) {
    const size = Math.floor(width / n) + (i < width % n ? 1 : 0)
    out.push({ lo: top - size + 1, hi: top })
    top -= size
  }
  return out
}

/**
 * The cursor asking for every item at or below `top`: the first key `top + 1`, the others 0. The server's
 * comparison is strict and key by key, and a zero tail has a clause of its own (`{B, 0}` is
 * `block_number < B`). Only `cursorKeys` is read, so a list outside the endpoints table's ranges (an
 * address's transactions, ranged by the history only) can pass its keys alone.
 *
 * @since 0.1.0
 * @category key ranges
 */
export const startCursor = (range: Pick<KeyRange, "cursorKeys">, top: number): NextPageParams =>
  Object.fromEntries(range.cursorKeys.map((key, i) => [key, i === 0 ? top + 1 : 0]))

/**
 * Where a cursor stands: its first key (the items it asks for are at or below it); `undefined` when absent or
 * unreadable.
 *
 * @since 0.1.0
 * @category key ranges
 */
export const positionOf = (range: Pick<KeyRange, "cursorKeys">, cursor: NextPageParams): number | undefined =>
  keyValue(cursor[range.cursorKeys[0] as string])

/**
 * Whether a cursor holds keys beyond the range's own (and the echoed `items_count`): E1's ERC-1155 batch keys,
 * whose `block_number` names the transfer before a split batch, so the page's last items can be below it.
 *
 * @since 0.1.0
 * @category key ranges
 */
export const hasExtraKeys = (range: Pick<KeyRange, "cursorKeys">, cursor: NextPageParams): boolean =>
  Object.keys(cursor).some((key) => key !== "items_count" && !range.cursorKeys.includes(key))

/**
 * Whether a walk whose next cursor is `cursor` has nothing left at or above `bottom` (the range's end): its
 * keys, compared one by one, are at or below `{bottom, 0, ...}` (the start cursor of the range below). A
 * cursor without a readable first key is never below (the item check is the safety net); an unreadable lower
 * key counts as above 0. A cursor exactly at `{bottom, 0, ...}` with keys of its own besides (an ERC-1155 batch
 * split across pages) is not below either: Blockscout names the transfer above the batch, so what is left is
 * below, but a server that names the batch itself would have the batch's rest at the bottom still. One more
 * page settles it (its items below the bottom are cut).
 *
 * @since 0.1.0
 * @category key ranges
 */
export const isBelow = (range: Pick<KeyRange, "cursorKeys">, cursor: NextPageParams, bottom: number): boolean => {
  const first = positionOf(range, cursor)
  if (first === undefined) return false
  if (first !== bottom) return first < bottom
  for (const key of range.cursorKeys.slice(1)) {
    const value = keyValue(cursor[key])
    if (value === undefined || value > 0) return false
  }
  return !hasExtraKeys(range, cursor)
}

/**
 * An item's key (`block_number`, a block's `height`, a withdrawal's `index`), `undefined` when it does not
 * carry a readable one (token transfers of servers before 10.0 carry no `block_number`).
 *
 * @since 0.1.0
 * @category key ranges
 */
export const itemKeyOf = (range: Pick<KeyRange, "itemKey">, item: unknown): number | undefined =>
  typeof item === "object" && item !== null ? keyValue((item as Record<string, unknown>)[range.itemKey]) : undefined
