/**
 * Docs in Effect's convention, checked: every public module opens with a doc comment carrying `@since`, and
 * every declaration it exports has a doc comment with `@since` and `@category` right above it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"
import { packageDir } from "../scripts/render.ts"

/** The public modules: `src/*.ts` and the test kit's `Simulator.ts` (what stays in this package). */
const modules = [
  ...readdirSync(`${packageDir}/src`)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/${name}`),
  "src/testing/Simulator.ts"
]

const declaration = /^export (?:declare )?(?:abstract )?(?:const|function|class|interface|type|enum) (\w+)/

/** The doc comment ending on the line just above `index`, or undefined. */
const docAbove = (lines: ReadonlyArray<string>, index: number): string | undefined => {
  if (!lines[index - 1]?.trim().endsWith("*/")) return undefined
  let start = index - 1
  while (start > 0 && !lines[start]!.trim().startsWith("/**")) start--
  return lines.slice(start, index).join("\n")
}

describe("public modules follow Effect's doc convention", () => {
  for (const module of modules) {
    it(`${module}: a module doc with @since, and @since and @category on every exported declaration`, () => {
      const text = readFileSync(`${packageDir}/${module}`, "utf8")
      const opening = /^\/\*\*[\s\S]*?\*\//.exec(text)?.[0]
      assert.isDefined(opening, "the module opens with a doc comment")
      assert.include(opening, "@since")
      const lines = text.split("\n")
      const missing: Array<string> = []
      lines.forEach((line, i) => {
        const name = declaration.exec(line)?.[1]
        if (name === undefined) return
        const doc = docAbove(lines, i)
        if (doc === undefined || !doc.includes("@since") || !doc.includes("@category")) missing.push(name)
      })
      assert.deepStrictEqual(missing, [], `exports without @since and @category in ${module}`)
    })
  }
})
