/**
 * The SQL sink: a page's items upserted into their resource tables (an address history's entries by kind) and
 * the partition's cursor moved on, in one transaction, so a crash leaves either both or neither.
 *
 * When to use: the partition activity calls `commit` once per page for jobs whose sink is `Sql`; `ensureTable`
 * runs when the job is planned. The tables are described in `Tables`.
 *
 * Gotchas: a page can hold the same item twice (a server answering during a reorg); the upsert keeps the last.
 * A commit the fence refuses (`Store.advance`: another runner moved the partition on meanwhile) rolls the whole
 * transaction back and fails with `Superseded`, so the caller reads the new cursor and goes on from there.
 *
 * @since 0.1.0
 */
import { Data, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { BackfillError } from "./BackfillError.ts"
import type { Job, SourceArgs } from "./Job.ts"
import { tablesOf, writesOf } from "./SourceRows.ts"
import * as Store from "./internal/Store.ts"
import { createTable, keyOf, quote, rowOf, type Table } from "./internal/Tables.ts"
import type { Position } from "./internal/Walk.ts"

/**
 * The partition was moved on by another writer since its cursor was read: read it again and go on.
 *
 * @since 0.1.0
 * @category errors
 */
export class Superseded extends Data.TaggedError("Superseded")<{ readonly pages: number }> {}

/**
 * Creates a job's item tables when missing (one for a list, one per kind for an address's history).
 *
 * @since 0.1.0
 * @category sql
 */
export const ensureTable = Effect.fn("SqlSink.ensureTable")(function* (job: Job) {
  const sql = yield* SqlClient.SqlClient
  const dialect = yield* Store.dialect
  // Runners planning jobs at once create the same tables at once (`Store.exclusiveDdl`).
  yield* Store.exclusiveDdl(
    Effect.forEach(tablesOf(job), (table) => sql.unsafe(createTable(table, dialect)), { discard: true })
  )
})

// Upserts in slices, so that a 100-item page of 40 columns stays well under every driver's parameter limit.
const sliceSize = 200

/**
 * Upserts items into a table: new rows are inserted; a row already there (same identity) takes the new values,
 * except where the new value is NULL.
 *
 * @since 0.1.0
 * @category sql
 */
export const upsert = Effect.fn("SqlSink.upsert")(function* (
  table: Table,
  chain: string,
  args: SourceArgs,
  items: ReadonlyArray<unknown>
) {
  if (items.length === 0) return
  const sql = yield* SqlClient.SqlClient
  const dialect = yield* Store.dialect
  const key = keyOf(table)
  const keyIndexes = table.columns.flatMap((c, i) => (c.key ? [i] : []))
  // One row per identity: the last item wins, as a second upsert of it would.
  const byKey = new Map<string, ReadonlyArray<unknown>>()
  for (const item of items) {
    const row = yield* Effect.try({
      try: () => rowOf(table, dialect, chain, args, item),
      catch: (e) => new BackfillError({ reason: "InvalidJob", message: (e as Error).message, retryable: false })
    })
    byKey.set(JSON.stringify(keyIndexes.map((i) => row[i])), row)
  }
  const names = table.columns.map((c) => c.name)
  const update = names
    .filter((name) => !key.includes(name))
    .map((name) => `${quote(name)} = COALESCE(excluded.${quote(name)}, ${quote(table.name)}.${quote(name)})`)
  const conflict = `ON CONFLICT (${key.map(quote).join(", ")}) DO ${update.length === 0 ? "NOTHING" : `UPDATE SET ${update.join(", ")}`}`
  const rows = [...byKey.values()]
  for (let start = 0; start < rows.length; start += sliceSize) {
    const [first, ...rest] = rows
      .slice(start, start + sliceSize)
      .map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])))
    if (first === undefined) continue
    yield* sql`INSERT INTO ${sql(table.name)} ${sql.insert([first, ...rest])} ${sql.literal(conflict)}`
  }
})

/**
 * Writes one page of a partition: its items and its next cursor, in one transaction.
 *
 * @since 0.1.0
 * @category sql
 */
export const commit = Effect.fn("SqlSink.commit")(function* (options: {
  readonly job: Job
  readonly jobId: string
  readonly chain: string
  readonly part: number
  readonly expectedPages: number
  readonly items: ReadonlyArray<unknown>
  readonly next: Position | null
  readonly runner: string
}) {
  const sql = yield* SqlClient.SqlClient
  yield* sql.withTransaction(
    Effect.gen(function* () {
      // An address's history writes each kind into its table; all of them with the cursor, in one transaction.
      for (const write of writesOf(options.job, options.items)) {
        yield* upsert(write.table, options.chain, write.args, write.items)
      }
      const moved = yield* Store.advance({
        jobId: options.jobId,
        chain: options.chain,
        part: options.part,
        expectedPages: options.expectedPages,
        next: options.next,
        items: options.items.length,
        runner: options.runner
      })
      if (!moved) return yield* new Superseded({ pages: options.expectedPages })
    })
  )
})
