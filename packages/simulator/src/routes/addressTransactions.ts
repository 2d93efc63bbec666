/**
 * S3 `GET /addresses/{address}/transactions`: the transactions an address sends, receives or creates, pending
 * ones first (newest inserted first), then mined ones newest first; `filter` keeps those `to` or `from` it.
 * `sort` (`block_number`, `value`, `fee`) with `order` reorders the whole list, as `compare_custom_sorting`
 * does (ties in chain order).
 *
 * Pending ones include, in live mode, those reorganisations sent back (after the chain's own, as E4 lists them).
 * The cursor carries all six keys of `address_transactions_next_page_params` (a pending item's block number and
 * index null): the page after a mined item continues below its block and index, after a pending one below its
 * hash, then with every mined transaction.
 *
 * @internal
 */
import type { TxTemplate } from "../chain/templates.ts"
import { minedFee, minedValue } from "../chain/coins.ts"
import {
  allMinedTransactions,
  minedTransactions,
  type PendingEntry,
  pendingOf,
  renderPending,
  roleFor
} from "../internal/activity.ts"
import { pageOf } from "../internal/pages.ts"
import { type Cursor, hashParam, int, invalid, type Json, oneOf } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** One transaction of the list: pending (the chain's, or one a reorganisation dropped) or mined (its block and template). */
type Entry = PendingEntry | { readonly block: number; readonly tx: TxTemplate }

const isPending = (e: Entry): e is PendingEntry => "pending" in e || "dropped" in e

const render = (ctx: RouteContext, e: Entry): Json =>
  isPending(e) ? renderPending(ctx, e) : ctx.render.transaction(e.block, e.tx)

/** When a pending entry was first seen: the chain's pending ones after the head, a dropped one before its block. */
const insertedAt = (ctx: RouteContext, e: PendingEntry): string =>
  "pending" in e
    ? ctx.render.preciseTimestamp(ctx.chain.pendingInsertedMillis(e.pending), e.pending)
    : ctx.render.preciseTimestamp(ctx.chain.blockMillis(e.dropped.block) - 1, e.dropped.position)

/** The six cursor keys of an entry, from what the item shows (value and fee as the server's decimals). */
const cursorOf = (ctx: RouteContext, e: Entry): Cursor => {
  const item = render(ctx, e) as { value: string; fee: { value: string }; hash: string }
  const base = { value: item.value, fee: item.fee.value, hash: item.hash }
  return isPending(e)
    ? { block_number: null, index: null, inserted_at: insertedAt(ctx, e), ...base }
    : {
        block_number: e.block,
        index: e.tx.position,
        inserted_at: ctx.render.preciseTimestamp(ctx.chain.blockMillis(e.block), e.block * 4096 + e.tx.position),
        ...base
      }
}

/** An entry's transaction hash (a cursor names the entry it ends on by it). */
const hashOf = (ctx: RouteContext, e: Entry): string =>
  "pending" in e
    ? ctx.chain.pendingHash(e.pending)
    : "dropped" in e
      ? ctx.chain.transactionHashAt(e.dropped.block, e.dropped.generation, e.dropped.position)
      : ctx.chain.transactionHash(e.block, e.tx.position)

/** A sortable number of an entry: its value or its fee (a pending fee is its maximum), or its place. */
const sortKey = (ctx: RouteContext, e: Entry, sort: "value" | "fee"): bigint => {
  if (!isPending(e)) return sort === "value" ? minedValue(ctx.chain, e.block, e.tx) : minedFee(ctx.chain, e.block, e.tx)
  const item = renderPending(ctx, e) as { value: string; fee: { value: string } }
  return BigInt(sort === "value" ? item.value : item.fee.value)
}

export const addressTransactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { query } = ctx
    const address = ctx.params.address!
    const direction = oneOf(query, "filter", ["to", "from"] as const)
    const sort = oneOf(query, "sort", ["block_number", "value", "fee"] as const)
    const order = oneOf(query, "order", ["asc", "desc"] as const) ?? "desc"
    const block = int(query, "block_number")
    const index = int(query, "index")
    const hash = hashParam(query, "hash")
    for (const k of ["value", "fee"])
      if (query[k] !== undefined && !/^\d+$/.test(query[k]!)) throw invalid(k, "Invalid value")
    const role = roleFor(ctx, address)
    const pending = pendingOf(ctx, address, direction)
    const entryOf = ([b, tx]: readonly [number, TxTemplate]): Entry => ({ block: b, tx })

    if (sort !== undefined && (sort !== "block_number" || order === "asc")) {
      // A reordered list: the whole history, sorted once, continued after the cursor's transaction.
      const all = ctx.memo(`addressTx|${address}|${direction ?? "*"}|${sort}|${order}`, () => {
        const list: Array<Entry> = [...pending, ...allMinedTransactions(ctx, role, direction).map(entryOf)]
        if (sort === "block_number") return list.reverse()
        const keyed = list.map((e, i) => ({ e, i, k: sortKey(ctx, e, sort) }))
        keyed.sort((a, b) => (a.k === b.k ? a.i - b.i : a.k > b.k === (order === "desc") ? -1 : 1))
        return keyed.map((x) => x.e)
      })
      const at = hash === undefined ? -1 : all.findIndex((e) => hashOf(ctx, e) === hash)
      const found = all.slice(at + 1, at + 2 + ctx.size)
      return pageOf(
        ctx,
        found,
        (e) => render(ctx, e),
        (e) => cursorOf(ctx, e)
      )
    }

    // Chain order: pending transactions, then mined ones from the cursor's place.
    let found: Array<Entry> = []
    if (block === undefined) {
      const below = hash === undefined ? -1 : pending.findIndex((e) => hashOf(ctx, e) === hash)
      found = pending.slice(below + 1, below + 2 + ctx.size)
    }
    if (found.length <= ctx.size) {
      const cursor = block === undefined ? undefined : { block, index }
      found.push(...minedTransactions(ctx, role, direction, cursor, ctx.size + 1 - found.length).map(entryOf))
    }
    return pageOf(
      ctx,
      found,
      (e) => render(ctx, e),
      (e) => cursorOf(ctx, e)
    )
  }
}
