import { Columns } from "@blockscout-effect/export"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { makeTable } from "../src/cli/Table.ts"
import * as Progress from "../src/lib/Progress.ts"

describe("Table", () => {
  it("aligns a table and shortens long hashes", () => {
    const columns = Columns.fromSchema(Schema.Struct({ hash: Schema.String, n: Schema.Number }))
    const hash = `0x${"ab".repeat(32)}`
    const text = makeTable(columns).encodePage([
      { hash, n: 1 },
      { hash, n: 22 }
    ])
    const lines = text.split("\n")
    assert.strictEqual(lines[0], `hash${" ".repeat(9)}  n`)
    assert.strictEqual(lines[2], "0xabab…ababab  1")
    assert.strictEqual(lines[2]?.indexOf("1"), lines[0]?.indexOf("n"))
  })
})

describe("Progress", () => {
  it.effect("clears its line around other output and draws it again after", () =>
    Effect.gen(function* () {
      let screen = ""
      const progress = yield* Progress.make({ write: (t) => Effect.sync(() => (screen += t)), enabled: true })
      yield* TestClock.adjust("1 second") // the line is redrawn at most ten times a second
      yield* progress.page(5)
      yield* progress.around(Effect.sync(() => (screen += "row\n")))
      yield* progress.clear
      const esc = "\u001b"
      const parts = screen.split(esc)
      assert.match(parts[0]!, /^\r5 items · 1 pages · [\d,]+\/s · 0 retries$/)
      assert.deepStrictEqual(
        parts.slice(1, 4).map((p) => p.replace(/\d[\d,]*\/s/, "N/s")),
        ["[K\r", "[Krow\n\r5 items · 1 pages · N/s · 0 retries", "[K\r"]
      )
      assert.strictEqual(parts[4], "[K")
    })
  )
})
