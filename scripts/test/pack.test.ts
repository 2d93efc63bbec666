/**
 * The packages are publishable: `pnpm pack` of schema, simulator and client gives tarballs that a fresh
 * project outside the workspace installs (offline, from pnpm's store: no test reaches the network) and
 * imports under plain Node ESM, from the built `dist/` and not the TypeScript sources. The client's tarball
 * carries no simulator: `@blockscout-effect/client/testing` re-exports the simulator package, an optional
 * peer dependency.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const work = mkdtempSync(join(tmpdir(), "blockscout-effect-pack-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const run = (cmd: string, args: ReadonlyArray<string>, cwd: string): string =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })

/** Every file of a packed tarball, path and text. */
const unpack = (tarball: string): ReadonlyArray<{ readonly path: string; readonly text: string }> => {
  const dir = mkdtempSync(join(work, "unpacked-"))
  run("tar", ["-xzf", tarball, "-C", dir], work)
  const files: Array<{ path: string; text: string }> = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.push({ path: path.slice(dir.length + 1), text: readFileSync(path, "utf8") })
    }
  }
  walk(dir)
  return files
}

it("packs schema, simulator and client into tarballs that a fresh project installs and imports", {
  timeout: 120_000
}, () => {
  // `tsc -b` makes dist/ (the test command runs it first; running it again here is a no-op then).
  run(join(root, "node_modules/.bin/tsc"), ["-b"], root)
  for (const pkg of ["schema", "simulator", "client"]) {
    run("pnpm", ["pack", "--pack-destination", work, "--config.pm-on-fail=ignore"], join(root, "packages", pkg))
  }
  const tarballs = readdirSync(work).filter((f) => f.endsWith(".tgz"))
  const schemaTgz = tarballs.find((f) => f.includes("schema"))
  const clientTgz = tarballs.find((f) => f.includes("client"))
  const simulatorTgz = tarballs.find((f) => f.includes("simulator"))
  expect(schemaTgz).toBeDefined()
  expect(clientTgz).toBeDefined()
  expect(simulatorTgz).toBeDefined()

  // The client's tarball holds the thin testing entry (layerTest and re-exports), not the simulator.
  const clientFiles = unpack(join(work, clientTgz!))
  expect(clientFiles.some((f) => f.path === "package/dist/testing/index.js")).toBe(true)
  for (const file of clientFiles) {
    expect(file.path).not.toMatch(/Simulated(Chain|Blockscout|HttpClient)|\/(routes|render|chain)\//)
    expect(file.text, file.path).not.toMatch(/class SimulatedChain|class SimulatedBlockscout|makeTemplate|keccak/i)
  }
  const clientManifest = JSON.parse(clientFiles.find((f) => f.path === "package/package.json")!.text)
  expect(clientManifest.peerDependenciesMeta["@blockscout-effect/simulator"]).toEqual({ optional: true })
  expect(clientManifest.dependencies).not.toHaveProperty("@blockscout-effect/simulator")
  // The simulator's tarball holds the simulator, and depends on the schema package only.
  const simulatorFiles = unpack(join(work, simulatorTgz!))
  expect(simulatorFiles.some((f) => f.path === "package/dist/SimulatedBlockscout.js")).toBe(true)
  expect(simulatorFiles.some((f) => f.path === "package/dist/node.js")).toBe(true)
  const simulatorManifest = JSON.parse(simulatorFiles.find((f) => f.path === "package/package.json")!.text)
  expect(Object.keys(simulatorManifest.dependencies)).toEqual(["@blockscout-effect/schema"])

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
        "@blockscout-effect/simulator": `file:../${simulatorTgz}`,
        effect: "4.1.0"
      }
    })
  )
  // The client's published dependency on schema is a semver range; point it at the local tarball.
  writeFileSync(
    join(consumer, "pnpm-workspace.yaml"),
    `overrides:\n  "@blockscout-effect/schema": "file:../${schemaTgz}"\n  "@blockscout-effect/simulator": "file:../${simulatorTgz}"\n`
  )
  run("pnpm", ["install", "--offline", "--config.pm-on-fail=ignore"], consumer)

  writeFileSync(
    join(consumer, "main.mjs"),
    [
      `import * as Schema from "@blockscout-effect/schema"`,
      `import * as Client from "@blockscout-effect/client"`,
      `import * as Testing from "@blockscout-effect/client/testing"`,
      `import * as Simulator from "@blockscout-effect/simulator"`,
      `const where = import.meta.resolve("@blockscout-effect/client")`,
      `console.log(JSON.stringify({`,
      `  schema: Object.keys(Schema).sort(), client: Object.keys(Client).sort(),`,
      `  testing: Object.keys(Testing).sort(), simulator: Object.keys(Simulator).sort(), where,`,
      `  answer: Simulator.SimulatedBlockscout.make({ blocks: 64 }).handle({ method: "GET", url: "/api/v2/withdrawals?items_count=2", headers: {} }, 0).status,`,
      `  helpers: Schema.checksumAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")`,
      `}))`
    ].join("\n")
  )
  const out = JSON.parse(run("node", ["main.mjs"], consumer)) as {
    schema: Array<string>
    client: Array<string>
    testing: Array<string>
    simulator: Array<string>
    where: string
    answer: number
    helpers: string
  }
  expect(out.where).toMatch(/node_modules\/.*dist\/index\.js$/)
  expect(out.schema).toEqual(expect.arrayContaining(["Transaction", "TokenTransfer", "Address"]))
  expect(out.client).toEqual(expect.arrayContaining(["Blockscout", "BlockscoutError"]))
  // What users reached through the client's testing entry before the move is all still there.
  expect(out.testing).toEqual(
    expect.arrayContaining(["layerTest", "Simulator", "SimulatedBlockscout", "layerHttpClient"])
  )
  expect(out.testing).toEqual(expect.arrayContaining(out.simulator))
  expect(out.answer).toBe(200)
  expect(out.helpers).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
})
