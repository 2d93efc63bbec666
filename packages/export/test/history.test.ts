import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { DuckDBInstance } from "@duckdb/node-api"
import { Effect, Exit, FileSystem, Option, type Path, Schema, Stream } from "effect"
import * as Checkpoint from "../src/Checkpoint.ts"
import * as Columns from "../src/Columns.ts"
import * as HistoryFile from "../src/HistoryFile.ts"

const columns = Columns.fromSchema(Schema.Struct({ index: Schema.Number.check(Schema.isInt()), wei: Schema.BigInt }))

// A fake history of `total` numbered items in pages of `size`, with cursors like a server's; it fails
// when asked for page number `failAt` (0-based), like a server going away mid-stream.
const fakePages = (total: number, size: number, failAt?: number) => (cursor: HistoryFile.Cursor | undefined) =>
  Stream.paginate(cursor === undefined ? 0 : Number(cursor.index), (from: number) => {
    if (failAt !== undefined && from / size >= failAt) return Effect.fail("server gone" as const)
    const items = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({
      index: from + i,
      wei: BigInt(from + i) * 10n ** 18n
    }))
    const next = from + size < total ? from + size : undefined
    const page = {
      items,
      next_page_params: next === undefined ? null : { index: next, items_count: size },
      cursor: from === 0 ? undefined : { index: from, items_count: size }
    }
    return Effect.succeed([[page], next === undefined ? Option.none() : Option.some(next)] as const)
  })

const withTempDir = <A, E>(f: (dir: string) => Effect.Effect<A, E, FileSystem.FileSystem | Path.Path>) =>
  Effect.scoped(
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped()
      return yield* f(dir)
    })
  ).pipe(Effect.provide(NodeServices.layer))

/**
 * A fake partitioned history: pages whose `next_page_params` is their range's (never null), each carrying the
 * progress once it is out (the pages written so far); resumed from a progress, it goes on after those.
 */
const partitionedPages =
  (total: number, size: number, failAt?: number) => (_cursor: HistoryFile.Cursor | undefined, progress: unknown) =>
    Stream.paginate((progress as { readonly out: number } | undefined)?.out ?? 0, (page: number) => {
      if (failAt !== undefined && page >= failAt) return Effect.fail("server gone" as const)
      const from = page * size
      const items = Array.from({ length: Math.min(size, total - from) }, (_, i) => ({ index: from + i, wei: 1n }))
      const more = from + size < total
      const out = { items, next_page_params: { index: 999 }, progress: { out: page + 1 } }
      return Effect.succeed([[out], more ? Option.some(page + 1) : Option.none()] as const)
    })

describe("HistoryFile", () => {
  it.effect("a partitioned stream: its progress is checkpointed, handed back to resume, done at its end", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const output = `${dir}/out.ndjson`
        const checkpoint = `${dir}/cp.json`
        const failed = yield* Effect.exit(
          HistoryFile.run({ pages: partitionedPages(23, 5, 3), output, checkpoint, query: "q" })
        )
        assert.isTrue(Exit.isFailure(failed))
        const saved = yield* Checkpoint.read(checkpoint)
        assert.deepStrictEqual([saved?.progress, saved?.done, saved?.items], [{ out: 3 }, false, 15])
        const summary = yield* HistoryFile.run({ pages: partitionedPages(23, 5), output, checkpoint, query: "q" })
        assert.strictEqual(summary.stopped, "done")
        const lines = (yield* fs.readFileString(output)).trimEnd().split("\n")
        assert.deepStrictEqual(
          lines.map((line) => (JSON.parse(line) as { index: number }).index),
          Array.from({ length: 23 }, (_, i) => i)
        )
        const done = yield* Checkpoint.read(checkpoint)
        assert.deepStrictEqual([done?.done, done?.progress], [true, { out: 5 }])
      })
    )
  )

  it.effect("writes every item once, in order, and marks the checkpoint done", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const output = `${dir}/out.ndjson`
        const checkpoint = `${dir}/out.checkpoint.json`
        const summary = yield* HistoryFile.run({ pages: fakePages(23, 5), output, checkpoint, query: "q" })
        const lines = (yield* fs.readFileString(output)).trimEnd().split("\n")
        assert.strictEqual(lines.length, 23)
        assert.strictEqual(lines[22], '{"index":22,"wei":"22000000000000000000"}')
        assert.strictEqual(summary.stopped, "done")
        const saved = yield* Checkpoint.read(checkpoint)
        assert.deepStrictEqual(
          { done: saved?.done, items: saved?.items, pages: saved?.pages, cursor: saved?.cursor },
          { done: true, items: 23, pages: 5, cursor: null }
        )
        assert.strictEqual(saved?.bytes, (yield* fs.readFile(output)).length)
      })
    )
  )

  it.effect("resumes after a failure mid-stream into the same bytes as an uninterrupted run", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        yield* HistoryFile.run({ pages: fakePages(47, 5), output: `${dir}/whole.ndjson`, query: "q" })
        const output = `${dir}/out.ndjson`
        const checkpoint = `${dir}/cp.json`
        const failed = yield* Effect.exit(
          HistoryFile.run({ pages: fakePages(47, 5, 4), output, checkpoint, query: "q" })
        )
        assert.isTrue(Exit.isFailure(failed))
        // A crash between the page write and the checkpoint: junk after the checkpointed length.
        yield* fs.writeFileString(output, '{"half":', { flag: "a" })
        const resumed = yield* HistoryFile.run({ pages: fakePages(47, 5), output, checkpoint, query: "q" })
        assert.isTrue(resumed.resumed)
        assert.strictEqual(resumed.newItems, 47 - 20)
        assert.deepStrictEqual(yield* fs.readFile(output), yield* fs.readFile(`${dir}/whole.ndjson`))
      })
    )
  )

  it.effect("stops mid-page at --limit and continues from inside that page with a larger limit", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const output = `${dir}/out.csv`
        const checkpoint = `${dir}/cp.json`
        const options = { pages: fakePages(20, 5), output, checkpoint, query: "q", format: "csv" as const, columns }
        const first = yield* HistoryFile.run({ ...options, limit: 7 })
        assert.strictEqual(first.stopped, "limit")
        assert.deepStrictEqual((yield* Checkpoint.read(checkpoint))?.skip, 2)
        const again = yield* HistoryFile.run({ ...options, limit: 7 })
        assert.strictEqual(again.newItems, 0)
        yield* HistoryFile.run({ ...options, limit: 12 })
        const rows = (yield* fs.readFileString(output)).trimEnd().split("\n")
        assert.deepStrictEqual(rows.slice(0, 2), ["index,wei", "0,0"])
        assert.deepStrictEqual(
          rows.slice(1).map((r) => Number(r.split(",")[0])),
          Array.from({ length: 12 }, (_, i) => i)
        )
      })
    )
  )

  it.effect("refuses a checkpoint written for another query", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const output = `${dir}/out.ndjson`
        const checkpoint = `${dir}/cp.json`
        yield* HistoryFile.run({ pages: fakePages(3, 5), output, checkpoint, query: "a", maxPages: 1 })
        const error = yield* Effect.flip(HistoryFile.run({ pages: fakePages(3, 5), output, checkpoint, query: "b" }))
        assert.strictEqual(
          error instanceof Checkpoint.CheckpointError && error.message,
          "was written for another query: a"
        )
      })
    )
  )
  for (const [what, paths, errorClass] of [
    ["an output", { output: "no/such/dir/out.ndjson", checkpoint: "cp.json" }, { name: "OutputError" }],
    ["a checkpoint", { output: "out.ndjson", checkpoint: "no/such/dir/cp.json" }, { name: "CheckpointError" }]
  ] as const) {
    it.effect(`${what} that cannot be written fails with ${errorClass.name} before the first page is asked for`, () =>
      withTempDir((dir) =>
        Effect.gen(function* () {
          let asked = 0
          const error = yield* Effect.flip(
            HistoryFile.run({
              pages: (c) =>
                Stream.suspend(() => {
                  asked += 1
                  return fakePages(3, 5)(c)
                }),
              output: `${dir}/${paths.output}`,
              checkpoint: `${dir}/${paths.checkpoint}`,
              query: "q"
            })
          )
          assert.strictEqual(typeof error === "object" && error._tag, errorClass.name)
          assert.strictEqual(asked, 0)
        })
      )
    )
  }

  it.effect("Parquet: resumed after a failure, the file holds every row once, in order, typed", () =>
    withTempDir((dir) =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const output = `${dir}/out.parquet`
        const checkpoint = `${dir}/cp.json`
        const options = { output, checkpoint, query: "q", format: "parquet" as const, columns }
        const failed = yield* Effect.exit(HistoryFile.run({ ...options, pages: fakePages(47, 5, 4) }))
        assert.isTrue(Exit.isFailure(failed))
        assert.isFalse(yield* fs.exists(output))
        // A crash between the page write and the checkpoint: junk after the checkpointed length.
        yield* fs.writeFileString(HistoryFile.stagingFile(output), '{"half":', { flag: "a" })
        const resumed = yield* HistoryFile.run({ ...options, pages: fakePages(47, 5) })
        assert.strictEqual(resumed.stopped, "done")
        assert.strictEqual(resumed.parquet?.rows, 47)
        assert.isFalse(yield* fs.exists(HistoryFile.stagingFile(output)))
        const rows = yield* Effect.promise(async () => {
          const db = await DuckDBInstance.create(":memory:")
          const c = await db.connect()
          const r = await c.runAndReadAll(
            `SELECT "index", CAST(wei AS VARCHAR) AS wei, typeof(wei) AS t FROM read_parquet('${output}')`
          )
          c.closeSync()
          db.closeSync()
          return r.getRowObjectsJson()
        })
        assert.deepStrictEqual(
          rows.map((r) => Number(r.index)),
          Array.from({ length: 47 }, (_, i) => i)
        )
        assert.strictEqual(rows[46]?.wei, String(46n * 10n ** 18n))
        assert.strictEqual(rows[0]?.t, "DECIMAL(38,0)")
      })
    )
  )
})
