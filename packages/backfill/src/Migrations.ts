/**
 * The backfill's database schema: which SQL dialect is in context, the creation of the backfill's own tables
 * (`migrate`), and schema changes made one writer at a time across processes (`exclusiveDdl`, which the item
 * tables' creation in `SqlSink` goes through too). `Store` re-exports all three.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import type { Dialect } from "./Tables.ts"

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
