/**
 * The public surface of the workspace's packages, read from their sources: the modules a package's `exports`
 * reach through re-exports, and in them the declarations users can import. The docs test holds these to
 * Effect's doc convention.
 *
 * Read as text (TypeScript 7 ships no compiler API): `export * from`, `export * as N from`, `export type *
 * from` make a whole module public; `export { a, type b as c } from` makes the named declarations public,
 * followed to the module that declares them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { readJson, root } from "./workspace.ts"

/** An exported declaration's line: `export const X`, `export interface X`, ... */
export const declaration = /^export (?:declare )?(?:abstract )?(?:const|function|class|interface|type|enum) (\w+)/

/** A declaration users can import: where it is and its name. */
export interface PublicDeclaration {
  /** The file, relative to the repository's root. */
  readonly file: string
  readonly name: string
  /** Its line (0-based). */
  readonly line: number
}

/** What a package makes public: whole modules, and named declarations. */
export interface PublicApi {
  /** Modules public as a whole (every exported declaration in them), relative to the root. */
  readonly modules: ReadonlyArray<string>
  readonly declarations: ReadonlyArray<PublicDeclaration>
}

const reexport = /^export (?:type )?(?:\*(?: as \w+)?|\{([^}]*)\}) from "(\.[^"]+)"/gm

/** The names a `{ a, type b as c }` list takes from its module (the names there, not the aliases). */
const namesOf = (list: string): ReadonlyArray<string> =>
  list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter((part) => part !== "")
    .map((part) => part.split(/\s+as\s+/)[0]!)

/** The public surface of the package in `packages/<name>`. */
export const publicApi = (name: string): PublicApi => {
  const dir = join(root, "packages", name)
  const manifest = readJson<{ readonly exports: Record<string, string | Record<string, string>> }>(
    join(dir, "package.json")
  )
  const entries = Object.values(manifest.exports)
    .map((target) => (typeof target === "string" ? target : target.source))
    .filter((target): target is string => target?.endsWith(".ts") === true)
    .map((target) => resolve(dir, target))
  const whole = new Set<string>()
  const named = new Map<string, Set<string>>()
  const text = (file: string) => readFileSync(file, "utf8")
  /** Makes `names` of `file` public (all of them when undefined), following its own re-exports. */
  const visit = (file: string, names: ReadonlySet<string> | undefined) => {
    if (!existsSync(file)) return
    if (names === undefined) {
      if (whole.has(file)) return
      whole.add(file)
    } else {
      const known = named.get(file) ?? new Set<string>()
      const fresh = [...names].filter((n) => !known.has(n))
      if (fresh.length === 0) return
      for (const n of fresh) known.add(n)
      named.set(file, known)
    }
    for (const match of text(file).matchAll(reexport)) {
      const target = resolve(dirname(file), match[2]!)
      if (match[1] === undefined) visit(target, names)
      else {
        const wanted = namesOf(match[1]).filter((n) => names === undefined || names.has(n))
        if (wanted.length > 0) visit(target, new Set(wanted))
      }
    }
  }
  for (const entry of entries) visit(entry, undefined)
  const declarations: Array<PublicDeclaration> = []
  for (const file of new Set([...whole, ...named.keys()])) {
    const wanted = whole.has(file) ? undefined : named.get(file)
    // An overloaded function is documented once, above its first signature.
    const functions = new Set<string>()
    text(file)
      .split("\n")
      .forEach((line, i) => {
        const found = declaration.exec(line)?.[1]
        if (found === undefined || (wanted !== undefined && !wanted.has(found))) return
        if (line.includes(" function ")) {
          if (functions.has(found)) return
          functions.add(found)
        }
        declarations.push({ file: relative(root, file), name: found, line: i })
      })
  }
  return { modules: [...whole].map((file) => relative(root, file)).sort(), declarations }
}

/** The workspace's packages, by folder name. */
export const packageNames: ReadonlyArray<string> = readdirSync(join(root, "packages")).filter((name) =>
  existsSync(join(root, "packages", name, "package.json"))
)
