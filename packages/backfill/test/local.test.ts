import { Backfill, Job, Runtime } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const sim = SimulatedBlockscout.make({ seed: 7, blocks: 300 })
const http = layerHttpClient(sim)
const baseUrl = "http://blockscout.test"
const config = ConfigProvider.layer(ConfigProvider.fromUnknown({ SIM_KEY: "proapi_test" }))

const withDir = <A, E, R>(f: (dir: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "backfill-"))),
    f,
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

const sequential = Effect.gen(function* () {
  const bs = yield* Blockscout
  return yield* Stream.runCollect(bs.stream("tokenTransfers", {}))
}).pipe(
  Effect.provide(
    Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make("proapi_test"), baseUrl, rateLimit: false })
  ),
  Effect.provide(http)
)

const transferKey = (t: { transaction_hash: string; log_index: number | string; token_id: string }) =>
  `${t.transaction_hash}/${t.log_index}/${t.token_id}`

describe("one process on SQLite", () => {
  it.live(
    "a partitioned backfill of the simulated chain's token transfers holds the sequential stream's set, each once",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target: { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "SIM_KEY" } },
            source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
            range: { _tag: "Everything" },
            partitions: 4,
            sink: { _tag: "Sql" }
          })
          const result = yield* Backfill.run(job)
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ transaction_hash: string; log_index: number; token_id: string }>`
            SELECT transaction_hash, log_index, token_id FROM token_transfers WHERE chain = ${String(sim.chain.chainId)}`
          const expected = (yield* sequential).map((t) =>
            transferKey({
              transaction_hash: String(t.transaction_hash ?? ""),
              log_index: String(t.log_index),
              token_id: String((t.total as { token_id?: bigint } | null)?.token_id ?? "")
            })
          )
          assert.strictEqual(rows.length, expected.length)
          assert.deepStrictEqual(new Set(rows.map(transferKey)), new Set(expected))
          assert.strictEqual(result.items, expected.length)
          assert.strictEqual(result.partitions, 4)
          const status = yield* Backfill.status(Job.id(job))
          assert.strictEqual(status.done, 4)
          assert.deepStrictEqual(status.runners, [{ runner: "local", partitions: 4 }])
        }).pipe(
          Effect.provide(
            Runtime.layerLocal({ filename: join(dir, "backfill.db"), client: { rateLimit: false } }).pipe(
              Layer.provide(Layer.mergeAll(http, config))
            )
          )
        )
      ),
    60_000
  )

  it.live(
    "runs at most `concurrency` partitions at once, and still every item once",
    () => {
      const slow = SimulatedBlockscout.make({ seed: 7, blocks: 300, latency: 15 })
      const slowHttp = layerHttpClient(slow)
      return withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target: { family: "pro", chains: [slow.chain.chainId], baseUrl, apiKey: { config: "SIM_KEY" } },
            source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
            range: { _tag: "Blocks", from: 0, to: 299 },
            partitions: 6,
            concurrency: 2,
            sink: { _tag: "Sql" },
            pageSize: 20
          })
          let most = 0
          const watch = Backfill.watch(
            Job.id(job),
            (s) =>
              Effect.sync(() => {
                most = Math.max(most, s.partitions.filter((p) => p.pages > 0 && !p.done).length)
              }),
            { every: 20 }
          ).pipe(Effect.ignore, Effect.forever)
          const result = yield* Effect.raceFirst(Backfill.run(job), Effect.andThen(watch, Effect.never))
          const sql = yield* SqlClient.SqlClient
          const [row] = yield* sql<{ n: number }>`SELECT count(*) AS n FROM token_transfers`
          assert.strictEqual(Number(row?.n), result.items)
          assert.strictEqual(result.partitions, 6)
          assert.isAtMost(most, 2)
          assert.isAtLeast(most, 1)
        }).pipe(
          Effect.provide(
            Runtime.layerLocal({ filename: join(dir, "backfill.db"), client: { rateLimit: false } }).pipe(
              Layer.provide(Layer.mergeAll(slowHttp, config))
            )
          )
        )
      )
    },
    60_000
  )
})
