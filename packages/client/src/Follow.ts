/**
 * Following the head: a history that stays current and safe across reorganisations (`follow*` methods). A
 * follow emits the items of each new block once it is `confirmations` deep (`Added`), takes back the items of a
 * block that lost consensus before the items of the block that replaced it (`Retracted`), and says when blocks
 * are final (`Finalized`, with a checkpoint to resume from).
 *
 * How it reads the chain (Blockscout's REST API has no push): every `pollInterval` it asks the newest page of
 * `/blocks` and the newest items of the followed list. It keeps the hash of every block it emitted that is not
 * final yet; a reorganisation is a changed hash at a height it emitted (or a new block whose parent hash is not
 * the hash it holds), never a lower head alone. A server that answers with an older head (a lagging replica
 * behind a load balancer) is waited for, up to `maxLag`; a block it had declared final that changes fails the
 * follow (`ReorgBeyondFinality`) instead of rewriting final data. After a long pause the blocks missed are read
 * the way a partitioned stream reads a range, a chunk of blocks at a time, oldest chunk first.
 *
 * @since 0.1.0
 */
import type { Duration } from "effect"
import { Result, Schema, Stream } from "effect"
import type { BlockscoutError, FollowReason } from "./BlockscoutError.ts"
import type { EndpointTable, endpoints, RowItem } from "./endpoints.ts"
import type { HistoryEntry, HistoryKind } from "./History.ts"

/**
 * A block as a follow names it: its number and its hash (a height alone does not say which block, across a
 * reorganisation).
 *
 * @since 0.1.0
 * @category models
 */
export interface FollowBlock {
  readonly number: number
  readonly hash: string
}

/**
 * An item of a block, emitted once per block (oldest block first, items in the list's order within a block).
 * The same item (by identity) can be `Added` again for the block that replaced its block: apply `Added` as an
 * upsert by the item's identity.
 *
 * @since 0.1.0
 * @category events
 */
export interface Added<A> {
  readonly _tag: "Added"
  readonly item: A
  readonly block: FollowBlock
}

/**
 * An item that was `Added` for a block that lost consensus and that the replacing chain no longer holds
 * (by the item's identity): delete it. Emitted before the `Added` items of the replacing blocks.
 *
 * @since 0.1.0
 * @category events
 */
export interface Retracted<A> {
  readonly _tag: "Retracted"
  readonly item: A
  readonly block: FollowBlock
}

/**
 * Every block up to `block` is final: no later event touches it. `checkpoint` resumes the follow right after
 * it (`from: checkpoint`); store it with what you applied of blocks up to `block`.
 *
 * Gotcha: events for blocks above `block` may already be out (a follow with fewer `confirmations` than
 * `finality` emits blocks before they are final). A follow resumed from the checkpoint emits those blocks
 * again as the chain then has them, so drop what you hold above `block` when you resume (a database deletes
 * those rows in the transaction that reads the checkpoint; the CLI writes files from final blocks only).
 *
 * @since 0.1.0
 * @category events
 */
export interface Finalized {
  readonly _tag: "Finalized"
  readonly block: FollowBlock
  readonly checkpoint: FollowCheckpoint
}

/**
 * What a follow emits: `Added`, `Retracted` and `Finalized`. Narrow with `_tag`.
 *
 * @since 0.1.0
 * @category events
 */
export type FollowEvent<A> = Added<A> | Retracted<A> | Finalized

/**
 * Where a follow stands: the newest final block (number and hash) of one request. Serialisable (JSON); pass it
 * as `from` to resume with nothing lost or repeated among final blocks.
 *
 * @since 0.1.0
 * @category progress
 */
export interface FollowCheckpoint {
  /** The format's version. */
  readonly version: 1
  /** The request it belongs to (the row, its arguments and the API); resuming another is refused. */
  readonly request: string
  /** The newest final block: every item up to it was emitted. */
  readonly block: number
  /** Its hash: a resumed follow checks that the chain still holds it (else `ReorgBeyondFinality`). */
  readonly hash: string
}

/**
 * The schema of a stored `FollowCheckpoint` (JSON in, checked value out).
 *
 * @since 0.1.0
 * @category progress
 */
export const FollowCheckpointSchema = Schema.Struct({
  version: Schema.Literal(1),
  request: Schema.String,
  block: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  hash: Schema.String
})

// The schema decodes to exactly the interface above (a compile-time check, nothing at run time).
const _decodes: (value: typeof FollowCheckpointSchema.Type) => FollowCheckpoint = (value) => value
void _decodes

/**
 * How far behind the head it has shown a server may fall before the follow fails with `ServerLagging`: in
 * blocks, in time, or both (the first reached fails).
 *
 * @since 0.1.0
 * @category options
 */
export interface FollowLag {
  /** Blocks below the newest head seen. */
  readonly blocks?: number | undefined
  /** Time spent answering below the newest head seen. */
  readonly duration?: Duration.Input | undefined
}

/**
 * Where a follow starts: a block number (its items are the first emitted), a `FollowCheckpoint` (right after
 * its block), or the progress of a partitioned stream whose span had a top (right after it: a backfill's
 * `PartitionProgress`, or an address history's `HistoryCheckpoint` of a range with a `toBlock`).
 *
 * @since 0.1.0
 * @category options
 */
export type FollowFrom =
  | number
  | FollowCheckpoint
  | { readonly ranges: ReadonlyArray<{ readonly to: number | null }> }
  | { readonly request: string; readonly frontier: number | null }

/**
 * Options of a follow.
 *
 * @since 0.1.0
 * @category options
 */
export interface FollowOptions {
  /** Where to start (see `FollowFrom`). Default: the newest block that is `confirmations` deep. */
  readonly from?: FollowFrom | undefined
  /**
   * Emit a block's items once this many blocks are on top of it (0: at once). Deeper than every reorg the
   * chain makes, nothing is ever `Retracted`. Default 0.
   */
  readonly confirmations?: number | undefined
  /**
   * Blocks after which a block is final (`Finalized`). Default: the chain's (`followDefaults`), else 64. A reorg
   * deeper than this fails the follow (`ReorgBeyondFinality`).
   */
  readonly finality?: number | undefined
  /**
   * How often to ask for new blocks. Default: the server's average block time (`/stats`, one call at the start,
   * where the endpoints table has that row), else the chain's (`followDefaults`), else 5 seconds.
   */
  readonly pollInterval?: Duration.Input | undefined
  /**
   * How far a lagging server may fall behind (or how long it may hold back a block it does not show: an
   * indexer's gap, a height without consensus) before the follow fails. Default: 5 minutes, no block bound.
   */
  readonly maxLag?: FollowLag | undefined
  /**
   * Blocks read at once while catching up (a long pause, or an old `from`), oldest chunk first: the items of a
   * chunk are held in memory until its blocks are emitted. Default 100.
   */
  readonly catchUpBlocks?: number | undefined
}

/**
 * What a well-known chain's follow defaults to: `finality` (blocks after which a reorg is not expected: past
 * it, the follow fails rather than rewrite final data) and `blockTime` (the poll interval).
 *
 * Ethereum and its testnets finalise in two epochs (64 slots) plus one; Polygon PoS reorganised past 100
 * blocks before its milestones; Arbitrum and the OP stack's blocks are final with the L1 batch that carries
 * them, but their sequencers reorder nothing in practice past a few dozen. Other chains: 64 blocks, 5 s.
 *
 * @since 0.1.0
 * @category options
 */
export const followDefaults: ReadonlyMap<number, { readonly finality: number; readonly blockTime: Duration.Input }> =
  new Map<number, { readonly finality: number; readonly blockTime: Duration.Input }>([
    [1, { finality: 65, blockTime: "12 seconds" }],
    [11155111, { finality: 65, blockTime: "12 seconds" }],
    [17000, { finality: 65, blockTime: "12 seconds" }],
    [560048, { finality: 65, blockTime: "12 seconds" }],
    [100, { finality: 20, blockTime: "5 seconds" }],
    [137, { finality: 200, blockTime: "2 seconds" }],
    [42161, { finality: 240, blockTime: "1 second" }],
    [10, { finality: 30, blockTime: "2 seconds" }],
    [8453, { finality: 30, blockTime: "2 seconds" }],
    [84532, { finality: 30, blockTime: "2 seconds" }],
    [11155420, { finality: 30, blockTime: "2 seconds" }],
    [56, { finality: 30, blockTime: "3 seconds" }],
    [324, { finality: 30, blockTime: "1 second" }],
    [59144, { finality: 30, blockTime: "2 seconds" }],
    [534352, { finality: 30, blockTime: "3 seconds" }],
    [42220, { finality: 30, blockTime: "1 second" }]
  ])

/**
 * The finality a follow uses when `finality` is not given: the chain's from `followDefaults`, else 64.
 *
 * @since 0.1.0
 * @category options
 */
export const defaultFinality = (chainId: number | undefined): number =>
  (chainId === undefined ? undefined : followDefaults.get(chainId)?.finality) ?? 64

/**
 * The poll interval a follow uses when `pollInterval` is not given and the server does not say its average
 * block time: the chain's block time from `followDefaults`, else 5 seconds.
 *
 * @since 0.1.0
 * @category options
 */
export const defaultPollInterval = (chainId: number | undefined): Duration.Input =>
  (chainId === undefined ? undefined : followDefaults.get(chainId)?.blockTime) ?? "5 seconds"

/**
 * The names of a table's rows that can be followed: paged rows whose cursor is a block key (the rows
 * `partition` splits by blocks).
 *
 * @since 0.1.0
 * @category models
 */
export type FollowName<T extends EndpointTable> = {
  [N in keyof T & string]: T[N] extends { readonly shape: "page"; readonly range: { readonly dimension: "block" } }
    ? N
    : never
}[keyof T & string]

/**
 * The options of `followAddressHistory`: the follow's, and which kinds of entry to merge.
 *
 * @since 0.1.0
 * @category options
 */
export interface FollowHistoryOptions extends FollowOptions {
  /** Which kinds to merge (default all three). */
  readonly kinds?: ReadonlyArray<HistoryKind> | undefined
}

/**
 * The follow methods of the `Blockscout` service beside the table's own (`followTokenTransfers`,
 * `followTransactions`, `followAddressTokenTransfers`, ...: one per row with a block range, in
 * `BlockscoutMethods`): an address's merged history, and any such row by name.
 *
 * Each is a `Stream` of `FollowEvent`s that never ends by itself: take what you need, or interrupt it. While
 * blocks come, a poll is two calls under the key's one limiter (the newest page of `/blocks`, and the list's
 * newest page for the new blocks; one call when nothing is new); a reorg adds a lookup per height walked and
 * the replaced blocks' items. Token transfers on a 12 s chain polled every 12 s: 10 calls a minute, 14,400 a
 * day (Pro API: 360,000 credits); on a 2 s chain polled every 2 s: 60 a minute, 86,400 a day (2.16 million
 * credits). A longer `pollInterval` costs less: the blocks missed are read together.
 *
 * @since 0.1.0
 * @category models
 */
export interface FollowMethods {
  /**
   * An address's history (`streamAddressHistory`'s entries: transactions, token transfers and internal
   * transactions merged in chain order), followed: each new block's entries once it is `confirmations` deep,
   * retractions on a reorg, finality with checkpoints. Three lists are asked per new block range.
   */
  readonly followAddressHistory: (
    address: string,
    options?: FollowHistoryOptions
  ) => Stream.Stream<FollowEvent<HistoryEntry>, BlockscoutError<FollowReason>>
  /**
   * Any row with a block range, by name, for tools that derive commands from the table: arguments by name as
   * `stream(name, args)` takes them (no `cursor` or `partition`), then the follow's options.
   */
  readonly follow: <N extends FollowName<typeof endpoints>>(
    name: N,
    args?: Readonly<Record<string, unknown>>,
    options?: FollowOptions
  ) => Stream.Stream<FollowEvent<RowItem<(typeof endpoints)[N]>>, BlockscoutError<FollowReason>>
}

/**
 * An item's identity, whatever its row: what stays the same when a reorg moves it to another block. A
 * transaction or a block by its hash; a token transfer by its transaction, log index and token id; a log or an
 * internal transaction by its transaction and index; what belongs to no transaction (a Celo epoch reward, a
 * balance change) adds its block. Use it (or `historyEntryKey` for an address's history) to apply `Added` as
 * an upsert and `Retracted` as a delete.
 *
 * @since 0.1.0
 * @category events
 */
export const followIdentity = (item: unknown): string => {
  const field = (value: unknown, key: string): unknown =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined
  const hash = field(item, "hash")
  if (typeof hash === "string") return hash
  const transaction = field(item, "transaction_hash")
  const parts = [
    transaction ?? `block:${String(field(item, "block_number") ?? "")}`,
    field(item, "log_index") ?? field(item, "index") ?? "",
    field(field(item, "total"), "token_id") ?? ""
  ]
  return parts.map(String).join(":")
}

/**
 * The final blocks of a follow, one page per `Finalized`: the items of every block it declared final, oldest
 * block first, each block's items in the list's order, with the checkpoint to resume after them.
 *
 * @since 0.1.0
 * @category events
 */
export interface FinalizedPage<A> {
  readonly items: ReadonlyArray<A>
  /** The newest final block. */
  readonly block: FollowBlock
  readonly checkpoint: FollowCheckpoint
}

/**
 * A follow's events as final data only: `Added` and `Retracted` held (by `identity`) until their block is
 * final, then emitted as one page per `Finalized`. For outputs that cannot take a retraction back (a CSV or
 * Parquet file, an append-only log): every item in them is final, and the page's checkpoint resumes the follow
 * with nothing lost or repeated. Memory holds the items of the blocks not final yet.
 *
 * @since 0.1.0
 * @category events
 */
export const finalizedPages = <A, E, R>(
  events: Stream.Stream<FollowEvent<A>, E, R>,
  identity: (item: A) => string = followIdentity
): Stream.Stream<FinalizedPage<A>, E, R> =>
  Stream.suspend(() => {
    // Insertion order is emission order: an upsert moves the item to its new block's place.
    const held = new Map<string, { readonly item: A; readonly block: number }>()
    return Stream.filterMap(events, (event) => {
      switch (event._tag) {
        case "Added": {
          const id = identity(event.item)
          held.delete(id)
          held.set(id, { item: event.item, block: event.block.number })
          return Result.failVoid
        }
        case "Retracted":
          held.delete(identity(event.item))
          return Result.failVoid
        case "Finalized": {
          const out: Array<{ readonly item: A; readonly block: number }> = []
          for (const [id, entry] of held) {
            if (entry.block <= event.block.number) {
              out.push(entry)
              held.delete(id)
            }
          }
          out.sort((a, b) => a.block - b.block) // stable: each block's items keep their order
          return Result.succeed({ items: out.map((e) => e.item), block: event.block, checkpoint: event.checkpoint })
        }
      }
    })
  })
