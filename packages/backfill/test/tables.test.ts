import { type Job, SqliteClient } from "@blockscout-effect/backfill"
import { endpoints } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Tables from "../src/internal/Tables.ts"
import * as SqlSink from "../src/SqlSink.ts"

const paged = (Object.keys(endpoints) as Array<keyof typeof endpoints>).filter(
  (name): name is Job.PagedName => endpoints[name].shape === "page"
)

describe("resource tables", () => {
  it("every paged row has a table keyed by chain and its item identity, in both dialects", () => {
    for (const name of paged) {
      const table = Tables.tableOf(name)
      assert.strictEqual(table.columns[0]?.name, "chain")
      assert.isAbove(Tables.keyOf(table).length, 1, name)
      for (const dialect of ["sqlite", "pg"] as const) {
        assert.match(Tables.createTable(table, dialect), /^CREATE TABLE IF NOT EXISTS "[a-z_]+" \(.*PRIMARY KEY \(/)
      }
    }
  })

  it("rows that read one resource share its table with the same columns (a chain-wide and a scoped list upsert into one table)", () => {
    const byTable = new Map<string, string>()
    for (const name of paged) {
      const table = Tables.tableOf(name)
      const ddl = Tables.createTable(table, "pg")
      const seen = byTable.get(table.name)
      if (seen === undefined) byTable.set(table.name, ddl)
      else assert.strictEqual(ddl, seen, `${name} differs from another row of ${table.name}`)
    }
    assert.isAbove(byTable.size, 8)
  })

  it("the README's table of tables names every table and its identity columns", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
    const documented = new Map<string, Array<string>>()
    for (const line of readme.split("\n")) {
      const cells = line.split(" | ")
      const table = /^`([a-z_]+)`$/.exec(cells[1] ?? "")?.[1]
      if (line.startsWith("| ") && table !== undefined && cells[2] !== undefined) {
        documented.set(
          table,
          [...cells[2].replace(/\([^)]*\)/g, "").matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1] as string)
        )
      }
    }
    for (const name of paged) {
      const table = Tables.tableOf(name)
      assert.deepStrictEqual(
        documented.get(table.name)?.sort(),
        Tables.keyOf(table).slice(1).sort(),
        `${name}: ${table.name}`
      )
    }
  })

  it("maps decoded kinds to columns: addresses as text, amounts as NUMERIC, timestamps as TIMESTAMPTZ", () => {
    const table = Tables.tableOf("tokenTransfers")
    const kind = (name: string) => table.columns.find((c) => c.name === name)?.kind
    assert.strictEqual(kind("from"), "address")
    assert.strictEqual(kind("timestamp"), "timestamp")
    assert.strictEqual(kind("block_number"), "integer")
    assert.strictEqual(kind("total"), "json")
    const tx = Tables.tableOf("transactions")
    assert.strictEqual(tx.columns.find((c) => c.name === "value")?.kind, "bigint")
    const ddl = Tables.createTable(tx, "pg")
    assert.include(ddl, '"value" NUMERIC(78,0)')
    assert.include(ddl, '"timestamp" TIMESTAMPTZ')
    assert.include(ddl, '"from" TEXT')
    assert.deepStrictEqual(Tables.keyOf(Tables.tableOf("withdrawals")), ["chain", "index"])
    assert.deepStrictEqual(Tables.keyOf(Tables.tableOf("nftCollections")), ["chain", "holder", "token_address"])
  })

  it.effect("a replayed item is an upsert, and a NULL never overwrites a value", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const table = Tables.tableOf("withdrawals")
      yield* sql.unsafe(Tables.createTable(table, "sqlite"))
      const receiver = {
        hash: "0x00000000000000000000000000000000000000aa",
        name: null,
        is_contract: false,
        is_verified: false
      }
      const full = { index: 7, validator_index: 1, amount: 10n, receiver, block_number: 100 }
      yield* SqlSink.upsert(table, "1", {}, [full, { ...full, index: 8 }])
      // E12's view of the same withdrawal: no receiver; a larger amount to see the update land.
      yield* SqlSink.upsert(table, "1", {}, [{ index: 7, validator_index: 1, amount: 12n }])
      const rows = yield* sql<{ index: number; amount: string; receiver: string | null }>`
        SELECT "index", amount, receiver FROM withdrawals ORDER BY "index"`
      assert.deepStrictEqual(
        rows.map((r) => ({ ...r })),
        [
          { index: 7, amount: "12", receiver: receiver.hash },
          { index: 8, amount: "10", receiver: receiver.hash }
        ]
      )
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:" })))
  )
})
