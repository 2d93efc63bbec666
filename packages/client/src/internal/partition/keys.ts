/**
 * Range arithmetic over a row's `range` (docs/blockscout-api.md, "Cursors are keys"): the cursor that starts
 * a range at its top, whether a walk's next cursor is at or below its bottom, where a cursor stands, and an
 * item's key. Ranges are whole blocks (or indexes), so only the first key decides where an item belongs.
 *
 * @internal
 */
import type { Endpoint, KeyRange } from "@blockscout-effect/schema"
import type { Cursor } from "../arguments.ts"

/** A row's key ranges, when it has them (paged rows with a `range`). */
export const rangeOf = (endpoint: Endpoint): KeyRange | undefined =>
  endpoint.shape === "page" ? endpoint.range : undefined

/** A key value as a number: a non-negative integer, sent as a number or (older servers) as digits. */
export const keyValue = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : undefined
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value)
  return undefined
}

/**
 * The cursor asking for every item at or below `top`: the first key `top + 1`, the others 0. The server's
 * comparison is strict and key by key, and a zero tail has a clause of its own (`{B, 0}` is
 * `block_number < B`).
 */
export const startCursor = (range: KeyRange, top: number): Cursor => {
  const cursor: Record<string, number> = {}
  range.cursorKeys.forEach((key, i) => {
    cursor[key] = i === 0 ? top + 1 : 0
  })
  return cursor
}

/** Where a cursor stands: its first key (the items it asks for are at or below it); `undefined` when absent. */
export const positionOf = (range: KeyRange, cursor: Cursor): number | undefined =>
  keyValue(cursor[range.cursorKeys[0] as string])

/**
 * Whether a walk whose next cursor is `cursor` has nothing left at or above `bottom`: its keys, compared one
 * by one, are at or below `{bottom, 0, ...}` (the start cursor of the range below). A cursor without a
 * readable first key is never below (the item check is the safety net); an unreadable lower key counts as
 * above 0. A cursor exactly at `{bottom, 0, ...}` with keys of its own besides (an ERC-1155 batch split
 * across pages) is not below either: Blockscout names the transfer above the batch, so what is left is
 * below, but a server that names the batch itself would have the batch's rest at the bottom still. One more
 * page settles it (its items below the bottom are cut).
 */
export const isBelow = (range: KeyRange, cursor: Cursor, bottom: number): boolean => {
  const first = positionOf(range, cursor)
  if (first === undefined) return false
  if (first !== bottom) return first < bottom
  for (const key of range.cursorKeys.slice(1)) {
    const value = keyValue(cursor[key])
    if (value === undefined || value > 0) return false
  }
  return !hasExtraKeys(range, cursor)
}

/** An item's key (its block number or index), `undefined` when it does not carry one. */
export const itemKeyOf = (range: KeyRange, item: unknown): number | undefined =>
  typeof item === "object" && item !== null ? keyValue((item as Record<string, unknown>)[range.itemKey]) : undefined

/**
 * Whether a cursor holds keys beyond the range's own (and the echoed `items_count`): E1's batch keys, whose
 * `block_number` names the transfer before a split batch, so the page's last items can be below it.
 */
export const hasExtraKeys = (range: KeyRange, cursor: Cursor): boolean =>
  Object.keys(cursor).some((key) => key !== "items_count" && !range.cursorKeys.includes(key))
