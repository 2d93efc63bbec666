/**
 * The service's method types with their docs, derived from the endpoints table into one generated file,
 * `src/BlockscoutMethods.ts` (as Octokit's `method-types.ts` and Effect's generated OpenAI client): each row's
 * options interface, then `BlockscoutMethods`, one member per method the naming rule (`methodEntries`) gives.
 *
 * This file is the only description of the method surface: the service implementation wires the same
 * `methodEntries` at run time and is typed by the generated interface, so there is no mapped-type twin to keep
 * in step with it.
 */
import * as SchemaPackage from "@blockscout-effect/schema"
import { type Endpoint, type EndpointTable, endpoints } from "../../src/endpoints.ts"
import { type MethodEntry, methodEntries } from "../../src/Methods.ts"
import {
  endpointLabel,
  filterType,
  hasOptions,
  parametersName,
  pathArgumentType,
  streamParametersName
} from "./rows.ts"
import { capitalize, doc, formatTs, lowerFirst } from "./text.ts"

/** The generated file, by its path in the package. */
export const methodsPath = "src/BlockscoutMethods.ts"

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
const itemType = (row: Endpoint): string => {
  const name = itemSchemaName(row)
  return name ?? `RowItem<(typeof endpoints)[${JSON.stringify(row.name)}]>`
}

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
    case "follow":
      return (
        "The head, reorg-safe: each new block's items once it is `confirmations` deep (`Added`), what a reorg " +
        "replaced taken back (`Retracted`), final blocks with a checkpoint to resume from (`Finalized`). Never ends " +
        "by itself. See `Follow.ts` for the options, the finality defaults and the calls it costs."
      )
  }
}

/**
 * The type of one method: path parameters positional (in path order), then the options object when the row
 * has any; the error type names `InvalidArgument` only when there are arguments to check.
 */
const methodType = (entry: MethodEntry): string => {
  const row = entry.row
  const item = itemType(row)
  const args = row.pathParams.map((p) => `${p.name}: ${pathArgumentType[p.kind]}`)
  if (entry.kind === "follow") {
    // The list's filters (a follow reads its own cursors and ranges), then the follow's options.
    args.push(`args?: Omit<${parametersName(row)}, "cursor"> | undefined`, "options?: FollowOptions | undefined")
    return `(${args.join(", ")}) => Stream.Stream<FollowEvent<${item}>, BlockscoutError<FollowReason>>`
  }
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

/** One method with its doc comment, as a member of `BlockscoutMethods`. */
const member = (entry: MethodEntry): string => {
  const row = entry.row
  const lines = [
    `${row.summary}: ${endpointLabel(row)}.`,
    "",
    kindDoc(entry),
    ...(row.gotcha === undefined ? [] : ["", `Gotcha: ${lowerFirst(row.gotcha)}`])
  ]
  return `${doc(lines, "  ")}\n  readonly ${entry.name}: ${methodType(entry)}`
}

/** The options interface of a row with options. */
const parametersInterface = (row: Endpoint, entries: ReadonlyArray<MethodEntry>): string => {
  const methods = entries
    .filter((e) => e.row === row)
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

/** Where each name the generated file may use comes from. */
const importable: ReadonlyArray<readonly [from: string, names: ReadonlyArray<string>]> = [
  ["effect", ["Effect", "Stream"]],
  ["./BlockscoutError.ts", ["BlockscoutError", "CallReason", "FollowReason", "RequestReason", "StreamReason"]],
  ["./Follow.ts", ["FollowEvent", "FollowOptions"]],
  ["./endpoints.ts", ["endpoints", "RowItem"]],
  [
    "./Parameters.ts",
    [
      "BlockPartitionParameters",
      "IndexPartitionParameters",
      "Page",
      "PageParameters",
      "PageWithCursor",
      "StreamParameters"
    ]
  ]
]

/** The imports of the generated body: the item types of its rows, and the other names it uses. */
const importsOf = (body: string, rows: ReadonlyArray<Endpoint>): ReadonlyArray<string> => {
  // Names in code, not in the doc comments' words ("the endpoints table").
  const code = body.replace(/\/\*\*[\s\S]*?\*\//g, "")
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(code)
  const items = [...new Set(rows.flatMap((row) => itemSchemaName(row) ?? []))].sort()
  const lines = items.length === 0 ? [] : [`import type { ${items.join(", ")} } from "@blockscout-effect/schema"`]
  for (const [from, names] of importable) {
    const used = names.filter(uses)
    if (used.length > 0) lines.push(`import type { ${used.join(", ")} } from "${from}"`)
  }
  return lines
}

/** `src/BlockscoutMethods.ts` for `table`: every row's options interface, then every method, in table order. */
export const renderMethods = (table: EndpointTable = endpoints): string => {
  const rows = Object.values(table)
  const entries = methodEntries(table)
  const body = [
    ...rows.filter(hasOptions).flatMap((row) => [parametersInterface(row, entries), ""]),
    doc([
      "Every method the endpoints table gives the service: path parameters first (checked against the API doc's patterns before anything is sent), then an options object. Each method's error type names only the reasons it can fail with.",
      "",
      "@since 0.1.0",
      "@category models"
    ]),
    `export interface BlockscoutMethods {\n${entries.map(member).join("\n\n")}\n}`,
    ""
  ].join("\n")
  return formatTs(
    [
      doc([
        "The `Blockscout` service's method types, with each row's options type. GENERATED by `pnpm generate` from the endpoints table (`scripts/render/methods.ts`): do not edit; a test fails when it is stale.",
        "",
        "The naming rule, per row `method` `M`: a `page` row gets `listM` (one page), `streamM` (every item) and `streamMPages` (every page with its cursor), and `followM` (the head, reorg-safe) when it has a block range; an `array` row `listM` (the bare array); an `item` row `getM` (one item, `NotFound` when absent).",
        "",
        "@since 0.1.0"
      ]),
      ...importsOf(body, rows),
      "",
      body
    ].join("\n"),
    `packages/client/${methodsPath}`
  )
}
