/**
 * Docs in Effect's convention, checked for every package: each module a package makes public as a whole
 * opens with a doc comment carrying `@since`, and every declaration users can import (found by following the
 * package's `exports` through its re-exports) has a doc comment with `@since` and `@category` right above it.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { packageNames, publicApi } from "./support/publicApi.ts"
import { root } from "./support/workspace.ts"

/** The doc comment ending on the line just above `index`, or undefined. */
const docAbove = (lines: ReadonlyArray<string>, index: number): string | undefined => {
  if (!lines[index - 1]?.trim().endsWith("*/")) return undefined
  let start = index - 1
  while (start > 0 && !lines[start]!.trim().startsWith("/**")) start--
  return lines.slice(start, index).join("\n")
}

const lines = (file: string) => readFileSync(join(root, file), "utf8").split("\n")

describe("public modules follow Effect's doc convention", () => {
  for (const name of packageNames) {
    const api = publicApi(name)

    it(`${name}: every public module opens with a doc comment with @since`, () => {
      assert.isAbove(api.modules.length, 0)
      const missing = api.modules.filter((file) => {
        const opening = /^\/\*\*[\s\S]*?\*\//.exec(readFileSync(join(root, file), "utf8"))?.[0]
        return opening === undefined || !opening.includes("@since")
      })
      assert.deepStrictEqual(missing, [])
    })

    it(`${name}: @since and @category on every declaration users can import`, () => {
      assert.isAbove(api.declarations.length, 0)
      const missing = api.declarations
        .filter(({ file, line }) => {
          const doc = docAbove(lines(file), line)
          return doc === undefined || !doc.includes("@since") || !doc.includes("@category")
        })
        .map(({ file, name: declared }) => `${file}: ${declared}`)
      assert.deepStrictEqual(missing, [])
    })
  }

  it("the reader finds what a package makes public through named and whole re-exports", () => {
    const simulator = publicApi("simulator")
    const names = (file: string) => simulator.declarations.filter((d) => d.file === file).map((d) => d.name)
    // `export type { AddressInfo, AddressKind } from "./chain/addresses.ts"`: those two, not the module's others.
    assert.deepStrictEqual(names("packages/simulator/src/chain/addresses.ts").sort(), ["AddressInfo", "AddressKind"])
    assert.notInclude(simulator.modules, "packages/simulator/src/chain/addresses.ts")
    // `export * from "./Arbitraries.ts"`: the whole module.
    assert.include(simulator.modules, "packages/simulator/src/Arbitraries.ts")
    // `export * as BaseUrl from "./BaseUrl.ts"`: the whole module; internal modules never.
    const client = publicApi("client")
    assert.include(client.modules, "packages/client/src/BaseUrl.ts")
    assert.isFalse(client.declarations.some((d) => d.file.includes("/internal/")))
  })
})
