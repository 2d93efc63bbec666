/**
 * Every entry point a user runs (`pnpm start`, `pnpm blockscout`, `pnpm simulate`, `pnpm bench:*`): `--help`
 * answers without running the job, and under an old Node each says in one line what it needs and how to get it.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { entry, node, repoRoot } from "./spawn.ts"

const scripts = (JSON.parse(readFileSync(entry("package.json"), "utf8")) as { scripts: Record<string, string> }).scripts
// The scripts that run a program of ours under node (not tsc, biome or vitest).
const programs = Object.entries(scripts).filter(([, command]) => command.startsWith("node "))

describe("entry points", () => {
  it("every program script checks the Node version first", () => {
    assert.includeMembers(
      programs.map(([name]) => name),
      ["start", "blockscout", "simulate"]
    )
    for (const [name, command] of programs) {
      assert.match(command, /^node --import \.\/scripts\/node-check\.mjs /, name)
    }
  })

  for (const [name, file] of [
    ["pnpm start", "examples/src/main.ts"],
    ["pnpm blockscout", "examples/src/cli/main.ts"],
    ["pnpm simulate", "scripts/simulate.ts"]
  ] as const) {
    it.live(
      `${name} --help prints usage and runs nothing`,
      () =>
        Effect.scoped(
          Effect.gen(function* () {
            const fs = yield* FileSystem.FileSystem
            const cwd = yield* fs.makeTempDirectoryScoped()
            const result = yield* node([entry(file), "--help"], { cwd })
            assert.strictEqual(result.code, 0, result.stderr)
            assert.match(result.stdout, /usage/i)
            assert.strictEqual(result.stderr, "")
            // pnpm start would have created examples/out had it run.
            assert.deepStrictEqual(yield* fs.readDirectory(cwd), [])
          })
        ).pipe(Effect.provide(NodeServices.layer)),
      20_000
    )
  }

  // The system Node of many machines (and CI's before scripts/toolchain.sh) is 20: what users meet there.
  const oldNode = "/usr/bin/node"
  const oldVersion = existsSync(oldNode) ? execFileSync(oldNode, ["--version"], { encoding: "utf8" }).trim() : ""
  const isOld = /^v(1[89]|2[01])\./.test(oldVersion) || /^v22\.(\d|1[0-8])\./.test(oldVersion)
  it.live.skipIf(!isOld)(
    `under Node ${oldVersion || "(none at /usr/bin/node)"}, every program script says what it needs in one line`,
    () =>
      Effect.gen(function* () {
        for (const [name, command] of programs) {
          const args = command.split(" ").slice(1)
          const result = yield* node(
            args.filter((a) => a !== "--conditions=source"),
            { nodeBinary: oldNode, cwd: repoRoot }
          )
          assert.strictEqual(result.code, 1, `${name}: ${result.stderr}`)
          assert.match(
            result.stderr,
            /^blockscout-effect needs Node >= 22\.19 \(this is 2?\d\.\d+\.\d+\): run `\. scripts\/toolchain\.sh` to put Node 24 and pnpm on PATH, then try again\.\n$/,
            name
          )
        }
      }),
    30_000
  )
})
