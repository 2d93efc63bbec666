/**
 * The service's method interfaces with their docs, derived from the endpoints table: one file per scope
 * (`src/methods/<Scope>Methods.ts`: the scope's rows, their options interfaces and their methods) and the
 * small `src/BlockscoutMethods.ts` that joins them into `BlockscoutMethods`.
 *
 * Scopes are data (`scopes`): a row belongs to the first scope whose path pattern matches its path. A scope
 * whose file would pass 300 lines fails the generator, which says to split it.
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

/** A group of rows with a file of its own: `src/methods/<name>Methods.ts`, interface `<name>Methods`. */
export interface Scope {
  readonly name: string
  /** What its methods are about, after "The methods on" (a doc comment's first line). */
  readonly about: string
  /** The paths of its rows (the first scope that matches takes a row). */
  readonly paths: RegExp
}

/** The scopes, in the order a row is matched against them. */
export const scopes: ReadonlyArray<Scope> = [
  {
    name: "AddressActivity",
    about: "what an address took part in: its transactions, token transfers, internal transactions and logs",
    paths: /^\/addresses\/\{address\}\/(transactions|token-transfers|internal-transactions|logs)$/
  },
  {
    name: "Trace",
    about:
      "what ran inside transactions: internal transactions (a transaction's, a block's, the chain's), raw traces, " +
      "state changes and summaries",
    paths:
      /^\/(internal-transactions|transactions\/\{hash\}\/(internal-transactions|raw-trace|state-changes|summary)|blocks\/\{numberOrHash\}\/internal-transactions)$/
  },
  {
    name: "Contract",
    about: "smart contracts: the verified list, one contract's code and verification, its audit reports",
    paths: /^\/smart-contracts(\/|$)/
  },
  {
    name: "Nft",
    about: "NFTs: an address's collections, a token's instances, one instance and its transfers",
    paths: /^\/(addresses\/\{address\}\/nft|tokens\/\{token\}\/instances)(\/|$)/
  },
  {
    name: "Address",
    about: "an address itself: its details, counters, balances, tokens, validated blocks and withdrawals",
    paths: /^\/addresses\//
  },
  {
    name: "Block",
    about: "blocks: the list, one block, a block's transactions and withdrawals",
    paths: /^\/blocks(\/|$)/
  },
  {
    name: "Transaction",
    about: "transactions: the lists, one transaction, its logs, token transfers and internal transactions",
    paths: /^\/(transactions|main-page\/transactions)(\/|$)/
  },
  {
    name: "Token",
    about: "tokens: the token transfers, one token, its counters, transfers and holders",
    paths: /^\/(tokens|token-transfers)(\/|$)/
  },
  {
    name: "Chain",
    about: "the chain as a whole: verified contracts, beacon withdrawals, the indexing status",
    paths: /^\//
  }
]

/** The scope a row belongs to. */
export const scopeOf = (row: Endpoint): Scope => {
  const scope = scopes.find((s) => s.paths.test(row.path))
  if (scope === undefined) throw new Error(`no scope takes ${row.name} (${row.path}): add one to scopes`)
  return scope
}

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

/** The item type as a generated file writes it: the schema package's named type, else derived from the row. */
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
  }
}

/** The type of one method, as `MethodOf` derives it. */
const methodType = (entry: MethodEntry): string => {
  const row = entry.row
  const item = itemType(row)
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

/** One method with its doc comment, as a member of its scope's interface. */
const member = (entry: MethodEntry, entries: ReadonlyArray<MethodEntry>): string => {
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
  return `${doc(lines, "  ")}\n  readonly ${entry.name}: ${methodType(entry)}`
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

/** Where each name a generated file may use comes from. */
const importable: ReadonlyArray<readonly [from: string, names: ReadonlyArray<string>]> = [
  ["effect", ["Effect", "Stream"]],
  ["../BlockscoutError.ts", ["BlockscoutError", "CallReason", "RequestReason", "StreamReason"]],
  ["../endpoints.ts", ["endpoints", "RowItem"]],
  [
    "../Parameters.ts",
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

/** The imports of a generated body: the item types of its rows, and the other names it uses, from where they live. */
const importsOf = (body: string, rows: ReadonlyArray<Endpoint>): ReadonlyArray<string> => {
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(body)
  const items = [...new Set(rows.flatMap((row) => itemSchemaName(row) ?? []))].sort()
  const lines = items.length === 0 ? [] : [`import type { ${items.join(", ")} } from "@blockscout-effect/schema"`]
  for (const [from, names] of importable) {
    const used = names.filter(uses)
    if (used.length > 0) lines.push(`import type { ${used.join(", ")} } from "${from}"`)
  }
  return lines
}

/** The most lines a generated file may have: the package's rule for every source file. */
const maxLines = 300

/** A scope's file: its rows' options interfaces, then its methods. */
const renderScope = (scope: Scope, table: EndpointTable, entries: ReadonlyArray<MethodEntry>): string => {
  const rows = Object.values(table).filter((row) => scopeOf(row) === scope)
  const own = entries.filter((e) => rows.includes(e.row))
  const body = [
    ...rows.filter(hasOptions).flatMap((row) => [parametersInterface(row, entries), ""]),
    doc([
      `The methods on ${scope.about} (${rows.map((row) => row.ids).join(", ")}). Part of \`BlockscoutMethods\`.`,
      "",
      "@since 0.2.0",
      "@category models"
    ]),
    `export interface ${scope.name}Methods {\n${own.map((e) => member(e, entries)).join("\n\n")}\n}`,
    ""
  ].join("\n")
  const path = `packages/client/src/methods/${scope.name}Methods.ts`
  const text = formatTs(
    [
      doc([
        `The \`Blockscout\` service's methods on ${scope.about}, with their options types. GENERATED by \`pnpm generate\` from the endpoints table (\`scripts/render/methods.ts\`): do not edit; a test fails when it is stale.`,
        "",
        "@since 0.2.0"
      ]),
      ...importsOf(body, rows),
      "",
      body
    ].join("\n"),
    path
  )
  const lines = text.split("\n").length - 1
  if (lines > maxLines) {
    throw new Error(`${path} would have ${lines} lines (at most ${maxLines}): split the scope ${scope.name} in scopes`)
  }
  return text
}

/** `src/BlockscoutMethods.ts`: the scopes' interfaces joined, their options types re-exported. */
const renderIndex = (used: ReadonlyArray<Scope>): string => {
  const names = used.map((s) => `${s.name}Methods`)
  return formatTs(
    [
      doc([
        "The `Blockscout` service's methods, one file per scope in `methods/` (an address's activity, NFTs, an address, blocks, transactions, tokens, the chain), each with its rows' options types. GENERATED by `pnpm generate` from `endpoints` (the naming rule and types of `Methods.ts`): do not edit; a test fails when it is stale, and a type test pins `BlockscoutMethods` to `MethodsOf<typeof endpoints>`.",
        "",
        "@since 0.1.0"
      ]),
      ...used.map((s, i) => `import type { ${names[i]} } from "./methods/${s.name}Methods.ts"`),
      "",
      ...used.map((s) => `export type * from "./methods/${s.name}Methods.ts"`),
      "",
      doc([
        "Every method the endpoints table gives the service: path parameters first (checked against the API doc's patterns before anything is sent), then an options object. Each method's error type names only the reasons it can fail with.",
        "",
        "@since 0.1.0",
        "@category models"
      ]),
      `export interface BlockscoutMethods extends ${names.join(", ")} {}`,
      ""
    ].join("\n"),
    "packages/client/src/BlockscoutMethods.ts"
  )
}

/** Every method file, by its path in the package: `src/BlockscoutMethods.ts` and `src/methods/*.ts`. */
export const renderMethods = (table: EndpointTable = endpoints): ReadonlyMap<string, string> => {
  const entries = methodEntries(table)
  const used = scopes.filter((scope) => Object.values(table).some((row) => scopeOf(row) === scope))
  return new Map([
    ["src/BlockscoutMethods.ts", renderIndex(used)],
    ...used.map((scope) => [`src/methods/${scope.name}Methods.ts`, renderScope(scope, table, entries)] as const)
  ])
}
