/**
 * The plan of a job: its partitions, each a chain and a key range (blocks or indexes) walked by its own cursor.
 *
 * When to use: `Backfill` plans a job once, as the first step of its workflow (so every runner and every
 * restart sees the same partitions). Its range arithmetic (`split`, `startCursor`, `itemKeyOf`, `isBelow`) is
 * `KeyRanges` in `@blockscout-effect/schema`, shared with the client's partitioned streams: tools that want the
 * same ranges use it.
 *
 * How a history splits (docs/blockscout-api.md, "Cursors are keys"): each paged row is ordered newest first by
 * a key (a block number, or a withdrawal's index), and a cursor made of that key asks for everything strictly
 * below it. So the range `[lo, hi]` starts at the cursor `{ block_number: hi + 1, index: 0 }` and ends once
 * the items go below `lo`. "Everything" asks the first page for the newest key (the head, when the job is
 * planned: items added later belong to a later job) and splits `[0, head]` into equal ranges.
 *
 * Gotcha: rows whose cursor is not a key (E6 logs, E8 contracts, E10 NFT collections, pending transactions)
 * cannot be split: their job is one partition, a plain cursor walk, whatever `partitions` says. An address's
 * history splits by blocks, as the client's `fromBlock`/`toBlock` do; a token's is its transfers' row.
 *
 * @since 0.1.0
 */
import type { BlockscoutShape } from "@blockscout-effect/client"
import { type Endpoint, endpoints, type KeyRange, KeyRanges } from "@blockscout-effect/schema"
import { Effect, Schema } from "effect"
import { BackfillError, fromBlockscout } from "./BackfillError.ts"
import type { Job, Source, Target } from "./Job.ts"
import { describe, historyRows, kindsOf, type ListRead, listOf } from "./SourceRows.ts"

/**
 * One chain of a job: its label (the `chain` column) and, on the Pro API, its chain id.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Chain = Schema.Struct({ label: Schema.String, chainId: Schema.optionalKey(Schema.Int) })
/** @since 0.1.0 @category models */
export type Chain = typeof Chain.Type

/**
 * One partition: a chain, its number within the chain, and its inclusive key range (absent: the whole walk of a
 * row that cannot be split).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Partition = Schema.Struct({
  chain: Chain,
  part: Schema.Int,
  range: Schema.optionalKey(Schema.Struct({ lo: Schema.Int, hi: Schema.Int }))
})
/** @since 0.1.0 @category models */
export type Partition = typeof Partition.Type

/**
 * The chains of a target: a Pro target's chain ids, or the instance (labelled by `chain`, else its host).
 *
 * @since 0.1.0
 * @category accessors
 */
export const chainsOf = (target: Target): ReadonlyArray<Chain> =>
  target.family === "pro"
    ? target.chains.map((chainId) => ({ label: String(chainId), chainId }))
    : [{ label: target.chain ?? hostOf(target.baseUrl) }]

const hostOf = (baseUrl: string): string => {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/**
 * The key range description of a job's row, or `undefined` when its history cannot be split (no keys, or a
 * filter that orders it otherwise, such as `filter=pending`).
 *
 * @since 0.1.0
 * @category accessors
 */
export const keyRangeOf = (job: Job): KeyRange | undefined => {
  const list = listOf(job.source)
  if (list === undefined) return undefined
  // The row's own description (`range` on the endpoints table): absent where the history cannot split.
  const range = KeyRanges.rangeOf(endpoints[list.endpoint] as Endpoint)
  if (range === undefined) return undefined
  return KeyRanges.ruledOut(range, list.args) === undefined ? range : undefined
}

const invalid = (message: string) => new BackfillError({ reason: "InvalidJob", message, retryable: false })

/**
 * The newest key of a chain's history: the largest item key on the row's first page (-1 for an empty history;
 * `undefined` when the server's items do not carry their key, as token transfers before Blockscout 10.0).
 *
 * @since 0.1.0
 * @category constructors
 */
export const head = (bs: BlockscoutShape, job: Job, range: KeyRange) =>
  bs.page((listOf(job.source) as ListRead).endpoint, { ...listOf(job.source)?.args, pageSize: job.pageSize }).pipe(
    Effect.mapError(fromBlockscout),
    Effect.map((page) => {
      const keys = page.items.map((item) => KeyRanges.itemKeyOf(range, item))
      return keys.some((k) => k === undefined) ? undefined : Math.max(-1, ...(keys as Array<number>))
    })
  )

/** Every list of an address's history keys its items by `block_number`. */
const blockKey = { itemKey: "block_number" } as const

/**
 * The newest block of an address's history: the largest block on its lists' first pages (pending transactions,
 * and token transfers of servers before 10.0, carry none); -1 for an empty history, `undefined` when no list's
 * items say their block.
 *
 * @since 0.1.0
 * @category constructors
 */
export const historyHead = (bs: BlockscoutShape, job: Job, source: Extract<Source, { _tag: "AddressHistory" }>) =>
  Effect.forEach(kindsOf(source), (kind) =>
    bs.page(historyRows[kind], { address: source.address, pageSize: job.pageSize }).pipe(
      Effect.mapError(fromBlockscout),
      Effect.map((page) => ({
        items: page.items.length,
        blocks: page.items.flatMap((item) => {
          const block = KeyRanges.itemKeyOf(blockKey, item)
          return block === undefined ? [] : [block]
        })
      }))
    )
  ).pipe(
    Effect.map((pages) => {
      const blocks = pages.flatMap((page) => page.blocks)
      if (blocks.length > 0) return Math.max(...blocks)
      return pages.every((page) => page.items === 0) ? -1 : undefined
    })
  )

/**
 * The partitions of one chain: the job's range split into `job.partitions` parts (one whole walk for a row that
 * cannot be split). `bs` is that chain's client, asked for the head when the range is "everything".
 *
 * @since 0.1.0
 * @category constructors
 */
export const planChain = (bs: BlockscoutShape, job: Job, chain: Chain) =>
  Effect.gen(function* () {
    const what = describe(job.source)
    const source = job.source
    // An address's history is keyed by block: its lists' cursors start at any block (`streamAddressHistory`).
    const range: Pick<KeyRange, "dimension"> | undefined =
      source._tag === "AddressHistory" ? { dimension: "block" } : keyRangeOf(job)
    if (range === undefined) {
      if (job.range._tag !== "Everything") {
        return yield* invalid(`${what} cannot be read by range here: its cursor is not a key`)
      }
      return [{ chain, part: 0 }] satisfies ReadonlyArray<Partition>
    }
    if (job.range._tag === "Blocks" && range.dimension !== "block") {
      return yield* invalid(`${what} is keyed by ${range.dimension}, not by block: use an index range`)
    }
    if (job.range._tag === "Indexes" && range.dimension !== "index") {
      return yield* invalid(`${what} is keyed by block, not by index: use a block range`)
    }
    if (job.range._tag !== "Everything") {
      return KeyRanges.split(job.range.from, job.range.to, job.partitions).map(
        (r, part): Partition => ({ chain, part, range: r })
      )
    }
    const top =
      source._tag === "AddressHistory" ? yield* historyHead(bs, job, source) : yield* head(bs, job, range as KeyRange)
    // A server whose items carry no key: the whole history is one walk, which needs no key.
    if (top === undefined) return [{ chain, part: 0 }] satisfies ReadonlyArray<Partition>
    return KeyRanges.split(0, top, job.partitions).map((r, part): Partition => ({ chain, part, range: r }))
  })
