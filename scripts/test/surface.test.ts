/**
 * The public surface, trimmed to what users need: the client's root exports fewer than 80 names (a namespace
 * counts as one), its table builders and derivation internals are not among them (they live in
 * `@blockscout-effect/schema`, or stay internal), `./testing` holds the test layers and their options, not
 * the simulator's internals, and the backfill's engine is not public. Every import the READMEs document
 * resolves to a name its entry point exports.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { exportedNames } from "./support/modules.ts"
import { type Manifest, readJson, root } from "./support/workspace.ts"

/** The source file of a package's entry point (`@blockscout-effect/client/testing`), or undefined. */
const entryOf = (specifier: string): string | undefined => {
  const [, name, subpath] = /^@blockscout-effect\/([^/]+)(\/.*)?$/.exec(specifier) ?? []
  if (name === undefined) return undefined
  const manifest = readJson<Manifest>(join(root, "packages", name, "package.json"))
  const target = manifest.exports[subpath === undefined ? "." : `.${subpath}`]
  const source = typeof target === "string" ? target : target?.source
  return source === undefined ? undefined : join(root, "packages", name, source)
}

const clientRoot = exportedNames(join(root, "packages/client/src/index.ts"))

describe("the client's root", () => {
  it("exports fewer than 80 names, namespaces counted as one", () => {
    assert.isAbove(clientRoot.size, 20)
    assert.isBelow(clientRoot.size, 80, [...clientRoot].sort().join(" "))
  })

  it("exports what users use, and no table builders or derivation internals", () => {
    for (const name of ["Blockscout", "BlockscoutError", "endpoints", "HistoryCheckpointSchema", "RateLimits"]) {
      assert.isTrue(clientRoot.has(name), name)
    }
    const internals = ["pageRow", "arrayRow", "itemRow", "endpointTable", "blockRange", "indexRange"]
    for (const name of [...internals, "methodEntries", "methodKindsOf", "methodName", "emptyTally"]) {
      assert.isFalse(clientRoot.has(name), name)
    }
  })
})

describe("the other entry points", () => {
  it("./testing exports the test layers and their options, not the simulator's internals", () => {
    const testing = exportedNames(entryOf("@blockscout-effect/client/testing")!)
    for (const name of ["layerTest", "Simulator", "layerHttpClient", "layerScripted", "SimulatorOptions", "Fault"]) {
      assert.isTrue(testing.has(name), name)
    }
    for (const name of ["SimulatedChain", "arbitraries", "TxTemplate", "PERIOD", "checksumAddress"]) {
      assert.isFalse(testing.has(name), name)
    }
    assert.isBelow(testing.size, 40)
  })

  it("the backfill's root does not expose its engine", () => {
    const backfill = exportedNames(entryOf("@blockscout-effect/backfill")!)
    assert.isTrue(backfill.has("Backfill"))
    for (const name of ["Store", "Tables", "Workflows", "Walk", "PartitionRun"])
      assert.isFalse(backfill.has(name), name)
  })
})

describe("the READMEs' documented imports", () => {
  const readmes = [
    "README.md",
    ...readdirSync(join(root, "packages")).map((name) => join("packages", name, "README.md")),
    "examples/README.md"
  ].filter((file) => {
    try {
      readFileSync(join(root, file))
      return true
    } catch {
      return false
    }
  })
  const importLine = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(@blockscout-effect\/[^"]+)"/g

  it.each(readmes)("%s: every name imported from a package is exported by its entry point", (file) => {
    const text = readFileSync(join(root, file), "utf8")
    const missing: Array<string> = []
    for (const match of text.matchAll(importLine)) {
      const entry = entryOf(match[2]!)
      if (entry === undefined) {
        missing.push(`${match[2]} (no such entry point)`)
        continue
      }
      const names = exportedNames(entry)
      for (const part of match[1]!.split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]!
        if (name !== "" && !names.has(name)) missing.push(`${name} from ${match[2]}`)
      }
    }
    assert.deepStrictEqual(missing, [])
  })
})
