/**
 * What `pnpm generate` writes is current: the service's method interface, the README's method table, and
 * the doc-comment examples the build type-checks. Each fails with the command that fixes it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"
import { packageDir, renderExamples, renderMethods, renderReadme } from "../scripts/render.ts"

const read = (path: string) => readFileSync(`${packageDir}/${path}`, "utf8")
const stale = (path: string) => `packages/client/${path} is stale: run pnpm generate`

describe("generated files", () => {
  it("src/BlockscoutMethods.ts is the endpoints table's methods, with their docs", () => {
    assert.strictEqual(read("src/BlockscoutMethods.ts"), renderMethods(), stale("src/BlockscoutMethods.ts"))
  })

  it("the README's method table is the endpoints table's", () => {
    const readme = read("README.md")
    assert.strictEqual(readme, renderReadme(readme), stale("README.md"))
  })

  it("every @example of the public modules is a type-checked file under test/examples, and nothing else is", () => {
    const examples = renderExamples()
    assert.isAbove(examples.size, 0)
    for (const [path, text] of examples) assert.strictEqual(read(path), text, stale(path))
    const files = readdirSync(`${packageDir}/test/examples`).map((name) => `test/examples/${name}`)
    assert.deepStrictEqual(files.sort(), [...examples.keys()].sort(), stale("test/examples"))
  })
})
