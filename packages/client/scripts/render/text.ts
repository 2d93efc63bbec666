/**
 * Text helpers of the generated files: where the package is, biome's formatting, doc comments wrapped to the
 * line limit.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

/** The client package's folder. */
export const packageDir = fileURLToPath(new URL("../..", import.meta.url))
/** The repository's root (biome's configuration lives there). */
const rootDir = fileURLToPath(new URL("../../../..", import.meta.url))

/** Formats TypeScript the way `biome check` wants it, so a written file passes the lint as it is. */
export const formatTs = (text: string, path: string): string => {
  const biome = fileURLToPath(new URL("../../../../node_modules/.bin/biome", import.meta.url))
  const result = spawnSync(biome, ["format", `--stdin-file-path=${path}`], {
    cwd: rootDir,
    input: text,
    encoding: "utf8"
  })
  if (result.status !== 0) throw new Error(`biome format ${path} failed: ${result.stderr}`)
  return result.stdout
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone). */
const wrap = (text: string, width: number): ReadonlyArray<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === "" ? word : `${line} ${word}`
  }
  return [...lines, line]
}

/** A doc comment of `lines` (paragraphs wrapped to the 120-column limit), one line when it fits. */
export const doc = (lines: ReadonlyArray<string>, indent = ""): string => {
  const width = 120 - indent.length - 3
  if (lines.length === 1 && (lines[0] ?? "").length <= width - 4) return `${indent}/** ${lines[0]} */`
  const body = lines.flatMap((line) => (line === "" ? [""] : wrap(line, width)))
  return [
    `${indent}/**`,
    ...body.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)),
    `${indent} */`
  ].join("\n")
}

export const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
