import { Backfill, Job } from "@blockscout-effect/backfill"
import { Blockscout, type BlockscoutShape } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { simulatedPro, withDir } from "./support.ts"

const sim = SimulatedBlockscout.make({ seed: 7, blocks: 300 })
const { target, client, local } = simulatedPro(sim)

/** The client's own stream of a history, in process (the oracle of the backfills). */
const clientRun = <A, E>(f: (bs: BlockscoutShape) => Effect.Effect<A, E>) =>
  Blockscout.use(f).pipe(Effect.provide(client))

const sequential = clientRun((bs) => Stream.runCollect(bs.stream("tokenTransfers", {})))

const transferKey = (t: { transaction_hash: string; log_index: number | string; token_id: string }) =>
  `${t.transaction_hash}/${t.log_index}/${t.token_id}`

describe("one process on SQLite", () => {
  it.live(
    "a partitioned backfill of the simulated chain's token transfers holds the sequential stream's set, each once",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target,
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
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )

  it.live(
    "runs at most `concurrency` partitions at once, and still every item once",
    () => {
      const slow = simulatedPro(SimulatedBlockscout.make({ seed: 7, blocks: 300, latency: 15 }))
      return withDir((dir) =>
        Effect.gen(function* () {
          const job = yield* Job.make({
            target: slow.target,
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
        }).pipe(Effect.provide(slow.local(dir)))
      )
    },
    60_000
  )
})

/** A table's identities (`chain` aside), each as one text. */
const keysOf = (table: string, columns: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql.unsafe<Record<string, unknown>>(
      `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" WHERE chain = '${sim.chain.chainId}'`
    )
    return rows.map((row) => columns.map((c) => String(row[c])).join("/"))
  })

const tokenId = (total: unknown) => String((total as { token_id?: bigint | null } | null)?.token_id ?? "")

describe("history sources, one process on SQLite", () => {
  it.live(
    "an address's history: each kind in its resource's table, the client's own stream's entries, each once",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const address = sim.chain.users[4]!
          const job = yield* Job.make({
            target,
            // Any case: a job's address is lower-cased, so the same history is the same job.
            source: { _tag: "AddressHistory", address: address.toUpperCase().replace("0X", "0x") },
            range: { _tag: "Everything" },
            partitions: 4,
            sink: { _tag: "Sql" },
            pageSize: 20
          })
          assert.strictEqual(job.source._tag === "AddressHistory" && job.source.address, address.toLowerCase())
          const result = yield* Backfill.run(job)
          const entries = yield* clientRun((bs) => Stream.runCollect(bs.streamAddressHistory(address)))
          const want = {
            transaction: [] as Array<string>,
            tokenTransfer: [] as Array<string>,
            internal: [] as Array<string>
          }
          for (const e of entries) {
            if (e._tag === "Transaction") want.transaction.push(e.item.hash)
            else if (e._tag === "TokenTransfer")
              want.tokenTransfer.push(
                `${e.item.block_hash}/${e.item.transaction_hash}/${e.item.log_index}/${tokenId(e.item.total)}`
              )
            else want.internal.push(`${e.item.transaction_hash}/${e.item.index}`)
          }
          assert.isAbove(want.transaction.length, 0)
          assert.isAbove(want.tokenTransfer.length, 0)
          assert.isAbove(want.internal.length, 0)
          const got = {
            transaction: yield* keysOf("transactions", ["hash"]),
            tokenTransfer: yield* keysOf("token_transfers", [
              "block_hash",
              "transaction_hash",
              "log_index",
              "token_id"
            ]),
            internal: yield* keysOf("internal_transactions", ["transaction_hash", "index"])
          }
          for (const kind of ["transaction", "tokenTransfer", "internal"] as const) {
            assert.strictEqual(got[kind].length, want[kind].length, `${kind}: each once`)
            assert.deepStrictEqual(new Set(got[kind]), new Set(want[kind]), kind)
          }
          assert.strictEqual(result.items, entries.length)
          assert.strictEqual(result.partitions, 4)
          const status = yield* Backfill.status(Job.id(job))
          assert.strictEqual(status.done, 4)
          assert.isTrue(status.partitions.every((p) => p.lo !== null && p.hi !== null))
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )

  it.live(
    "a token's history: its transfers by block ranges, the client's own stream, each once (ERC-1155 batches too)",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const token = sim.chain.tokens.find((t) => t.type === "ERC-1155")!.address
          const job = yield* Job.make({
            target,
            source: { _tag: "TokenHistory", token },
            range: { _tag: "Everything" },
            partitions: 3,
            sink: { _tag: "Sql" },
            pageSize: 15
          })
          const result = yield* Backfill.run(job)
          const transfers = yield* clientRun((bs) => Stream.runCollect(bs.streamTokenTransfersByToken(token)))
          const want = transfers.map((t) => `${t.block_hash}/${t.transaction_hash}/${t.log_index}/${tokenId(t.total)}`)
          assert.isBelow(
            new Set(transfers.map((t) => `${t.transaction_hash}/${t.log_index}`)).size,
            want.length,
            "batches"
          )
          const got = yield* keysOf("token_transfers", ["block_hash", "transaction_hash", "log_index", "token_id"])
          assert.strictEqual(got.length, want.length)
          assert.deepStrictEqual(new Set(got), new Set(want))
          assert.strictEqual(result.items, want.length)
          assert.strictEqual(result.partitions, 3)
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )

  it.live(
    "an address's history into NDJSON part files: one line per entry, in the client's order within each part",
    () =>
      withDir((dir) =>
        Effect.gen(function* () {
          const address = sim.chain.routers[0]!
          const job = yield* Job.make({
            target,
            source: { _tag: "AddressHistory", address, kinds: ["transaction", "internalTransaction"] },
            range: { _tag: "Blocks", from: 0, to: 299 },
            partitions: 2,
            sink: { _tag: "Ndjson", directory: join(dir, "parts") },
            pageSize: 25
          })
          yield* Backfill.run(job)
          const lines = readdirSync(join(dir, "parts"))
            .filter((f) => f.endsWith(".ndjson"))
            .sort()
            .flatMap((f) =>
              readFileSync(join(dir, "parts", f), "utf8")
                .split("\n")
                .filter((l) => l.length > 0)
            )
            .map(
              (l) => JSON.parse(l) as { kind: string; block_number: number; item: { hash?: string; index?: number } }
            )
          const entries = yield* clientRun((bs) =>
            Stream.runCollect(bs.streamAddressHistory(address, { kinds: ["transaction", "internalTransaction"] }))
          )
          // Parts in order are the history in chain order: newest range first.
          assert.deepStrictEqual(
            lines.map((l) => [l.kind, l.block_number]),
            entries.map((e) => [e._tag === "Transaction" ? "transaction" : "internal_transaction", e.block])
          )
        }).pipe(Effect.provide(local(dir)))
      ),
    60_000
  )
})
