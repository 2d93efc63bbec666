/**
 * The backfill's own tables, beside the items: `backfill_jobs` (each job as JSON, by id) and
 * `backfill_partitions` (each partition's range, committed cursor, counts, runner and last error).
 *
 * When to use: `Backfill.status` reads these; the partition activity commits its cursor here in the same
 * transaction as the page's items (`SqlSink`). The workflow engine keeps its own tables (`cluster_*`) in the
 * same database; these are the ones a person or a dashboard reads.
 *
 * Gotcha: a partition's `pages` count doubles as a fence: a commit only applies if it still holds the count the
 * writer read, so two runners that both believe they own a partition (a runner cut off long enough for its
 * shards to move) never commit the same page twice: the one that loses the race reads the new cursor and goes
 * on from there.
 *
 * @since 0.1.0
 */
import { Clock, DateTime, Effect, Option, Schema } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { BackfillError } from "../BackfillError.ts"
import { type Job, JobJson } from "../Job.ts"
import type { Partition } from "../Plan.ts"
import type { Dialect } from "./Tables.ts"
import type { Position } from "./Walk.ts"

const now = Effect.map(Clock.currentTimeMillis, (ms) => DateTime.formatIso(DateTime.makeUnsafe(ms)))

// The backfill's database schema: which SQL dialect is in context, the creation of the backfill's own tables
// (`migrate`), and schema changes made one writer at a time across processes (`exclusiveDdl`, which the item
// tables' creation in `SqlSink` goes through too).

/**
 * The dialect of the `SqlClient` in context (`pg` or `sqlite`; anything else is refused).
 *
 * @since 0.1.0
 * @category sql
 */
export const dialect: Effect.Effect<Dialect, never, SqlClient.SqlClient> = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.onDialectOrElse({
    pg: () => Effect.succeed<Dialect>("pg"),
    sqlite: () => Effect.succeed<Dialect>("sqlite"),
    orElse: () => Effect.die("the backfill writes to PostgreSQL or SQLite only")
  })
)

/**
 * Runs schema changes one writer at a time, across processes. PostgreSQL's `CREATE TABLE IF NOT EXISTS` is not
 * safe against itself: two sessions creating the same table at once can both find it missing, and the second
 * fails on the catalog's unique index (runners planning several jobs at once did, and the job failed). On
 * PostgreSQL the changes run in one transaction holding a transaction-level advisory lock (released with it);
 * SQLite serialises writers itself.
 *
 * @since 0.1.0
 * @category sql
 */
export const exclusiveDdl = <A, E, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E | SqlError.SqlError, R | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if ((yield* dialect) !== "pg") return yield* effect
    // One fixed key for the backfill's schema changes ("bkfl" in ASCII).
    return yield* sql.withTransaction(Effect.andThen(sql.unsafe("SELECT pg_advisory_xact_lock(1651206764)"), effect))
  })

/**
 * Creates the backfill's tables when missing.
 *
 * @since 0.1.0
 * @category sql
 */
export const migrate = exclusiveDdl(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const big = (yield* dialect) === "pg" ? "BIGINT" : "INTEGER"
    yield* sql.unsafe(
      `CREATE TABLE IF NOT EXISTS backfill_jobs (job_id TEXT PRIMARY KEY, job TEXT NOT NULL, created_at TEXT NOT NULL,
      error TEXT)`
    )
    yield* sql.unsafe(
      `CREATE TABLE IF NOT EXISTS backfill_partitions (job_id TEXT NOT NULL, chain TEXT NOT NULL, part INTEGER NOT NULL,
      lo ${big}, hi ${big}, cursor TEXT, done INTEGER NOT NULL DEFAULT 0, items ${big} NOT NULL DEFAULT 0,
      pages ${big} NOT NULL DEFAULT 0, runner TEXT, error TEXT, updated_at TEXT, PRIMARY KEY (job_id, chain, part))`
    )
  })
)

/**
 * Records a job (once: a job id is its content, so a second insert is the same job).
 *
 * @since 0.1.0
 * @category sql
 */
export const saveJob = Effect.fn("Store.saveJob")(function* (jobId: string, job: Job) {
  const sql = yield* SqlClient.SqlClient
  const text = yield* Schema.encodeEffect(JobJson)(job).pipe(Effect.orDie)
  const at = yield* now
  yield* sql`INSERT INTO backfill_jobs (job_id, job, created_at) VALUES (${jobId}, ${text}, ${at})
    ON CONFLICT (job_id) DO NOTHING`
})

/**
 * A recorded job by id, or `undefined`.
 *
 * @since 0.1.0
 * @category sql
 */
export const loadJob = Effect.fn("Store.loadJob")(function* (jobId: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ job: string }>`SELECT job FROM backfill_jobs WHERE job_id = ${jobId}`.pipe(
    // A database no backfill has run in yet has no tables: it holds no job either.
    Effect.catchIf(
      (e) => /no such table|does not exist/.test(String(e.reason.cause)),
      () => Effect.succeed([])
    )
  )
  const row = rows[0]
  return row === undefined ? undefined : yield* Schema.decodeUnknownEffect(JobJson)(row.job).pipe(Effect.orDie)
})

/**
 * Records a job's partitions (keeping any that exist: a replanned job keeps its progress).
 *
 * @since 0.1.0
 * @category sql
 */
export const savePartitions = Effect.fn("Store.savePartitions")(function* (
  jobId: string,
  partitions: ReadonlyArray<Partition>
) {
  const sql = yield* SqlClient.SqlClient
  const at = yield* now
  yield* sql.withTransaction(
    Effect.forEach(
      partitions,
      (p) =>
        sql`INSERT INTO backfill_partitions (job_id, chain, part, lo, hi, updated_at)
          VALUES (${jobId}, ${p.chain.label}, ${p.part}, ${p.range?.lo ?? null}, ${p.range?.hi ?? null}, ${at})
          ON CONFLICT (job_id, chain, part) DO NOTHING`,
      { discard: true }
    )
  )
})

/**
 * A partition's committed state.
 *
 * @since 0.1.0
 * @category models
 */
export interface PartitionState {
  readonly chain: string
  readonly part: number
  readonly lo: number | null
  readonly hi: number | null
  /**
   * The cursor of the next page to fetch (an address history's checkpoint); null before the first commit (start
   * at the range's top).
   */
  readonly cursor: Position | null
  readonly done: boolean
  readonly items: number
  readonly pages: number
  /** The runner that made the last commit (`host:port`, or `local`). */
  readonly runner: string | null
  /** The last failure's message, until the partition commits again. */
  readonly error: string | null
  /** The last failure itself (reason, client tag, whether it may pass). */
  readonly failure: BackfillError | null
  readonly updatedAt: string | null
}

interface Row {
  readonly chain: string
  readonly part: number | bigint
  readonly lo: number | bigint | string | null
  readonly hi: number | bigint | string | null
  readonly cursor: string | null
  readonly done: number | boolean
  readonly items: number | bigint | string
  readonly pages: number | bigint | string
  readonly runner: string | null
  readonly error: string | null
  readonly updated_at: string | null
}

const num = (v: number | bigint | string): number => Number(v)

const FailureJson = Schema.fromJsonString(BackfillError)

/** A stored failure (a `BackfillError` as JSON; plain text from elsewhere is kept as its message). */
const failureOf = (text: string): BackfillError =>
  Option.getOrElse(
    Schema.decodeUnknownOption(FailureJson)(text),
    () => new BackfillError({ reason: "Fetch", message: text, retryable: false })
  )

const encodeFailure = (error: BackfillError): string => Schema.encodeSync(FailureJson)(error)

const toState = (row: Row): PartitionState => ({
  chain: row.chain,
  part: num(row.part),
  lo: row.lo === null ? null : num(row.lo),
  hi: row.hi === null ? null : num(row.hi),
  cursor: row.cursor === null ? null : (JSON.parse(row.cursor) as Position),
  done: row.done === true || row.done === 1,
  items: num(row.items),
  pages: num(row.pages),
  runner: row.runner,
  error: row.error === null ? null : failureOf(row.error).message,
  failure: row.error === null ? null : failureOf(row.error),
  updatedAt: row.updated_at
})

/**
 * Every partition of a job, by chain and number.
 *
 * @since 0.1.0
 * @category sql
 */
export const partitions = Effect.fn("Store.partitions")(function* (jobId: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<Row>`SELECT chain, part, lo, hi, cursor, done, items, pages, runner, error, updated_at
    FROM backfill_partitions WHERE job_id = ${jobId} ORDER BY chain, part`
  return rows.map(toState)
})

/**
 * One partition's committed state (a defect if it was never planned).
 *
 * @since 0.1.0
 * @category sql
 */
export const partition = Effect.fn("Store.partition")(function* (jobId: string, chain: string, part: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<Row>`SELECT chain, part, lo, hi, cursor, done, items, pages, runner, error, updated_at
    FROM backfill_partitions WHERE job_id = ${jobId} AND chain = ${chain} AND part = ${part}`
  const row = rows[0]
  if (row === undefined) return yield* Effect.die(`partition ${chain}/${part} of job ${jobId} was never planned`)
  return toState(row)
})

/**
 * Moves a partition's cursor on by one page, if it still holds `expectedPages` (the fence). Returns whether it
 * did. Run it in the transaction that writes the page's items, so both or neither are committed.
 *
 * @since 0.1.0
 * @category sql
 */
export const advance = Effect.fn("Store.advance")(function* (options: {
  readonly jobId: string
  readonly chain: string
  readonly part: number
  readonly expectedPages: number
  readonly next: Position | null
  readonly items: number
  readonly runner: string
}) {
  const sql = yield* SqlClient.SqlClient
  const at = yield* now
  const cursor = options.next === null ? null : JSON.stringify(options.next)
  const done = options.next === null ? 1 : 0
  const rows = yield* sql<{ pages: unknown }>`UPDATE backfill_partitions
    SET cursor = ${cursor}, done = ${done}, items = items + ${options.items}, pages = pages + 1,
      runner = ${options.runner}, error = NULL, updated_at = ${at}
    WHERE job_id = ${options.jobId} AND chain = ${options.chain} AND part = ${options.part}
      AND pages = ${options.expectedPages} AND done = 0
    RETURNING pages`
  return rows.length === 1
})

/**
 * Notes a partition's failure for `status` (kept until its next commit).
 *
 * @since 0.1.0
 * @category sql
 */
export const recordError = Effect.fn("Store.recordError")(function* (
  jobId: string,
  chain: string,
  part: number,
  error: BackfillError
) {
  const sql = yield* SqlClient.SqlClient
  const at = yield* now
  yield* sql`UPDATE backfill_partitions SET error = ${encodeFailure(error)}, updated_at = ${at}
    WHERE job_id = ${jobId} AND chain = ${chain} AND part = ${part}`
})

/**
 * Notes the failure that stopped a job's plan (cleared when the plan succeeds), for `run` and `status`.
 *
 * @since 0.1.0
 * @category sql
 */
export const recordJobError = Effect.fn("Store.recordJobError")(function* (jobId: string, error: BackfillError | null) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`UPDATE backfill_jobs SET error = ${error === null ? null : encodeFailure(error)} WHERE job_id = ${jobId}`
})

/**
 * The failure that stopped a job's plan, if one did.
 *
 * @since 0.1.0
 * @category sql
 */
export const jobError = Effect.fn("Store.jobError")(function* (jobId: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ error: string | null }>`SELECT error FROM backfill_jobs WHERE job_id = ${jobId}`
  const text = rows[0]?.error ?? null
  return text === null ? undefined : failureOf(text)
})
