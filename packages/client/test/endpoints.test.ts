import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Blockscout, type BlockscoutShape, type EndpointName, endpoints } from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import {
  address,
  apiKeyText,
  fixtures,
  instanceLayer,
  proLayer,
  secretKeyText,
  token,
  txHash
} from "./support/fixtures.ts"

/** A lookup's one item, as the list of items the cases compare. */
const one = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(effect, (item) => [item])

interface Case {
  readonly name: EndpointName
  readonly path: string
  readonly query: Record<string, string>
  readonly call: (bs: BlockscoutShape) => Effect.Effect<ReadonlyArray<unknown>, unknown>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "tokenTransfers",
    path: "/token-transfers",
    query: { type: "ERC-20,ERC-721" },
    call: (bs) => Effect.map(bs.listTokenTransfers({ type: ["ERC-20", "ERC-721"] }), (p) => p.items)
  },
  {
    name: "tokenInstanceTransfers",
    path: `/tokens/${token}/instances/42/transfers`,
    query: {},
    call: (bs) => Effect.map(bs.listTokenInstanceTransfers(token, 42n), (p) => p.items)
  },
  {
    name: "mainPageTransactions",
    path: "/main-page/transactions",
    query: {},
    call: (bs) => bs.listMainPageTransactions()
  },
  {
    name: "transactions",
    path: "/transactions",
    query: { filter: "validated", type: "contract_call,coin_transfer", method: "approve,transfer" },
    call: (bs) =>
      Effect.map(
        bs.listTransactions({
          filter: "validated",
          type: ["contract_call", "coin_transfer"],
          method: ["approve", "transfer"]
        }),
        (p) => p.items
      )
  },
  {
    name: "transactionLogs",
    path: `/transactions/${txHash}/logs`,
    query: {},
    call: (bs) => Effect.map(bs.listTransactionLogs(txHash), (p) => p.items)
  },
  {
    name: "blocksValidated",
    path: `/addresses/${address}/blocks-validated`,
    query: { items_count: "25" },
    call: (bs) => Effect.map(bs.listBlocksValidated(address, { pageSize: 25 }), (p) => p.items)
  },
  {
    name: "smartContracts",
    path: "/smart-contracts",
    query: { q: "USD Coin", filter: "solidity", sort: "balance", order: "desc" },
    call: (bs) =>
      Effect.map(
        bs.listSmartContracts({ q: "USD Coin", filter: "solidity", sort: "balance", order: "desc" }),
        (p) => p.items
      )
  },
  {
    name: "withdrawals",
    path: "/withdrawals",
    query: {},
    call: (bs) => Effect.map(bs.listWithdrawals(), (p) => p.items)
  },
  {
    name: "nftCollections",
    path: `/addresses/${address}/nft/collections`,
    query: { type: "ERC-721,ERC-1155" },
    call: (bs) => Effect.map(bs.listNftCollections(address, { type: ["ERC-721", "ERC-1155"] }), (p) => p.items)
  },
  {
    name: "internalTransactions",
    path: `/addresses/${address}/internal-transactions`,
    query: { filter: "to" },
    call: (bs) => Effect.map(bs.listInternalTransactions(address, { filter: "to" }), (p) => p.items)
  },
  {
    name: "addressWithdrawals",
    path: `/addresses/${address}/withdrawals`,
    query: {},
    call: (bs) => Effect.map(bs.listAddressWithdrawals(address), (p) => p.items)
  },
  { name: "address", path: `/addresses/${address}`, query: {}, call: (bs) => one(bs.getAddress(address)) },
  {
    name: "addressCounters",
    path: `/addresses/${address}/counters`,
    query: {},
    call: (bs) => one(bs.getAddressCounters(address))
  },
  {
    name: "addressTransactions",
    path: `/addresses/${address}/transactions`,
    query: { filter: "from", sort: "fee", order: "asc" },
    call: (bs) =>
      Effect.map(bs.listAddressTransactions(address, { filter: "from", sort: "fee", order: "asc" }), (p) => p.items)
  },
  {
    name: "addressTokenTransfers",
    path: `/addresses/${address}/token-transfers`,
    query: { type: "ERC-20", filter: "to", token },
    call: (bs) =>
      Effect.map(bs.listAddressTokenTransfers(address, { type: ["ERC-20"], filter: "to", token }), (p) => p.items)
  },
  {
    name: "addressLogs",
    path: `/addresses/${address}/logs`,
    query: { topic: txHash },
    call: (bs) => Effect.map(bs.listAddressLogs(address, { topic: txHash }), (p) => p.items)
  },
  {
    name: "addressCoinBalanceHistory",
    path: `/addresses/${address}/coin-balance-history`,
    query: { items_count: "10" },
    call: (bs) => Effect.map(bs.listAddressCoinBalanceHistory(address, { pageSize: 10 }), (p) => p.items)
  },
  {
    name: "addressCoinBalanceHistoryByDay",
    path: `/addresses/${address}/coin-balance-history-by-day`,
    query: {},
    call: (bs) => one(bs.getAddressCoinBalanceHistoryByDay(address))
  },
  {
    name: "addressTokenBalances",
    path: `/addresses/${address}/token-balances`,
    query: {},
    call: (bs) => bs.listAddressTokenBalances(address)
  },
  {
    name: "addressTokens",
    path: `/addresses/${address}/tokens`,
    query: { type: "ERC-721,ERC-1155" },
    call: (bs) => Effect.map(bs.listAddressTokens(address, { type: ["ERC-721", "ERC-1155"] }), (p) => p.items)
  },
  {
    name: "addressNfts",
    path: `/addresses/${address}/nft`,
    query: { type: "ERC-1155,ERC-404" },
    call: (bs) => Effect.map(bs.listAddressNfts(address, { type: ["ERC-1155", "ERC-404"] }), (p) => p.items)
  },
  {
    name: "blocks",
    path: "/blocks",
    query: { type: "reorg" },
    call: (bs) => Effect.map(bs.listBlocks({ type: "reorg" }), (p) => p.items)
  },
  { name: "block", path: "/blocks/19000000", query: {}, call: (bs) => one(bs.getBlock(19_000_000)) },
  {
    name: "blockTransactions",
    path: `/blocks/${txHash}/transactions`,
    query: { type: "coin_transfer" },
    call: (bs) => Effect.map(bs.listBlockTransactions(txHash, { type: ["coin_transfer"] }), (p) => p.items)
  },
  {
    name: "blockWithdrawals",
    path: "/blocks/42/withdrawals",
    query: {},
    call: (bs) => Effect.map(bs.listBlockWithdrawals(42n), (p) => p.items)
  },
  { name: "transaction", path: `/transactions/${txHash}`, query: {}, call: (bs) => one(bs.getTransaction(txHash)) },
  {
    name: "transactionTokenTransfers",
    path: `/transactions/${txHash}/token-transfers`,
    query: { type: "ERC-1155" },
    call: (bs) => Effect.map(bs.listTransactionTokenTransfers(txHash, { type: ["ERC-1155"] }), (p) => p.items)
  },
  {
    name: "transactionInternalTransactions",
    path: `/transactions/${txHash}/internal-transactions`,
    query: {},
    call: (bs) => Effect.map(bs.listTransactionInternalTransactions(txHash), (p) => p.items)
  },
  { name: "token", path: `/tokens/${token}`, query: {}, call: (bs) => one(bs.getToken(token)) },
  {
    name: "tokenCounters",
    path: `/tokens/${token}/counters`,
    query: {},
    call: (bs) => one(bs.getTokenCounters(token))
  },
  {
    name: "tokenTransfersByToken",
    path: `/tokens/${token}/transfers`,
    query: {},
    call: (bs) => Effect.map(bs.listTokenTransfersByToken(token), (p) => p.items)
  },
  {
    name: "tokenHolders",
    path: `/tokens/${token}/holders`,
    query: {},
    call: (bs) => Effect.map(bs.listTokenHolders(token), (p) => p.items)
  },
  {
    name: "tokenInstances",
    path: `/tokens/${token}/instances`,
    query: { holder_address_hash: address },
    call: (bs) => Effect.map(bs.listTokenInstances(token, { holder_address_hash: address }), (p) => p.items)
  },
  {
    name: "tokenInstance",
    path: `/tokens/${token}/instances/7`,
    query: {},
    call: (bs) => one(bs.getTokenInstance(token, "7"))
  },
  { name: "indexingStatus", path: "/main-page/indexing-status", query: {}, call: (bs) => one(bs.getIndexingStatus()) },
  {
    name: "smartContract",
    path: `/smart-contracts/${address}`,
    query: {},
    call: (bs) => one(bs.getSmartContract(address))
  },
  {
    name: "smartContractAuditReports",
    path: `/smart-contracts/${address}/audit-reports`,
    query: {},
    call: (bs) => Effect.map(bs.listSmartContractAuditReports(address), (p) => p.items)
  },
  {
    name: "transactionStateChanges",
    path: `/transactions/${txHash}/state-changes`,
    query: {},
    call: (bs) => Effect.map(bs.listTransactionStateChanges(txHash), (p) => p.items)
  },
  {
    name: "transactionRawTrace",
    path: `/transactions/${txHash}/raw-trace`,
    query: {},
    call: (bs) => bs.listTransactionRawTrace(txHash)
  },
  {
    name: "transactionSummary",
    path: `/transactions/${txHash}/summary`,
    query: {},
    call: (bs) => one(bs.getTransactionSummary(txHash))
  },
  {
    name: "chainInternalTransactions",
    path: "/internal-transactions",
    query: { transaction_hash: txHash },
    call: (bs) => Effect.map(bs.listChainInternalTransactions({ transaction_hash: txHash }), (p) => p.items)
  },
  {
    name: "blockInternalTransactions",
    path: "/blocks/19000000/internal-transactions",
    query: {},
    call: (bs) => Effect.map(bs.listBlockInternalTransactions(19_000_000), (p) => p.items)
  },
  {
    name: "topAddresses",
    path: "/addresses",
    query: { sort: "balance", order: "desc" },
    call: (bs) => Effect.map(bs.listTopAddresses({ sort: "balance", order: "desc" }), (p) => p.items)
  },
  {
    name: "tokens",
    path: "/tokens",
    query: { q: "USD", type: "ERC-20,ERC-1155" },
    call: (bs) => Effect.map(bs.listTokens({ q: "USD", type: ["ERC-20", "ERC-1155"] }), (p) => p.items)
  },
  {
    name: "tokenInstanceHolders",
    path: `/tokens/${token}/instances/7/holders`,
    query: {},
    call: (bs) => Effect.map(bs.listTokenInstanceHolders(token, 7n), (p) => p.items)
  },
  {
    name: "addressTabsCounters",
    path: `/addresses/${address}/tabs-counters`,
    query: {},
    call: (bs) => one(bs.getAddressTabsCounters(address))
  },
  { name: "mainPageBlocks", path: "/main-page/blocks", query: {}, call: (bs) => bs.listMainPageBlocks() },
  { name: "stats", path: "/stats", query: {}, call: (bs) => one(bs.getStats()) },
  {
    name: "transactionsChart",
    path: "/stats/charts/transactions",
    query: {},
    call: (bs) => one(bs.getTransactionsChart())
  },
  { name: "marketChart", path: "/stats/charts/market", query: {}, call: (bs) => one(bs.getMarketChart()) },
  { name: "backendVersion", path: "/config/backend-version", query: {}, call: (bs) => one(bs.getBackendVersion()) },
  {
    name: "tokenInstanceTransfersCount",
    path: `/tokens/${token}/instances/7/transfers-count`,
    query: {},
    call: (bs) => one(bs.getTokenInstanceTransfersCount(token, 7n))
  },
  {
    name: "withdrawalCounters",
    path: "/withdrawals/counters",
    query: {},
    call: (bs) => one(bs.getWithdrawalCounters())
  },
  {
    name: "smartContractCounters",
    path: "/smart-contracts/counters",
    query: {},
    call: (bs) => one(bs.getSmartContractCounters())
  },
  { name: "transactionStats", path: "/transactions/stats", query: {}, call: (bs) => one(bs.getTransactionStats()) },
  {
    name: "beaconDeposits",
    path: "/beacon/deposits",
    query: {},
    call: (bs) => Effect.map(bs.listBeaconDeposits(), (p) => p.items)
  },
  {
    name: "addressBeaconDeposits",
    path: `/addresses/${address}/beacon/deposits`,
    query: {},
    call: (bs) => Effect.map(bs.listAddressBeaconDeposits(address), (p) => p.items)
  },
  {
    name: "blockBeaconDeposits",
    path: "/blocks/22431084/beacon/deposits",
    query: {},
    call: (bs) => Effect.map(bs.listBlockBeaconDeposits(22_431_084), (p) => p.items)
  },
  {
    name: "transactionBeaconDeposits",
    path: `/transactions/${txHash}/beacon/deposits`,
    query: {},
    call: (bs) => Effect.map(bs.listTransactionBeaconDeposits(txHash), (p) => p.items)
  },
  {
    name: "beaconDepositsCount",
    path: "/beacon/deposits/count",
    query: {},
    call: (bs) => one(bs.getBeaconDepositsCount())
  },
  {
    name: "optimismDeposits",
    path: "/optimism/deposits",
    query: {},
    call: (bs) => Effect.map(bs.listOptimismDeposits(), (p) => p.items)
  },
  {
    name: "optimismWithdrawals",
    path: "/optimism/withdrawals",
    query: {},
    call: (bs) => Effect.map(bs.listOptimismWithdrawals(), (p) => p.items)
  },
  {
    name: "optimismWithdrawalsCount",
    path: "/optimism/withdrawals/count",
    query: {},
    call: (bs) => one(bs.getOptimismWithdrawalsCount())
  },
  {
    name: "optimismDepositsCount",
    path: "/optimism/deposits/count",
    query: {},
    call: (bs) => one(bs.getOptimismDepositsCount())
  },
  {
    name: "transactionExternalTransactions",
    path: `/transactions/${txHash}/external-transactions`,
    query: {},
    call: (bs) => bs.listTransactionExternalTransactions(txHash)
  },
  {
    name: "transactionBlobs",
    path: `/transactions/${txHash}/blobs`,
    query: {},
    call: (bs) => one(bs.getTransactionBlobs(txHash))
  },
  {
    name: "hotSmartContracts",
    path: "/stats/hot-smart-contracts",
    query: { scale: "1h", sort: "total_gas_used", order: "asc" },
    call: (bs) =>
      Effect.map(bs.listHotSmartContracts({ scale: "1h", sort: "total_gas_used", order: "asc" }), (p) => p.items)
  },
  {
    name: "blockCountdown",
    path: "/blocks/22600000/countdown",
    query: {},
    call: (bs) => one(bs.getBlockCountdown(22_600_000))
  },
  {
    name: "advancedFilters",
    path: "/advanced-filters",
    query: {
      transaction_types: "ERC-20,coin_transfer",
      to_address_hashes_to_include: address,
      address_relation: "and"
    },
    call: (bs) =>
      Effect.map(
        bs.listAdvancedFilters({
          transaction_types: ["ERC-20", "coin_transfer"],
          to_address_hashes_to_include: [address],
          address_relation: "and"
        }),
        (p) => p.items
      )
  },
  {
    name: "advancedFilterMethods",
    path: "/advanced-filters/methods",
    query: { q: "transfer" },
    call: (bs) => bs.listAdvancedFilterMethods({ q: "transfer" })
  },
  {
    name: "search",
    path: "/search",
    query: { q: "tether" },
    call: (bs) => Effect.map(bs.listSearch({ q: "tether" }), (p) => p.items)
  },
  {
    name: "quickSearch",
    path: "/search/quick",
    query: { q: "tether" },
    call: (bs) => bs.listQuickSearch({ q: "tether" })
  },
  {
    name: "searchRedirect",
    path: "/search/check-redirect",
    query: { q: "tether.eth" },
    call: (bs) => one(bs.getSearchRedirect({ q: "tether.eth" }))
  },
  {
    name: "userOperations",
    path: "/proxy/account-abstraction/operations",
    query: { sender: address, block_number: "12" },
    call: (bs) => Effect.map(bs.listUserOperations({ sender: address, block_number: 12 }), (p) => p.items)
  },
  {
    name: "userOperation",
    path: `/proxy/account-abstraction/operations/${txHash}`,
    query: {},
    call: (bs) => one(bs.getUserOperation(txHash))
  },
  {
    name: "userOperationBundles",
    path: "/proxy/account-abstraction/bundles",
    query: { bundler: address },
    call: (bs) => Effect.map(bs.listUserOperationBundles({ bundler: address }), (p) => p.items)
  },
  {
    name: "smartAccount",
    path: `/proxy/account-abstraction/accounts/${address}`,
    query: {},
    call: (bs) => one(bs.getSmartAccount(address))
  }
]

/**
 * The body a row's fixture is served as: the items in a page (the advanced filter's with what it resolved from
 * the filters), a bare array, or an item row's one object.
 */
const bodyOf = (name: EndpointName) => {
  const row = endpoints[name]
  if (name === "advancedFilters") return { ...page(fixtures[name]), search_params: { methods: {}, tokens: {} } }
  return row.shape === "array" ? fixtures[name] : row.shape === "item" ? fixtures[name][0] : page(fixtures[name])
}

const decodeItems = (name: EndpointName) => {
  const row = endpoints[name]
  const decoded = Schema.decodeUnknownSync(row.response as Schema.Decoder<unknown>)(bodyOf(name))
  return row.shape === "array"
    ? (decoded as ReadonlyArray<unknown>)
    : row.shape === "item"
      ? [decoded]
      : (decoded as { items: ReadonlyArray<unknown> }).items
}

const queryOf = (params: URLSearchParams) => Object.fromEntries(params.entries())

describe("every endpoint", () => {
  it("has a case in this test for every row of the table", () => {
    assert.deepStrictEqual(cases.map((c) => c.name).sort(), Object.keys(endpoints).sort())
  })

  for (const family of ["pro", "instance"] as const) {
    describe(family, () => {
      for (const c of cases) {
        it.effect(`${c.name}: sends ${c.path} with its filters and decodes the answer`, () =>
          Effect.gen(function* () {
            const base = `${family === "pro" ? "/100" : ""}/api/v2`
            const server = yield* scriptedServer(() => ({ body: bodyOf(c.name) }))
            const layer = family === "pro" ? proLayer(server.url) : instanceLayer(server.url)
            const items = yield* Blockscout.use(c.call).pipe(Effect.provide(layer))

            // One request, whether or not the row declares `since`: the version is read only after a 404.
            assert.strictEqual(server.requests.length, 1)
            const request = server.requests[0]!
            assert.strictEqual(request.path, `${base}${c.path}`)
            const credentials = family === "pro" ? { apikey: apiKeyText } : { apikey: apiKeyText, key: secretKeyText }
            assert.deepStrictEqual(queryOf(request.query), { ...c.query, ...credentials })
            assert.isAbove(items.length, 0)
            assert.deepStrictEqual(items, decodeItems(c.name))
          }).pipe(Effect.scoped)
        )
      }
    })
  }

  it.effect("sends the key as a header when asked: Bearer for Pro, x-api-key for an instance", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(proLayer(server.url, { apiKeyIn: "header" }))
      )
      yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(instanceLayer(server.url, { apiKeyIn: "header" }))
      )
      const [pro, instance] = server.requests
      assert.strictEqual(pro!.headers.authorization, `Bearer ${apiKeyText}`)
      assert.isFalse(pro!.query.has("apikey"))
      assert.strictEqual(instance!.headers["x-api-key"], apiKeyText)
      assert.isFalse(instance!.query.has("apikey"))
      assert.strictEqual(instance!.query.get("key"), secretKeyText)
    }).pipe(Effect.scoped)
  )

  it.effect("the generic page(name, args) takes path parameters and filters by name", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page(fixtures.internalTransactions) }))
      const result = yield* Blockscout.use((bs) =>
        bs.page("internalTransactions", { address, filter: "from", pageSize: 10 })
      ).pipe(Effect.provide(proLayer(server.url)))
      assert.strictEqual(result.items.length, fixtures.internalTransactions.length)
      assert.strictEqual(server.requests[0]!.query.get("filter"), "from")
      assert.strictEqual(server.requests[0]!.query.get("items_count"), "10")
    }).pipe(Effect.scoped)
  )
})
