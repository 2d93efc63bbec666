import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Schema, type SchemaAST } from "effect"
import * as S from "../src/index.ts"

// The README's coverage tables say, per resource, which fields servers send and which are surfaced: they must
// match the schemas, so the README stays true to the code.

const readme = fs.readFileSync(path.join(import.meta.dirname, "../README.md"), "utf8")
const coverage = readme.slice(readme.indexOf("## Coverage"))

interface Row {
  readonly first: string
  readonly fields: ReadonlyArray<string>
  readonly surfaced: string
}

/** The rows of the table under `#### heading`: backticked names outside parentheses in the fields column. */
const table = (heading: string): ReadonlyArray<Row> => {
  const start = coverage.indexOf(`#### ${heading}\n`)
  assert.isAtLeast(start, 0, `README has a coverage table for ${heading}`)
  const end = coverage.indexOf("\n#### ", start + 1)
  return coverage
    .slice(start, end < 0 ? undefined : end)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| sent by"))
    .filter((line) => !line.startsWith("| object"))
    .map((line) => {
      const [first = "", fields = "", surfaced = ""] = line.split(" | ").map((cell) => cell.replace(/^\| |\|$/g, ""))
      const names = (text: string) =>
        [...text.replace(/\([^)]*\)/g, "").matchAll(/`([a-z_0-9]+)`/gi)].map((m) => m[1] as string)
      return { first: names(first)[0] ?? "", fields: names(fields), surfaced: surfaced.trim() }
    })
}

/** The keys of a struct schema (through withRenames' encoding, which keeps the struct's AST). */
const keysOf = (schema: Schema.Top): ReadonlyArray<string> => {
  const ast = schema.ast as SchemaAST.AST
  assert.strictEqual(ast._tag, "Objects")
  return (ast as SchemaAST.Objects).propertySignatures.map((p) => String(p.name))
}

const check = (rows: ReadonlyArray<Row>, schema: Schema.Top, what: string) => {
  const keys = new Set(keysOf(schema))
  const surfaced = rows.filter((row) => row.surfaced.startsWith("yes")).flatMap((row) => row.fields)
  assert.deepStrictEqual([...surfaced].sort(), [...keys].sort(), `${what}: surfaced fields = schema keys`)
  for (const row of rows.filter((r) => !r.surfaced.startsWith("yes"))) {
    for (const field of row.fields) assert.isFalse(keys.has(field), `${what}: ${field} is marked "${row.surfaced}"`)
  }
}

// The list endpoints' resources, and the nested shapes and the page the README also tables.
const resources: Record<string, Schema.Top> = {
  ...S.resources,
  Implementation: S.Implementation,
  SignedAuthorization: S.SignedAuthorization,
  Page: S.Page(S.Log)
}

describe("README coverage tables match the schemas", () => {
  for (const [name, schema] of Object.entries(resources)) {
    it(name, () => check(table(name), schema, name))
  }

  it("chain-type objects", () => {
    const rows = table("Chain-type objects")
    assert.isAbove(rows.length, 15)
    for (const row of rows) {
      const schema = (S as Record<string, unknown>)[row.first]
      assert.isTrue(Schema.isSchema(schema), `${row.first} is an exported schema`)
      check([row], schema as Schema.Top, row.first)
    }
  })

  it("names the backend commits it was read from", () => {
    assert.match(coverage, /`[0-9a-f]{40}` \(11\.2\.7\)/)
    assert.match(coverage, /`[0-9a-f]{40}`\s+\(12\.0\.0\)/)
  })
})
