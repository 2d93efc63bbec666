/**
 * What `pnpm generate` writes is current: the service's method interfaces, the README's method table, and
 * the doc-comment examples the build type-checks. Each fails with the command that fixes it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { Block, Withdrawal } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { packageDir, renderExamples, renderMethods, renderReadme } from "../scripts/render.ts"
import { endpoints, endpointTable, itemRow, pageRow } from "../src/index.ts"

const read = (path: string) => readFileSync(`${packageDir}/${path}`, "utf8")
const stale = (path: string) => `packages/client/${path} is stale: run pnpm generate`

describe("generated files", () => {
  it("src/BlockscoutMethods.ts and src/methods/ are the endpoints table's methods, with their docs, and nothing else", () => {
    const methods = renderMethods()
    for (const [path, text] of methods) assert.strictEqual(read(path), text, stale(path))
    const files = readdirSync(`${packageDir}/src/methods`).map((name) => `src/methods/${name}`)
    const scoped = [...methods.keys()].filter((path) => path.startsWith("src/methods/"))
    assert.deepStrictEqual(files.sort(), scoped.sort(), stale("src/methods"))
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

  it("a row added to a copy of the table appears, documented, in its scope's file and nowhere else", () => {
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
    const files = renderMethods(table)
    const blocks = files.get("src/methods/BlockMethods.ts") ?? ""
    assert.include(blocks, "One block's summary: T1 `GET /blocks/{numberOrHash}/summary`.")
    assert.match(blocks, /readonly getBlockSummary: \(\s*numberOrHash: string \| number \| bigint\s*\) =>/)
    const elsewhere = [...files].filter(
      ([path, text]) => path !== "src/methods/BlockMethods.ts" && text.includes("BlockSummary")
    )
    assert.deepStrictEqual(elsewhere, [])
  })

  it("refuses to write a scope's file past 300 lines, and says to split the scope", () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `chainList${i}`,
        pageRow({
          method: `ChainList${i}`,
          ids: `T${i}`,
          summary: "A chain-wide list",
          path: `/chain-list-${i}`,
          pathParams: [],
          filters: [],
          response: Schema.Struct({ items: Schema.Array(Withdrawal), next_page_params: Schema.Null }),
          cursorKeys: ["index"],
          credits: 20
        })
      ])
    )
    assert.throws(() => renderMethods(endpointTable({ ...endpoints, ...many })), /split the scope Chain/)
  })
})
