/**
 * `pnpm generate`: writes what is derived from the endpoints table and the sources (see `render.ts`): the
 * service's method interface, the README's method table, the doc-comment examples as compiled files.
 * Run it after changing a row, a method doc or an `@example`; the tests say when it is due.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { packageDir, renderExamples, renderMethods, renderReadme } from "./render.ts"

const write = (path: string, text: string) => {
  const full = `${packageDir}/${path}`
  const before = (() => {
    try {
      return readFileSync(full, "utf8")
    } catch {
      return undefined
    }
  })()
  if (before === text) return
  writeFileSync(full, text)
  console.log(`wrote packages/client/${path}`)
}

write("src/BlockscoutMethods.ts", renderMethods())
write("README.md", renderReadme(readFileSync(`${packageDir}/README.md`, "utf8")))
const examples = renderExamples()
mkdirSync(`${packageDir}/test/examples`, { recursive: true })
for (const name of readdirSync(`${packageDir}/test/examples`)) {
  if (!examples.has(`test/examples/${name}`)) {
    rmSync(`${packageDir}/test/examples/${name}`)
    console.log(`removed packages/client/test/examples/${name}`)
  }
}
for (const [path, text] of examples) write(path, text)
