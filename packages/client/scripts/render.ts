/**
 * What `pnpm generate` writes, as text, from the endpoints table and the sources: the service's method
 * interface with its docs (`src/BlockscoutMethods.ts`), the README's method table and its code blocks as
 * files the build type-checks (`test/readme/`), and every `@example` of the public modules as such a file
 * (`test/examples/`). Tests render the same and fail when
 * a written file is stale.
 */
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as SchemaPackage from "@blockscout-effect/schema"
import { type Endpoint, type EndpointTable, endpoints, type Filter } from "../src/endpoints.ts"
import { type MethodEntry, methodEntries } from "../src/Methods.ts"

/** The client package's folder. */
export const packageDir = fileURLToPath(new URL("..", import.meta.url))
/** The repository's root (biome's configuration lives there). */
const rootDir = fileURLToPath(new URL("../../..", import.meta.url))

/** Formats TypeScript the way `biome check` wants it, so a written file passes the lint as it is. */
export const formatTs = (text: string, path: string): string => {
  const biome = fileURLToPath(new URL("../../../node_modules/.bin/biome", import.meta.url))
  const result = spawnSync(biome, ["format", `--stdin-file-path=${path}`], {
    cwd: rootDir,
    input: text,
    encoding: "utf8"
  })
  if (result.status !== 0) throw new Error(`biome format ${path} failed: ${result.stderr}`)
  return result.stdout
}

// ---------------------------------------------------------------------------------------------------------
// The method interface

/** The exported name of the schema a row's items decode with, if the schema package exports it. */
const itemSchemaName = (row: Endpoint): string | undefined => {
  const response = row.response as unknown as {
    readonly fields?: {
      readonly items?: { readonly value?: unknown; readonly to?: { readonly value?: unknown } }
    }
    readonly value?: unknown
  }
  // A page's items are an array schema, or one decoded into an array schema (a list that drops pseudo-items).
  const items = response.fields?.items
  const item =
    row.shape === "page" ? (items?.value ?? items?.to?.value) : row.shape === "array" ? response.value : response
  const found = Object.entries(SchemaPackage)
    .filter(([, value]) => value === item)
    .map(([name]) => name)
  // A resource's own name, else a response's (`CoinBalanceHistoryByDayResponse`), whose decoded type is named
  // without the suffix (`CoinBalanceHistoryByDay`).
  const name = found.find((n) => !n.endsWith("Response")) ?? found[0]
  return name?.replace(/Response$/, "")
}

/** The item type as the generated file writes it: the schema package's named type, else derived from the row. */
const itemType = (row: Endpoint, names: Set<string>): string => {
  const name = itemSchemaName(row)
  if (name === undefined) return `RowItem<(typeof endpoints)[${JSON.stringify(row.name)}]>`
  names.add(name)
  return name
}

const literalUnion = (values: ReadonlyArray<string> | undefined) =>
  (values ?? []).map((value) => JSON.stringify(value)).join(" | ")

/** A filter's type, as `FilterValue` derives it. */
const filterType = (filter: Filter): string => {
  switch (filter.kind) {
    case "literal":
      return literalUnion(filter.values)
    case "literals":
      return `ReadonlyArray<${literalUnion(filter.values)}>`
    case "text":
    case "address":
    case "hash":
      return "string"
    case "names":
      return "ReadonlyArray<string>"
  }
}

/** Whether a row's methods take an options object (a paged row always: `cursor`, `pageSize`). */
const hasOptions = (row: Endpoint) => row.shape === "page" || row.filters.length > 0

/** The name of a row's options interface. */
export const parametersName = (row: Endpoint) => `${row.shape === "item" ? "Get" : "List"}${row.method}Parameters`

/** `E4 \`GET /transactions\`` */
const endpointLabel = (row: Endpoint) => `${row.ids} \`GET ${row.path}\``

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** What each kind of method does, after the row's summary. */
const kindDoc = (entry: MethodEntry): string => {
  switch (entry.kind) {
    case "list":
      return entry.row.shape === "page"
        ? "One page (`{ items, next_page_params }`); pass a page's `next_page_params` as `cursor` for the next."
        : "One call: the bare array the server sends (no paging)."
    case "stream":
      return "Every item, page after page, from `cursor` (or the first page) to the last."
    case "streamPages":
      return "Every page with the cursor it was fetched with: store `next_page_params` as a checkpoint, pass it as `cursor` to resume."
    case "get":
      return "One item; fails with `NotFound` when the server has none."
  }
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
const doc = (lines: ReadonlyArray<string>, indent = "") => {
  const width = 120 - indent.length - 3
  if (lines.length === 1 && (lines[0] ?? "").length <= width - 4) return `${indent}/** ${lines[0]} */`
  const body = lines.flatMap((line) => (line === "" ? [""] : wrap(line, width)))
  return [
    `${indent}/**`,
    ...body.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)),
    `${indent} */`
  ].join("\n")
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A path parameter's argument type, as `PathArguments` derives it. */
const pathArgumentType: Record<Endpoint["pathParams"][number]["kind"], string> = {
  address: "string",
  hash: "string",
  tokenId: "string | bigint",
  block: "string | number | bigint"
}

/** What a row's streams take besides its list's options (`StreamParametersOf`). */
const streamParametersName = (row: Endpoint) => {
  const range = row.shape === "page" ? row.range : undefined
  return range === undefined
    ? "StreamParameters"
    : range.dimension === "block"
      ? "BlockPartitionParameters"
      : "IndexPartitionParameters"
}

/** The type of one method, as `MethodOf` derives it. */
const methodType = (entry: MethodEntry, names: Set<string>): string => {
  const row = entry.row
  const item = itemType(row, names)
  const args = row.pathParams.map((p) => `${p.name}: ${pathArgumentType[p.kind]}`)
  const stream = entry.kind === "stream" || entry.kind === "streamPages"
  if (hasOptions(row)) {
    args.push(`options?: ${parametersName(row)}${stream ? ` & ${streamParametersName(row)}` : ""} | undefined`)
  }
  const callError = args.length === 0 ? "BlockscoutError<RequestReason>" : "BlockscoutError<CallReason>"
  const result =
    entry.kind === "list"
      ? row.shape === "page"
        ? `Effect.Effect<Page<${item}>, ${callError}>`
        : `Effect.Effect<ReadonlyArray<${item}>, ${callError}>`
      : entry.kind === "get"
        ? `Effect.Effect<${item}, ${callError}>`
        : entry.kind === "stream"
          ? `Stream.Stream<${item}, BlockscoutError<StreamReason>>`
          : `Stream.Stream<PageWithCursor<${item}>, BlockscoutError<StreamReason>>`
  return `(${args.join(", ")}) => ${result}`
}

/** The options interface of a row with options. */
const parametersInterface = (row: Endpoint, entries: ReadonlyArray<MethodEntry>): string => {
  const methods = entries
    .filter((e) => e.row === row && !e.alias)
    .map((e) => `\`${e.name}\``)
    .join(", ")
  const fields = row.filters.map(
    (f) => `${doc([`${capitalize(f.description)}.`], "  ")}\n  readonly ${f.name}?: ${filterType(f)} | undefined`
  )
  const base = row.shape === "page" ? " extends PageParameters" : ""
  return [
    doc([`The options of ${methods} (${endpointLabel(row)}).`, "", "@since 0.1.0", "@category parameters"]),
    `export interface ${parametersName(row)}${base} {${fields.length === 0 ? "" : `\n${fields.join("\n")}\n`}}`
  ].join("\n")
}

/** `src/BlockscoutMethods.ts`: the service's methods with their docs, derived from `table`. */
export const renderMethods = (table: EndpointTable = endpoints): string => {
  const entries = methodEntries(table)
  const names = new Set<string>()
  const members = entries.map((entry) => {
    const row = entry.row
    const lines = entry.alias
      ? [
          `Another name for \`${entries.find((e) => e.row === row && e.kind === entry.kind && !e.alias)?.name}\`, the same call: ${lowerFirst(row.summary)}, ${endpointLabel(row)}.`
        ]
      : [
          `${row.summary}: ${endpointLabel(row)}.`,
          "",
          kindDoc(entry),
          ...(row.gotcha === undefined ? [] : ["", `Gotcha: ${lowerFirst(row.gotcha)}`])
        ]
    return `${doc(lines, "  ")}\n  readonly ${entry.name}: ${methodType(entry, names)}`
  })
  const parameters = Object.values(table)
    .filter(hasOptions)
    .map((row) => parametersInterface(row, entries))
  const needsRowItem = entries.some((e) => itemSchemaName(e.row) === undefined)
  const text = [
    doc([
      "The `Blockscout` service's methods, one group per row of the endpoints table, with each method's parameter",
      "types. GENERATED by `pnpm generate` from `endpoints` (the naming rule and types of `Methods.ts`): do not",
      "edit; a test fails when it is stale, and a type test pins it to `MethodsOf<typeof endpoints>`.",
      "",
      "@since 0.1.0"
    ]),
    `import type { ${[...names].sort().join(", ")} } from "@blockscout-effect/schema"`,
    `import type { Effect, Stream } from "effect"`,
    `import type { BlockscoutError, CallReason, RequestReason, StreamReason } from "./BlockscoutError.ts"`,
    ...(needsRowItem ? [`import type { endpoints, RowItem } from "./endpoints.ts"`] : []),
    `import type {
  BlockPartitionParameters,
  IndexPartitionParameters,
  Page,
  PageParameters,
  PageWithCursor,
  StreamParameters
} from "./Parameters.ts"`,
    "",
    ...parameters.flatMap((p) => [p, ""]),
    doc([
      "Every method the endpoints table gives the service: path parameters first (checked against the API doc's",
      "patterns before anything is sent), then an options object. Each method's error type names only the reasons",
      "it can fail with.",
      "",
      "@since 0.1.0",
      "@category models"
    ]),
    `export interface BlockscoutMethods {\n${members.join("\n\n")}\n}`,
    ""
  ].join("\n")
  return formatTs(text, "packages/client/src/BlockscoutMethods.ts")
}

// ---------------------------------------------------------------------------------------------------------
// The README's method table

export const readmeStart = "<!-- generated by pnpm generate: the method table -->"
export const readmeEnd = "<!-- end of the generated method table -->"

const filterText = (filter: Filter) =>
  filter.kind === "literal" || filter.kind === "literals"
    ? `\`${filter.name}\`: ${(filter.values ?? []).join(", ")}`
    : filter.kind === "names"
      ? `\`${filter.name}\`: names`
      : filter.kind === "address" || filter.kind === "hash"
        ? `\`${filter.name}\`: ${filter.kind === "address" ? "an address" : "a 32-byte hash"}`
        : `\`${filter.name}\``

/** The README's method table, one line per row. */
export const renderReadmeTable = (table: EndpointTable = endpoints): string => {
  const entries = methodEntries(table)
  const lines = ["| endpoint | one call | every item (`*Pages`: every page) | filters |", "| --- | --- | --- | --- |"]
  for (const row of Object.values(table)) {
    const args = [...row.pathParams.map((p) => p.name), ...(hasOptions(row) ? ["opts?"] : [])].join(", ")
    const call = (e: MethodEntry | undefined) => (e === undefined ? "" : `\`${e.name}(${args})\``)
    const own = entries.filter((e) => e.row === row)
    const one = own.find((e) => (e.kind === "list" || e.kind === "get") && !e.alias)
    const aliases = own.filter((e) => e.alias).map((e) => `\`${e.name}()\``)
    const notes = [
      ...(row.shape === "array" ? ["an array"] : []),
      ...(aliases.length === 0 ? [] : [`also ${aliases.join(", ")}`])
    ]
    const oneText = `${call(one)}${notes.length === 0 ? "" : ` (${notes.join("; ")})`}`
    const every = call(own.find((e) => e.kind === "stream"))
    lines.push(`| ${endpointLabel(row)} | ${oneText} | ${every} | ${row.filters.map(filterText).join("; ")} |`)
  }
  return `${readmeStart}\n${lines.join("\n")}\n${readmeEnd}`
}

/** The README with its method table replaced by `renderReadmeTable`'s. */
export const renderReadme = (readme: string, table: EndpointTable = endpoints): string => {
  const start = readme.indexOf(readmeStart)
  const end = readme.indexOf(readmeEnd)
  if (start < 0 || end < start) throw new Error(`README.md has no ${readmeStart} ... ${readmeEnd} section`)
  return readme.slice(0, start) + renderReadmeTable(table) + readme.slice(end + readmeEnd.length)
}

/** The README's code blocks as the files `test/readme.test.ts` compiles: `test/readme/snippet-<n>.ts`. */
export const renderReadmeSnippets = (readme: string): ReadonlyMap<string, string> =>
  new Map(
    [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match, i) => [`test/readme/snippet-${i + 1}.ts`, match[1] ?? ""])
  )

// ---------------------------------------------------------------------------------------------------------
// Doc-comment examples

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
