/**
 * The merge: an address's lists walked at once and emitted a block at a time, newest first.
 *
 * Each list's items come newest first, so once every list still going holds an item at or below block `T`
 * (its oldest held item, `reach`), no list can bring more items of any block above `T`: those blocks are
 * complete, and go out ordered (`orderBlock`) in one page, with the checkpoint after them. When no block is
 * complete yet, the lists holding back (those whose oldest held item is at `T`) read their next page. A list
 * holds at most the pages between its newest unemitted item and the others' reach: memory stays bounded by a
 * few pages per list (more only for a block larger than a page).
 *
 * @internal
 */
import { Effect, Option, Stream } from "effect"
import { BlockscoutError, ResponseTooLarge } from "../../BlockscoutError.ts"
import type { HistoryEntry, HistoryPage } from "../../History.ts"
import type { HistoryCheckpoint, SourceProgress } from "../../History.ts"
import type { HistoryReport, HistoryTally } from "../../History.ts"
import { type Held, orderBlock, unplaced } from "./entries.ts"
import { type Bounds, type Live, open, progressOf, reach, readPage, type SourceSpec } from "./source.ts"
import { countEntries, countLookups } from "./tally.ts"

/** One history to merge. */
export interface MergeInput extends Bounds {
  readonly request: string
  readonly sources: ReadonlyArray<SourceSpec>
  /** Where each list resumes (from a checkpoint); absent: from the top of the range. */
  readonly resume: ReadonlyArray<SourceProgress> | undefined
  readonly tally: HistoryTally
  /** The report for the last page, when one is asked for. */
  readonly finish: ((tally: HistoryTally) => Effect.Effect<HistoryReport, BlockscoutError>) | undefined
  /** The most entries held while a block is not complete (default `maxHeld`). */
  readonly maxHeld?: number | undefined
}

/** The most entries the merge holds while a block is not complete (`ResponseTooLarge` past it). */
export const maxHeld = 100_000

const tooWide = (live: Live, block: number, held: number, limit: number) =>
  new BlockscoutError({
    reason: new ResponseTooLarge({
      endpoint: live.endpoint,
      url: "",
      limit,
      message:
        `the address's lists hold ${held} entries still at block ${block} or above: a history is merged a whole block ` +
        `at a time, and no block of one address holds that many (the server keeps answering the same block)`
    })
  })

/** Lookups kept for ordering (a bound: a history's lookups are few, but a run is long). */
const lookupCacheSize = 4096

interface State {
  readonly lives: ReadonlyArray<Live>
  readonly tally: { value: HistoryTally }
  frontier: number | null
  /** Transaction indexes looked up, by hash. */
  readonly known: Map<string, number>
  /** Looks a transaction up once per run (kept in `known`), counting it in the tally. */
  readonly lookup: Bounds["lookup"]
  /** Whether a page went out in this run. */
  emitted: boolean
}

/** Takes every held item of blocks above `above` out of the lists, newest first (each list's prefix). */
const takeAbove = (lives: ReadonlyArray<Live>, above: number): Array<Held> => {
  const out: Array<Held> = []
  for (const live of lives) {
    let n = 0
    while (n < live.held.length && (live.held[n] as Held).block > above) n++
    if (n > 0) out.push(...live.held.splice(0, n))
  }
  return out
}

/** The taken items in history order: block by block, newest first, each block ordered (looking up as needed). */
const order = (state: State, taken: ReadonlyArray<Held>): Effect.Effect<Array<HistoryEntry>, BlockscoutError> =>
  Effect.gen(function* () {
    const blocks = new Map<number, Array<Held>>()
    for (const h of taken) {
      const list = blocks.get(h.block)
      if (list === undefined) blocks.set(h.block, [h])
      else list.push(h)
    }
    const out: Array<HistoryEntry> = []
    for (const block of [...blocks.keys()].sort((a, b) => b - a)) {
      const held = blocks.get(block) as Array<Held>
      const missing = unplaced(held, state.known)
      if (missing.length > 0) yield* Effect.forEach(missing, state.lookup, { concurrency: 4, discard: true })
      out.push(...orderBlock(held, state.known))
    }
    return out
  })

const checkpointOf = (input: MergeInput, state: State): HistoryCheckpoint => ({
  version: 1,
  request: input.request,
  frontier: state.frontier,
  sources: input.sources.map((spec) => {
    const live = state.lives.find((l) => l.kind === spec.kind)
    return live !== undefined ? progressOf(live) : { kind: spec.kind, done: true }
  }),
  tally: state.tally.value
})

/** Whether every list is over and nothing is held. */
const finished = (state: State): boolean => state.lives.every((live) => live.ended && live.held.length === 0)

/** One page of the history (and whether it is the last), or the end. */
const step = (
  input: MergeInput,
  state: State
): Effect.Effect<readonly [ReadonlyArray<HistoryPage>, Option.Option<void>], BlockscoutError> =>
  Effect.gen(function* () {
    while (true) {
      // A list still going must hold an item for the merge to know how far it reaches.
      const blind = state.lives.filter((live) => !live.ended && live.held.length === 0)
      if (blind.length > 0) {
        yield* Effect.forEach(blind, (live) => readPage(live, input, state.tally), { concurrency: "unbounded" })
        continue
      }
      const going = state.lives.filter((live) => !live.ended)
      const reachAll = going.length === 0 ? Number.NEGATIVE_INFINITY : Math.max(...going.map(reach))
      const taken = takeAbove(state.lives, reachAll)
      if (taken.length === 0) {
        if (going.length === 0) {
          // The end: a page only when none went out in this run (an empty history, or a resumed finished one).
          if (state.emitted) return [[], Option.none()] as const
          // Every block of the range is out now: its bottom is the frontier (a partitioned run's range with no
          // entries hands this checkpoint on, and a resume starts below it).
          state.frontier = input.fromBlock
          return [[yield* pageOf(input, state, [], true)], Option.none()] as const
        }
        // Memory stays bounded whatever the server sends: a block is held whole, and no block of one address
        // holds this many entries (a list that never leaves its block would otherwise grow without end).
        const held = state.lives.reduce((n, live) => n + live.held.length, 0)
        const limit = input.maxHeld ?? maxHeld
        if (held > limit) return yield* Effect.fail(tooWide(going[0] as Live, reachAll, held, limit))
        const holding = going.filter((live) => reach(live) === reachAll)
        yield* Effect.forEach(holding, (live) => readPage(live, input, state.tally), { concurrency: "unbounded" })
        continue
      }
      const entries = yield* order(state, taken)
      state.frontier = (entries[entries.length - 1] as HistoryEntry).block
      state.tally.value = countEntries(state.tally.value, entries, input.address)
      const last = finished(state)
      return [[yield* pageOf(input, state, entries, last)], last ? Option.none() : Option.some(undefined)] as const
    }
  })

const pageOf = (
  input: MergeInput,
  state: State,
  entries: ReadonlyArray<HistoryEntry>,
  last: boolean
): Effect.Effect<HistoryPage, BlockscoutError> =>
  Effect.gen(function* () {
    state.emitted = true
    const checkpoint = checkpointOf(input, state)
    const report = last && input.finish !== undefined ? yield* input.finish(state.tally.value) : undefined
    return report === undefined
      ? { entries, checkpoint, tally: checkpoint.tally }
      : { entries, checkpoint, tally: checkpoint.tally, report }
  })

/** The history's pages, each the entries of whole blocks with the checkpoint after them. */
export const merge = (input: MergeInput): Stream.Stream<HistoryPage, BlockscoutError> =>
  Stream.unwrap(
    Effect.gen(function* () {
      const resume = input.resume
      const done = (resume ?? []).filter((progress) => progress.done)
      const lives = yield* Effect.forEach(
        input.sources.filter((spec) => !done.some((d) => d.kind === spec.kind)),
        (spec) => open(spec, resume?.find((progress) => progress.kind === spec.kind)?.cursor)
      )
      const tally = { value: input.tally }
      const known = new Map<string, number>()
      const blocks = new Map<string, number>()
      const lookup: Bounds["lookup"] = (hash) => {
        const index = known.get(hash)
        const block = blocks.get(hash)
        if (index !== undefined && block !== undefined) return Effect.succeed({ block, index })
        return Effect.map(input.lookup(hash), (found) => {
          if (known.size >= lookupCacheSize) {
            known.clear()
            blocks.clear()
          }
          known.set(hash, found.index)
          blocks.set(hash, found.block)
          tally.value = countLookups(tally.value, 1)
          return found
        })
      }
      const state: State = { lives, tally, frontier: input.frontier, known, lookup, emitted: false }
      const bounds: MergeInput = { ...input, lookup }
      return Stream.paginate<void, HistoryPage, BlockscoutError>(undefined, () => step(bounds, state))
    })
  )
