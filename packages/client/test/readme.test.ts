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
