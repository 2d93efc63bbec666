/**
 * Runners planning jobs at once create the backfill's tables at once. PostgreSQL's `CREATE TABLE IF NOT EXISTS`
 * is not safe against itself (two sessions can both find the table missing; the second fails on the catalog's
 * unique index), which failed a job's plan when three runners planned three jobs together. Here four sessions
 * run the plan's schema steps at once, on fresh tables each round: every one must succeed.
 */
import { Job, SqlSink } from "@blockscout-effect/backfill"
import { PgClient } from "@effect/sql-pg"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
// The store's schema steps are the engine's, not the package's surface: imported by path within the repo.
import * as Store from "../../packages/backfill/src/internal/Store.ts"
import { postgres } from "./services.ts"

describe("the backfill's schema steps on PostgreSQL", () => {
  it.live(
    "run at once from four sessions, on fresh tables ten times, all succeed",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const db = yield* postgres
          const sessions = yield* Effect.forEach([1, 2, 3, 4], () =>
            Layer.build(PgClient.layer({ url: Redacted.make(db) }))
          )
          const job = yield* Job.make({
            target: { family: "instance", baseUrl: "http://127.0.0.1:1", chain: "ddl" },
            source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
            range: { _tag: "Everything" },
            partitions: 1,
            sink: { _tag: "Sql" }
          })
          const plan = Effect.andThen(Store.migrate, SqlSink.ensureTable(job))
          for (let round = 0; round < 10; round++) {
            yield* Effect.provideContext(
              Effect.flatMap(SqlClient.SqlClient, (sql) =>
                sql.unsafe("DROP TABLE IF EXISTS backfill_jobs, backfill_partitions, token_transfers")
              ),
              sessions[0]!
            )
            const outcomes = yield* Effect.forEach(
              sessions,
              (context) => plan.pipe(Effect.provideContext(context), Effect.result),
              { concurrency: "unbounded" }
            )
            const failed = outcomes.filter((o) => o._tag === "Failure").map((o) => String(o))
            assert.deepStrictEqual(failed, [], `round ${round}`)
          }
        })
      ),
    120_000
  )
})
