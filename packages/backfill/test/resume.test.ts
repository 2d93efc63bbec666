import { Backfill, Job, Runtime } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const baseUrl = "http://blockscout.test"

describe("a partition that stops on a failure", () => {
  it.live(
    "fails the run with the server's reason, keeps the others going, and resume completes it exactly once",
    () => {
      // Blocks below 100 answer 403 while `broken` (a key that lost access to part of the history).
      let broken = true
      const sim = SimulatedBlockscout.make({
        seed: 9,
        blocks: 240,
        faults: (ctx) =>
          broken && ctx.path === "/token-transfers" && Number(ctx.query.block_number ?? Infinity) < 100
            ? { _tag: "Status", status: 403 }
            : undefined
      })
      const http = layerHttpClient(sim)
      const dir = mkdtempSync(join(tmpdir(), "backfill-resume-"))
      const runtime = Runtime.layerLocal({
        filename: join(dir, "b.db"),
        client: { rateLimit: false, retry: false }
      }).pipe(
        Layer.provide(Layer.mergeAll(http, ConfigProvider.layer(ConfigProvider.fromUnknown({ KEY: "proapi_resume" }))))
      )
      return Effect.gen(function* () {
        const job = yield* Job.make({
          target: { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "KEY" } },
          source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
          range: { _tag: "Blocks", from: 0, to: 239 },
          partitions: 4,
          sink: { _tag: "Sql" }
        })
        const failure = yield* Effect.flip(Backfill.run(job))
        assert.strictEqual(failure.reason, "Fetch", failure.message)
        assert.strictEqual(failure.tag, "Unauthorized")
        const stopped = yield* Backfill.status(Job.id(job))
        assert.isAbove(stopped.errors.length, 0)
        // The top two partitions (blocks 120..239) never go below block 100: they finish.
        const finished = yield* Effect.gen(function* () {
          while (true) {
            const s = yield* Backfill.status(Job.id(job))
            if (s.partitions.filter((p) => p.done).length >= 2) return s
            yield* Effect.sleep(100)
          }
        })
        assert.deepStrictEqual(
          finished.partitions.filter((p) => p.done).map((p) => p.part),
          [0, 1]
        )

        broken = false
        const result = yield* Backfill.resume(Job.id(job))
        const done = yield* Backfill.status(Job.id(job))
        assert.strictEqual(done.done, 4)
        assert.deepStrictEqual(done.errors, [])

        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ n: number; keys: number }>`
          SELECT count(*) AS n, count(DISTINCT transaction_hash || '/' || log_index || '/' || token_id) AS keys
          FROM token_transfers`
        const expected = yield* Effect.flatMap(Blockscout, (bs) =>
          Stream.runCollect(bs.stream("tokenTransfers", {}))
        ).pipe(
          Effect.provide(
            Blockscout.layerPro({
              chainId: sim.chain.chainId,
              apiKey: Redacted.make("proapi_resume_expected"),
              baseUrl,
              rateLimit: false
            })
          ),
          Effect.provide(http)
        )
        assert.strictEqual(Number(row?.n), expected.length)
        assert.strictEqual(Number(row?.keys), expected.length)
        assert.strictEqual(result.items, expected.length)
      }).pipe(
        Effect.provide(runtime),
        Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
      )
    },
    60_000
  )

  it.live(
    "a plan refused for a wrong key fails the run; after the key is fixed, resume in a new process completes it",
    () => {
      const sim = SimulatedBlockscout.make({ seed: 3, blocks: 80, apiKeys: ["proapi_good"] })
      const http = layerHttpClient(sim)
      const dir = mkdtempSync(join(tmpdir(), "backfill-plan-"))
      const runtime = (key: string) =>
        Runtime.layerLocal({ filename: join(dir, "b.db"), client: { rateLimit: false, retry: false } }).pipe(
          Layer.provide(Layer.mergeAll(http, ConfigProvider.layer(ConfigProvider.fromUnknown({ KEY: key })))),
          Layer.orDie
        )
      return Effect.gen(function* () {
        const job = yield* Job.make({
          target: { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "KEY" } },
          source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
          range: { _tag: "Everything" },
          partitions: 2,
          sink: { _tag: "Sql" }
        })
        const failure = yield* Effect.flip(Backfill.run(job).pipe(Effect.provide(runtime("proapi_wrong"))))
        assert.strictEqual(failure.tag, "Unauthorized", failure.message)
        assert.notInclude(failure.message, "proapi_wrong")
        const result = yield* Backfill.resume(Job.id(job)).pipe(Effect.provide(runtime("proapi_good")))
        assert.strictEqual(result.partitions, 2)
        assert.isAbove(result.items, 0)
      }).pipe(Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
    },
    60_000
  )
})
