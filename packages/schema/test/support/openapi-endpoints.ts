/**
 * The endpoints this package has response schemas for, in each of Blockscout's five OpenAPI documents, and the
 * response schema that decodes each: what `openapi-samples.test.ts` samples and decodes. The twelve of
 * docs/blockscout-api.md §4, then the address-, block-, transaction- and token-scoped ones.
 */
import * as path from "node:path"
import type { Schema } from "effect"
import * as S from "../../src/index.ts"
import type { OpenApiDocument, SchemaNode } from "./openapi-sampler.ts"

/** Where the specs live: vendored in the repository (vendor/blockscout/openapi). */
export const openapiDir = path.join(import.meta.dirname, "../../../../vendor/blockscout/openapi")

/** One spec file and the prefix of its v2 paths (the docs spec of the Pro API has none, nor `/api/v2`). */
export interface SpecFile {
  readonly name: string
  readonly file: string
  readonly prefix: string
}

/** The five documents. Both families serve all twelve endpoints, so each is sampled for every endpoint. */
export const specFiles: ReadonlyArray<SpecFile> = [
  { name: "pro-api", file: path.join(openapiDir, "pro-api.json"), prefix: "/{chain_id}/api/v2" },
  { name: "instance-v11.2.7", file: path.join(openapiDir, "instance-v11.2.7.yaml"), prefix: "/v2" },
  { name: "instance-v12.0.0-dev", file: path.join(openapiDir, "instance-v12.0.0-dev.yaml"), prefix: "/api/v2" },
  { name: "pro-api-docs", file: path.join(openapiDir, "pro-api-docs-with-examples.yaml"), prefix: "" },
  { name: "instance-docs", file: path.join(openapiDir, "instance-docs-with-examples.yaml"), prefix: "" }
]

/** A decodable response schema. */
export type ResponseSchema = Schema.Codec<unknown, unknown> & { readonly DecodingServices: never }

/**
 * One endpoint: its id (docs/blockscout-api.md's for E1-E12, a description for the others), its path under the v2
 * prefix (each spec's own spellings), its response schema, and the specs that do not declare it (with why).
 */
export interface Endpoint {
  readonly id: string
  readonly paths: ReadonlyArray<string>
  readonly schema: ResponseSchema
  readonly absentFrom?: { readonly specs: ReadonlyArray<string>; readonly why: string }
  /**
   * The part of the spec's response the client asks for, where a spec declares answers to requests it never
   * sends (`anyOf` branches selected by a query parameter): the response schema in, the branch out.
   */
  readonly narrow?: ((response: SchemaNode, doc: OpenApiDocument) => SchemaNode) | undefined
}

/** A `$ref` resolved within its document (one level). */
const resolveRef = (node: SchemaNode, doc: OpenApiDocument): SchemaNode => {
  const ref = node.$ref
  if (typeof ref !== "string") return node
  const name = ref.split("/").pop() ?? ""
  return doc.components?.schemas?.[name] ?? node
}

/**
 * The summary's answer without `just_request_body=true`: of the generated specs' `anyOf` (`Summary`, and the
 * interpretation request the server would send instead, `SummaryJustRequestBody`), the branch whose `data` holds
 * `summaries`. A response without `anyOf` is kept.
 */
const summaryBranch = (response: SchemaNode, doc: OpenApiDocument): SchemaNode => {
  const node = resolveRef(response, doc)
  const branches = node.anyOf as ReadonlyArray<SchemaNode> | undefined
  if (branches === undefined) return response
  const found = branches.find((b) => {
    const data = (resolveRef(b, doc).properties as Readonly<Record<string, SchemaNode>> | undefined)?.data
    const props = data === undefined ? undefined : resolveRef(data, doc).properties
    return props !== undefined && "summaries" in (props as object)
  })
  return found ?? response
}

const codec = (schema: Schema.Top): ResponseSchema => schema as unknown as ResponseSchema

/** E1..E12 (E1 and E5 are the same path in both families). */
export const endpoints: ReadonlyArray<Endpoint> = [
  { id: "E1/E5 token-transfers", paths: ["/token-transfers"], schema: codec(S.TokenTransfersResponse) },
  {
    id: "E2 token instance transfers",
    paths: [
      "/tokens/{address_hash_param}/instances/{token_id_param}/transfers",
      "/tokens/{address_hash}/instances/{id}/transfers"
    ],
    schema: codec(S.TokenInstanceTransfersResponse)
  },
  {
    id: "E3 main-page transactions",
    paths: ["/main-page/transactions"],
    schema: codec(S.MainPageTransactionsResponse)
  },
  { id: "E4 transactions", paths: ["/transactions"], schema: codec(S.TransactionsResponse) },
  {
    id: "E6 transaction logs",
    paths: ["/transactions/{transaction_hash_param}/logs", "/transactions/{transaction_hash}/logs"],
    schema: codec(S.TransactionLogsResponse)
  },
  {
    id: "E7 blocks validated",
    paths: ["/addresses/{address_hash_param}/blocks-validated", "/addresses/{address_hash}/blocks-validated"],
    schema: codec(S.BlocksValidatedResponse)
  },
  {
    id: "E8 smart contracts",
    paths: ["/smart-contracts/", "/smart-contracts"],
    schema: codec(S.SmartContractsResponse)
  },
  { id: "E9 withdrawals", paths: ["/withdrawals"], schema: codec(S.WithdrawalsResponse) },
  {
    id: "E10 nft collections",
    paths: ["/addresses/{address_hash_param}/nft/collections", "/addresses/{address_hash}/nft/collections"],
    schema: codec(S.NftCollectionsResponse)
  },
  {
    id: "E11 internal transactions",
    paths: ["/addresses/{address_hash_param}/internal-transactions", "/addresses/{address_hash}/internal-transactions"],
    schema: codec(S.InternalTransactionsResponse)
  },
  {
    id: "E12 address withdrawals",
    paths: ["/addresses/{address_hash_param}/withdrawals", "/addresses/{address_hash}/withdrawals"],
    schema: codec(S.AddressWithdrawalsResponse)
  }
]

// Path spellings: the generated specs name parameters `{address_hash_param}`, `{block_hash_or_number_param}`,
// `{transaction_hash_param}`, `{token_id_param}`; the per-instance docs spec `{address_hash}`,
// `{block_number_or_hash}`, `{transaction_hash}`, `{id}`.
const address = (tail: string) => [`/addresses/{address_hash_param}${tail}`, `/addresses/{address_hash}${tail}`]
const block = (tail: string) => [`/blocks/{block_hash_or_number_param}${tail}`, `/blocks/{block_number_or_hash}${tail}`]
const transaction = (tail: string) => [
  `/transactions/{transaction_hash_param}${tail}`,
  `/transactions/{transaction_hash}${tail}`
]
const token = (tail: string) => [`/tokens/{address_hash_param}${tail}`, `/tokens/{address_hash}${tail}`]

/** The address-, block-, transaction- and token-scoped endpoints, the lookups, and the chain-wide checks. */
export const scopedEndpoints: ReadonlyArray<Endpoint> = [
  { id: "address details", paths: address(""), schema: codec(S.AddressDetailsResponse) },
  { id: "address counters", paths: address("/counters"), schema: codec(S.AddressCountersResponse) },
  { id: "address transactions", paths: address("/transactions"), schema: codec(S.AddressTransactionsResponse) },
  {
    id: "address token transfers",
    paths: address("/token-transfers"),
    schema: codec(S.AddressTokenTransfersResponse)
  },
  { id: "address logs", paths: address("/logs"), schema: codec(S.AddressLogsResponse) },
  {
    id: "address coin balance history",
    paths: address("/coin-balance-history"),
    schema: codec(S.CoinBalanceHistoryResponse)
  },
  {
    id: "address coin balance history by day",
    paths: address("/coin-balance-history-by-day"),
    schema: codec(S.CoinBalanceHistoryByDayResponse)
  },
  { id: "address token balances", paths: address("/token-balances"), schema: codec(S.TokenBalancesResponse) },
  { id: "address tokens", paths: address("/tokens"), schema: codec(S.AddressTokensResponse) },
  { id: "blocks", paths: ["/blocks"], schema: codec(S.BlocksResponse) },
  { id: "block details", paths: block(""), schema: codec(S.BlockDetailsResponse) },
  { id: "block transactions", paths: block("/transactions"), schema: codec(S.BlockTransactionsResponse) },
  { id: "block withdrawals", paths: block("/withdrawals"), schema: codec(S.BlockWithdrawalsResponse) },
  { id: "transaction details", paths: transaction(""), schema: codec(S.TransactionDetailsResponse) },
  {
    id: "transaction token transfers",
    paths: transaction("/token-transfers"),
    schema: codec(S.TransactionTokenTransfersResponse)
  },
  {
    id: "transaction internal transactions",
    paths: transaction("/internal-transactions"),
    schema: codec(S.TransactionInternalTransactionsResponse)
  },
  { id: "token details", paths: token(""), schema: codec(S.TokenDetailsResponse) },
  { id: "token counters", paths: token("/counters"), schema: codec(S.TokenCountersResponse) },
  { id: "token transfers by token", paths: token("/transfers"), schema: codec(S.TokenTransfersByTokenResponse) },
  { id: "token holders", paths: token("/holders"), schema: codec(S.TokenHoldersResponse) },
  { id: "token instances", paths: token("/instances"), schema: codec(S.TokenInstancesResponse) },
  {
    id: "token instance details",
    paths: [...token("/instances/{token_id_param}"), "/tokens/{address_hash}/instances/{id}"],
    schema: codec(S.TokenInstanceDetailsResponse)
  },
  { id: "indexing status", paths: ["/main-page/indexing-status"], schema: codec(S.IndexingStatusResponse) },
  // The rows of issue 24, engineer A: contracts, traces, chain-wide lists.
  {
    id: "smart contract",
    paths: ["/smart-contracts/{address_hash_param}", "/smart-contracts/{address_hash}"],
    schema: codec(S.SmartContractDetailsResponse)
  },
  {
    id: "smart contract audit reports",
    paths: ["/smart-contracts/{address_hash_param}/audit-reports"],
    schema: codec(S.AuditReportsResponse),
    absentFrom: { specs: ["instance-docs"], why: "the hand-written per-instance spec predates the endpoint (6.1.0)" }
  },
  { id: "transaction state changes", paths: transaction("/state-changes"), schema: codec(S.StateChangesResponse) },
  { id: "transaction raw trace", paths: transaction("/raw-trace"), schema: codec(S.RawTraceResponse) },
  {
    id: "transaction summary",
    paths: transaction("/summary"),
    schema: codec(S.TransactionSummaryResponse),
    narrow: summaryBranch
  },
  {
    id: "internal transactions",
    paths: ["/internal-transactions"],
    schema: codec(S.ChainInternalTransactionsResponse)
  },
  {
    id: "block internal transactions",
    paths: block("/internal-transactions"),
    schema: codec(S.BlockInternalTransactionsResponse),
    absentFrom: { specs: ["instance-docs"], why: "the hand-written per-instance spec predates the endpoint (6.4.0)" }
  },
  { id: "address nfts", paths: address("/nft"), schema: codec(S.AddressNftsResponse) },
  {
    id: "transaction blobs",
    paths: transaction("/blobs"),
    schema: codec(S.TransactionBlobsResponse),
    absentFrom: {
      specs: ["instance-v11.2.7", "instance-v12.0.0-dev", "instance-docs"],
      why: "Ethereum's chain type only: the instance specs were generated for the default chain type"
    }
  },
  {
    id: "transaction external transactions",
    paths: transaction("/external-transactions"),
    schema: codec(S.ExternalTransactionsResponse),
    absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates it (7.0.0)" }
  },
  {
    id: "block countdown",
    paths: ["/blocks/{block_number_param}/countdown"],
    schema: codec(S.BlockCountdownResponse),
    absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates it (9.0.0)" }
  },
  { id: "top addresses", paths: ["/addresses"], schema: codec(S.TopAddressesResponse) },
  { id: "tokens", paths: ["/tokens/", "/tokens"], schema: codec(S.TokensResponse) },
  {
    id: "token instance holders",
    paths: [...token("/instances/{token_id_param}/holders"), "/tokens/{address_hash}/instances/{id}/holders"],
    schema: codec(S.TokenInstanceHoldersResponse)
  },
  {
    id: "address tabs counters",
    paths: address("/tabs-counters"),
    schema: codec(S.AddressTabsCountersResponse),
    absentFrom: { specs: ["instance-docs"], why: "the hand-written per-instance spec does not list it" }
  },
  {
    id: "advanced filters",
    paths: ["/advanced-filters"],
    schema: codec(S.AdvancedFiltersResponse),
    absentFrom: {
      specs: ["pro-api-docs", "instance-docs"],
      why: "the hand-written specs predate the endpoint (6.7.0)"
    }
  }
]

/**
 * Discovery (search), the head and the chain's state, and the advanced filter's methods: the rows beyond the lists
 * and lookups, each covered by answers written from the backend's views in `discovery.test.ts`.
 */
export const stateEndpoints: ReadonlyArray<Endpoint> = [
  {
    id: "advanced filter methods",
    paths: ["/advanced-filters/methods"],
    schema: codec(S.AdvancedFilterMethodsResponse),
    absentFrom: {
      specs: ["pro-api-docs", "instance-docs"],
      why: "the hand-written specs predate the endpoint (6.7.0)"
    }
  },
  // The head and the chain's state.
  {
    id: "main-page blocks",
    paths: ["/main-page/blocks"],
    schema: codec(S.MainPageBlocksResponse)
  },
  { id: "stats", paths: ["/stats"], schema: codec(S.StatsResponse) },
  {
    id: "transactions chart",
    paths: ["/stats/charts/transactions"],
    schema: codec(S.TransactionsChartResponse)
  },
  { id: "market chart", paths: ["/stats/charts/market"], schema: codec(S.MarketChartResponse) },
  // Discovery.
  { id: "search", paths: ["/search"], schema: codec(S.SearchResponse) },
  {
    id: "quick search",
    paths: ["/search/quick"],
    schema: codec(S.QuickSearchResponse),
    absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates it (5.2.2)" }
  },
  {
    id: "search redirect",
    paths: ["/search/check-redirect"],
    schema: codec(S.SearchRedirectResponse)
  },
  {
    id: "backend version",
    paths: ["/config/backend-version"],
    schema: codec(S.BackendVersionResponse),
    absentFrom: {
      specs: ["pro-api", "instance-docs"],
      why: "the generated Pro spec (0.5.0) and the older hand-written spec leave it out"
    }
  },
  // Account abstraction (the user-ops indexer, as the backend proxies it).
  ...[
    { id: "user operations", path: "/operations", schema: S.UserOperationsResponse },
    { id: "user operation", path: "/operations/{operation_hash_param}", schema: S.UserOperationResponse },
    { id: "user operation bundles", path: "/bundles", schema: S.UserOperationBundlesResponse },
    { id: "smart account", path: "/accounts/{address_hash_param}", schema: S.SmartAccountResponse }
  ].map(
    (e): Endpoint => ({
      id: e.id,
      paths: [`/proxy/account-abstraction${e.path}`],
      schema: codec(e.schema),
      absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates the proxy (6.1.0)" }
    })
  )
]

/**
 * The chain's figures: the counters beside the lists they count (K1-K4) and the hot contracts (X3), each covered by
 * answers written from the backend's views (`fixtures/recorded-rows-c.json`, decoded in `rows-c.test.ts`).
 */
export const figureEndpoints: ReadonlyArray<Endpoint> = [
  {
    id: "token instance transfers count",
    paths: [
      ...token("/instances/{token_id_param}/transfers-count"),
      "/tokens/{address_hash}/instances/{id}/transfers-count"
    ],
    schema: codec(S.TokenInstanceTransfersCountResponse)
  },
  {
    id: "withdrawal counters",
    paths: ["/withdrawals/counters"],
    schema: codec(S.WithdrawalCountersResponse),
    absentFrom: { specs: ["instance-docs"], why: "the hand-written per-instance spec does not list it" }
  },
  {
    id: "smart contract counters",
    paths: ["/smart-contracts/counters"],
    schema: codec(S.SmartContractCountersResponse)
  },
  {
    id: "transaction stats",
    paths: ["/transactions/stats"],
    schema: codec(S.TransactionStatsResponse),
    absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates it (6.3.0)" }
  },
  {
    id: "hot smart contracts",
    paths: ["/stats/hot-smart-contracts"],
    schema: codec(S.HotSmartContractsResponse),
    absentFrom: { specs: ["instance-docs"], why: "the older hand-written spec predates it (9.3.0)" }
  }
]

/**
 * A deposit page as the server writes it: the Pro API's docs spec points a deposit's `status` at `Status`, a name
 * two schemas share there, and gets the indexer's status object instead of the deposit's `invalid` / `pending` /
 * `completed` (the generated Pro spec has `Beacon.Deposit.Status`, a string enum). Other specs pass unchanged.
 */
const depositStatus = (response: SchemaNode, doc: OpenApiDocument): SchemaNode => {
  const page = resolveRef(response, doc)
  const items = (page.properties as Readonly<Record<string, SchemaNode>> | undefined)?.items
  const item = items?.items as SchemaNode | undefined
  if (item === undefined) return response
  const deposit = resolveRef(item, doc)
  const status = (deposit.properties as Readonly<Record<string, SchemaNode>> | undefined)?.status
  if (status === undefined || resolveRef(status, doc).type === "string") return response
  const fixed = {
    ...deposit,
    properties: {
      ...(deposit.properties as object),
      status: { type: "string", enum: ["invalid", "pending", "completed"] }
    }
  }
  return { ...page, properties: { ...(page.properties as object), items: { ...items, items: fixed } } }
}

/**
 * Beacon deposits (B1-B5, Ethereum's chain type: the instance specs, generated for the default chain type, leave
 * them out), covered by answers written from the backend's views (`fixtures/recorded-rows-c.json`, decoded in
 * `rows-c.test.ts`).
 */
export const beaconDepositEndpoints: ReadonlyArray<Endpoint> = [
  { id: "beacon deposits", paths: ["/beacon/deposits"], schema: codec(S.BeaconDepositsResponse) },
  { id: "address beacon deposits", paths: address("/beacon/deposits"), schema: codec(S.BeaconDepositsResponse) },
  { id: "block beacon deposits", paths: block("/beacon/deposits"), schema: codec(S.BeaconDepositsResponse) },
  {
    id: "transaction beacon deposits",
    paths: transaction("/beacon/deposits"),
    schema: codec(S.BeaconDepositsResponse)
  },
  { id: "beacon deposits count", paths: ["/beacon/deposits/count"], schema: codec(S.BeaconDepositsCountResponse) }
].map((e) => ({
  ...e,
  narrow: depositStatus,
  absentFrom: {
    specs: ["instance-v11.2.7", "instance-v12.0.0-dev", "instance-docs"],
    why: "Ethereum's chain type only: the instance specs were generated for the default chain type"
  }
}))

const integerString = { type: "string", pattern: "^-?([1-9][0-9]*|0)$" }
const fullHash = { type: "string", pattern: "^0x([A-Fa-f0-9]{64})$" }
const nullableOf = (node: SchemaNode): SchemaNode => ({ ...node, nullable: true })
const timestamp = { type: "string", format: "date-time" }

/** The backend's `Schemas.API.V2.Optimism.Deposit`. */
const optimismDeposit: SchemaNode = {
  type: "object",
  additionalProperties: false,
  properties: {
    l1_block_number: { type: "integer" },
    l1_block_timestamp: timestamp,
    l1_transaction_hash: fullHash,
    l1_transaction_origin: { type: "string", pattern: "^0x([A-Fa-f0-9]{40})$" },
    l2_transaction_gas_limit: integerString,
    l2_transaction_hash: fullHash
  },
  required: [
    "l1_block_number",
    "l1_block_timestamp",
    "l1_transaction_hash",
    "l1_transaction_origin",
    "l2_transaction_gas_limit",
    "l2_transaction_hash"
  ]
}

/** The backend's `Schemas.API.V2.Optimism.Withdrawal` (`from` an address, or null). */
const optimismWithdrawal: SchemaNode = {
  type: "object",
  additionalProperties: false,
  properties: {
    challenge_period_end: nullableOf(timestamp),
    from: { allOf: [{ $ref: "#/components/schemas/Address" }], nullable: true },
    l1_transaction_hash: nullableOf(fullHash),
    l2_timestamp: nullableOf(timestamp),
    l2_transaction_hash: fullHash,
    msg_data: nullableOf({ type: "string", pattern: "^0x([A-Fa-f0-9]*)$" }),
    msg_gas_limit: nullableOf(integerString),
    msg_nonce: { type: "integer" },
    msg_nonce_raw: integerString,
    msg_nonce_version: { type: "integer" },
    msg_sender_address_hash: nullableOf(fullHash),
    msg_target_address_hash: nullableOf(fullHash),
    msg_value: nullableOf(integerString),
    portal_contract_address_hash: nullableOf({ type: "string", pattern: "^0x([A-Fa-f0-9]{40})$" }),
    status: {
      type: "string",
      enum: [
        "Waiting for state root",
        "Ready to prove",
        "Waiting a game to resolve",
        "In challenge period",
        "Ready for relay",
        "Proven",
        "Relayed"
      ]
    }
  },
  required: [
    "challenge_period_end",
    "from",
    "l1_transaction_hash",
    "l2_timestamp",
    "l2_transaction_hash",
    "msg_data",
    "msg_gas_limit",
    "msg_nonce",
    "msg_nonce_raw",
    "msg_nonce_version",
    "msg_sender_address_hash",
    "msg_target_address_hash",
    "msg_value",
    "portal_contract_address_hash",
    "status"
  ]
}

/**
 * An OP stack page with the backend's own item schema: both Pro specs point `/optimism/deposits`' items at
 * `Deposit` and `/optimism/withdrawals`' at `Withdrawal`, names the beacon deposit and the beacon withdrawal took
 * there, and so describe other objects (told apart by a key only those have: `marker`). A spec whose items are not
 * that collision passes unchanged.
 */
const optimismItems =
  (own: SchemaNode, marker: string) =>
  (response: SchemaNode, doc: OpenApiDocument): SchemaNode => {
    const page = resolveRef(response, doc)
    const items = (page.properties as Readonly<Record<string, SchemaNode>> | undefined)?.items
    const item = items?.items as SchemaNode | undefined
    if (item === undefined || !(marker in ((resolveRef(item, doc).properties as object | undefined) ?? {})))
      return response
    return { ...page, properties: { ...(page.properties as object), items: { ...items, items: own } } }
  }

/**
 * OP stack rows (O1-O4, the `optimism` chain type: only the Pro specs declare them), covered by answers written
 * from the backend's views (`fixtures/recorded-rows-c.json`, decoded in `rows-c.test.ts`).
 */
export const optimismEndpoints: ReadonlyArray<Endpoint> = [
  {
    id: "optimism deposits",
    paths: ["/optimism/deposits"],
    schema: codec(S.OptimismDepositsResponse),
    narrow: optimismItems(optimismDeposit, "pubkey")
  },
  {
    id: "optimism deposits count",
    paths: ["/optimism/deposits/count"],
    schema: codec(S.OptimismDepositsCountResponse)
  },
  {
    id: "optimism withdrawals",
    paths: ["/optimism/withdrawals"],
    schema: codec(S.OptimismWithdrawalsResponse),
    narrow: optimismItems(optimismWithdrawal, "validator_index")
  },
  {
    id: "optimism withdrawals count",
    paths: ["/optimism/withdrawals/count"],
    schema: codec(S.OptimismWithdrawalsCountResponse)
  }
].map((e) => ({
  ...e,
  absentFrom: {
    specs: ["instance-v11.2.7", "instance-v12.0.0-dev", "instance-docs"],
    why: "the optimism chain type only: the instance specs were generated for the default chain type"
  }
}))
