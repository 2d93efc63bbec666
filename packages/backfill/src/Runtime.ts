/**
 * Where backfills run: one process over an embedded SQLite file (`layerLocal`), or cluster runners over
 * PostgreSQL (`layerRunner`), with a client-only layer to submit and watch jobs without running partitions
 * (`layerClient`). Each provides the `WorkflowEngine` (Effect's cluster engine), the job database as
 * `SqlClient`, and registers the backfill workflows.
 *
 * When to use: `Backfill.run(job).pipe(Effect.provide(Runtime.layerLocal({ filename: "backfill.db" })))` on one
 * machine; on several, start `layerRunner` on each (same database, distinct addresses) and share the API key's
 * limit by providing the client's `RateLimits.layerRedis()` (see the README).
 *
 * Drivers: SQLite through this package's `node:sqlite` client (`SqliteClient`: no 4.1-compatible SQLite driver
 * is published); PostgreSQL through `@effect/sql-pg` 4.0.5 (its peer range `effect ^4.0.5` includes 4.1; it
 * speaks the wire protocol itself, with no native dependency).
 *
 * Gotchas: every layer needs an `HttpClient` (e.g. `FetchHttpClient.layer`). Sharding settings come from the
 * environment (`ShardingConfig.layerFromEnv`) with `shardingConfig` over them; the defaults here shorten the
 * engine's polling (half a second instead of ten) so that a partition starts, and a dead runner's partitions
 * move, within seconds rather than a minute.
 *
 * @since 0.1.0
 */
import type { ClientOptions } from "@blockscout-effect/client"
import { NodeClusterSocket, NodeCrypto, NodeFileSystem, NodePath } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { type Config, Duration, Effect, Layer, Option, Redacted } from "effect"
import {
  ClusterWorkflowEngine,
  type MessageStorage,
  RunnerAddress,
  type Sharding,
  type ShardingConfig,
  SingleRunner
} from "effect/cluster"
import type { HttpClient } from "effect/http"
import type { SqlClient, SqlError } from "effect/sql"
import type { WorkflowEngine } from "effect/workflow"
import * as PartitionRun from "./internal/PartitionRun.ts"
import * as Sources from "./Sources.ts"
import * as SqliteClient from "./sqlite/SqliteClient.ts"
import * as Store from "./internal/Store.ts"
import * as Workflows from "./internal/Workflows.ts"

type ShardingSettings = Partial<ShardingConfig.ShardingConfig["Service"]>

/**
 * Sharding settings the runtime layers start from (the caller's `shardingConfig` goes over them): the engine
 * polls storage every 500 ms, and a runner that stops refreshing its shard locks loses them after 10 s.
 *
 * @since 0.1.0
 * @category models
 */
export const shardingDefaults: ShardingSettings = {
  entityMessagePollInterval: Duration.millis(500),
  entityReplyPollInterval: Duration.millis(200),
  refreshAssignmentsInterval: Duration.millis(500),
  shardLockRefreshInterval: Duration.seconds(2),
  shardLockExpiration: Duration.seconds(10),
  runnerHealthCheckInterval: Duration.seconds(2),
  entityMaxIdleTime: Duration.minutes(1)
}

/**
 * Options shared by every runtime layer; `E`: how building `rateLimits` can fail (a Redis that is down).
 *
 * @since 0.1.0
 * @category models
 */
export interface CommonOptions<E = never> {
  /** Options of every partition's `Blockscout` client (timeouts, retries); see `Sources.make`. */
  readonly client?: ClientOptions | undefined
  /**
   * Where the clients' rate limiters keep their state: a layer of the client's `RateLimits` module (e.g.
   * `RateLimits.layerRedis()` over a `Redis` layer, so every runner on that Redis shares each key's rate).
   * Default: the process's own registry.
   */
  readonly rateLimits?: Layer.Layer<never, E> | undefined
  /** Sharding settings over `shardingDefaults`. */
  readonly shardingConfig?: ShardingSettings | undefined
}

/**
 * One process over a SQLite file: the workflow engine's tables, the job and partition tables and the item tables
 * all in `filename` (created when missing). Nothing to start: this is the default of the CLI.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerLocal = <E = never>(options: CommonOptions<E> & { readonly filename: string }) => {
  const sql = SqliteClient.layer({ filename: options.filename })
  const cluster = SingleRunner.layer({ shardingConfig: { ...shardingDefaults, ...options.shardingConfig } }).pipe(
    Layer.provide(NodeCrypto.layerDigest)
  )
  return runtime(cluster, sql, options, "local")
}

/**
 * Options of `layerRunner`.
 *
 * @since 0.1.0
 * @category models
 */
export interface RunnerOptions<E = never> extends CommonOptions<E> {
  /** The job database: a `postgres://` URL (kept redacted). */
  readonly database: Redacted.Redacted<string>
  /** The address other runners reach this one at (`host`, `port`); it listens there too. */
  readonly address: { readonly host: string; readonly port: number }
}

const pg = (database: Redacted.Redacted<string>) => PgClient.layer({ url: database })

/**
 * Whether a `--db` value names PostgreSQL (`postgres://` or `postgresql://`) rather than a SQLite file.
 *
 * @since 0.1.0
 * @category models
 */
export const isPostgres = (db: string): boolean => /^postgres(ql)?:\/\//.test(db)

/**
 * The job database alone, without the engine (so it never takes work): a PostgreSQL URL, or a SQLite file
 * opened read-only. For `Backfill.status` from a script or a dashboard.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerDatabase = (db: string): Layer.Layer<SqlClient.SqlClient, SqlError.SqlError | Config.ConfigError> =>
  isPostgres(db) ? pg(Redacted.make(db)) : SqliteClient.layer({ filename: db, readonly: true })

/**
 * A cluster runner over PostgreSQL: it takes a share of the shards (so of the partitions) and serves the others
 * over a socket at `address`. Start several, on one machine or many, against the same database.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRunner = <E = never>(options: RunnerOptions<E>) => {
  const cluster = NodeClusterSocket.layer({
    shardingConfig: {
      ...shardingDefaults,
      ...options.shardingConfig,
      runnerAddress: Option.some(RunnerAddress.make(options.address.host, options.address.port))
    }
  })
  return runtime(cluster, pg(options.database), options, `${options.address.host}:${options.address.port}`)
}

/**
 * A client of a cluster over PostgreSQL that runs no partitions: to submit jobs, poll them, `status` and `resume`.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerClient = <E = never>(
  options: CommonOptions<E> & { readonly database: Redacted.Redacted<string> }
) => {
  const cluster = NodeClusterSocket.layer({
    clientOnly: true,
    shardingConfig: { ...shardingDefaults, ...options.shardingConfig }
  })
  return runtime(cluster, pg(options.database), options, "client")
}

/** The engine over a cluster layer and a database: workflows registered, tables migrated, runner named. */
const runtime = <E1, R1, E2, E3>(
  cluster: Layer.Layer<Sharding.Sharding | MessageStorage.MessageStorage, E1, R1>,
  sql: Layer.Layer<SqlClient.SqlClient, E2>,
  options: CommonOptions<E3>,
  runner: string
): Layer.Layer<
  WorkflowEngine.WorkflowEngine | SqlClient.SqlClient,
  E1 | E2 | E3,
  HttpClient.HttpClient | Exclude<R1, SqlClient.SqlClient>
> => {
  const database = Layer.effectDiscard(Effect.orDie(Store.migrate)).pipe(Layer.provideMerge(sql))
  return Workflows.layer.pipe(
    Layer.provideMerge(ClusterWorkflowEngine.layer),
    Layer.provideMerge(cluster),
    Layer.provide(Sources.layer(options.client).pipe(Layer.provide(options.rateLimits ?? Layer.empty))),
    Layer.provide(Layer.succeed(PartitionRun.RunnerName, runner)),
    Layer.provide(Layer.mergeAll(NodeFileSystem.layer, NodePath.layer)),
    Layer.provideMerge(database)
  )
}
