/**
 * A followed backfill (`Follow.follow`) over SQLite and the live simulated Blockscout on the TestClock: the
 * chain grows and reorganises, the follow commits each batch with its checkpoint, stops, the chain reorganises
 * blocks it had written while nothing runs, and a restarted follow leaves the table equal to the canonical
 * chain: no row of a replaced block, every row of the canonical blocks once.
 */
import { Follow, Job, SqliteClient, Sources } from "@blockscout-effect/backfill"
import { Follow as ClientFollow } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Exit, Fiber, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const initial = 300
const baseUrl = "http://blockscout.test"

/** Runs an effect to its end, moving the TestClock half a second at a time while it waits. */
const driven = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < 10_000 && fiber.pollUnsafe() === undefined; i++) {
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
      yield* TestClock.adjust("500 millis")
    }
    return yield* Fiber.join(fiber)
  })

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("a followed backfill", { timeout: 60_000 }, () => {
  it.effect("commits batches with their checkpoint, and a restart after a reorg leaves the canonical chain", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "backfill-follow-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
      // Block 312 appears at 24 s and replaces 308..311; the first run stops at 20 s, when 308..310 are written
      // but not final (finality 4), and the restart meets the new branch.
      const sim = SimulatedBlockscout.make({
        seed: 5,
        blocks: initial,
        live: {
          startMillis: 0,
          blockMillis: 2_000,
          reorgs: [
            { head: initial + 12, depth: 4 },
            { head: initial + 30, depth: 2 }
          ]
        }
      })
      const layer = Layer.mergeAll(
        SqliteClient.layer({ filename: join(dir, "follow.db") }),
        Sources.layer({ rateLimit: false }).pipe(Layer.provide(layerHttpClient(sim)))
      )
      const job = yield* Job.make({
        target: { family: "instance", baseUrl, chain: "sim" },
        source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
        // The range ends where blocks are final (head initial - 1, finality 4): the follow takes the rest.
        range: { _tag: "Blocks", from: initial - 10, to: initial - 5 },
        partitions: 1,
        sink: { _tag: "Sql" }
      })
      const runUntil = (millis: number) =>
        driven(
          Follow.follow(job, { finality: 4, pollInterval: "2 seconds" }).pipe(
            Stream.interruptWhen(
              Effect.gen(function* () {
                while ((yield* Clock.currentTimeMillis) < millis) yield* Effect.sleep("500 millis")
              })
            ),
            Stream.runCollect
          )
        )
      const program = Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const first = yield* runUntil(20_000)
        assert.isAbove(first.length, 0)
        const written = yield* sql<{ readonly n: number }>`SELECT count(*) AS n FROM backfill_follow_rows`
        assert.isAbove(written[0]?.n ?? 0, 0, "rows of blocks not final yet are listed")
        // Nothing runs while the chain goes on and replaces blocks the first run wrote.
        yield* TestClock.adjust("20 seconds")
        const second = yield* runUntil(80_000)
        assert.isTrue(second.some((p) => p.final > first[first.length - 1]!.final))
        const rows = yield* sql<{
          readonly block_number: number
          readonly transaction_hash: string
          readonly log_index: number
          readonly token_id: string | null
        }>`SELECT block_number, transaction_hash, log_index, token_id FROM token_transfers WHERE chain = 'sim'`
        const got = new Map(
          rows.map((r) => [`${r.transaction_hash}:${r.log_index}:${r.token_id ?? ""}`, r.block_number])
        )
        const top = Math.max(...rows.map((r) => r.block_number))
        const now = yield* Clock.currentTimeMillis
        const expected = new Map<string, number>()
        for (let h = initial - 4; h <= top; h++) {
          for (const item of sim.blockItems(now, h).tokenTransfers) expected.set(ClientFollow.followIdentity(item), h)
        }
        assert.isAtLeast(top, sim.headAt(now) - 2)
        assert.strictEqual(got.size, expected.size)
        for (const [key, block] of expected) assert.strictEqual(got.get(key), block, key)
      })
      const exit = yield* Effect.exit(program.pipe(Effect.provide(layer)))
      assert.isTrue(Exit.isSuccess(exit), String(exit))
    })
  )
})
