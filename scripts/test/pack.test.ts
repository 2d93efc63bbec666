/**
 * The packages are consumable outside the repository. Every publishable package (`packages/*` not marked
 * private) is packed from a copy of its sources with nothing built (`prepack` builds it), and the tarballs
 * are installed into an empty project beside nothing but `effect` and `@effect/platform-node` (offline, from
 * pnpm's store: no test reaches the network). A TypeScript program there type-checks with `tsc` under strict
 * settings against the published declarations, then runs under plain Node: a typed pipeline over the
 * simulator on a loopback port into an NDJSON file, a scripted 401, and `layerTest`.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"
import { run, scratchDir, tsc } from "./support/scratch.ts"
import { publishable, root } from "./support/workspace.ts"

const work = scratchDir("blockscout-effect-pack-")

const pnpm = (args: ReadonlyArray<string>, cwd: string) => run("pnpm", [...args, "--config.pm-on-fail=ignore"], cwd)

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

/**
 * A copy of the workspace with the packages' sources and manifests and no build output: the root's
 * manifests and `tsconfig.base.json`, the installed dependencies (links into the repository's store, kept as
 * links), and each package's `src`, `package.json`, `tsconfig.src.json`, README and CHANGELOG.
 */
const mirror = (): string => {
  const at = join(work, "mirror")
  mkdirSync(join(at, "packages"), { recursive: true })
  for (const file of ["package.json", "pnpm-workspace.yaml", "tsconfig.base.json"])
    cpSync(join(root, file), join(at, file))
  symlinkSync(join(root, "node_modules"), join(at, "node_modules"))
  for (const { name } of publishable) {
    const from = join(root, "packages", name)
    const to = join(at, "packages", name)
    for (const entry of ["src", "package.json", "tsconfig.src.json", "README.md", "CHANGELOG.md", "node_modules"]) {
      if (existsSync(join(from, entry)))
        cpSync(join(from, entry), join(to, entry), { recursive: true, verbatimSymlinks: true })
    }
    expect(existsSync(join(to, "dist")), `${name}: the copy has no build output`).toBe(false)
  }
  return at
}

/** The program a user writes: strict TypeScript against the published declarations. */
const program = `
import { Blockscout } from "@blockscout-effect/client"
import { layerScripted, layerTest, Simulator } from "@blockscout-effect/client/testing"
import { Sinks } from "@blockscout-effect/export"
import { checksumAddress } from "@blockscout-effect/schema"
import { serve } from "@blockscout-effect/simulator/node"
import { NodeFileSystem, NodeHttpClient } from "@effect/platform-node"
import { Console, Effect, Layer, Stream } from "effect"

// A typed pipeline over a simulated instance on a loopback port, through the real HTTP client, into a file.
const served = Effect.scoped(
  Effect.gen(function* () {
    const server = yield* serve({ seed: 7, blocks: 64 })
    const client = Blockscout.layerInstance({ baseUrl: server.baseUrl, rateLimit: false }).pipe(
      Layer.provide(NodeHttpClient.layerUndici)
    )
    return yield* Effect.gen(function* () {
      const bs = yield* Blockscout
      const amounts = yield* bs.streamWithdrawals().pipe(Stream.map((w) => w.amount), Stream.runCollect)
      const written = yield* bs.streamWithdrawals().pipe(Stream.run(Sinks.ndjson("out/withdrawals.ndjson")))
      const total: bigint = amounts.reduce((sum, amount) => sum + amount, 0n)
      return { count: amounts.length, total: total > 0n, written: written.items }
    }).pipe(Effect.provide(client))
  })
)

// The test kit: a scripted 401 comes back as a typed reason.
const scripted = Effect.gen(function* () {
  const bs = yield* Blockscout
  const error = yield* Effect.flip(bs.listWithdrawals())
  return error.reason._tag
}).pipe(
  Effect.provide(
    Blockscout.layerInstance({ baseUrl: "http://scripted.test", rateLimit: false }).pipe(
      Layer.provide(layerScripted([{ status: 401, body: { message: "Wrong API key" } }]))
    )
  )
)

// layerTest: the client over the in-process simulator.
const simulated = Effect.gen(function* () {
  const bs = yield* Blockscout
  const simulator = yield* Simulator
  const miner = simulator.chain.miners[0] ?? ""
  const page = yield* bs.listBlocksValidated(miner)
  return page.items.length > 0 && page.items.every((block) => block.miner.hash === checksumAddress(miner))
}).pipe(Effect.provide(layerTest({ seed: 3, blocks: 64 })))

const main = Effect.gen(function* () {
  const result = { served: yield* served, scripted: yield* scripted, simulated: yield* simulated }
  yield* Console.log(JSON.stringify(result))
})

Effect.runPromise(main.pipe(Effect.provide(NodeFileSystem.layer)))
`

/** Strict settings a careful app uses; `DOM` only because `effect`'s own declarations name web types. */
const strictTsconfig = {
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noPropertyAccessFromIndexSignature: true,
    verbatimModuleSyntax: true,
    skipLibCheck: false,
    rootDir: ".",
    outDir: "out"
  },
  include: ["main.ts"]
}

it("packs every publishable package with nothing built; a fresh project installs, type-checks and runs them", {
  timeout: 300_000
}, () => {
  expect(publishable.map((p) => p.name)).toEqual(expect.arrayContaining(["schema", "simulator", "client", "export"]))
  const at = mirror()
  const tarballs = new Map<string, string>()
  for (const { name } of publishable) {
    pnpm(["pack", "--pack-destination", work], join(at, "packages", name))
    const tarball = readdirSync(work).find((f) => f.startsWith(`blockscout-effect-${name}-`) && f.endsWith(".tgz"))
    expect(tarball, name).toBeDefined()
    tarballs.set(name, tarball!)
  }

  const files = new Map(publishable.map(({ name }) => [name, unpack(join(work, tarballs.get(name)!))]))
  for (const { name, manifest } of publishable) {
    const packed = files.get(name)!
    const paths = new Set(packed.map((f) => f.path))
    const shipped = JSON.parse(packed.find((f) => f.path === "package/package.json")!.text)
    // The tarball's exports are the published ones: declarations and code from dist, no source condition.
    expect(shipped.exports, name).toEqual(manifest.publishConfig.exports)
    expect(shipped.publishConfig?.exports, name).toBeUndefined()
    for (const [subpath, target] of Object.entries<string | Record<string, string>>(shipped.exports)) {
      for (const file of typeof target === "string" ? [target] : Object.values(target)) {
        expect(paths.has(`package/${file.slice(2)}`), `${name} ${subpath}: ${file} is in the tarball`).toBe(true)
      }
      if (typeof target !== "string") expect(target.types, `${name} ${subpath}`).toMatch(/^\.\/dist\/.*\.d\.ts$/)
    }
    expect(JSON.stringify(shipped.dependencies ?? {}) + JSON.stringify(shipped.peerDependencies ?? {})).not.toContain(
      "workspace:"
    )
    expect(paths.has("package/CHANGELOG.md"), `${name} ships its CHANGELOG`).toBe(true)
  }

  // The client's tarball holds the thin testing entry (layerTest and re-exports), not the simulator.
  const clientFiles = files.get("client")!
  for (const file of clientFiles) {
    expect(file.path).not.toMatch(/Simulated(Chain|Blockscout|HttpClient)|\/(routes|render|chain)\//)
    expect(file.text, file.path).not.toMatch(/class SimulatedChain|class SimulatedBlockscout|makeTemplate|keccak/i)
  }
  const clientManifest = JSON.parse(clientFiles.find((f) => f.path === "package/package.json")!.text)
  expect(clientManifest.peerDependenciesMeta["@blockscout-effect/simulator"]).toEqual({ optional: true })
  expect(clientManifest.dependencies).not.toHaveProperty("@blockscout-effect/simulator")
  // The simulator's tarball holds the simulator and the test kit, and depends on the schema package only.
  const simulatorFiles = files.get("simulator")!
  for (const built of ["SimulatedBlockscout.js", "node.js", "Scripted.js", "ScriptedServer.js", "Replay.js"]) {
    expect(
      simulatorFiles.some((f) => f.path === `package/dist/${built}`),
      built
    ).toBe(true)
  }
  const simulatorManifest = JSON.parse(simulatorFiles.find((f) => f.path === "package/package.json")!.text)
  expect(Object.keys(simulatorManifest.dependencies)).toEqual(["@blockscout-effect/schema"])

  // An empty project: the tarballs, effect and the Node platform package, nothing else.
  const consumer = join(work, "consumer")
  mkdirSync(consumer)
  const local = (name: string) => `file:../${tarballs.get(name)}`
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      type: "module",
      dependencies: {
        ...Object.fromEntries(publishable.map(({ name }) => [`@blockscout-effect/${name}`, local(name)])),
        effect: "4.1.0",
        "@effect/platform-node": "4.1.0"
      }
    })
  )
  // The packages' dependencies on each other are semver ranges of unpublished versions: point them here.
  writeFileSync(
    join(consumer, "pnpm-workspace.yaml"),
    `overrides:\n${publishable.map(({ name }) => `  "@blockscout-effect/${name}": "${local(name)}"\n`).join("")}`
  )
  pnpm(["install", "--offline"], consumer)
  const installed = readdirSync(join(consumer, "node_modules")).filter((f) => !f.startsWith("."))
  expect(installed.sort()).toEqual(["@blockscout-effect", "@effect", "effect"])

  writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify(strictTsconfig, null, 2))
  writeFileSync(join(consumer, "main.ts"), program)
  run(tsc, ["-p", "."], consumer)
  const out = JSON.parse(run("node", ["out/main.js"], consumer))
  expect(out).toEqual({
    served: { count: 128, total: true, written: 128 },
    scripted: "Unauthorized",
    simulated: true
  })
  const lines = readFileSync(join(consumer, "out/withdrawals.ndjson"), "utf8").trim().split("\n")
  expect(lines).toHaveLength(128)

  // Plain Node ESM, no TypeScript: the entry points resolve to dist and export what they did.
  writeFileSync(
    join(consumer, "plain.mjs"),
    [
      `import * as Client from "@blockscout-effect/client"`,
      `import * as Testing from "@blockscout-effect/client/testing"`,
      `import * as Simulator from "@blockscout-effect/simulator"`,
      `import * as SimulatorNode from "@blockscout-effect/simulator/node"`,
      `console.log(JSON.stringify({`,
      `  where: import.meta.resolve("@blockscout-effect/client"), client: Object.keys(Client),`,
      `  testing: Object.keys(Testing), simulator: Object.keys(Simulator), node: Object.keys(SimulatorNode)`,
      `}))`
    ].join("\n")
  )
  const plain = JSON.parse(run("node", ["plain.mjs"], consumer)) as {
    readonly where: string
    readonly client: Array<string>
    readonly testing: Array<string>
    readonly simulator: Array<string>
    readonly node: Array<string>
  }
  expect(plain.where).toMatch(/node_modules\/.*dist\/index\.js$/)
  expect(plain.client).toEqual(expect.arrayContaining(["Blockscout", "BlockscoutError"]))
  // What users reach through the client's testing entry is there: its layer and the test kit's layers.
  expect(plain.testing).toEqual(
    expect.arrayContaining([
      "layerTest",
      "Simulator",
      "SimulatedBlockscout",
      "layerHttpClient",
      "layerScripted",
      "layerReplay"
    ])
  )
  // The testing entry re-exports the simulator's test layers and their options, not its model: everything
  // it holds beside the client's own layerTest and Simulator comes from the simulator, and its chain does not.
  expect(plain.simulator).toEqual(
    expect.arrayContaining(plain.testing.filter((name) => name !== "layerTest" && name !== "Simulator"))
  )
  expect(plain.testing).not.toContain("SimulatedChain")
  expect(plain.testing).not.toContain("arbitraries")
  expect(plain.node).toEqual(expect.arrayContaining(["serve", "scriptedServer"]))
})
