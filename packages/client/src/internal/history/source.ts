/**
 * One list of a history as the merge walks it: its pages pulled one at a time (the walk underneath prefetches
 * the next), each item placed (kind, block, transaction) and held until its block is complete, and where the
 * list stands for a checkpoint (the cursor of the page holding its oldest held item).
 *
 * What is left out as a page is read: pending transactions (counted), items at or above the checkpoint's
 * frontier (emitted by an earlier run) or above the range, and everything from the first item below the
 * range on (the list is over for this history then).
 *
 * @internal
 */
import type { NextPageParams } from "@blockscout-effect/schema"
import { Effect, Pull, type Scope, Stream } from "effect"
import { BlockscoutError, Decode } from "../../BlockscoutError.ts"
import type { HistoryKind } from "../../History.ts"
import type { SourceProgress } from "../../History.ts"
import type { HistoryTally } from "../../History.ts"
import type { PageWithCursor } from "../../Parameters.ts"
import { type Held, placeOf } from "./entries.ts"
import { countMeta, countPending } from "./tally.ts"

/** How to read one list: its pages from a cursor (undefined: from the top of the history's range). */
export interface SourceSpec {
  readonly kind: HistoryKind
  /** The endpoint row of its list (named in errors). */
  readonly endpoint: string
  readonly pages: (cursor: NextPageParams | undefined) => Stream.Stream<PageWithCursor<unknown>, BlockscoutError>
}

/** What every list of one history shares. */
export interface Bounds {
  readonly address: string
  readonly fromBlock: number
  readonly toBlock: number | undefined
  /** Blocks at or above it were emitted by an earlier run (a checkpoint's frontier). */
  readonly frontier: number | null
  /** A transaction's block and index, looked up (a token transfer of a server before 6.8 has no block number). */
  readonly lookup: (hash: string) => Effect.Effect<{ readonly block: number; readonly index: number }, BlockscoutError>
}

/** One list being walked. */
export interface Live {
  readonly kind: HistoryKind
  readonly endpoint: string
  readonly pull: Effect.Effect<ReadonlyArray<PageWithCursor<unknown>> | undefined, BlockscoutError>
  /** Pages pulled and not read yet (a pull may bring several). */
  readonly queue: Array<PageWithCursor<unknown>>
  /** Items read and not emitted, newest first. */
  held: Array<Held>
  /** No more pages will be read. */
  ended: boolean
  /** The cursor the next page is fetched with (where the list stands once nothing is held). */
  next: NextPageParams | undefined
  /** The block of the last item read: a list goes newest first, never back up. */
  last: number | undefined
}

/** Starts walking a list from `cursor`, in the stream's scope. */
export const open = (spec: SourceSpec, cursor: NextPageParams | undefined): Effect.Effect<Live, never, Scope.Scope> =>
  Effect.map(Stream.toPull(spec.pages(cursor)), (pull) => ({
    kind: spec.kind,
    endpoint: spec.endpoint,
    pull: Pull.catchDone(pull, () => Effect.succeed(undefined)),
    queue: [],
    held: [],
    ended: false,
    next: cursor,
    last: undefined
  }))

/** The newest block a list can still hold items of: its oldest held item's block (its next page goes on from there). */
export const reach = (live: Live): number => (live.held[live.held.length - 1] as Held).block

/**
 * Reads the list's next page into `held`, updating the tally (pending transactions, internal-transaction
 * `meta`); `ended` once the list is over for this history.
 */
export const readPage = (
  live: Live,
  bounds: Bounds,
  tally: { value: HistoryTally }
): Effect.Effect<void, BlockscoutError> =>
  Effect.gen(function* () {
    while (live.queue.length === 0) {
      const pages = yield* live.pull
      if (pages === undefined) {
        live.ended = true
        return
      }
      live.queue.push(...pages)
    }
    const page = live.queue.shift() as PageWithCursor<unknown>
    live.next = page.next_page_params ?? undefined
    if (page.next_page_params === null) live.ended = true
    if (live.kind === "internalTransaction") {
      const start = page.cursor?.block_number
      const from = typeof start === "number" ? start : (bounds.toBlock ?? Number.MAX_SAFE_INTEGER)
      tally.value = countMeta(tally.value, page.meta, page.items, { from, to: bounds.fromBlock })
    }
    for (const item of page.items) {
      const place = placeOf(live.kind, item)
      let block = place.block
      let index = place.index
      if (block === null || block === undefined) {
        if (live.kind === "transaction") {
          // Counted once: a resumed run re-reads the first page only when the earlier run had read all of them.
          if (bounds.frontier === null) {
            const to = (item as { readonly to: { readonly hash: string } | null }).to
            tally.value = countPending(tally.value, to, bounds.address)
          }
          continue
        }
        if (place.hash === null) return yield* Effect.fail(unplaceable(live, page.cursor))
        const found = yield* bounds.lookup(place.hash)
        block = found.block
        index = found.index
      }
      if (
        (bounds.frontier !== null && block >= bounds.frontier) ||
        (bounds.toBlock !== undefined && block > bounds.toBlock)
      ) {
        continue
      }
      // A list that goes back up would emit an entry out of order, or twice: refuse it.
      if (live.last !== undefined && block > live.last) {
        return yield* Effect.fail(outOfOrder(live, block, live.last, page.cursor))
      }
      live.last = block
      if (block < bounds.fromBlock) {
        live.ended = true
        live.queue.length = 0
        return
      }
      live.held.push({
        kind: live.kind,
        block,
        hash: place.hash,
        index,
        position: place.position,
        item,
        page: page.cursor
      })
    }
  })

/** An item that says neither its block nor its transaction: nothing can place it in the chain. */
const unplaceable = ({ kind, endpoint }: Live, cursor: NextPageParams | undefined) =>
  new BlockscoutError({
    reason: new Decode({
      endpoint,
      url: "",
      path: "block_number",
      message: `a ${kind} item has neither a block number nor a transaction hash (page cursor ${JSON.stringify(cursor ?? null)})`
    })
  })

/** A list whose next item is newer than the last one read: its server does not order it newest first. */
const outOfOrder = ({ kind, endpoint }: Live, block: number, last: number, cursor: NextPageParams | undefined) =>
  new BlockscoutError({
    reason: new Decode({
      endpoint,
      url: "",
      path: "block_number",
      message:
        `the ${kind} list went back up from block ${last} to block ${block} (page cursor ` +
        `${JSON.stringify(cursor ?? null)}): it is not newest first, so it cannot be merged`
    })
  })

/** Where the list stands once its items of blocks above `below` are out. */
export const progressOf = (live: Live): SourceProgress => {
  const first = live.held[0]
  if (first !== undefined) return cursorProgress(live.kind, first.page)
  if (live.ended) return { kind: live.kind, done: true }
  return cursorProgress(live.kind, live.queue[0]?.cursor ?? live.next)
}

const cursorProgress = (kind: HistoryKind, cursor: NextPageParams | undefined): SourceProgress =>
  cursor === undefined ? { kind, done: false } : { kind, cursor, done: false }
