/**
 * Modules by concept: no package's sources import each other in a circle, type-only imports included (a
 * cycle says two modules are one concept cut in two, or that one names the other's internals). Cycles came
 * with files split to stay under a line count; this keeps them from coming back.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { importCycles, relativeImports, sourcesUnder } from "./support/modules.ts"
import { packageNames } from "./support/publicApi.ts"
import { root } from "./support/workspace.ts"

describe("import cycles", () => {
  it.each(packageNames)("none among %s's src modules, type-only imports included", (name) => {
    const files = sourcesUnder(join(root, "packages", name, "src"))
    assert.isAbove(files.length, 0)
    assert.deepStrictEqual(importCycles(files), [])
  })

  it("none among the examples' sources (the blockscout CLI), type-only imports included", () => {
    const files = sourcesUnder(join(root, "examples", "src"))
    assert.isAbove(files.length, 0)
    assert.deepStrictEqual(importCycles(files), [])
  })

  it("are found, type-only and over several lines too (the check can fail)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cycles-"))
    try {
      const write = (file: string, text: string) => writeFileSync(join(dir, file), text)
      write("a.ts", 'import { b } from "./b.ts"\nexport const a = b\n')
      write(
        "b.ts",
        'import { Schema } from "effect"\nimport type {\n  C,\n  D\n} from "./sub/c.ts"\nexport const b = 1\n'
      )
      mkdirSync(join(dir, "sub"))
      write("sub/c.ts", 'export type C = 1\nexport type D = 2\nexport type { A } from "../a.ts"\n')
      write("d.ts", 'import { a } from "./a.ts"\n')
      const files = sourcesUnder(dir)
      assert.deepStrictEqual(
        importCycles(files).map((cycle) => cycle.map((file) => file.slice(file.lastIndexOf("cycles-") + 14))),
        [["a.ts", "b.ts", "sub/c.ts"]]
      )
      write("sub/c.ts", "export type C = 1\nexport type D = 2\n")
      assert.deepStrictEqual(importCycles(files), [])
      assert.deepStrictEqual(relativeImports(join(dir, "b.ts")), [join(dir, "sub", "c.ts")])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
