import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"

// Decoded resources are named interfaces, so type errors and editor hovers say `Page<Log>` and `Address` instead
// of spelling out every field. Checked with the compiler itself: a probe file with deliberate type errors, whose
// messages must name the types.

const root = path.join(import.meta.dirname, "../../..")
const tsc = path.join(root, "node_modules/.bin/tsc")
const index = path.join(import.meta.dirname, "../src/index.ts")

const probe = `import type * as S from ${JSON.stringify(index)}
declare const logs: typeof S.TransactionLogsResponse.Type
declare const transfers: typeof S.TokenTransfersResponse.Type
declare const blocks: typeof S.MainPageTransactionsResponse.Type
export const a: number = logs
export const b: number = logs.items[0]!
export const c: number = logs.items[0]!.address_hash
export const d: number = transfers.items[0]!.total!
export const e: number = blocks[0]!.fee
export const f: number = logs.next_page_params!
`

describe("named types in compiler messages", () => {
  it("pages, resources and nested objects print by name", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-types-"))
    try {
      const file = path.join(dir, "probe.ts")
      fs.writeFileSync(file, probe)
      let output = ""
      try {
        execFileSync(
          tsc,
          [
            "--ignoreConfig",
            "--noEmit",
            "--strict",
            "--target",
            "es2023",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
            "--allowImportingTsExtensions",
            "--skipLibCheck",
            "--types",
            "",
            file
          ],
          { encoding: "utf8", stdio: "pipe" }
        )
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? "")
      }
      const lines = output.split("\n").filter((line) => line.includes("TS2322"))
      assert.lengthOf(lines, 6, output)
      // Each error names its types (a union's members in the compiler's own order).
      const expected: ReadonlyArray<ReadonlyArray<string>> = [
        ["Page<Log>"],
        ["Log"],
        ["Address"],
        ["TotalMultiToken", "TotalNft", "TotalFungible"],
        ["Fee"],
        ["NextPageParams"]
      ]
      expected.forEach((names, i) => {
        const type = /Type '([^']*)' is not assignable to type 'number'/.exec(lines[i] ?? "")?.[1] ?? ""
        assert.deepStrictEqual(type.split(" | ").sort(), [...names].sort(), lines[i])
      })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
