import { DuckDBInstance } from "@duckdb/node-api"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, FileSystem, Schema, Stream } from "effect"
import * as Columns from "../src/Columns.ts"
import * as Sinks from "../src/Sinks.ts"
import { decodedFixtures, resources } from "./support.ts"

/** Reads a Parquet file back with DuckDB: column types, and every cell as text (timestamps as ISO 8601 UTC). */
const readBack = (path: string) =>
  Effect.promise(async () => {
    const db = await DuckDBInstance.create(":memory:")
    const c = await db.connect()
    const file = `'${path.replaceAll("'", "''")}'`
    const described = (await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${file})`)).getRowObjectsJson()
    const types = new Map(described.map((r) => [String(r.column_name), String(r.column_type)]))
    const select = [...types]
      .map(([name, type]) => {
        const id = `"${name.replaceAll('"', '""')}"`
        return type.startsWith("TIMESTAMP")
          ? `strftime(${id} AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ') AS ${id}`
          : `CAST(${id} AS VARCHAR) AS ${id}`
      })
      .join(", ")
    const rows = (await c.runAndReadAll(`SELECT ${select} FROM read_parquet(${file})`)).getRowObjectsJson()
    c.closeSync()
    db.closeSync()
    return { types, rows }
  })

const cellAsText = (column: Columns.Column, item: unknown): string | null => {
  const v = Columns.value(column, item)
  return v === null ? null : String(v)
}

describe("Parquet", () => {
  for (const name of ["Transaction", "TokenTransfer", "Block"] as const) {
    it.effect(`reads back every ${name} fixture with the same values, typed`, () =>
      Effect.scoped(
        Effect.gen(function* () {
          const fs = yield* FileSystem.FileSystem
          const dir = yield* fs.makeTempDirectoryScoped()
          const items = decodedFixtures(name)
          const columns = Columns.fromSchema(resources[name])
          const written = yield* Stream.run(Stream.fromIterable(items), Sinks.parquet(`${dir}/out.parquet`, columns))
          assert.strictEqual(written.items, items.length)
          const { types, rows } = yield* readBack(`${dir}/out.parquet`)
          assert.deepStrictEqual(
            [...types.keys()],
            columns.map((c) => c.name)
          )
          for (const c of columns) {
            const type = types.get(c.name)!
            if (c.kind === "timestamp") assert.strictEqual(type, "TIMESTAMP WITH TIME ZONE", c.name)
            if (c.kind === "integer") assert.strictEqual(type, "BIGINT", c.name)
            if (c.kind === "boolean") assert.strictEqual(type, "BOOLEAN", c.name)
            if (c.kind === "bigint") assert.include(["DECIMAL(38,0)", "VARCHAR"], type, c.name)
          }
          assert.strictEqual(rows.length, items.length)
          items.forEach((item, i) => {
            for (const c of columns) {
              const got = rows[i]![c.name] ?? null
              const want = cellAsText(c, item)
              if (c.kind === "number" && want !== null) assert.strictEqual(Number(got), Number(want), c.name)
              else if (c.kind === "json" && want !== null)
                assert.deepStrictEqual(JSON.parse(String(got)), JSON.parse(want))
              else assert.strictEqual(got, want, `${name} #${i} ${c.name}`)
            }
          })
        })
      ).pipe(Effect.provide(NodeServices.layer))
    )
  }

  it.effect("a bigint column is DECIMAL(38,0) while every value fits, else exact decimal text", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const columns = Columns.fromSchema(
          Schema.Struct({ small: Schema.BigInt, huge: Schema.BigInt, at: Schema.DateTimeUtc })
        )
        const at = DateTime.makeUnsafe("2024-01-02T03:04:05.123Z")
        const items = [
          { small: 10n ** 37n, huge: 2n ** 256n - 1n, at },
          { small: -5n, huge: 1n, at }
        ]
        yield* Stream.run(Stream.fromIterable(items), Sinks.parquet(`${dir}/b.parquet`, columns))
        const { types, rows } = yield* readBack(`${dir}/b.parquet`)
        assert.deepStrictEqual([types.get("small"), types.get("huge")], ["DECIMAL(38,0)", "VARCHAR"])
        assert.deepStrictEqual(rows[0], {
          small: String(10n ** 37n),
          huge: String(2n ** 256n - 1n),
          at: "2024-01-02T03:04:05.123Z"
        })
        assert.deepStrictEqual(rows[1]?.small, "-5")
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("a failed stream leaves no Parquet file", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const columns = Columns.fromSchema(Schema.Struct({ n: Schema.BigInt }))
        const failed = yield* Stream.make({ n: 1n }).pipe(
          Stream.concat(Stream.fail("gone" as const)),
          Stream.run(Sinks.parquet(`${dir}/f.parquet`, columns)),
          Effect.flip
        )
        assert.strictEqual(failed, "gone")
        assert.isFalse(yield* fs.exists(`${dir}/f.parquet`))
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )
})
