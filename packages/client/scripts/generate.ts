/**
 * `pnpm generate`: writes what is derived from the endpoints table and the sources (see `render.ts`): the
 * service's method types (`src/BlockscoutMethods.ts`), the README's method table and its code blocks as compiled
 * files. Run it after changing a row, a method doc or the README's code; the tests say when it is due. (Every
 * package's doc-comment `@example`s are the API reference's: `pnpm run docs` writes them as compiled files.)
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { methodsPath, packageDir, renderMethods, renderReadme, renderReadmeSnippets } from "./render.ts"

const write = (path: string, text: string) => {
  const full = `${packageDir}/${path}`
  let before: string | undefined
  try {
    before = readFileSync(full, "utf8")
  } catch {
    before = undefined
  }
  if (before === text) return
  writeFileSync(full, text)
  console.log(`wrote packages/client/${path}`)
}

/** Writes `files` into `dir`, and removes the files there that are no longer derived. */
const writeAll = (dir: string, files: ReadonlyMap<string, string>) => {
  mkdirSync(`${packageDir}/${dir}`, { recursive: true })
  for (const name of readdirSync(`${packageDir}/${dir}`)) {
    if (name.endsWith(".ts") && !files.has(`${dir}/${name}`)) {
      rmSync(`${packageDir}/${dir}/${name}`)
      console.log(`removed packages/client/${dir}/${name}`)
    }
  }
  for (const [path, text] of files) write(path, text)
}

write(methodsPath, renderMethods())
const readme = renderReadme(readFileSync(`${packageDir}/README.md`, "utf8"))
write("README.md", readme)
writeAll("test/readme", renderReadmeSnippets(readme))
