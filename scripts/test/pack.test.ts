/**
 * The packages are publishable: `pnpm pack` of schema and client gives tarballs that a fresh project
 * outside the workspace installs (offline, from pnpm's store: no test reaches the network) and imports
 * under plain Node ESM, from the built `dist/` and not the TypeScript sources.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const work = mkdtempSync(join(tmpdir(), "blockscout-effect-pack-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const run = (cmd: string, args: ReadonlyArray<string>, cwd: string): string =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

it("packs schema and client into tarballs that a fresh project installs and imports", { timeout: 120_000 }, () => {
  // `tsc -b` makes dist/ (the test command runs it first; running it again here is a no-op then).
  run(join(root, "node_modules/.bin/tsc"), ["-b"], root)
  for (const pkg of ["schema", "client"]) {
    run("pnpm", ["pack", "--pack-destination", work, "--config.pm-on-fail=ignore"], join(root, "packages", pkg))
  }
  const tarballs = readdirSync(work).filter((f) => f.endsWith(".tgz"))
  const schemaTgz = tarballs.find((f) => f.includes("schema"))
  const clientTgz = tarballs.find((f) => f.includes("client"))
  expect(schemaTgz).toBeDefined()
  expect(clientTgz).toBeDefined()

  const consumer = join(work, "consumer")
  mkdirSync(consumer)
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      type: "module",
      dependencies: {
        "@blockscout-effect/schema": `file:../${schemaTgz}`,
        "@blockscout-effect/client": `file:../${clientTgz}`,
        effect: "4.1.0"
      }
    })
  )
  // The client's published dependency on schema is a semver range; point it at the local tarball.
  writeFileSync(
    join(consumer, "pnpm-workspace.yaml"),
    `overrides:\n  "@blockscout-effect/schema": "file:../${schemaTgz}"\n`
  )
  run("pnpm", ["install", "--offline", "--config.pm-on-fail=ignore"], consumer)

  writeFileSync(
    join(consumer, "main.mjs"),
    [
      `import * as Schema from "@blockscout-effect/schema"`,
      `import * as Client from "@blockscout-effect/client"`,
      `import * as Testing from "@blockscout-effect/client/testing"`,
      `const where = import.meta.resolve("@blockscout-effect/client")`,
      `console.log(JSON.stringify({`,
      `  schema: Object.keys(Schema).sort(), client: Object.keys(Client).sort(),`,
      `  testing: Object.keys(Testing).sort(), where`,
      `}))`
    ].join("\n")
  )
  const out = JSON.parse(run("node", ["main.mjs"], consumer)) as {
    schema: Array<string>
    client: Array<string>
    testing: Array<string>
    where: string
  }
  expect(out.where).toMatch(/node_modules\/.*dist\/index\.js$/)
  expect(out.schema).toEqual(expect.arrayContaining(["Transaction", "TokenTransfer", "Address"]))
  expect(out.client).toEqual(expect.arrayContaining(["Blockscout", "BlockscoutError"]))
  expect(out.testing.length).toBeGreaterThan(0)
})
