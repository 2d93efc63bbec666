/**
 * Every `@example` of the public modules as a file the build type-checks (`test/examples/<module>-<n>.ts`),
 * so an example that does not compile fails the build.
 */
import { readdirSync, readFileSync } from "node:fs"
import { formatTs, packageDir } from "./text.ts"

/** The public modules whose `@example`s are compiled: `src/*.ts` and `src/testing/*.ts`, not `internal/`. */
const publicModules = (): ReadonlyArray<string> =>
  ["src", "src/testing"].flatMap((dir) =>
    readdirSync(`${packageDir}/${dir}`)
      .filter((name) => name.endsWith(".ts"))
      .sort()
      .map((name) => `${dir}/${name}`)
  )

/** Every ```ts block under an `@example` tag in `text`, without the comment's ` * ` margin. */
export const examplesIn = (text: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const lines = (comment[1] ?? "").split("\n").map((line) => line.replace(/^\s*\* ?/, ""))
    const body = lines.join("\n")
    const at = body.indexOf("@example")
    if (at < 0) continue
    for (const block of body.slice(at).matchAll(/```ts\n([\s\S]*?)```/g)) out.push(block[1] ?? "")
  }
  return out
}

/** The example files: `test/examples/<module>-<n>.ts`, one per `@example` block, in source order. */
export const renderExamples = (): ReadonlyMap<string, string> => {
  const files = new Map<string, string>()
  for (const module of publicModules()) {
    const base = module
      .replace(/^src\//, "")
      .replace(/\//g, "-")
      .replace(/\.ts$/, "")
    examplesIn(readFileSync(`${packageDir}/${module}`, "utf8")).forEach((block, i) => {
      files.set(`test/examples/${base}-${i + 1}.ts`, formatTs(block, `packages/client/test/examples/${base}.ts`))
    })
  }
  return files
}
