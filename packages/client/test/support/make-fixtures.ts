/**
 * Regenerates `../fixtures/items.json`: for each endpoint row, up to three items taken from Blockscout's
 * frontend mocks (vendor/blockscout/frontend-mocks) that decode with the row's schema, or, for the resources
 * the mocks lack, the schema package's fixtures generated from the OpenAPI specs (an item row's whole body).
 *
 * Run: node --conditions=source packages/client/test/support/make-fixtures.ts [mocks folder]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Exit, Schema } from "effect"
import { endpoints } from "../../src/endpoints.ts"

const folder = process.argv[2] ?? join(import.meta.dirname, "../../../../vendor/blockscout/frontend-mocks")
const values: Array<unknown> = []
const collect = (value: unknown): void => {
  if (Array.isArray(value)) {
    for (const v of value) collect(v)
    return
  }
  if (typeof value !== "object" || value === null) return
  values.push(value)
  for (const v of Object.values(value)) collect(v)
}
for (const file of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
  const data = JSON.parse(readFileSync(join(folder, file), "utf8")) as { items: Array<{ value: unknown }> }
  for (const item of data.items) collect(item.value)
}

// Mock placeholders ("0x1", "TODO") in hash fields are replaced by well-formed hashes.
const fakeHash = (seed: string) => `0x${Buffer.from(seed.padEnd(32, "#").slice(0, 32)).toString("hex")}`
const repair = (name: string, value: unknown): unknown => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value
  const copy: Record<string, unknown> = { ...value }
  for (const field of ["block_hash", "transaction_hash"]) {
    if (typeof copy[field] === "string" && !/^0x[0-9a-fA-F]{64}$/.test(copy[field] as string)) {
      copy[field] = fakeHash(`${field}${String(copy[field])}`)
    }
  }
  if (name === "addressWithdrawals") delete copy.receiver
  return copy
}

// Resources the mocks hold none of (or nothing that tells them apart: every key of the indexing status is
// optional): the schema package's fixtures, generated from the OpenAPI specs (`instance-v11/full` first).
const specFixtures: Record<string, string> = {
  address: "AddressDetails",
  addressCounters: "AddressCounters",
  addressCoinBalanceHistory: "CoinBalance",
  addressCoinBalanceHistoryByDay: "CoinBalanceByDay",
  addressTokenBalances: "TokenBalance",
  addressTokens: "TokenBalance",
  block: "BlockDetails",
  transaction: "TransactionDetails",
  token: "TokenDetails",
  tokenCounters: "TokenCounters",
  tokenHolders: "TokenHolder",
  tokenInstance: "TokenInstanceDetails",
  indexingStatus: "IndexingStatus",
  stats: "Stats",
  transactionsChart: "TransactionsChart",
  marketChart: "MarketChart",
  backendVersion: "BackendVersion",
  advancedFilters: "AdvancedFilterItem",
  advancedFilterMethods: "AdvancedFilterMethod",
  search: "SearchResultItem",
  quickSearch: "SearchResultItem",
  searchRedirect: "SearchRedirect",
  userOperations: "UserOperationInList",
  userOperation: "UserOperation",
  userOperationBundles: "UserOperationBundle",
  smartAccount: "SmartAccount"
}
const specFixtureDir = join(import.meta.dirname, "../../../schema/test/fixtures")
const fromSpecs = (resource: string): Array<unknown> => {
  const all = JSON.parse(readFileSync(join(specFixtureDir, `${resource}.json`), "utf8")) as Record<string, unknown>
  return Object.entries(all)
    .filter(([k]) => k.endsWith("/full"))
    .map(([, v]) => v)
}

// Rows whose resources neither the mocks nor the spec fixtures hold well (a contract's details, traces, top
// accounts, ...): responses the schema package wrote from the backend's views (recorded-*.json, by case name).
const viewCases: Record<string, string> = {
  smartContract: "smart-contract/current",
  smartContractAuditReports: "smart-contract-audit-reports/current",
  transactionStateChanges: "transaction-state-changes/current",
  transactionRawTrace: "transaction-raw-trace/current",
  transactionSummary: "transaction-summary/current",
  chainInternalTransactions: "internal-transactions/current",
  blockInternalTransactions: "block-internal-transactions/current",
  topAddresses: "top-addresses/current",
  tokens: "tokens/current",
  tokenInstanceHolders: "token-instance-holders/current",
  addressTabsCounters: "address-tabs-counters/current",
  addressNfts: "address-nft/current",
  tokenInstanceTransfersCount: "token-instance-transfers-count/current",
  withdrawalCounters: "withdrawal-counters/current",
  smartContractCounters: "smart-contract-counters/current",
  transactionStats: "transaction-stats/current",
  blockCountdown: "block-countdown/current",
  hotSmartContracts: "hot-smart-contracts/current",
  transactionBlobs: "transaction-blobs/current",
  transactionExternalTransactions: "transaction-external-transactions/neon",
  beaconDeposits: "beacon-deposits/current",
  addressBeaconDeposits: "beacon-deposits/current",
  blockBeaconDeposits: "beacon-deposits/current",
  transactionBeaconDeposits: "beacon-deposits/current",
  beaconDepositsCount: "beacon-deposits-count/current",
  optimismDeposits: "optimism-deposits/current",
  optimismDepositsCount: "optimism-deposits-count/current",
  optimismWithdrawals: "optimism-withdrawals/current",
  optimismWithdrawalsCount: "optimism-withdrawals-count/current"
}
const recordedCases: Record<string, { readonly body: unknown }> = Object.assign(
  {},
  ...readdirSync(specFixtureDir)
    .filter((f) => /^recorded-.*\.json$/.test(f))
    .map((f) => (JSON.parse(readFileSync(join(specFixtureDir, f), "utf8")) as { readonly cases: object }).cases)
)

const out: Record<string, Array<unknown>> = {}
for (const [name, row] of Object.entries(endpoints)) {
  const decode = Schema.decodeUnknownExit(row.response as Schema.Decoder<unknown>)
  const found: Array<unknown> = []
  const viewCase = viewCases[name]
  if (viewCase !== undefined) {
    const body = recordedCases[viewCase]?.body as { readonly items?: Array<unknown> } | Array<unknown> | undefined
    if (body !== undefined && Exit.isSuccess(decode(body))) {
      found.push(...(row.shape === "item" ? [body] : Array.isArray(body) ? body : (body.items ?? [])).slice(0, 3))
    }
    out[name] = found
    console.log(name, found.length, "(backend view cases)")
    continue
  }
  const resource = specFixtures[name]
  if (resource !== undefined) {
    // An item row's fixture is its whole body (the by-day body wraps its days); a list's, its items.
    const candidates =
      name === "addressCoinBalanceHistoryByDay" ? [{ items: fromSpecs(resource), days: 10 }] : fromSpecs(resource)
    for (const candidate of candidates) {
      const body =
        row.shape === "item"
          ? candidate
          : row.shape === "array"
            ? [candidate]
            : { items: [candidate], next_page_params: null, search_params: { methods: {}, tokens: {} } }
      if (found.length < 3 && Exit.isSuccess(decode(body))) found.push(candidate)
    }
    out[name] = found
    console.log(name, found.length, "(spec fixtures)")
    continue
  }
  for (const value of values) {
    if (found.length >= 3) break
    const candidate = repair(name, value)
    const body = row.shape === "array" ? [candidate] : { items: [candidate], next_page_params: null }
    // Require identifying fields so that random sub-objects (tokens inside transfers) do not match loosely.
    const exit = decode(body)
    if (Exit.isSuccess(exit) && JSON.stringify(candidate).length > 100) found.push(candidate)
  }
  out[name] = found
  console.log(name, found.length)
}
writeFileSync(new URL("../fixtures/items.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`)
