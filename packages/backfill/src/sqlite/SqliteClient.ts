/**
 * An `effect/sql` client for SQLite over Node's built-in `node:sqlite`, for effect 4.1: the embedded database
 * of a one-machine backfill (cluster message storage, runner storage, progress and item tables in one file).
 *
 * Why our own: `@effect/sql-sqlite-node`'s only Effect-4 release (4.0.0-beta.102) imports
 * `effect/unstable/sql/...`, paths effect 4.1 no longer exports, so it does not load; the `0.5x` line is
 * Effect 3. This is that driver (MIT, Effect-TS, `packages/sql/sqlite-node/src/SqliteClient.ts` at
 * 4.0.0-beta.102) adapted to effect 4.1's `SqlClient.make` (`driver`, `borrower`) and its SQLite acquirers
 * (`SqlClient.makeSqliteAcquirers`, which roll back a transaction a failed COMMIT left open), trimmed to what a
 * backfill needs (no backup, no extensions); its license is in this package's LICENSE. Replace it with the upstream
 * driver once one loads with 4.1.
 *
 * Gotchas: one connection, serialised by a semaphore, as upstream: SQLite has one writer anyway. WAL is on
 * (readers, such as `backfill status` in another process, do not block the writer) and `busy_timeout` makes a
 * second process wait for the lock instead of failing at once. Streaming queries are not supported.
 *
 * @since 0.1.0
 */
import { Cache, Context, Duration, Effect, Layer, type Scope, Semaphore, Stream } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient, type SqlConnection, SqlError, Statement } from "effect/sql"
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"

/**
 * Options of {@link layer}.
 *
 * @since 0.1.0
 * @category models
 */
export interface SqliteClientConfig {
  /** The database file (created when missing), or `":memory:"`. */
  readonly filename: string
  /** Open read-only (status and progress readers). */
  readonly readonly?: boolean | undefined
  /** How long a statement waits for another process's write lock before failing (default 10 seconds). */
  readonly busyTimeout?: Duration.Input | undefined
  /** Prepared statements kept (default 200). */
  readonly prepareCacheSize?: number | undefined
}

/**
 * The SQLite client service: an `effect/sql` `SqlClient` (dialect `sqlite`) with the file it opened.
 *
 * @since 0.1.0
 * @category models
 */
export interface SqliteClient extends SqlClient.SqlClient {
  readonly config: SqliteClientConfig
}

/**
 * The SQLite client, also provided as the generic `SqlClient.SqlClient` by {@link layer}.
 *
 * @since 0.1.0
 * @category services
 */
export const SqliteClient = Context.Service<SqliteClient>("@blockscout-effect/backfill/SqliteClient")

const classify = (cause: unknown, message: string, operation: string) => {
  // node:sqlite reports SQLite's result code as `errcode`; the classifier reads `errno`.
  if (typeof cause === "object" && cause !== null && "errcode" in cause && !("errno" in cause)) {
    Object.assign(cause, { errno: (cause as { readonly errcode: unknown }).errcode })
  }
  return new SqlError.SqlError({ reason: SqlError.classifySqliteError(cause, { message, operation }) })
}

const makeConnection = (options: SqliteClientConfig) =>
  Effect.gen(function* () {
    const db = new DatabaseSync(options.filename, { readOnly: options.readonly ?? false })
    yield* Effect.addFinalizer(() => Effect.sync(() => db.close()))
    const busy = Duration.toMillis(options.busyTimeout ?? Duration.seconds(10))
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busy))}`)
    if (options.readonly !== true && options.filename !== ":memory:") db.exec("PRAGMA journal_mode = WAL")

    const prepared = yield* Cache.make({
      capacity: options.prepareCacheSize ?? 200,
      timeToLive: Duration.minutes(10),
      lookup: (sql: string) =>
        Effect.try({ try: () => db.prepare(sql), catch: (cause) => classify(cause, "Failed to prepare", "prepare") })
    })

    const runStatement = (statement: StatementSync, params: ReadonlyArray<unknown>, raw: boolean, arrays: boolean) =>
      Effect.withFiber<ReadonlyArray<object>, SqlError.SqlError>((fiber) =>
        Effect.try({
          try: (): ReadonlyArray<object> => {
            statement.setReadBigInts(Context.get(fiber.context, SqlClient.SafeIntegers))
            statement.setReturnArrays(arrays)
            // The compiler only binds what node:sqlite takes (strings, numbers, bigints, buffers, null).
            const args = params as Array<SQLInputValue>
            if (statement.columns().length > 0) return statement.all(...args)
            const result = statement.run(...args)
            // `executeRaw` answers the run's counts, as the upstream driver does.
            return raw ? (result as unknown as ReadonlyArray<object>) : []
          },
          catch: (cause) => classify(cause, "Failed to execute statement", "execute")
        })
      )

    const run = (sql: string, params: ReadonlyArray<unknown>, raw = false, arrays = false) =>
      Effect.flatMap(Cache.get(prepared, sql), (statement) => runStatement(statement, params, raw, arrays))
    const unprepared = (sql: string, params: ReadonlyArray<unknown>, arrays: boolean) =>
      Effect.flatMap(
        Effect.try({ try: () => db.prepare(sql), catch: (cause) => classify(cause, "Failed to prepare", "prepare") }),
        (statement) => runStatement(statement, params, false, arrays)
      )

    // With `setReturnArrays(true)` each row is an array of its values.
    const values = (rows: Effect.Effect<ReadonlyArray<object>, SqlError.SqlError>) =>
      rows as Effect.Effect<ReadonlyArray<ReadonlyArray<unknown>>, SqlError.SqlError>
    const connection: SqlConnection.Connection = {
      execute: (sql, params, transformRows) =>
        transformRows ? Effect.map(run(sql, params), transformRows) : run(sql, params),
      executeRaw: (sql, params) => run(sql, params, true),
      executeValues: (sql, params) => values(run(sql, params, false, true)),
      executeValuesUnprepared: (sql, params) => values(unprepared(sql, params, true)),
      executeUnprepared: (sql, params, transformRows) =>
        transformRows
          ? Effect.map(unprepared(sql, params ?? [], false), transformRows)
          : unprepared(sql, params, false),
      executeStream: () => Stream.die("node:sqlite client: streaming queries are not supported")
    }
    return { connection, isTransaction: () => db.isTransaction }
  })

/**
 * Opens the database for the lifetime of the scope.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  options: SqliteClientConfig
): Effect.Effect<SqliteClient, never, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function* () {
    const { connection, isTransaction } = yield* makeConnection(options)
    const semaphore = yield* Semaphore.make(1)
    const acquirers = SqlClient.makeSqliteAcquirers({
      connection: Effect.succeed(connection),
      semaphore,
      isTransaction
    })
    const client = yield* SqlClient.make({
      acquirer: acquirers.acquirer,
      borrower: acquirers.borrower,
      transactionAcquirer: acquirers.transactionAcquirer,
      onCommitFailure: acquirers.onCommitFailure,
      isTransaction: acquirers.isTransaction,
      compiler: Statement.makeCompilerSqlite(),
      driver: "sqlite-node",
      spanAttributes: [["db.system.name", "sqlite"]]
    })
    return Object.assign(client, { config: options }) as SqliteClient
  }).pipe(Effect.orDie)

/**
 * The client as a layer: `SqliteClient` and the generic `SqlClient.SqlClient` (what `effect/cluster`'s SQL
 * storage and the backfill's tables ask for).
 *
 * Gotcha: failing to open the file (no such directory, not a database) is a defect with SQLite's message.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: SqliteClientConfig): Layer.Layer<SqliteClient | SqlClient.SqlClient> =>
  Layer.effectContext(
    Effect.map(make(options), (client) =>
      Context.make(SqliteClient, client).pipe(Context.add(SqlClient.SqlClient, client))
    )
  ).pipe(Layer.provide(Reactivity.layer))
