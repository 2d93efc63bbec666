/**
 * Backfills of the rows whose items are not one resource's list items: the advanced filter's mixed feed (keyed by
 * the transaction and the item's place in it) and ERC-4337 user operations (keyed by hash), into SQLite from the
 * simulated Blockscout: every streamed item is one row, and a second run upserts the same rows.
 */
import { Backfill, Job } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { simulatedPro, withDir } from "./support.ts"

const sim = SimulatedBlockscout.make({ seed: 7, blocks: 160, accountAbstraction: true })
const { target, client, local } = simulatedPro(sim)

/** How many items the client's own stream of a row gives. */
const streamed = (name: "advancedFilters" | "userOperations") =>
  Blockscout.use((bs) => Stream.runCount(bs.stream(name, {}))).pipe(Effect.provide(client))

describe("backfills of the advanced filter and user operations, one process on SQLite", () => {
  for (const [endpoint, table] of [
    ["advancedFilters", "advanced_filter_items"],
    ["userOperations", "user_operations"]
  ] as const) {
    it.live(`${endpoint}: every item of the stream one row of ${table}, the same after a second run`, () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const want = yield* streamed(endpoint)
          assert.isAbove(want, 50, "more than one page")
          const count = Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const [row] = yield* sql<{ n: number }>`SELECT count(*) AS n FROM ${sql(table)}`
            return Number(row?.n)
          })
          for (let run = 0; run < 2; run++) {
            const job = yield* Job.make({
              target,
              source: { _tag: "Endpoint", endpoint, args: {} },
              range: { _tag: "Everything" },
              partitions: 1,
              sink: { _tag: "Sql" }
            })
            const result = yield* Backfill.run(job)
            assert.strictEqual(result.items, want, `run ${run}`)
            assert.strictEqual(yield* count, want, `run ${run}`)
          }
        }).pipe(Effect.provide(local(dir)))
      )
    )
  }
})
