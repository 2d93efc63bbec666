/**
 * Docs in Effect's convention, checked for every package: each module a package makes public as a whole
 * opens with a doc comment carrying `@since`, and every declaration users can import (found by following the
 * package's `exports` through its re-exports) has a doc comment with `@since` and `@category` right above it,
 * no `@since` later than the package's version. And what `pnpm run docs` writes is current: every doc-comment `@example` as a file `tsc -b` type-checks
 * (`docs/examples/`), and `LLMS.md` made from them.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { examples, renderExamples, renderLlms } from "../reference.ts"
import { packageNames, publicApi } from "./support/publicApi.ts"
import { readJson, root } from "./support/workspace.ts"

/** The doc comment ending on the line just above `index`, or undefined. */
const docAbove = (lines: ReadonlyArray<string>, index: number): string | undefined => {
  if (!lines[index - 1]?.trim().endsWith("*/")) return undefined
  let start = index - 1
  while (start > 0 && !lines[start]!.trim().startsWith("/**")) start--
  return lines.slice(start, index).join("\n")
}

const lines = (file: string) => readFileSync(join(root, file), "utf8").split("\n")

/** `a` against `b`, both `major.minor.patch`: negative, zero or positive. */
const compareVersions = (a: string, b: string): number => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number))
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return (x![i] ?? 0) - (y![i] ?? 0)
  return 0
}

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

  it("no @since names a version past its package's own: nothing was released beyond it", () => {
    const later = packageNames.flatMap((name) => {
      const version = readJson<{ readonly version: string }>(join(root, "packages", name, "package.json")).version
      const dir = join(root, "packages", name)
      return (readdirSync(join(dir, "src"), { recursive: true }) as Array<string>)
        .filter((file) => file.endsWith(".ts"))
        .flatMap((file) =>
          [...readFileSync(join(dir, "src", file), "utf8").matchAll(/@since (\d+\.\d+\.\d+)/g)]
            .filter((m) => compareVersions(m[1]!, version) > 0)
            .map((m) => `packages/${name}/src/${file}: @since ${m[1]} (package ${version})`)
        )
    })
    assert.deepStrictEqual(later, [])
  })

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

describe("the API reference's derived files (pnpm run docs)", () => {
  const stale = (path: string) => `${path} is stale: run pnpm run docs`
  const all = examples()
  const files = renderExamples(all)

  it("every @example is a type-checked file under docs/examples, and nothing else is", () => {
    // The client's, the simulator's and the backfill's at least; the schema and export packages have none yet.
    assert.includeMembers([...new Set(all.map((e) => e.pkg))], ["backfill", "client", "simulator"])
    for (const [path, text] of files) assert.strictEqual(readFileSync(join(root, path), "utf8"), text, stale(path))
    const written = readdirSync(join(root, "docs/examples"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    assert.deepStrictEqual(written.sort(), [...files.keys()].sort(), stale("docs/examples"))
  })

  it("LLMS.md is the checked examples, each under what it documents", () => {
    const text = renderLlms(all, files)
    assert.strictEqual(readFileSync(join(root, "LLMS.md"), "utf8"), text, stale("LLMS.md"))
    assert.include(text, "## @blockscout-effect/client")
    assert.include(text, "### `layerRecord` (`Record.ts`)")
  })

  it("an example is found with what it documents: a declaration, a class's static member, a module", () => {
    const names = all.map((e) => `${e.pkg}/${e.module}:${e.name ?? "(module)"}`)
    assert.include(names, "simulator/Scripted.ts:layerScripted")
    assert.include(names, "backfill/Backfill.ts:(module)")
    assert.isTrue(
      names.some((n) => n.startsWith("client/Blockscout.ts:layer")),
      names.join(", ")
    )
  })
})
