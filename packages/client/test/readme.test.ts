/**
 * The README's code blocks compile: each ```ts block is kept, character for character, as a file in
 * test/readme/ (type-checked by `tsc -b` with the tests), and this test fails when the two drift apart.
 */
import { readdirSync, readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!)
const dir = new URL("./readme/", import.meta.url)
const files = readdirSync(dir)
  .filter((name) => /^snippet-\d+\.ts$/.test(name))
  .sort((a, b) => Number(a.replace(/\D/g, "")) - Number(b.replace(/\D/g, "")))

describe("README", () => {
  it("has one type-checked file per ts code block", () => {
    assert.isAbove(blocks.length, 0)
    assert.strictEqual(files.length, blocks.length)
  })
  for (const [i, block] of blocks.entries()) {
    it(`code block ${i + 1} is test/readme/snippet-${i + 1}.ts`, () => {
      assert.strictEqual(block, readFileSync(new URL(`snippet-${i + 1}.ts`, dir), "utf8"))
    })
  }
})

describe("README's map of the request pipeline", () => {
  const start = readme.indexOf("## How a request flows")
  const section = readme.slice(start, readme.indexOf("\nThe public modules:", start))
  const internal = new URL("../src/internal/", import.meta.url)
  const entries = readdirSync(internal, { withFileTypes: true })

  it("names every module of src/internal, in a folder too", () => {
    assert.isAbove(start, 0)
    for (const entry of entries) {
      if (entry.isDirectory()) {
        assert.include(section, `\`${entry.name}/\``, `${entry.name}/`)
        for (const file of readdirSync(new URL(`${entry.name}/`, internal))) {
          assert.include(section, `\`${file}\``, `${entry.name}/${file}`)
        }
      } else assert.include(section, `\`${entry.name}\``, entry.name)
    }
  })

  it("lists in its table only modules that exist", () => {
    const rows = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!)
    assert.isAbove(rows.length, 10)
    const names = new Set(entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)))
    for (const row of rows) assert.isTrue(names.has(row), row)
  })
})
