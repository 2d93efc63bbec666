/**
 * The workspace's modules as text (TypeScript 7 ships no compiler API): each source file's relative imports
 * and re-exports (type-only ones included, since a cycle of types is a cycle of concepts too), and the names an
 * entry module exports, following its re-exports. The module tests hold the import graph acyclic and the
 * client's root small.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { declaration } from "./publicApi.ts"
import { root } from "./workspace.ts"

/** Every `.ts` file under `dir`, absolute. */
export const sourcesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourcesUnder(path) : path.endsWith(".ts") ? [path] : []
  })

// `import ... from "./x.ts"`, `import type`, `export { ... } from`, `export * from`, over several lines too.
// Statements are unterminated (biome's style), so a match is an `import`/`export` keyword at a line's start
// and the nearest `from "."` after it that no other statement's keyword precedes.
const relativeSpecifier = /^(?:import|export)\b(?:(?!^(?:import|export)\b)[\s\S])*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm

/** The files `file` imports or re-exports by a relative path, absolute. */
export const relativeImports = (file: string): ReadonlyArray<string> => {
  const text = readFileSync(file, "utf8")
  const found = new Set<string>()
  for (const match of text.matchAll(relativeSpecifier)) {
    const target = resolve(dirname(file), match[1]!)
    if (existsSync(target)) found.add(target)
  }
  return [...found]
}

/**
 * The import cycles among `files` (Tarjan's strongly connected components, plus a file importing itself):
 * each as its files relative to the repository's root, sorted.
 */
export const importCycles = (files: ReadonlyArray<string>): ReadonlyArray<ReadonlyArray<string>> => {
  const graph = new Map(files.map((file) => [file, relativeImports(file).filter((t) => files.includes(t))]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const cycles: Array<ReadonlyArray<string>> = []
  let next = 0
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next)
    next++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: Array<string> = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)!.includes(v)) {
      cycles.push(component.map((file) => relative(root, file)).sort())
    }
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return cycles
}

const reexport = /^export (type )?(?:\*(?: as (\w+))?|\{([^}]*)\}) from "([^"]+)"/gm
const localList = /^export (?:type )?\{([^}]*)\}(?! from)/gm

/** The names a `{ a, type b as c }` list exports (the aliases where there are). */
const exportedNamesOf = (list: string): ReadonlyArray<string> =>
  list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter((part) => part !== "")
    .map((part) => part.split(/\s+as\s+/).at(-1)!)

/**
 * The names a module exports, as a user counts them: a namespace (`export * as N`) is one name, `export *`
 * brings every name of its module, a list its names, and each declaration its own.
 */
export const exportedNames = (file: string): ReadonlySet<string> => {
  const names = new Set<string>()
  const text = readFileSync(file, "utf8")
  for (const match of text.matchAll(reexport)) {
    if (match[2] !== undefined) names.add(match[2])
    else if (match[3] !== undefined) for (const name of exportedNamesOf(match[3])) names.add(name)
    else if (match[4]!.startsWith("."))
      for (const name of exportedNames(resolve(dirname(file), match[4]!))) names.add(name)
    else
      throw new Error(
        `${relative(root, file)}: export * from "${match[4]}" re-exports a whole package: name what it re-exports`
      )
  }
  for (const match of text.matchAll(localList)) for (const name of exportedNamesOf(match[1]!)) names.add(name)
  for (const line of text.split("\n")) {
    const found = declaration.exec(line)?.[1]
    if (found !== undefined) names.add(found)
  }
  return names
}
