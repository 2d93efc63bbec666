/**
 * Backfills of the rows whose items are not one resource's list items: the advanced filter's mixed feed (keyed by
 * the transaction and the item's place in it) and ERC-4337 user operations (keyed by hash), into SQLite from the
 * simulated Blockscout: every streamed item is one row, and a second run upserts the same rows.
 */
import { Backfill, Job, Runtime } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer, Redacted, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const sim = SimulatedBlockscout.make({ seed: 7, blocks: 160, accountAbstraction: true })
const http = layerHttpClient(sim)
const baseUrl = "http://blockscout.test"
const config = ConfigProvider.layer(ConfigProvider.fromUnknown({ SIM_KEY: "proapi_test" }))
const target = { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "SIM_KEY" } } as const

const withDir = <A, E, R>(f: (dir: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "backfill-rows-"))),
    f,
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

/** How many items the client's own stream of a row gives. */
const streamed = (name: "advancedFilters" | "userOperations") =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    return yield* Stream.runCount(bs.stream(name, {}))
  }).pipe(
    Effect.provide(
      Blockscout.layerPro({
        chainId: sim.chain.chainId,
        apiKey: Redacted.make("proapi_test"),
        baseUrl,
        rateLimit: false
      })
    ),
    Effect.provide(http)
  )

const runtimeIn = (dir: string) =>
  Runtime.layerLocal({ filename: join(dir, "backfill.db"), client: { rateLimit: false } }).pipe(
    Layer.provide(Layer.mergeAll(http, config))
  )

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
        }).pipe(Effect.provide(runtimeIn(dir)))
      )
    )
  }
})
