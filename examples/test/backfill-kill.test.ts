/**
 * `blockscout backfill run` as a child process killed with SIGKILL in the middle, then started again: it resumes
 * from the committed cursors, and the SQLite table (or the NDJSON part files) hold every item of the history
 * exactly once; an address's history too, resumed from each partition's committed history checkpoint.
 */
import { serve } from "@blockscout-effect/client/testing/node"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import {
  expectedHistory,
  expectedTransfers,
  killMidway,
  progress,
  runTransfers,
  type TransferKey,
  transferKey
} from "./backfill-support.ts"
import { entry, node } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const env = { BLOCKSCOUT_API_KEY: "proapi_kill_test" }

describe("backfill survives kill -9", () => {
  for (const sink of ["sql", "ndjson"] as const) {
    it.live(
      `a killed ${sink} backfill resumes and holds every item once`,
      () =>
        Effect.scoped(
          Effect.gen(function* () {
            const fs = yield* FileSystem.FileSystem
            const dir = yield* fs.makeTempDirectoryScoped()
            // 10 items a page and 25 ms an answer: about 200 requests over 4 partitions, a few seconds of work.
            const server = yield* serve({ blocks: 400, seed: 11, latency: 25 })
            const db = `${dir}/backfill.db`
            const parts = `${dir}/parts`
            const argv = runTransfers(
              cliMain,
              server,
              4,
              ...["--requests-per-second", "1000", "--db", db],
              ...(sink === "ndjson" ? ["--ndjson", parts] : [])
            )
            // Once a fifth of the way in, kill it without warning.
            const halfway = yield* killMidway(argv, db, 300, env)

            const before = server.simulator.requests.length
            const second = yield* node(argv, { env })
            assert.strictEqual(second.code, 0, second.stderr)
            const resumedRequests = server.simulator.requests.length - before
            const after = progress(db)
            assert.strictEqual(after.done, after.partitions)

            const expected = yield* expectedTransfers(server)
            let stored: Array<string>
            if (sink === "sql") {
              const d = new DatabaseSync(db, { readOnly: true })
              stored = (
                d
                  .prepare("SELECT transaction_hash, log_index, token_id FROM token_transfers")
                  .all() as unknown as Array<TransferKey>
              ).map(transferKey)
              d.close()
            } else {
              stored = readdirSync(parts)
                .filter((f) => f.endsWith(".ndjson"))
                .flatMap((f) =>
                  readFileSync(`${parts}/${f}`, "utf8")
                    .split("\n")
                    .filter((l) => l.length > 0)
                )
                .map((l) => {
                  const t = JSON.parse(l) as TransferKey & { total?: { token_id?: string } | null }
                  return transferKey({ ...t, token_id: t.total?.token_id ?? "" })
                })
            }
            assert.strictEqual(stored.length, expected.length, "every item once: no item lost, none twice")
            assert.deepStrictEqual(new Set(stored), new Set(expected))
            assert.strictEqual(after.items, expected.length)
            // It resumed: the second run fetched what was left (plus a page per cut partition), not everything again.
            assert.isBelow(resumedRequests, Math.ceil(expected.length / 10) - Math.floor(halfway.items / 10) + 8)
          })
        ).pipe(Effect.provide(NodeServices.layer)),
      60_000
    )
  }

  it.live(
    "a killed address-history backfill resumes from its checkpoints and holds every entry once",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          const fs = yield* FileSystem.FileSystem
          const dir = yield* fs.makeTempDirectoryScoped()
          const server = yield* serve({ blocks: 400, seed: 11, latency: 25 })
          const address = server.simulator.chain.routers[0]!
          const db = `${dir}/history.db`
          const argv = [
            cliMain,
            ...["backfill", "run", "address-history", address, "--chain", String(server.chainId)],
            ...["--base-url", server.baseUrl, "--partitions", "4", "--page-size", "10"],
            ...["--requests-per-second", "1000", "--db", db]
          ]
          const expected = yield* expectedHistory(server, address)
          yield* killMidway(argv, db, expected.length / 5, env)

          const answered = () => server.simulator.books.requests
          const before = answered()
          const second = yield* node(argv, { env })
          assert.strictEqual(second.code, 0, second.stderr)
          const resumedRequests = answered() - before
          const after = progress(db)
          assert.strictEqual(after.done, after.partitions)
          // It resumed: fewer requests than the whole job run afresh into another database.
          const fresh = answered()
          const whole = yield* node(
            argv.map((arg) => (arg === db ? `${dir}/fresh.db` : arg)),
            { env }
          )
          assert.strictEqual(whole.code, 0, whole.stderr)
          assert.isBelow(resumedRequests, answered() - fresh)

          const d = new DatabaseSync(db, { readOnly: true })
          const keys = (sql: string) => (d.prepare(sql).all() as Array<{ k: string }>).map((r) => r.k)
          const stored = [
            ...keys("SELECT 'transaction:' || hash AS k FROM transactions"),
            ...keys(
              "SELECT 'tokenTransfer:' || transaction_hash || ':' || log_index || ':' || token_id AS k FROM token_transfers"
            ),
            ...keys(
              "SELECT 'internalTransaction:' || transaction_hash || ':' || \"index\" AS k FROM internal_transactions"
            )
          ]
          d.close()
          assert.strictEqual(stored.length, expected.length, "every entry once: none lost, none twice")
          assert.deepStrictEqual(new Set(stored), new Set(expected))
          assert.strictEqual(after.items, expected.length)
        })
      ).pipe(Effect.provide(NodeServices.layer)),
    60_000
  )
})
