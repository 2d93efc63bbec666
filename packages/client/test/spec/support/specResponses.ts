/**
 * Responses generated from Blockscout's own OpenAPI specs, per client endpoint row and spec file: what the
 * end-to-end tests in this folder serve to the real client over a loopback server.
 *
 * The sampling is the schema package's (`openapi-sampler.ts`, seeded); this module only picks, per endpoint,
 * the spec path, the `200` schema and the error statuses each spec declares, and says what the client must do
 * with a served cursor (`expectedCursorQuery`), written independently of the client's own code.
 */
import { Context, Effect, Exit, Layer, Redacted, type Schema, type Scope, type Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { NodeHttpClient } from "@effect/platform-node"
import { decodeResponseTextExit, type NextPageParams } from "@blockscout-effect/schema"
import {
  endpoints as specEndpoints,
  type SpecFile,
  specFiles
} from "../../../../schema/test/support/openapi-endpoints.ts"
import {
  loadDocument,
  makeRng,
  makeSampler,
  type OpenApiDocument,
  responseSchema,
  type Rng,
  type SchemaNode
} from "../../../../schema/test/support/openapi-sampler.ts"
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutShape,
  type ClientOptions,
  type EndpointArgs,
  endpoints,
  type Family,
  type ListName,
  type Page,
  type PageWithCursor
} from "../../../src/index.ts"

import { type Script, type ScriptedServer, scriptedServer } from "../../support/ScriptedServer.ts"

export { makeRng, type Rng, type SpecFile, specFiles }

/**
 * How many times more samples to serve than the defaults (`SPEC_E2E_SCALE=10` for a deeper run; the seeds
 * stay fixed, so a larger run includes every sample of a smaller one's first pages).
 */
export const scale = Math.max(1, Math.floor(Number(process.env.SPEC_E2E_SCALE ?? 1)))

/** Keys that must never show up in a query built from a cursor, an error, or anything the client hands out. */
export const apiKeyText = "proapi_SPECKEY_5b1f0c0ffee0123456789"
export const secretKeyText = "instance_SPECSECRET_9876543210fedcba"

export const chainId = 100
const address = "0x00000000219ab540356cBB839Cbe05303d7705Fa"
const txHash = "0x5d7bdbb4a4c4e3c5a2c7b9b7c1c0f43ad4a8fb8c1c1bde8f7b1e9a4d1c6c9f21"
const token = "0xb81afe27c103bcd42f4026cf719af6d802928765"

/** Fast retries (so a wrong retry shows as an extra request, not a slow test), no pacing. */
export const quiet: ClientOptions = { rateLimit: false, retry: { times: 2, base: "1 millis", max: "2 millis" } }

/** The `HttpClient` under the client: `fetch` (what most apps use) or Node's undici (`NodeHttpClient`). */
export type HttpKind = "fetch" | "undici"

/**
 * The client under test for a family. Pro sends its key as the `apikey` query parameter (the default); the
 * instance sends its key as a header and its secret as `key`, so both credential positions are covered.
 */
export const clientLayer = (family: Family, http: HttpKind, baseUrl: string, options: ClientOptions = {}) =>
  (family === "pro"
    ? Blockscout.layerPro({ chainId, apiKey: Redacted.make(apiKeyText), baseUrl, ...quiet, ...options })
    : Blockscout.layerInstance({
        baseUrl,
        apiKey: Redacted.make(apiKeyText),
        secretKey: Redacted.make(secretKeyText),
        apiKeyIn: "header",
        ...quiet,
        ...options
      })
  ).pipe(Layer.provide(http === "fetch" ? FetchHttpClient.layer : NodeHttpClient.layerUndici))

/** The HTTP client a spec's responses are served through: alternating, so each kind meets every endpoint. */
export const httpFor = (spec: SpecFile): HttpKind => (specFiles.indexOf(spec) % 2 === 0 ? "fetch" : "undici")

/**
 * A scripted loopback server and the client of `family` pointed at it (over `httpFor(spec)`), built once for
 * the test's scope (a layer provided per call would build a client per call).
 */
export const specClient = (
  spec: SpecFile,
  family: Family,
  script: Script,
  options: ClientOptions = {}
): Effect.Effect<{ readonly server: ScriptedServer; readonly bs: BlockscoutShape }, never, Scope.Scope> =>
  Effect.gen(function* () {
    const server = yield* scriptedServer(script)
    const context = yield* Layer.build(clientLayer(family, httpFor(spec), server.url, options)).pipe(Effect.orDie)
    return { server, bs: Context.get(context, Blockscout) }
  })

/** What a paged call takes besides its filters. */
export interface CallOptions {
  readonly cursor?: NextPageParams | undefined
  readonly pageSize?: number | undefined
}

/** One client endpoint row as the tests drive it: through its named methods, with filters set. */
export interface Row {
  /** The id(s) in docs/blockscout-api.md served by this row, per family: E1 (Pro) and E5 (instance) share `tokenTransfers`. */
  readonly ids: Readonly<Record<Family, string>>
  readonly name: ListName<typeof endpoints>
  /** The request path under `/api/v2`, parameters filled in. */
  readonly path: string
  /** The path parameters by name, for the generic `page` / `pages` / `stream` (filters come from `filters`). */
  readonly pathArgs: Readonly<Record<string, string>>
  /** The filters the stream/list calls set, as query pairs (what must be re-sent on every page). */
  readonly filters: ReadonlyArray<readonly [string, string]>
  readonly list?: (bs: BlockscoutShape, options: CallOptions) => Effect.Effect<Page<unknown>, BlockscoutError>
  readonly pages?: (
    bs: BlockscoutShape,
    options: CallOptions
  ) => Stream.Stream<PageWithCursor<unknown>, BlockscoutError>
  readonly stream?: (bs: BlockscoutShape, options: CallOptions) => Stream.Stream<unknown, BlockscoutError>
  readonly array?: (bs: BlockscoutShape) => Effect.Effect<ReadonlyArray<unknown>, BlockscoutError>
}

/** The eleven rows (twelve endpoints: E1 and E5 are one row in two families). */
export const rows: ReadonlyArray<Row> = [
  {
    ids: { pro: "E1", instance: "E5" },
    name: "tokenTransfers",
    pathArgs: {},
    path: "/token-transfers",
    filters: [["type", "ERC-20,ERC-1155"]],
    list: (bs, o) => bs.listTokenTransfers({ ...o, type: ["ERC-20", "ERC-1155"] }),
    pages: (bs, o) => bs.streamTokenTransfersPages({ ...o, type: ["ERC-20", "ERC-1155"] }),
    stream: (bs, o) => bs.streamTokenTransfers({ ...o, type: ["ERC-20", "ERC-1155"] })
  },
  {
    ids: { pro: "E2", instance: "E2" },
    name: "tokenInstanceTransfers",
    pathArgs: { token, tokenId: "12345678901234567890123" },
    path: `/tokens/${token}/instances/12345678901234567890123/transfers`,
    filters: [],
    list: (bs, o) => bs.listTokenInstanceTransfers(token, 12345678901234567890123n, o),
    pages: (bs, o) => bs.streamTokenInstanceTransfersPages(token, "12345678901234567890123", o),
    stream: (bs, o) => bs.streamTokenInstanceTransfers(token, "12345678901234567890123", o)
  },
  {
    ids: { pro: "E3", instance: "E3" },
    name: "mainPageTransactions",
    pathArgs: {},
    path: "/main-page/transactions",
    filters: [],
    array: (bs) => bs.listMainPageTransactions()
  },
  {
    ids: { pro: "E4", instance: "E4" },
    name: "transactions",
    pathArgs: {},
    path: "/transactions",
    filters: [
      ["filter", "validated"],
      ["type", "token_transfer,coin_transfer"],
      ["method", "approve,transfer"]
    ],
    list: (bs, o) =>
      bs.listTransactions({
        ...o,
        filter: "validated",
        type: ["token_transfer", "coin_transfer"],
        method: ["approve", "transfer"]
      }),
    pages: (bs, o) =>
      bs.streamTransactionsPages({
        ...o,
        filter: "validated",
        type: ["token_transfer", "coin_transfer"],
        method: ["approve", "transfer"]
      }),
    stream: (bs, o) =>
      bs.streamTransactions({
        ...o,
        filter: "validated",
        type: ["token_transfer", "coin_transfer"],
        method: ["approve", "transfer"]
      })
  },
  {
    ids: { pro: "E6", instance: "E6" },
    name: "transactionLogs",
    pathArgs: { hash: txHash },
    path: `/transactions/${txHash}/logs`,
    filters: [],
    list: (bs, o) => bs.listTransactionLogs(txHash, o),
    pages: (bs, o) => bs.streamTransactionLogsPages(txHash, o),
    stream: (bs, o) => bs.streamTransactionLogs(txHash, o)
  },
  {
    ids: { pro: "E7", instance: "E7" },
    name: "blocksValidated",
    pathArgs: { address },
    path: `/addresses/${address}/blocks-validated`,
    filters: [],
    list: (bs, o) => bs.listBlocksValidated(address, o),
    pages: (bs, o) => bs.streamBlocksValidatedPages(address, o),
    stream: (bs, o) => bs.streamBlocksValidated(address, o)
  },
  {
    ids: { pro: "E8", instance: "E8" },
    name: "smartContracts",
    pathArgs: {},
    path: "/smart-contracts",
    filters: [
      ["q", "USD Coin ✓"],
      ["filter", "solidity"],
      ["sort", "balance"],
      ["order", "asc"]
    ],
    list: (bs, o) =>
      bs.listSmartContracts({ ...o, q: "USD Coin ✓", filter: "solidity", sort: "balance", order: "asc" }),
    pages: (bs, o) =>
      bs.streamSmartContractsPages({ ...o, q: "USD Coin ✓", filter: "solidity", sort: "balance", order: "asc" }),
    stream: (bs, o) =>
      bs.streamSmartContracts({ ...o, q: "USD Coin ✓", filter: "solidity", sort: "balance", order: "asc" })
  },
  {
    ids: { pro: "E9", instance: "E9" },
    name: "withdrawals",
    pathArgs: {},
    path: "/withdrawals",
    filters: [],
    list: (bs, o) => bs.listWithdrawals(o),
    pages: (bs, o) => bs.streamWithdrawalsPages(o),
    stream: (bs, o) => bs.streamWithdrawals(o)
  },
  {
    ids: { pro: "E10", instance: "E10" },
    name: "nftCollections",
    pathArgs: { address },
    path: `/addresses/${address}/nft/collections`,
    filters: [["type", "ERC-721,ERC-404"]],
    list: (bs, o) => bs.listNftCollections(address, { ...o, type: ["ERC-721", "ERC-404"] }),
    pages: (bs, o) => bs.streamNftCollectionsPages(address, { ...o, type: ["ERC-721", "ERC-404"] }),
    stream: (bs, o) => bs.streamNftCollections(address, { ...o, type: ["ERC-721", "ERC-404"] })
  },
  {
    ids: { pro: "E11", instance: "E11" },
    name: "internalTransactions",
    pathArgs: { address },
    path: `/addresses/${address}/internal-transactions`,
    filters: [["filter", "to"]],
    list: (bs, o) => bs.listInternalTransactions(address, { ...o, filter: "to" }),
    pages: (bs, o) => bs.streamInternalTransactionsPages(address, { ...o, filter: "to" }),
    stream: (bs, o) => bs.streamInternalTransactions(address, { ...o, filter: "to" })
  },
  {
    ids: { pro: "E12", instance: "E12" },
    name: "addressWithdrawals",
    pathArgs: { address },
    path: `/addresses/${address}/withdrawals`,
    filters: [],
    list: (bs, o) => bs.listAddressWithdrawals(address, o),
    pages: (bs, o) => bs.streamAddressWithdrawalsPages(address, o),
    stream: (bs, o) => bs.streamAddressWithdrawals(address, o)
  }
]

/**
 * The arguments of the generic `bs.page(name, args)` / `pages` / `stream` for a row: its path parameters and
 * its filters (lists comma-separated, as tools pass them), plus the paging options.
 */
export const genericArgs = (row: Row, options: CallOptions): EndpointArgs => ({
  ...row.pathArgs,
  ...Object.fromEntries(row.filters),
  ...(options.cursor === undefined ? {} : { cursor: options.cursor }),
  ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize })
})

/** Where the client must send a row's requests, per family. */
export const requestPath = (family: Family, row: Row): string =>
  `${family === "pro" ? `/${chainId}` : ""}/api/v2${row.path}`

// The schema package's endpoint list is in the same order as the client's table (E1/E5, E2, E3, E4, E6..E12).
const specEndpointOf = (name: ListName<typeof endpoints>) => {
  const index = Object.keys(endpoints).indexOf(name)
  const found = specEndpoints[index]
  if (found === undefined) throw new Error(`no spec endpoint for ${name}`)
  return found
}

const documents = new Map<string, OpenApiDocument>()
const documentOf = (spec: SpecFile): OpenApiDocument => {
  let doc = documents.get(spec.file)
  if (doc === undefined) {
    doc = loadDocument(spec.file)
    documents.set(spec.file, doc)
  }
  return doc
}

const isNode = (u: unknown): u is SchemaNode => typeof u === "object" && u !== null && !Array.isArray(u)

/** An error status a spec declares for an endpoint, and the schema of its JSON body (none: an empty body). */
export interface DeclaredError {
  readonly status: number
  readonly schema: SchemaNode | undefined
}

/** One endpoint as one spec file declares it: its path, the 200 schema, the error statuses. */
export interface SpecEndpoint {
  readonly spec: SpecFile
  readonly doc: OpenApiDocument
  readonly specPath: string
  readonly ok: SchemaNode
  readonly errors: ReadonlyArray<DeclaredError>
}

/** The endpoint behind `row` in `spec` (every one of the five files declares all twelve). */
export const specEndpoint = (spec: SpecFile, row: Row): SpecEndpoint => {
  const doc = documentOf(spec)
  const specPath = specEndpointOf(row.name)
    .paths.map((p) => spec.prefix + p)
    .find((p) => doc.paths[p] !== undefined)
  if (specPath === undefined) throw new Error(`${spec.name} does not declare ${row.name}`)
  const ok = responseSchema(doc, specPath)
  if (ok === undefined) throw new Error(`${spec.name} ${specPath} has no 200 JSON response`)
  const operation = doc.paths[specPath]?.get as SchemaNode
  const responses = operation.responses as Readonly<Record<string, SchemaNode>>
  const errors: Array<DeclaredError> = []
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]\d\d$/.test(status)) continue
    const content = response.content
    const json = isNode(content) ? content["application/json"] : undefined
    errors.push({ status: Number(status), schema: isNode(json) && isNode(json.schema) ? json.schema : undefined })
  }
  return { spec, doc, specPath, ok, errors }
}

/** A value of `schema` from `doc`, through JSON text (as a body arrives), drawn from `rng`. */
export const sampleBody = (doc: OpenApiDocument, schema: SchemaNode, rng: Rng): unknown =>
  JSON.parse(JSON.stringify(makeSampler(doc, rng).sample(schema)))

/**
 * The schema of a `{ message }` body and of an `{ error }` body in a spec, for the statuses the API doc lists
 * that the specs leave out (401, 402): the spec's own `ForbiddenResponse` (or `NotFoundResponse`), and the
 * docs spec's `Error`.
 */
export const messageSchema = (doc: OpenApiDocument): SchemaNode | undefined => {
  const schemas = doc.components?.schemas ?? {}
  return schemas.ForbiddenResponse ?? schemas.NotFoundResponse
}
export const errorFieldSchema = (doc: OpenApiDocument): SchemaNode | undefined => doc.components?.schemas?.Error

// ---------------------------------------------------------------------------------------------------------------
// What the client must send back for a cursor (written from the README's rules, not from the client's code).

const credentialNames = new Set(["apikey", "key"])

/**
 * The query pairs a served `next_page_params` must turn into on the next request: each key once, in any
 * order; null values left out; booleans as `true`/`false`; strings and numbers as they are; arrays and objects
 * dropped; `apikey`/`key` never taken from a cursor; a key named like a filter the caller set left to the
 * filter; `items_count` replaced when a page size is asked.
 */
export const expectedCursorQuery = (
  row: Row,
  cursor: Readonly<Record<string, unknown>>,
  pageSize: number | undefined
): Array<readonly [string, string]> => {
  const out: Array<readonly [string, string]> = []
  for (const [key, value] of Object.entries(cursor)) {
    if (credentialNames.has(key.toLowerCase())) continue
    if (row.filters.some(([name]) => name === key)) continue
    if (key === "items_count" && pageSize !== undefined) continue
    if (value === null || typeof value === "object") continue
    out.push([key, String(value)])
  }
  return out
}

/** The whole query a page request must carry, credentials aside: filters, cursor, page size. */
export const expectedQuery = (
  row: Row,
  cursor: Readonly<Record<string, unknown>> | undefined,
  pageSize: number | undefined
): Array<readonly [string, string]> => [
  ...row.filters,
  ...(cursor === undefined ? [] : expectedCursorQuery(row, cursor, pageSize)),
  ...(pageSize === undefined ? [] : [["items_count", String(pageSize)] as const])
]

/** Query pairs in a canonical order, for comparison as a multiset. */
export const canonical = (pairs: Iterable<readonly [string, string]>): Array<string> =>
  [...pairs].map(([k, v]) => `${k}=${v}`).sort()

/**
 * The reference decode of a served body: the schema package's decode of the body's text as served
 * (`JSON.stringify(body)`), which reads numbers beyond 2^53 from the text, as the client must (a cursor value
 * goes back as the server wrote it). Not the client's pipeline: the schema package alone.
 */
export const referenceDecode = (row: Row, body: unknown): unknown => {
  const exit = decodeResponseTextExit(endpoints[row.name].response as unknown as Schema.Decoder<unknown>)(
    JSON.stringify(body)
  )
  if (Exit.isFailure(exit)) throw new Error(`the reference decode failed: ${String(exit.cause)}`)
  return exit.value
}
