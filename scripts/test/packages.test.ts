/**
 * What a registry page and a release need from each publishable package (`packages/*` not marked private):
 * its metadata, agreeing with the root's; exports whose types resolve to the TypeScript sources in the
 * workspace and to `dist` once published; a `prepack` that builds; a CHANGELOG; and changesets that name
 * real packages. Also: TypeScript of a user's own in the workspace (`workspace:*` links, nothing built)
 * resolves the packages to their sources and type-checks.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { run, scratchDir, tsc } from "./support/scratch.ts"
import { type Manifest, publishable, readJson, root } from "./support/workspace.ts"

const rootManifest = readJson<Manifest>(join(root, "package.json"))
const repository = String(rootManifest.repository.url)
  .replace(/^git\+/, "")
  .replace(/\.git$/, "")

describe.each(publishable)("$manifest.name", ({ manifest, name }) => {
  it("has the metadata a registry page shows, agreeing with the root's", () => {
    expect(manifest.name).toBe(`@blockscout-effect/${name}`)
    expect(manifest.description?.length).toBeGreaterThan(20)
    expect(manifest.keywords).toEqual(expect.arrayContaining(["blockscout", "effect"]))
    expect(manifest.license).toBe(rootManifest.license)
    expect(manifest.repository).toEqual({
      type: "git",
      url: rootManifest.repository.url,
      directory: `packages/${name}`
    })
    expect(manifest.homepage).toBe(`${repository}/tree/main/packages/${name}#readme`)
    expect(manifest.bugs).toEqual({ url: `${repository}/issues` })
    expect(manifest.engines).toEqual(rootManifest.engines)
    expect(manifest.type).toBe("module")
    expect(manifest.sideEffects).toBe(false)
    expect(manifest.files).toEqual(expect.arrayContaining(["dist", "src", "README.md", "CHANGELOG.md"]))
    expect(manifest.publishConfig.access).toBe("public")
  })

  it("resolves types to the sources in the workspace and to dist once published; prepack builds", () => {
    expect(manifest.scripts.prepack).toBe("tsc -b tsconfig.src.json")
    const published = manifest.publishConfig.exports as Record<string, string | Record<string, string>>
    expect(Object.keys(published)).toEqual(Object.keys(manifest.exports))
    for (const [subpath, target] of Object.entries<string | Record<string, string>>(manifest.exports)) {
      if (typeof target === "string") {
        expect(published[subpath], subpath).toBe(target)
        continue
      }
      expect(target.types, subpath).toMatch(/^\.\/src\/.*\.ts$/)
      expect(target.source, subpath).toBe(target.types)
      expect(existsSync(join(root, "packages", name, target.types!)), target.types).toBe(true)
      const built = target.types!.replace(/^\.\/src\//, "./dist/").replace(/\.ts$/, "")
      expect(published[subpath], subpath).toEqual({ types: `${built}.d.ts`, default: `${built}.js` })
      expect(target.default, subpath).toBe(`${built}.js`)
    }
  })

  it("has a CHANGELOG with a section for its version", () => {
    const changelog = readFileSync(join(root, "packages", name, "CHANGELOG.md"), "utf8")
    expect(changelog.split("\n")[0]).toBe(`# ${manifest.name}`)
    expect(changelog).toContain(`\n## ${manifest.version}\n`)
  })
})

it("every changeset names published packages and a bump, and says what changed", () => {
  const names = new Set(publishable.map(({ manifest }) => String(manifest.name)))
  const config = readJson<{ readonly access: string; readonly baseBranch: string }>(
    join(root, ".changeset/config.json")
  )
  expect(config.access).toBe("public")
  expect(config.baseBranch).toBe("main")
  for (const file of readdirSync(join(root, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md")) {
    const text = readFileSync(join(root, ".changeset", file), "utf8")
    const found = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
    expect(found, `${file}: front matter, then the summary`).not.toBeNull()
    for (const line of found![1]!.split("\n")) {
      const entry = /^"([^"]+)": (patch|minor|major)$/.exec(line)
      expect(entry, `${file}: ${line}`).not.toBeNull()
      expect(names.has(entry![1]!), `${file}: ${entry![1]} is a published package`).toBe(true)
    }
    expect(found![2]!.trim().length, `${file}: summary`).toBeGreaterThan(20)
  }
})

describe("a user's own TypeScript in the workspace", () => {
  const work = scratchDir("blockscout-effect-workspace-user-")

  it("resolves the packages to their TypeScript sources (nothing built) and type-checks", { timeout: 120_000 }, () => {
    // What `workspace:*` (or `link:`) gives: links to the package folders, beside the app's own dependencies.
    mkdirSync(join(work, "node_modules/@blockscout-effect"), { recursive: true })
    mkdirSync(join(work, "node_modules/@types"), { recursive: true })
    for (const { name } of publishable) {
      symlinkSync(join(root, "packages", name), join(work, "node_modules/@blockscout-effect", name))
    }
    symlinkSync(join(root, "node_modules/effect"), join(work, "node_modules/effect"))
    symlinkSync(join(root, "node_modules/@types/node"), join(work, "node_modules/@types/node"))
    writeFileSync(join(work, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }))
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({
        extends: join(root, "tsconfig.base.json"),
        compilerOptions: { types: ["node"], noEmit: true, composite: false, incremental: false },
        include: ["main.ts"]
      })
    )
    writeFileSync(
      join(work, "main.ts"),
      [
        `import { Blockscout } from "@blockscout-effect/client"`,
        `import { layerScripted, layerTest, pageBody } from "@blockscout-effect/client/testing"`,
        `import { Sinks } from "@blockscout-effect/export"`,
        `import { normalizeAddress } from "@blockscout-effect/schema"`,
        `import { scriptedServer } from "@blockscout-effect/simulator/node"`,
        `import { Effect, Stream } from "effect"`,
        `export const count: Effect.Effect<number> = Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(`,
        `  Effect.provide(layerTest({ seed: 1 })),`,
        `  Effect.orDie`,
        `)`,
        `export const kit = [layerScripted([{ body: pageBody([]) }]), scriptedServer, Sinks.ndjson, normalizeAddress] as const`
      ].join("\n")
    )
    const listed = run(tsc, ["-p", ".", "--listFilesOnly"], work).split("\n")
    const ours = listed.filter((f) => f.includes("/packages/"))
    for (const name of ["client", "schema", "simulator", "export"]) {
      expect(
        ours.some((f) => f.includes(`/packages/${name}/src/`)),
        `${name}: its sources`
      ).toBe(true)
    }
    expect(ours.filter((f) => f.includes("/dist/"))).toEqual([])
    run(tsc, ["-p", "."], work)
  })
})
