import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Exit, FileSystem, Option, type Path, Stream } from "effect"
import * as Checkpoint from "../src/lib/Checkpoint.ts"
import { makeEncoder } from "../src/lib/Format.ts"
import * as HistoryFile from "../src/lib/HistoryFile.ts"
import { flatten, stringify } from "../src/lib/Json.ts"

describe("Json", () => {
  it("writes bigint as a decimal string and DateTime as ISO", () => {
    const line = stringify({
      value: 10n ** 30n,
      at: DateTime.makeUnsafe("2024-01-02T03:04:05.123Z"),
      nested: { gas: 21000n, list: [1n, null] },
      gone: undefined
    })
    assert.strictEqual(
      line,
      '{"value":"1000000000000000000000000000000","at":"2024-01-02T03:04:05.123Z","nested":{"gas":"21000","list":["1",null]}}'
    )
  })

  it("flattens nested objects into dotted columns and arrays into JSON cells", () => {
    const row = flatten({ from: { hash: "0xab", tags: ["a"] }, total: { value: 5n }, to: null })
    assert.deepStrictEqual(
      [...row],
      [
        ["from.hash", "0xab"],
        ["from.tags", '["a"]'],
        ["total.value", "5"],
        ["to", ""]
      ]
    )
  })
})

describe("Format", () => {
  it("writes a CSV header once, from the first page, and quotes cells", () => {
    const encoder = makeEncoder("csv")
    const first = encoder.encodePage([{ a: "x,y", b: 1n }])
    const second = encoder.encodePage([{ a: 'say "hi"', b: 2n, c: "dropped" }])
    assert.strictEqual(first + second, 'a,b\n"x,y",1\n"say ""hi""",2\n')
    assert.deepStrictEqual(encoder.columns(), ["a", "b"])
  })

  it("does not repeat the CSV header when resuming", () => {
    const encoder = makeEncoder("csv", { columns: ["b"], headerWritten: true })
    assert.strictEqual(encoder.encodePage([{ a: 1, b: 2 }]), "2\n")
  })

  it("aligns a table and shortens long hashes", () => {
    const hash = `0x${"ab".repeat(32)}`
    const text = makeEncoder("table").encodePage([
      { hash, n: 1 },
      { hash, n: 22 }
    ])
    const lines = text.split("\n")
    assert.strictEqual(lines[0], `hash${" ".repeat(9)}  n`)
    assert.strictEqual(lines[2], "0xabab…ababab  1")
    assert.strictEqual(lines[2]?.indexOf("1"), lines[0]?.indexOf("n"))
  })
})

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

describe("HistoryFile", () => {
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
        const options = { pages: fakePages(20, 5), output, checkpoint, query: "q", format: "csv" as const }
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
})
