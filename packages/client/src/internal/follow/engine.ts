/**
 * The follow engine: polls the chain's newest blocks, emits the items of new blocks once they are deep enough,
 * takes back what a reorganisation replaced, and declares blocks final. It knows the chain through a
 * `ChainView` (the newest blocks, a block by height, the blocks of a range) and the followed list through an
 * `ItemReader` (the items of a block range, newest first), so one engine serves every row and an address's
 * merged history.
 *
 * The rules (Ponder's realtime sync and SQD's fork handling, over REST):
 * - a reorganisation is a changed hash at a height the follow emitted: each round compares the hash of the
 *   newest block emitted with the server's, and only on a change walks down the unfinalised window to the fork;
 * - a head below the newest one seen is a lagging server (a replica behind a load balancer), never a reorg: its
 *   answer is not used at all, and past `maxLag` the follow fails `ServerLagging`;
 * - a height with no consensus block for now (`/blocks/{n}` answers 404 "Block lost consensus") is waited for;
 * - a final block whose hash changed (a different hash, not a missing one) fails `ReorgBeyondFinality`.
 *
 * A round that reads items after a reorganisation in progress may record them under the hash it read before:
 * the next round's tip check sees the hash change and reads the blocks again, so the events converge on the
 * chain the server settles on.
 *
 * @internal
 */
import { Clock, type Duration, Effect, Option, Stream } from "effect"
import {
  BlockscoutError,
  type FollowReason,
  ReorgBeyondFinality,
  ServerLagging,
  type StreamReason
} from "../../BlockscoutError.ts"
import type { FollowBlock, FollowCheckpoint, FollowEvent } from "../../Follow.ts"

/** A block as the chain view gives it. */
export interface BlockRef {
  readonly number: number
  readonly hash: string
  readonly parent: string
}

/** What the engine asks of the chain. */
export interface ChainView {
  /** The newest consensus blocks (a page of `/blocks`), in any order; empty when the server has none. */
  readonly newest: Effect.Effect<ReadonlyArray<BlockRef>, BlockscoutError<StreamReason>>
  /** The consensus block at a height; `undefined` when the server has none there for now. */
  readonly at: (height: number) => Effect.Effect<BlockRef | undefined, BlockscoutError<StreamReason>>
  /** The consensus blocks of `[from, to]`, in any order. */
  readonly range: (from: number, to: number) => Effect.Effect<ReadonlyArray<BlockRef>, BlockscoutError<StreamReason>>
}

/** What the engine asks of the followed list. */
export interface ItemReader<A> {
  /**
   * The items of blocks `[from, to]`, in the list's order (newest block first). `catchingUp`: the range is a
   * full chunk of a catch-up (more blocks are due after it), worth fetching in parallel; otherwise it is a
   * poll's few new blocks, cheapest as one walk (a page per 100 items).
   */
  readonly items: (from: number, to: number, catchingUp: boolean) => Stream.Stream<A, BlockscoutError<StreamReason>>
  /** An item's block number. */
  readonly blockOf: (item: A) => number | undefined
  /** An item's identity (what stays the same when a reorg moves it to another block). */
  readonly identity: (item: A) => string
}

/** A follow's settings, checked. */
export interface EngineConfig<A> {
  /** The row name, for errors. */
  readonly endpoint: string
  /** The request, for checkpoints. */
  readonly request: string
  readonly chain: ChainView
  readonly reader: ItemReader<A>
  readonly confirmations: number
  readonly finality: number
  readonly pollInterval: Duration.Duration
  readonly maxLagBlocks: number | undefined
  readonly maxLagMillis: number | undefined
  readonly catchUpBlocks: number
  /** Where to start: the first block to emit, or a checkpoint's final block. */
  readonly from:
    | { readonly _tag: "Block"; readonly block: number }
    | { readonly _tag: "Checkpoint"; readonly block: number; readonly hash: string }
    | { readonly _tag: "Head" }
}

/** An emitted block that is not final yet: its hash and the items emitted for it. */
interface Held<A> {
  readonly hash: string
  readonly items: ReadonlyArray<A>
}

/** Where a follow stands between rounds. */
interface State<A> {
  /** The newest head the server showed (-1: none yet). */
  head: number
  /** When the server first answered below `head` in the current run of lagging answers. */
  behindSince: number | undefined
  /** The newest block emitted (every block up to it is out). */
  emitted: number
  /** The newest final block, and its hash when known. */
  final: { number: number; hash: string | undefined }
  /** The blocks in `(final, emitted]`, with their hashes and emitted items. */
  readonly window: Map<number, Held<A>>
  /** Whether the next round runs at once (catching up) rather than after `pollInterval`. */
  hurry: boolean
  /** When the rounds started waiting on the server without getting anywhere (see `waiting`). */
  stalledSince: number | undefined
}

/** What one round gave: its events, and whether it waited on the server (a block missing, a link broken). */
type Round<A> = { readonly events: ReadonlyArray<FollowEvent<A>>; readonly waiting?: true | undefined }

const nothing = { events: [] } as const

/**
 * A round that could not go on: a height without a consensus block for now, a block missing from a range (an
 * indexer's gap), a block that does not extend the one below. The next round tries again; past `maxLag` the
 * follow fails, as for a lagging head, rather than wait forever.
 */
const waiting = { events: [], waiting: true } as const

/** The follow's event stream. */
export const follow = <A>(config: EngineConfig<A>): Stream.Stream<FollowEvent<A>, BlockscoutError<FollowReason>> =>
  Stream.unwrap(
    Effect.map(initialState(config), (state) =>
      Stream.paginate<State<A>, FollowEvent<A>, BlockscoutError<FollowReason>>(state, (s) =>
        Effect.gen(function* () {
          // The wait comes before a round, not after it: a round's events go out as soon as they are read.
          if (!s.hurry) yield* Effect.sleep(config.pollInterval)
          const result = yield* round(config, s)
          if (result.waiting === true) {
            const now = yield* Clock.currentTimeMillis
            s.stalledSince ??= now
            const lagMillis = now - s.stalledSince
            if (config.maxLagMillis !== undefined && lagMillis >= config.maxLagMillis) {
              // Complete up to what was emitted: the server has not shown the next block whole since.
              return yield* fail(
                new ServerLagging({ endpoint: config.endpoint, url: "", head: s.head, served: s.emitted, lagMillis })
              )
            }
          } else s.stalledSince = undefined
          return [result.events, Option.some(s)] as const
        })
      )
    )
  )

/** The state before the first round: from a block, a checkpoint, or the head. */
const initialState = <A>(config: EngineConfig<A>): Effect.Effect<State<A>, BlockscoutError<StreamReason>> => {
  const start = (next: number, hash: string | undefined): State<A> => ({
    head: -1,
    behindSince: undefined,
    emitted: next - 1,
    final: { number: next - 1, hash },
    window: new Map(),
    hurry: true,
    stalledSince: undefined
  })
  const from = config.from
  switch (from._tag) {
    case "Checkpoint":
      return Effect.succeed(start(from.block + 1, from.hash))
    case "Block":
      return Effect.succeed(start(from.block, undefined))
    case "Head":
      // The newest block deep enough is the first emitted.
      return Effect.map(config.chain.newest, (blocks) =>
        start(Math.max(0, headOf(blocks) - config.confirmations), undefined)
      )
  }
}

const headOf = (blocks: ReadonlyArray<BlockRef>): number => blocks.reduce((max, b) => Math.max(max, b.number), -1)

const fail = (reason: ReorgBeyondFinality | ServerLagging) => Effect.fail(new BlockscoutError({ reason }))

/** The hash the follow holds for a height: the final block's, or an unfinal emitted block's. */
const hashAt = <A>(s: State<A>, n: number): string | undefined =>
  n === s.final.number ? s.final.hash : s.window.get(n)?.hash

/** The numbers `[from, to]`. */
const range = (from: number, to: number): Array<number> =>
  to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i)

type Lookup = (n: number) => Effect.Effect<BlockRef | undefined, BlockscoutError<StreamReason>>

/**
 * The highest height whose held hash the server still has (the tip when nothing changed), or `"wait"` when a
 * height has no consensus block for now. Every unfinal block changed and the final one too: the chain replaced
 * a block the follow declared final, which fails the follow (a missing block only waits: a lagging replica
 * answers 404 for what it has not indexed, never another hash).
 */
const findFork = <A>(
  config: EngineConfig<A>,
  s: State<A>,
  lookup: Lookup
): Effect.Effect<number | "wait", BlockscoutError<FollowReason>> =>
  Effect.gen(function* () {
    for (let n = s.emitted; n > s.final.number; n--) {
      const held = s.window.get(n)
      if (held === undefined) continue
      const now = yield* lookup(n)
      if (now === undefined) return "wait"
      if (now.hash === held.hash) return n
    }
    return yield* checkFinal(config, s, lookup)
  })

/** The final block checked against the server (when its hash is known): its height, or a failure. */
const checkFinal = <A>(
  config: EngineConfig<A>,
  s: State<A>,
  lookup: Lookup
): Effect.Effect<number | "wait", BlockscoutError<FollowReason>> =>
  Effect.gen(function* () {
    const { number, hash } = s.final
    if (hash === undefined || number < 0 || s.window.size === 0) return number
    const now = yield* lookup(number)
    if (now === undefined) return "wait"
    if (now.hash !== hash) return yield* beyondFinality(config, s, number, hash, now.hash)
    return number
  })

const beyondFinality = <A>(config: EngineConfig<A>, s: State<A>, height: number, expected: string, found: string) =>
  fail(
    new ReorgBeyondFinality({ endpoint: config.endpoint, url: "", height, finalized: s.final.number, expected, found })
  )

/**
 * One round: the newest blocks read; a lagging answer waited for; the tip checked and, on a changed hash, the
 * fork found; the blocks from the fork (or the next one) up to the newest deep enough read (a chunk at a
 * time) with their hashes, each new block checked to extend the one below; retractions, additions and
 * finality emitted.
 */
const round = <A>(config: EngineConfig<A>, s: State<A>): Effect.Effect<Round<A>, BlockscoutError<FollowReason>> =>
  Effect.gen(function* () {
    s.hurry = false
    const newest = yield* config.chain.newest
    const head = headOf(newest)
    if (head < 0) return waiting
    if (head < s.head) {
      // A lower head alone is never a reorg: wait for the server to come back, within maxLag.
      const now = yield* Clock.currentTimeMillis
      s.behindSince ??= now
      const lag = now - s.behindSince
      const behind = s.head - head
      if (
        (config.maxLagBlocks !== undefined && behind > config.maxLagBlocks) ||
        (config.maxLagMillis !== undefined && lag >= config.maxLagMillis)
      ) {
        return yield* fail(
          new ServerLagging({ endpoint: config.endpoint, url: "", head: s.head, served: head, lagMillis: lag })
        )
      }
      return nothing
    }
    s.behindSince = undefined
    s.head = head
    const known = new Map(newest.map((b) => [b.number, b]))
    const lookup: Lookup = (n) => {
      const hit = known.get(n)
      return hit === undefined ? config.chain.at(n) : Effect.succeed(hit)
    }

    const fork = yield* findFork(config, s, lookup)
    if (fork === "wait") return waiting

    const target = head - config.confirmations
    const start = fork + 1
    // A fork's replaced blocks are read again whole, whatever the chunk size: their retractions need them all.
    const top = Math.min(target, Math.max(s.emitted, start + config.catchUpBlocks - 1))
    if (top < start) return yield* finalize(config, s, [], head, lookup)

    // The chunk's blocks (from the newest page when it covers them), each extending the one below.
    const numbers = range(start, top)
    const refs = new Map<number, BlockRef>()
    const blocks = numbers.every((n) => known.has(n))
      ? numbers.map((n) => known.get(n) as BlockRef)
      : yield* config.chain.range(start, top)
    for (const b of blocks) if (b.number >= start && b.number <= top) refs.set(b.number, b)
    // A block missing from the range, or one that does not extend the block below: the chain is moving under
    // the read. The next round sees where it settled (its tip check finds a replaced block below).
    if (numbers.some((n) => !refs.has(n))) return waiting
    for (const n of numbers) {
      const parent = n === start ? hashAt(s, fork) : refs.get(n - 1)?.hash
      if (parent !== undefined && (refs.get(n) as BlockRef).parent !== parent) {
        // The block below the chunk is not the one held: a final block checked now (a changed one fails).
        if (n === start && fork === s.final.number && s.final.hash !== undefined) {
          const now = yield* lookup(fork)
          if (now !== undefined && now.hash !== s.final.hash) {
            return yield* beyondFinality(config, s, fork, s.final.hash, now.hash)
          }
        }
        return waiting
      }
    }

    const items = yield* Stream.runCollect(config.reader.items(start, top, top < target))
    const byBlock = new Map<number, Array<A>>()
    for (const item of items) {
      const n = config.reader.blockOf(item)
      if (n === undefined || n < start || n > top) continue
      const list = byBlock.get(n)
      if (list === undefined) byBlock.set(n, [item])
      else list.push(item)
    }

    // Retractions: what the replaced blocks held that the new chain does not (by identity).
    const events: Array<FollowEvent<A>> = []
    const present = new Set<string>()
    for (const list of byBlock.values()) for (const item of list) present.add(config.reader.identity(item))
    for (let n = start; n <= s.emitted; n++) {
      const held = s.window.get(n)
      if (held === undefined) continue
      for (const item of held.items) {
        if (!present.has(config.reader.identity(item))) {
          events.push({ _tag: "Retracted", item, block: { number: n, hash: held.hash } })
        }
      }
      s.window.delete(n)
    }
    // Additions, oldest block first, each block's items in the list's order; unfinal blocks held.
    const finalLine = head - config.finality
    for (const n of numbers) {
      const ref = refs.get(n) as BlockRef
      const blockItems = byBlock.get(n) ?? []
      const block: FollowBlock = { number: n, hash: ref.hash }
      for (const item of blockItems) events.push({ _tag: "Added", item, block })
      if (n > finalLine) s.window.set(n, { hash: ref.hash, items: blockItems })
      else if (n === top) s.window.set(n, { hash: ref.hash, items: [] }) // its hash, for the finality below
    }
    s.emitted = top
    // More blocks are due than this chunk held: the next round runs at once (a round that waited never does, so
    // a server missing a block is asked again after `pollInterval`, not in a loop).
    s.hurry = top < target
    return yield* finalize(config, s, events, head, lookup)
  })

/**
 * Declares final every emitted block at least `finality` below the head: a `Finalized` for the newest of
 * them, its checkpoint, and the window pruned below it.
 */
const finalize = <A>(
  config: EngineConfig<A>,
  s: State<A>,
  events: Array<FollowEvent<A>>,
  head: number,
  lookup: Lookup
): Effect.Effect<Round<A>, BlockscoutError<FollowReason>> =>
  Effect.gen(function* () {
    const line = Math.min(s.emitted, head - config.finality)
    if (line <= s.final.number) return { events }
    let hash = s.window.get(line)?.hash
    if (hash === undefined) {
      const ref = yield* lookup(line)
      if (ref === undefined) return { events }
      hash = ref.hash
    }
    for (const n of s.window.keys()) if (n <= line) s.window.delete(n)
    s.final = { number: line, hash }
    const checkpoint: FollowCheckpoint = { version: 1, request: config.request, block: line, hash }
    events.push({ _tag: "Finalized", block: { number: line, hash }, checkpoint })
    return { events }
  })
