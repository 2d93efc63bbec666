/**
 * `pnpm docs`: the API reference of every package. Writes every doc-comment `@example` as a type-checked file
 * (`docs/examples/`) and `LLMS.md` from them (`reference.ts`), type-checks the examples (`tsc -b docs`: a broken
 * example fails the command, as it fails `pnpm test`), then renders each package's reference with TypeDoc,
 * grouped by `@category`, into `docs/reference/<package>/` (gitignored). `--no-html` stops after the check.
 *
 * @since 0.1.0
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { examples, renderExamples, renderLlms } from "./reference.ts"
import { packageNames } from "./test/support/publicApi.ts"
import { readJson, root } from "./test/support/workspace.ts"

const write = (path: string, text: string) => {
  const full = join(root, path)
  let before: string | undefined
  try {
    before = readFileSync(full, "utf8")
  } catch {
    before = undefined
  }
  if (before === text) return
  mkdirSync(dirname(full), { recursive: true })
  writeFileSync(full, text)
  console.log(`wrote ${path}`)
}

/** Runs a command from the root, its output shown; exits with its status if it fails. */
const run = (what: string, command: string, args: ReadonlyArray<string>) => {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" })
  if (result.status !== 0) {
    console.error(`pnpm docs: ${what} failed`)
    process.exit(result.status ?? 1)
  }
}

const all = examples()
const files = renderExamples(all)
// Files no longer derived go: an example removed from its comment leaves nothing behind.
mkdirSync(join(root, "docs/examples"), { recursive: true })
for (const pkg of readdirSync(join(root, "docs/examples"), { withFileTypes: true })) {
  if (!pkg.isDirectory()) continue
  for (const name of readdirSync(join(root, "docs/examples", pkg.name))) {
    const path = `docs/examples/${pkg.name}/${name}`
    if (!files.has(path)) {
      rmSync(join(root, path))
      console.log(`removed ${path}`)
    }
  }
}
for (const [path, text] of files) write(path, text)
write("LLMS.md", renderLlms(all, files))
run("type-checking the examples (docs/examples)", join(root, "node_modules/.bin/tsc"), ["-b", "docs"])
console.log(`${files.size} examples type-check`)

if (!process.argv.includes("--no-html")) {
  const typedoc = join(root, "docs/node_modules/.bin/typedoc")
  for (const pkg of packageNames) {
    const dir = join("packages", pkg)
    const manifest = readJson<{ readonly exports: Record<string, string | Record<string, string>> }>(
      join(root, dir, "package.json")
    )
    const entries = Object.values(manifest.exports)
      .map((target) => (typeof target === "string" ? target : target.source))
      .filter((target): target is string => target?.endsWith(".ts") === true)
      .map((target) => join(dir, target))
    run(`TypeDoc for ${pkg}`, typedoc, [
      ...entries.flatMap((entry) => ["--entryPoints", entry]),
      "--tsconfig",
      join(dir, "tsconfig.src.json"),
      "--out",
      `docs/reference/${pkg}`,
      "--name",
      `@blockscout-effect/${pkg}`,
      "--readme",
      join(dir, "README.md"),
      // Grouped by each declaration's `@category`, not by kind.
      "--categorizeByGroup",
      "false",
      "--defaultCategory",
      "other",
      "--excludeInternal",
      // TypeScript 7 type-checks the code (`tsc -b`); TypeDoc's 5.9 reads it and reports where the two disagree.
      "--skipErrorChecking",
      "--logLevel",
      "Error"
    ])
    console.log(`docs/reference/${pkg}/index.html`)
  }
}
