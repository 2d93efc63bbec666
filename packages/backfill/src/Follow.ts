/**
 * A backfill that stays current: after a job's block range, its history followed as the chain grows (the
 * client's `follow*` methods), into the same tables, reorg-safe. Each batch of events up to a `Finalized` is one
 * SQL transaction: the items added upserted, the items a reorganisation took back deleted, and the follow's
 * checkpoint moved on, so a crash leaves either all of it or none.
 *
 * How a restart stays exact: rows written for blocks that were not final yet are listed beside the checkpoint
 * (`backfill_follow_rows`). A follow that starts again first deletes them, in one transaction, and the follow
 * (resumed right after the checkpoint's final block) writes those blocks again as the chain has them then: a
 * reorganisation while nothing was running leaves nothing behind.
 *
 * When to use: `follow(job)` for a job with an `Sql` sink whose source is a block-keyed list or an address's
 * history, and a `Blocks` range (its `to` is where the follow starts, unless a checkpoint says otherwise).
 *
 * @since 0.1.0
 */
import { type BlockscoutShape, Follow } from "@blockscout-effect/client"
import { Effect, Stream } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { BackfillError, fromBlockscout, fromSink } from "./BackfillError.ts"
import { id, type Job } from "./Job.ts"
import { type Chain, chainsOf } from "./Plan.ts"
import { type ListRead, kindsOf, listOf, tablesOf, writesOf } from "./SourceRows.ts"
import { Sources } from "./Sources.ts"
import * as Store from "./internal/Store.ts"
import { keyOf, quote, rowOf, type Table } from "./internal/Tables.ts"
import * as SqlSink from "./SqlSink.ts"

/**
 * What one committed batch did, per chain.
 *
 * @since 0.1.0
 * @category models
 */
export interface FollowProgress {
  readonly chain: string
  /** The newest final block, as committed. */
  readonly final: number
  /** Items upserted and deleted in this batch. */
  readonly added: number
  readonly retracted: number
}

const invalid = (message: string) => new BackfillError({ reason: "InvalidJob", message, retryable: false })

/** The follow's own tables: the checkpoint per job and chain, and the rows of blocks not final yet. */
const ensureFollowTables = Store.exclusiveDdl(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const big = (yield* Store.dialect) === "pg" ? "BIGINT" : "INTEGER"
    yield* sql.unsafe(
      `CREATE TABLE IF NOT EXISTS backfill_follow (job_id TEXT NOT NULL, chain TEXT NOT NULL, checkpoint TEXT NOT NULL,
      PRIMARY KEY (job_id, chain))`
    )
    yield* sql.unsafe(
      `CREATE TABLE IF NOT EXISTS backfill_follow_rows (job_id TEXT NOT NULL, chain TEXT NOT NULL, block ${big} NOT NULL,
      tbl TEXT NOT NULL, row_key TEXT NOT NULL, PRIMARY KEY (job_id, chain, tbl, row_key))`
    )
  })
)

/** A row's identity in its table: the key columns' values, as JSON (what `backfill_follow_rows` keeps). */
const keyValues = (table: Table, row: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  table.columns.flatMap((c, i) => (c.key ? [row[i]] : []))

/** Deletes one row of `table` by its key values. */
const deleteRow = (table: Table, values: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const key = keyOf(table)
    const where = key.map((name) => `${quote(name)} = ?`).join(" AND ")
    yield* sql.unsafe(`DELETE FROM ${quote(table.name)} WHERE ${where}`, values as Array<never>)
  })

/** The events of a job's source on one chain, from `from`. */
const eventsOf = (
  bs: BlockscoutShape,
  job: Job,
  options: Follow.FollowOptions
): Stream.Stream<Follow.FollowEvent<unknown>, unknown> => {
  const source = job.source
  if (source._tag === "AddressHistory") {
    return bs.followAddressHistory(source.address, { ...options, kinds: kindsOf(source) }) as Stream.Stream<
      Follow.FollowEvent<unknown>,
      unknown
    >
  }
  const list = listOf(source) as ListRead
  return bs.follow(list.endpoint as never, list.args as Record<string, unknown>, options) as Stream.Stream<
    Follow.FollowEvent<unknown>,
    unknown
  >
}

/**
 * Follows a job past its range on every chain of its target, committing each batch of events (up to a
 * `Finalized`) in one transaction; the stream's elements say what each commit did. It never ends by itself.
 *
 * Gotchas: the job needs an `Sql` sink, a `Blocks` range and a block-keyed source (a list with a block range, or
 * an address's history; a token's history is not followed yet). `options.from` is ignored: the start is the
 * stored checkpoint, else the block after the range. The range's top must be final (`finality` blocks below the
 * head): the follow starts after it and never reads the range's blocks again, so a reorganisation reaching
 * `range.to` or below would leave the replaced block's rows in the table. A first start fails `InvalidJob` when it
 * is not (`checkFinalTop`, which the CLI runs before the backfill too).
 *
 * @since 0.1.0
 * @category runs
 */
export const follow = (
  job: Job,
  options: Omit<Follow.FollowOptions, "from"> = {}
): Stream.Stream<FollowProgress, BackfillError, SqlClient.SqlClient | Sources> =>
  Stream.unwrap(
    Effect.gen(function* () {
      if (job.sink._tag !== "Sql") return yield* invalid("a followed backfill writes to SQL (sink Sql)")
      if (job.range._tag !== "Blocks")
        return yield* invalid("a followed backfill needs a block range (its top is the start)")
      if (job.source._tag === "TokenHistory") return yield* invalid("a token's history cannot be followed yet")
      const top = job.range.to
      yield* SqlSink.ensureTable(job).pipe(Effect.mapError(fromSink))
      yield* ensureFollowTables.pipe(Effect.mapError(fromSink))
      const sources = yield* Sources
      return Stream.mergeAll(
        chainsOf(job.target).map((chain) =>
          Stream.unwrap(Effect.map(sources.clientFor(job, chain), (bs) => followChain(bs, job, chain, top, options)))
        ),
        { concurrency: "unbounded" }
      )
    })
  )

/**
 * Fails unless the range's top is final on every chain of the job: at least `finality` blocks (the option, else
 * the chain's default) below the head the server shows. A followed backfill starts after its range and never reads
 * the range again, so a reorganisation reaching the range's top or below would leave the replaced block's rows in
 * the table: the job must backfill only what is final and leave the rest to the follow. Run it before the
 * backfill (the CLI does, so `--to-block` too near the head is refused before anything is written); `follow` runs
 * it again on a first start.
 *
 * @since 0.1.0
 * @category runs
 */
export const checkFinalTop = (
  job: Job,
  options: Pick<Follow.FollowOptions, "finality"> = {}
): Effect.Effect<void, BackfillError, Sources> =>
  Effect.gen(function* () {
    if (job.range._tag !== "Blocks") return
    const top = job.range.to
    const sources = yield* Sources
    for (const chain of chainsOf(job.target)) {
      const bs = yield* sources.clientFor(job, chain)
      yield* finalTop(bs, chain, top, options.finality)
    }
  })

/** One chain's check: the newest block of `/blocks` against the range's top. */
const finalTop = (bs: BlockscoutShape, chain: Chain, top: number, finality: number | undefined) =>
  Effect.gen(function* () {
    const newest = yield* bs.listBlocks().pipe(Effect.mapError((e) => fromBlockscout(e)))
    const head = newest.items[0]?.height
    if (head === undefined) return
    const depth = finality ?? Follow.defaultFinality(bs.target.chainId)
    if (top > head - depth) {
      return yield* invalid(
        `chain ${chain.label}: the range ends at block ${top}, but blocks above ${head - depth} are not final yet ` +
          `(head ${head}, finality ${depth}); a followed backfill never reads its range again, so a reorganisation ` +
          `there would leave the replaced block's rows: end the range at ${head - depth} or below, the follow takes the rest`
      )
    }
  })

/** One chain: the unfinal rows of an earlier run reverted, then every batch committed with its checkpoint. */
const followChain = (bs: BlockscoutShape, job: Job, chain: Chain, top: number, options: Follow.FollowOptions) =>
  Stream.unwrap(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const dialect = yield* Store.dialect
      const jobId = id(job)
      const tables = new Map(tablesOf(job).map((t) => [t.name, t]))
      // Rows an earlier run wrote for blocks that were not final: deleted, their blocks are followed again.
      yield* sql.withTransaction(
        Effect.gen(function* () {
          const pending = yield* sql<{ readonly tbl: string; readonly row_key: string }>`
            SELECT tbl, row_key FROM backfill_follow_rows WHERE job_id = ${jobId} AND chain = ${chain.label}`
          for (const row of pending) {
            const table = tables.get(row.tbl)
            if (table !== undefined) yield* deleteRow(table, JSON.parse(row.row_key) as ReadonlyArray<unknown>)
          }
          yield* sql`DELETE FROM backfill_follow_rows WHERE job_id = ${jobId} AND chain = ${chain.label}`
        })
      )
      const saved = yield* sql<{ readonly checkpoint: string }>`
        SELECT checkpoint FROM backfill_follow WHERE job_id = ${jobId} AND chain = ${chain.label}`
      // A first start checks the range is final (a run resumed from its checkpoint is past that question).
      if (saved[0] === undefined) yield* finalTop(bs, chain, top, options.finality)
      const from = saved[0] === undefined ? top + 1 : JSON.parse(saved[0].checkpoint)
      /** One batch in one transaction: upserts, deletes, the unfinal rows' list, the checkpoint. */
      const commit = (events: ReadonlyArray<Follow.FollowEvent<unknown>>) =>
        sql.withTransaction(
          Effect.gen(function* () {
            let added = 0
            let retracted = 0
            let final: number | undefined
            for (const event of events) {
              if (event._tag === "Finalized") {
                yield* sql`DELETE FROM backfill_follow_rows WHERE job_id = ${jobId} AND chain = ${chain.label}
                  AND block <= ${event.block.number}`
                const checkpoint = JSON.stringify(event.checkpoint)
                yield* sql`DELETE FROM backfill_follow WHERE job_id = ${jobId} AND chain = ${chain.label}`
                yield* sql`INSERT INTO backfill_follow (job_id, chain, checkpoint) VALUES (${jobId}, ${chain.label}, ${checkpoint})`
                final = event.block.number
                continue
              }
              for (const write of writesOf(job, [event.item])) {
                const row = yield* Effect.try({
                  try: () => rowOf(write.table, dialect, chain.label, write.args, write.items[0]),
                  catch: (e) => invalid((e as Error).message)
                })
                const key = JSON.stringify(keyValues(write.table, row))
                yield* sql`DELETE FROM backfill_follow_rows WHERE job_id = ${jobId} AND chain = ${chain.label}
                  AND tbl = ${write.table.name} AND row_key = ${key}`
                if (event._tag === "Added") {
                  yield* SqlSink.upsert(write.table, chain.label, write.args, write.items)
                  yield* sql`INSERT INTO backfill_follow_rows (job_id, chain, block, tbl, row_key)
                    VALUES (${jobId}, ${chain.label}, ${event.block.number}, ${write.table.name}, ${key})`
                  added += 1
                } else {
                  yield* deleteRow(write.table, keyValues(write.table, row))
                  retracted += 1
                }
              }
            }
            return { chain: chain.label, final: final ?? -1, added, retracted } satisfies FollowProgress
          })
        )
      // A batch ends at each Finalized: its events and the checkpoint it carries commit together.
      return eventsOf(bs, job, { ...options, from }).pipe(
        Stream.mapAccum(
          (): Array<Follow.FollowEvent<unknown>> => [],
          (held, event) => {
            const batch = [...held, event]
            return event._tag === "Finalized" ? [[], [batch]] : [batch, []]
          }
        ),
        Stream.mapEffect((batch) => commit(batch)),
        Stream.mapError((error) =>
          error instanceof BackfillError
            ? error
            : (error as { readonly _tag?: string })._tag === "BlockscoutError"
              ? fromBlockscout(error as never)
              : fromSink(error as SqlError.SqlError)
        )
      )
    }).pipe(Effect.mapError((e) => (e instanceof BackfillError ? e : fromSink(e))))
  )
