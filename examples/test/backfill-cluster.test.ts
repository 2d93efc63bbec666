/**
 * Three `blockscout backfill runner` processes on PostgreSQL and Redis against a simulated Blockscout that allows
 * one key N requests a second: partitions run on all three, the server never answers 429, the total rate stays
 * within its limit, and killing one runner (SIGKILL) mid-run still completes the job with every item exactly once.
 */
import { Backfill } from "@blockscout-effect/backfill"
import { serve } from "@blockscout-effect/client/testing/node"
import { NodeServices } from "@effect/platform-node"
import { PgClient } from "@effect/sql-pg"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Layer, Redacted, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { expectedTransfers, runTransfers, startRunner, type TransferKey, transferKey } from "./backfill-support.ts"
import { postgres, redis } from "./services.ts"
import { entry, node } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const env = { BLOCKSCOUT_API_KEY: "proapi_cluster_test" }
/**
 * The key's limit the simulated server enforces (a fixed one-second window, 429 above it): below what three
 * runners pacing alone at the announced rate would send (75/s), so only the Redis-shared limiter keeps it.
 */
const limit = 25

describe("backfill on three runners", () => {
  it.live(
    "spreads partitions over three runners within one key's limit, and survives losing one",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const db = yield* postgres
          const redisUrl = yield* redis
          const server = yield* serve({ blocks: 300, seed: 5, latency: 15, rateLimit: { limit, windowMillis: 1000 } })
          const database = Layer.orDie(PgClient.layer({ url: Redacted.make(db) }))
          const started = yield* Effect.forEach(
            [1, 2, 3],
            () => startRunner(cliMain, ["--db", db, "--redis", redisUrl], env),
            { concurrency: "unbounded" }
          )
          const runners = new Map(started.map((r) => [r.address, r.child]))
          const addresses = started.map((r) => r.address)

          // All three registered before the job starts (on a loaded machine a runner can take seconds to start, and
          // a job that finished before it joined would never reach it).
          const registered = Effect.gen(function* () {
            for (const r of started) {
              if (r.child.exitCode !== null) return yield* Effect.die(`runner ${r.address} exited: ${r.output()}`)
            }
            const sql = yield* SqlClient.SqlClient
            const [row] = yield* sql<{ n: number | string }>`SELECT count(*) AS n FROM cluster_runners WHERE healthy`
            return Number(row?.n)
          })
          yield* registered.pipe(
            Effect.provide(database),
            Effect.filterOrFail((n) => n === 3),
            Effect.retry(Schedule.spaced("200 millis")),
            Effect.timeout("120 seconds")
          )

          // The history as the sequential stream sees it (before the job, so its requests are not counted).
          const expected = yield* expectedTransfers(server)
          const before = server.simulator.requests.length

          // A client that submits the job and leaves (the runners do the work).
          const start = yield* Clock.currentTimeMillis
          const submitted = yield* node(runTransfers(cliMain, server, 24, "--db", db, "--detach"), { env })
          assert.strictEqual(submitted.code, 0, submitted.stderr)
          const jobId = submitted.stdout.trim()
          const status = Backfill.status(jobId).pipe(Effect.provide(database))

          // Once every runner has committed pages and a third of the history is in, kill one runner.
          const third = Math.floor(expected.length / 3)
          const busy = yield* status.pipe(
            Effect.filterOrFail((s) => s.runners.length === 3 && s.items >= third),
            Effect.retry(Schedule.spaced("100 millis")),
            Effect.timeout("120 seconds")
          )
          assert.deepStrictEqual(new Set(busy.runners.map((r) => r.runner)), new Set(addresses))
          const victim = busy.runners[0]!.runner
          runners.get(victim)?.kill("SIGKILL")

          const done = yield* status.pipe(
            Effect.filterOrFail((s) => s.total > 0 && s.done === s.total),
            Effect.retry(Schedule.spaced("200 millis")),
            Effect.timeout("150 seconds")
          )
          const elapsed = ((yield* Clock.currentTimeMillis) - start) / 1000

          const rows = yield* Effect.flatMap(
            SqlClient.SqlClient,
            (sql) => sql<TransferKey>`SELECT transaction_hash, log_index, token_id FROM token_transfers`
          ).pipe(Effect.provide(database))
          assert.strictEqual(rows.length, expected.length, "every item once")
          assert.deepStrictEqual(new Set(rows.map(transferKey)), new Set(expected))
          assert.strictEqual(done.items, expected.length)

          // The one key's limit held across the three runners: no 429, and no more than `limit` a second overall.
          const requests = server.simulator.requests.slice(before)
          assert.strictEqual(requests.filter((r) => r.status === 429).length, 0, "no request over the limit")
          assert.isAtMost(requests.length / elapsed, limit)
        })
      ).pipe(Effect.provide(NodeServices.layer)),
    420_000
  )
})
