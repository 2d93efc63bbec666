import { Backfill, Job } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { simulatedPro, withDir } from "./support.ts"

// The paged rows of issue 24 as backfill sources: the chain's internal transactions (block-keyed, so partitioned)
// and the chain's tokens (one walk), into SQLite, each item once under its identity.

const sim = SimulatedBlockscout.make({ seed: 11, blocks: 200 })
const { target, client, local } = simulatedPro(sim)

describe("the new paged rows as backfill sources", () => {
  it.live(
    "the chain's internal transactions in 3 partitions: the sequential stream's set, each once",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target,
            source: { _tag: "Endpoint", endpoint: "chainInternalTransactions", args: {} },
            range: { _tag: "Everything" },
            partitions: 3,
            sink: { _tag: "Sql" }
          })
          const result = yield* Backfill.run(job)
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ transaction_hash: string; index: number }>`
            SELECT transaction_hash, ${sql("index")} FROM internal_transactions WHERE chain = ${String(sim.chain.chainId)}`
          const expected = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamChainInternalTransactions())).pipe(
            Effect.provide(client)
          )
          assert.isAbove(expected.length, 50)
          assert.strictEqual(rows.length, expected.length)
          assert.deepStrictEqual(
            new Set(rows.map((r) => `${r.transaction_hash}/${r.index}`)),
            new Set(expected.map((t) => `${t.transaction_hash}/${t.index}`))
          )
          assert.strictEqual(result.items, expected.length)
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )

  it.live(
    "the chain's tokens: every token once",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target,
            source: { _tag: "Endpoint", endpoint: "tokens", args: {} },
            range: { _tag: "Everything" },
            partitions: 1,
            sink: { _tag: "Sql" }
          })
          yield* Backfill.run(job)
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ address_hash: string }>`SELECT address_hash FROM tokens`
          assert.deepStrictEqual(
            rows.map((r) => r.address_hash.toLowerCase()).sort(),
            sim.chain.tokens.map((t) => t.address).sort()
          )
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )
})
