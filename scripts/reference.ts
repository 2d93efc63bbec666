/**
 * What the API reference derives from the packages' doc comments, as text (`pnpm docs` writes it; tests render
 * the same and fail when a written file is stale):
 * - every `@example` of every package's modules (outside `internal/`) as a file the build type-checks,
 *   `docs/examples/<package>/<module>-<n>.ts` (compiled by `tsc -b` through `docs/tsconfig.json`, so a broken
 *   example fails `pnpm test` as it fails `pnpm docs`);
 * - `LLMS.md`, those checked examples with what each is for, one section per package, for people who work with
 *   an assistant.
 *
 * Read as text (TypeScript 7 ships no compiler API); TypeDoc, which needs one, renders the HTML reference in
 * `docs.ts`.
 *
 * @since 0.1.0
 */
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { join, sep } from "node:path"
import { declaration, packageNames } from "./test/support/publicApi.ts"
import { readJson, root } from "./test/support/workspace.ts"

/**
 * One `@example` code block: where it is, what it documents and the code.
 *
 * @since 0.1.0
 * @category models
 */
export interface Example {
  /** The package's folder name (`client`). */
  readonly pkg: string
  /** The module, relative to the package's `src` (`testing/Simulator.ts`). */
  readonly module: string
  /** The declaration (or class member) it documents, or `undefined` for the module's own doc comment. */
  readonly name: string | undefined
  /** The doc comment's first paragraph, on one line. */
  readonly summary: string
  readonly code: string
  /** Where the type-checked file goes, relative to the root. */
  readonly path: string
}

/** A doc comment's lines without the ` * ` margin. */
const commentLines = (comment: string): ReadonlyArray<string> =>
  comment
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))

/**
 * Every ```ts block under an `@example` tag of a doc comment's lines.
 *
 * @since 0.1.0
 * @category constructors
 */
export const examplesIn = (lines: ReadonlyArray<string>): ReadonlyArray<string> => {
  const body = lines.join("\n")
  const at = body.indexOf("@example")
  return at < 0 ? [] : [...body.slice(at).matchAll(/```ts\n([\s\S]*?)```/g)].map((block) => block[1] ?? "")
}

/** The first paragraph of a doc comment, on one line. */
const summaryOf = (lines: ReadonlyArray<string>): string => {
  const first: Array<string> = []
  for (const line of lines) {
    if (line.trim() === "" || line.startsWith("@")) {
      if (first.length > 0) break
      continue
    }
    first.push(line.trim())
  }
  return first.join(" ")
}

/** A package's modules outside `internal/` (what its exports reach, and what they re-export from). */
const modulesOf = (pkg: string): ReadonlyArray<string> =>
  (readdirSync(join(root, "packages", pkg, "src"), { recursive: true }) as Array<string>)
    .filter((file) => file.endsWith(".ts") && !file.split(sep).includes("internal"))
    .map((file) => file.split(sep).join("/"))
    .sort()

/**
 * Every `@example` of every package's modules outside `internal/`, in package, module and source order: a
 * module's own doc comment's, its declarations' and their members' (a class's static layers).
 *
 * @since 0.1.0
 * @category constructors
 */
export const examples = (): ReadonlyArray<Example> => {
  const out: Array<Example> = []
  for (const pkg of [...packageNames].sort()) {
    for (const module of modulesOf(pkg)) {
      const text = readFileSync(join(root, "packages", pkg, "src", module), "utf8")
      const base = module.replace(/\.ts$/, "").replace(/\//g, "-")
      let n = 0
      for (const match of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
        const lines = commentLines(match[0])
        const blocks = examplesIn(lines)
        if (blocks.length === 0) continue
        const after = match.index === 0 ? "" : (text.slice(match.index + match[0].length).split("\n")[1] ?? "")
        const name = declaration.exec(after)?.[1] ?? /^\s+(?:static\s+)?(?:readonly\s+)?(\w+)/.exec(after)?.[1]
        for (const code of blocks) {
          n++
          out.push({ pkg, module, name, summary: summaryOf(lines), code, path: `docs/examples/${pkg}/${base}-${n}.ts` })
        }
      }
    }
  }
  return out
}

/** Formats TypeScript the way `biome check` wants it, so a written file passes the lint as it is. */
const formatTs = (text: string, path: string): string => {
  const result = spawnSync(join(root, "node_modules/.bin/biome"), ["format", `--stdin-file-path=${path}`], {
    cwd: root,
    input: text,
    encoding: "utf8"
  })
  if (result.status !== 0) throw new Error(`biome format ${path} failed: ${result.stderr}`)
  return result.stdout
}

/**
 * The example files, by their path from the root: each example's code, formatted, under a line saying where
 * it comes from.
 *
 * @since 0.1.0
 * @category constructors
 */
export const renderExamples = (all: ReadonlyArray<Example> = examples()): ReadonlyMap<string, string> =>
  new Map(
    all.map((e) => [
      e.path,
      formatTs(
        `// GENERATED by pnpm docs from an @example of packages/${e.pkg}/src/${e.module}${e.name === undefined ? "" : ` (${e.name})`}: edit it there.\n${e.code}`,
        e.path
      )
    ])
  )

/** A package's npm name and description. */
const manifestOf = (pkg: string) =>
  readJson<{ readonly name: string; readonly description?: string }>(join(root, "packages", pkg, "package.json"))

/**
 * `LLMS.md`: for each package, its name and what it is, then each checked example with what it documents.
 *
 * @since 0.1.0
 * @category constructors
 */
export const renderLlms = (
  all: ReadonlyArray<Example> = examples(),
  files: ReadonlyMap<string, string> = renderExamples(all)
): string => {
  const lines = [
    "# blockscout-effect: examples for assistants",
    "",
    "GENERATED by `pnpm run docs` from the packages' doc comments: every example below is type-checked by the",
    "build (`docs/examples/`), so it compiles against the code it describes. The API reference (`pnpm run docs`, then",
    "`docs/reference/<package>/index.html`) has every export; each package's README has the guide.",
    ""
  ]
  for (const pkg of [...new Set(all.map((e) => e.pkg))]) {
    const manifest = manifestOf(pkg)
    lines.push(`## ${manifest.name}`, "", manifest.description ?? "", "")
    for (const e of all.filter((x) => x.pkg === pkg)) {
      const where = e.name === undefined ? `\`${e.module}\`` : `\`${e.name}\` (\`${e.module}\`)`
      // The checked file's code, without its first line (where it comes from).
      const code = (files.get(e.path) ?? "").split("\n").slice(1).join("\n").trimEnd()
      lines.push(`### ${where}`, "", e.summary, "", "```ts", code, "```", "")
    }
  }
  return `${lines.join("\n").trimEnd()}\n`
}
