/**
 * What `pnpm generate` writes is current: the service's method types and the README's method table. Each fails
 * with the command that fixes it. (The doc-comment examples are the workspace's: `scripts/test/docs.test.ts`.) And the service has
 * exactly the methods the generated interface declares.
 */
import { existsSync, readFileSync } from "node:fs"
import { Block } from "@blockscout-effect/schema"
import { layerTest } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { methodsPath, packageDir, renderMethods, renderReadme } from "../scripts/render.ts"
import { Blockscout, endpoints, endpointTable, itemRow, methodEntries } from "../src/index.ts"

const read = (path: string) => readFileSync(`${packageDir}/${path}`, "utf8")
const stale = (path: string) => `packages/client/${path} is stale: run pnpm generate`

/** The members `BlockscoutMethods` declares in a generated text. */
const declared = (text: string): ReadonlyArray<string> => {
  const body = text.slice(text.indexOf("export interface BlockscoutMethods {"))
  return [...body.matchAll(/^ {2}readonly (\w+):/gm)].map((m) => m[1]!)
}

describe("generated files", () => {
  it("src/BlockscoutMethods.ts is the endpoints table's methods, with their docs, in one file", () => {
    assert.strictEqual(read(methodsPath), renderMethods(), stale(methodsPath))
    // The seven scope files and their joiner it replaced are gone.
    assert.isFalse(existsSync(`${packageDir}/src/methods`), stale("src/methods"))
  })

  it.effect("the service has exactly the generated interface's members, each a function", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const names = methodEntries(endpoints).map((e) => e.name)
      assert.deepStrictEqual(declared(read(methodsPath)), names)
      for (const name of names) assert.isFunction((bs as unknown as Record<string, unknown>)[name], name)
    }).pipe(Effect.provide(layerTest({ seed: 1, blocks: 50 })))
  )

  it("the README's method table is the endpoints table's", () => {
    const readme = read("README.md")
    assert.strictEqual(readme, renderReadme(readme), stale("README.md"))
  })

  it("a row added to a copy of the table appears, documented, among the methods", () => {
    const table = endpointTable({
      ...endpoints,
      blockSummary: itemRow({
        method: "BlockSummary",
        ids: "T1",
        summary: "One block's summary",
        path: "/blocks/{numberOrHash}/summary",
        pathParams: [{ name: "numberOrHash", kind: "block" }],
        filters: [],
        response: Block,
        cursorKeys: [],
        credits: 20
      })
    })
    const text = renderMethods(table)
    assert.include(text, "One block's summary: T1 `GET /blocks/{numberOrHash}/summary`.")
    assert.match(text, /readonly getBlockSummary: \(\s*numberOrHash: string \| number \| bigint\s*\) =>/)
    assert.deepStrictEqual(declared(text), [...declared(renderMethods()), "getBlockSummary"])
  })
})
