/**
 * The repository stands alone: users clone it alone, so no tracked file may read or point at anything
 * beside or above the clone (a team folder, a machine's home or work directory). Blockscout's own specs and
 * mocks that tests read are vendored under `vendor/blockscout/` with their sources noted.
 *
 * CI also runs the whole suite from a clone in an empty temporary directory (`.ci/run`), so a test that
 * reads `../something` fails there even if this scan missed it.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  // This file spells the patterns out; vendored files are third-party text.
  .filter(
    (f) => f !== "" && !f.startsWith("vendor/") && f !== "pnpm-lock.yaml" && f !== "scripts/test/standalone.test.ts"
  )

// A path out of the clone (the team's folder beside it, or up from the root), a machine's absolute work paths,
// or a citation of the team's notes that are not in the repository.
const outside: ReadonlyArray<RegExp> = [
  /\.\.\/shared\b/,
  /(^|[\s"'`(])\/(work|home|root|Users)\/[A-Za-z0-9._-]+/m,
  /\b(SPEC|FACTS|DESIGN|STYLE|EFFECT4)\.md\b/
]

it("no tracked file points outside the repository", () => {
  const found: Array<string> = []
  for (const file of tracked) {
    const text = readFileSync(join(root, file), "utf8")
    text.split("\n").forEach((line, i) => {
      if (outside.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
    })
  }
  expect(found).toEqual([])
})

// The samples are assembled, so that this file does not itself hold the paths it looks for.
const up = ".."
const team = "shared"

it("the scan would catch a path outside (the patterns are live)", () => {
  expect(outside.some((re) => re.test(`readFileSync("/${["work", team, "x.json"].join("/")}")`))).toBe(true)
  expect(outside.some((re) => re.test(`see ${[up, team, "blockscout"].join("/")}`))).toBe(true)
  expect(outside.some((re) => re.test("as FACTS.md says"))).toBe(true)
  expect(outside.some((re) => re.test("import { x } from '../src/y.ts'"))).toBe(false)
})
