import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as S from "../src/index.ts"
import { decodesFast as decodeChecked, loadFixtures, sameValue, toWire } from "./support.ts"
import { stateEndpoints } from "./support/openapi-endpoints.ts"

// Discovery and the chain's state: search (`/search`, `/search/quick`, `/search/check-redirect`), the head and the
// chain's state (`/main-page/blocks`, `/stats`, the charts, `/config/backend-version`) and the advanced filter's
// methods: objects generated from the five specs (fixtures/<Resource>.json), and answers written from the backend's
// views and controllers for current and older servers.

type Codec = Schema.Codec<unknown, unknown>
const codec = (schema: Schema.Top): Codec => schema as unknown as Codec

/** The response schemas the answers below were decoded with: every state endpoint's must be among them. */
const covered = new Set<unknown>()
const decodesFast = (schema: Codec, input: unknown, where: string): unknown => {
  covered.add(schema)
  return decodeChecked(schema, input, where)
}

const roundTrips = (schema: Codec, value: unknown, where: string): void => {
  const wire = toWire(Schema.encodeSync(schema)(value))
  assert.isTrue(sameValue(Schema.decodeUnknownSync(schema)(wire), value), `${where}: ${JSON.stringify(wire)}`)
}

const resources: Record<string, Schema.Top> = {
  Stats: S.Stats,
  TransactionsChart: S.TransactionsChart,
  MarketChart: S.MarketChart,
  BackendVersion: S.BackendVersion,
  AdvancedFilterMethod: S.AdvancedFilterMethod,
  SearchResultItem: S.SearchResultItem,
  SearchRedirect: S.SearchRedirect,
  UserOperationInList: S.UserOperationInList,
  UserOperation: S.UserOperation,
  UserOperationBundle: S.UserOperationBundle,
  SmartAccount: S.SmartAccount
}

describe("fixtures built from the OpenAPI specs (search and the chain's state)", () => {
  for (const [name, schema] of Object.entries(resources)) {
    it(`${name}: every fixture decodes with both decoders and survives encode -> JSON -> decode`, () => {
      const fixtures = loadFixtures(name)
      assert.isAbove(Object.keys(fixtures).length, 0)
      for (const [key, fixture] of Object.entries(fixtures)) {
        roundTrips(codec(schema), decodesFast(codec(schema), fixture, `${name} ${key}`), `${name} ${key}`)
      }
    })
  }
})

// What `stats_controller.ex` (`stats/2`) writes: the counters as strings (`|> to_string()`), the average block time
// as `Duration.to_milliseconds()`, the gas prices as the oracle's three tiers reduced to their `price` (no
// `updated-gas-oracle` header), `gas_used_today` as the stats row's Decimal (a string), and the chain type's extra
// (`add_chain_type_fields`: `last_output_root_size` on the OP stack; `add_chain_identity_fields`: Celo's epoch).
const statsAnswer = {
  total_blocks: "21345678",
  total_addresses: "345678901",
  total_transactions: "2876543210",
  average_block_time: 12037.5,
  coin_image: "https://assets.coingecko.com/coins/images/279/small/ethereum.png",
  secondary_coin_image: null,
  coin_price: "3150.25",
  coin_price_change_percentage: -1.27,
  secondary_coin_price: null,
  total_gas_used: "0",
  transactions_today: "1234567",
  gas_used_today: "112233445566",
  gas_prices: { slow: 1.02, average: 1.35, fast: 2.1 },
  gas_prices_update_in: 26_344,
  gas_price_updated_at: "2025-06-02T10:15:02.123456Z",
  static_gas_price: null,
  market_cap: "379012345678.9012",
  tvl: null,
  network_utilization_percentage: 48.223_456,
  last_output_root_size: "123456",
  celo: { epoch_number: 1712 }
}

describe("answers written from the backend's controllers", () => {
  it("stats: counters as bigint, the average block time in milliseconds, the gas price tiers, chain extras", () => {
    const stats = decodesFast(codec(S.StatsResponse), statsAnswer, "stats") as S.Stats
    assert.strictEqual(stats.total_transactions, 2_876_543_210n)
    assert.strictEqual(stats.average_block_time, 12_037.5)
    assert.deepStrictEqual(stats.gas_prices, { slow: 1.02, average: 1.35, fast: 2.1 })
    assert.strictEqual(stats.celo?.epoch_number, 1712)
    roundTrips(codec(S.StatsResponse), stats, "stats")
  })

  it("stats with the updated gas oracle (the header's answer): each tier's price, time, fees and fiat price", () => {
    const tier = {
      price: 1.35,
      time: 12_000.5,
      base_fee: 1.2,
      priority_fee: 0.15,
      priority_fee_wei: "150000000",
      wei: "1350000000",
      fiat_price: "0.09"
    }
    const stats = decodesFast(
      codec(S.StatsResponse),
      { ...statsAnswer, gas_prices: { slow: null, average: tier, fast: tier } },
      "stats detailed"
    ) as S.Stats
    const average = stats.gas_prices?.average as S.GasPriceInfo
    assert.strictEqual(average.wei, 1_350_000_000n)
    assert.strictEqual(average.fiat_price, "0.09")
    assert.isNull(stats.gas_prices?.slow)
  })

  it("stats from a server without a price source or counters yet: nulls and absent keys", () => {
    const stats = decodesFast(
      codec(S.StatsResponse),
      { total_blocks: "0", average_block_time: 0, coin_price: null, market_cap: "0", gas_prices: null },
      "empty stats"
    ) as S.Stats
    assert.strictEqual(stats.total_blocks, 0n)
    assert.isUndefined(stats.total_transactions)
  })

  it("stats: a numeric string for a number and a bad counter", () => {
    // A number beyond 2^53 read exactly arrives as its source text.
    const exact = decodesFast(codec(S.StatsResponse), { average_block_time: "1e+30" }, "exact") as S.Stats
    assert.strictEqual(exact.average_block_time, 1e30)
    assert.throws(() => Schema.decodeUnknownSync(S.StatsResponse)({ ...statsAnswer, total_blocks: "12.5" }))
    assert.throws(() => Schema.decodeUnknownSync(S.StatsResponse)({ ...statsAnswer, average_block_time: "soon" }))
  })

  it("transactions chart: transactions_count, and the names of 6.9-8.x (transaction_count) and before (tx_count)", () => {
    const current = { chart_data: [{ date: "2025-06-01", transactions_count: 1_234_567 }] }
    // Before 6.9 `tx_count`; 6.9 renamed it `transaction_count` (#10913, keeping `tx_count` beside it until 6.10),
    // 9.0 dropped `transaction_count` for `transactions_count` (#12931).
    const before69 = { chart_data: [{ date: "2024-10-01", tx_count: 1_000 }] }
    const between = { chart_data: [{ date: "2024-12-01", transaction_count: 2_000 }] }
    const counts = [current, before69, between].map(
      (body, i) =>
        (decodesFast(codec(S.TransactionsChartResponse), body, `chart ${i}`) as S.TransactionsChart).chart_data?.[0]
          ?.transactions_count
    )
    assert.deepStrictEqual(counts, [1_234_567, 1_000, 2_000])
  })

  it("market chart: closing prices as decimal strings, supply as a string or a number", () => {
    const body = {
      chart_data: [
        { date: "2025-06-02", closing_price: "3150.25", market_cap: "379012345678.9012", tvl: null },
        { date: "2025-06-01", closing_price: null, market_cap: null, tvl: null }
      ],
      available_supply: "120450000.123"
    }
    const chart = decodesFast(codec(S.MarketChartResponse), body, "market") as S.MarketChart
    assert.strictEqual(chart.chart_data?.[0]?.closing_price, "3150.25")
    const old = decodesFast(
      codec(S.MarketChartResponse),
      { ...body, available_supply: 120450000 },
      "old"
    ) as S.MarketChart
    assert.strictEqual(old.available_supply, "120450000")
  })

  it("backend version: the build's version string, or null on a build given none", () => {
    const v = decodesFast(codec(S.BackendVersionResponse), { backend_version: "v6.8.0-beta.+commit.1e6b2b9b" }, "v")
    assert.deepStrictEqual(v, { backend_version: "v6.8.0-beta.+commit.1e6b2b9b" })
    assert.deepStrictEqual(decodesFast(codec(S.BackendVersionResponse), { backend_version: null }, "null"), {
      backend_version: null
    })
  })

  it("advanced filter methods: `advanced_filter_controller.ex`'s suggested list, as rendered", () => {
    const methods = decodesFast(
      codec(S.AdvancedFilterMethodsResponse),
      [
        { method_id: "0xa9059cbb", name: "transfer" },
        { method_id: "0x095ea7b3", name: "approve" }
      ],
      "methods"
    ) as ReadonlyArray<S.AdvancedFilterMethod>
    assert.deepStrictEqual(
      methods.map((m) => m.name),
      ["transfer", "approve"]
    )
  })
})

// What `search_view.ex` writes for each kind (current servers), with `search.ex`'s cursor as `encode_next_page_params`
// writes it: nested groups in bracket form, empty values as null.
const address = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
const hash = `0x${"ab".repeat(32)}`
const searchPage = {
  items: [
    {
      type: "token",
      name: "Tether USD",
      symbol: "USDT",
      address_hash: address,
      token_url: `/token/${address}`,
      address_url: `/address/${address}`,
      icon_url: null,
      token_type: "ERC-20",
      is_smart_contract_verified: true,
      exchange_rate: "0.999",
      total_supply: "96200000000000000",
      circulating_market_cap: "145000000000.12",
      is_verified_via_admin_panel: true,
      certified: false,
      priority: 2,
      reputation: "ok",
      is_smart_contract_address: true
    },
    {
      type: "contract",
      name: "TetherToken",
      address_hash: address,
      url: `/address/${address}`,
      is_smart_contract_verified: true,
      ens_info: null,
      certified: false,
      priority: 0,
      reputation: "ok",
      is_smart_contract_address: true
    },
    {
      type: "ens_domain",
      name: null,
      address_hash: null,
      url: null,
      is_smart_contract_verified: null,
      ens_info: { address_hash: address, expiry_date: null, name: "tether.eth", names_count: 1 },
      certified: false,
      priority: 0,
      reputation: "ok",
      is_smart_contract_address: null
    },
    {
      type: "metadata_tag",
      name: "Tether: Treasury",
      address_hash: address,
      url: `/address/${address}`,
      is_smart_contract_verified: false,
      ens_info: null,
      certified: false,
      priority: 1,
      metadata: { slug: "tether", name: "Tether", tagType: "name", ordinal: 0, meta: {} },
      reputation: "ok",
      is_smart_contract_address: false
    },
    {
      type: "block",
      block_number: 42,
      block_hash: hash,
      url: `/block/${hash}`,
      timestamp: "2025-06-01T10:00:00.000000Z",
      block_type: "block",
      priority: 3
    },
    { type: "transaction", transaction_hash: hash, url: `/tx/${hash}`, timestamp: null, priority: 3 },
    { type: "user_operation", user_operation_hash: hash, timestamp: "2025-06-01T10:00:00.000000Z", priority: 3 },
    { type: "blob", blob_hash: hash, timestamp: null, priority: 3 },
    { type: "tac_operation", tac_operation: { operation_id: "0x01", type: "TON_TAC" }, priority: 3 },
    // A kind a newer server adds.
    { type: "domain_name_v2", name: "tether.bnb", priority: 0 }
  ],
  next_page_params: {
    next_page_params_type: "search",
    q: "tether",
    "token[circulating_market_cap]": "145000000000.12",
    "token[fiat_value]": "0.999",
    "token[is_verified_via_admin_panel]": "true",
    "token[holder_count]": "6000000",
    "token[name]": "Tether USD",
    "token[inserted_at]": "2022-01-01T00:00:00.000000Z",
    "contract[certified]": null,
    "contract[name]": "TetherToken",
    "contract[inserted_at]": "2022-01-01T00:00:00.000000Z"
  }
}

describe("search answers written from the backend's view", () => {
  it("every kind decodes to its own shape; an unknown kind is kept whole; the bracket cursor with its nulls", () => {
    const page = decodesFast(codec(S.SearchResponse), searchPage, "search") as S.Page<S.SearchResultItem>
    assert.deepStrictEqual(
      page.items.map((i) => i.type),
      searchPage.items.map((i) => i.type)
    )
    const token = page.items[0] as S.SearchResultToken
    assert.strictEqual(token.total_supply, 96_200_000_000_000_000n)
    const ens = page.items[2] as S.SearchResultEnsDomain
    assert.isNull(ens.address_hash)
    assert.strictEqual(ens.ens_info?.name, "tether.eth")
    assert.deepStrictEqual(page.items[9], { type: "domain_name_v2", name: "tether.bnb", priority: 0 })
    // The guard narrows a result to its kind's type; an unknown kind is none of them.
    const tokens = page.items.filter((i) => S.isSearchResult(i, "token"))
    assert.deepStrictEqual(
      tokens.map((t) => t.symbol),
      ["USDT"]
    )
    assert.isFalse(S.SearchResultTypeValues.some((t) => S.isSearchResult(page.items[9]!, t)))
    assert.strictEqual(page.next_page_params?.["contract[certified]"], null)
    assert.strictEqual(page.next_page_params?.["token[name]"], "Tether USD")
    roundTrips(codec(S.SearchResponse), page, "search")
  })

  it("older servers' names: a token's and an address's `address` (before 9.0), a transaction's `tx_hash` (before 6.10)", () => {
    const old = [
      { type: "token", name: "Tether USD", symbol: "USDT", address, token_url: "/token/x", address_url: "/address/x" },
      { type: "address", name: null, address, url: "/address/x", is_smart_contract_verified: false },
      { type: "transaction", tx_hash: hash, url: `/tx/${hash}`, timestamp: "2023-01-01T00:00:00.000000Z" }
    ]
    const items = decodesFast(codec(S.QuickSearchResponse), old, "old") as ReadonlyArray<S.SearchResultItem>
    assert.strictEqual((items[0] as S.SearchResultToken).address_hash.toLowerCase(), address.toLowerCase())
    assert.strictEqual((items[1] as S.SearchResultAddress).address_hash.toLowerCase(), address.toLowerCase())
    assert.strictEqual((items[2] as S.SearchResultTransaction).transaction_hash, hash)
  })

  it("a known kind with a bad field fails the page rather than passing as an unknown kind", () => {
    assert.throws(() =>
      Schema.decodeUnknownSync(S.SearchResponse)({ ...searchPage, items: [{ type: "block", block_number: "x" }] })
    )
  })

  it("the redirect check: found (an address, checksummed), and not found (all null)", () => {
    assert.deepStrictEqual(
      decodesFast(codec(S.SearchRedirectResponse), { redirect: true, type: "address", parameter: address }, "found"),
      { redirect: true, type: "address", parameter: address }
    )
    assert.deepStrictEqual(
      decodesFast(codec(S.SearchRedirectResponse), { redirect: false, type: null, parameter: null }, "none"),
      { redirect: false, type: null, parameter: null }
    )
  })
})

// What `account_abstraction_controller.ex` answers: the user-ops indexer's JSON (integers of 64 bits as strings,
// `page_token` cursors), every address replaced by the backend's address object (`Helper.address_with_info`).
const addressObject = (hash: string) => ({
  hash,
  implementations: [],
  is_contract: true,
  is_verified: false,
  is_scam: false,
  ens_domain_name: null,
  metadata: null,
  name: null,
  proxy_type: null,
  reputation: "ok",
  private_tags: [],
  public_tags: [],
  watchlist_names: []
})
const entryPoint = addressObject("0x0000000071727De22E5E9d8BAf0edAc6f37da032")
const account = addressObject("0x8B3aF1B5D0b2F6c3B5e4a9C7f4e1D2c3B4A5f6E7")
const opHash = `0x${"5a".repeat(32)}`
const bundleTx = `0x${"7b".repeat(32)}`
const operationInList = {
  hash: opHash,
  address: account,
  block_number: "21345678",
  transaction_hash: bundleTx,
  entry_point: entryPoint,
  entry_point_version: "v0.7",
  status: true,
  fee: "123456789012345",
  timestamp: "2025-06-01T10:00:00.000000Z"
}
const operation = {
  ...operationInList,
  sender: account,
  nonce: `0x${"0".repeat(63)}1`,
  call_data: "0xb61d27f6",
  call_gas_limit: "100000",
  verification_gas_limit: "150000",
  pre_verification_gas: "50000",
  max_fee_per_gas: "30000000000",
  max_priority_fee_per_gas: "1000000000",
  signature: "0x1234",
  aggregator: null,
  aggregator_signature: null,
  block_hash: `0x${"9c".repeat(32)}`,
  bundler: addressObject("0x4337000c2828F5260d8e5f4B1bC3d34a6bB3f3B2"),
  bundle_index: 0,
  index: 1,
  factory: null,
  paymaster: addressObject("0x0000000000325602a77416A16136FDafd04b299f"),
  revert_reason: null,
  gas: "400000",
  gas_price: "2000000000",
  gas_used: "61728",
  sponsor_type: "paymaster_sponsor",
  user_logs_start_index: 12,
  user_logs_count: 2,
  consensus: true,
  execute_target: addressObject("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
  execute_call_data: "0xa9059cbb",
  decoded_call_data: { method_call: "execute(address,uint256,bytes)", method_id: "b61d27f6", parameters: [] },
  decoded_execute_call_data: null,
  // EntryPoint v0.6's unpacked operation.
  raw: {
    sender: account.hash,
    nonce: "1",
    init_code: "0x",
    call_data: "0xb61d27f6",
    call_gas_limit: "100000",
    verification_gas_limit: "150000",
    pre_verification_gas: "50000",
    max_fee_per_gas: "30000000000",
    max_priority_fee_per_gas: "1000000000",
    paymaster_and_data: "0x",
    signature: "0x1234"
  }
}

describe("account abstraction answers written from the proxy and the indexer", () => {
  it("user operations: a page with the indexer's page_token cursor; block numbers as bigint", () => {
    const page = decodesFast(
      codec(S.UserOperationsResponse),
      { items: [operationInList], next_page_params: { page_token: `21345678,${opHash}`, page_size: 50 } },
      "operations"
    ) as S.Page<S.UserOperationInList>
    assert.strictEqual(page.items[0]?.block_number, 21_345_678n)
    assert.strictEqual(page.items[0]?.fee, 123_456_789_012_345n)
    assert.strictEqual(page.next_page_params?.page_token, `21345678,${opHash}`)
  })

  it("one user operation: parties as address objects, the raw v0.6 operation, the decoded call", () => {
    const op = decodesFast(codec(S.UserOperationResponse), operation, "operation") as S.UserOperation
    assert.strictEqual(op.raw.call_gas_limit, 100_000n)
    assert.isUndefined(op.raw.account_gas_limits)
    assert.strictEqual(op.paymaster?.hash, "0x0000000000325602a77416A16136FDafd04b299f")
    assert.strictEqual(op.decoded_call_data?.method_call, "execute(address,uint256,bytes)")
    const packed = {
      ...operation,
      raw: {
        sender: account.hash,
        nonce: "1",
        init_code: "0x",
        call_data: "0x",
        account_gas_limits: `0x${"0".repeat(64)}`,
        pre_verification_gas: "50000",
        gas_fees: `0x${"0".repeat(64)}`,
        paymaster_and_data: "0x",
        signature: "0x"
      }
    }
    const v07 = decodesFast(codec(S.UserOperationResponse), packed, "v0.7") as S.UserOperation
    assert.strictEqual(v07.raw.gas_fees, `0x${"0".repeat(64)}`)
  })

  it("bundles and a smart account", () => {
    const bundles = decodesFast(
      codec(S.UserOperationBundlesResponse),
      {
        items: [
          {
            transaction_hash: bundleTx,
            bundle_index: 0,
            block_number: "21345678",
            bundler: operation.bundler,
            timestamp: "2025-06-01T10:00:00.000000Z",
            total_ops: 3
          }
        ],
        next_page_params: null
      },
      "bundles"
    ) as S.Page<S.UserOperationBundle>
    assert.strictEqual(bundles.items[0]?.total_ops, 3)
    const smart = decodesFast(
      codec(S.SmartAccountResponse),
      {
        address: account,
        factory: addressObject("0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985"),
        creation_op_hash: opHash,
        creation_transaction_hash: bundleTx,
        creation_timestamp: "2025-06-01T10:00:00.000000Z",
        total_ops: 17
      },
      "account"
    ) as S.SmartAccount
    assert.strictEqual(smart.total_ops, 17)
    const deployedOtherwise = decodesFast(
      codec(S.SmartAccountResponse),
      {
        address: account,
        factory: null,
        creation_op_hash: null,
        creation_transaction_hash: null,
        creation_timestamp: null,
        total_ops: 1
      },
      "no factory"
    ) as S.SmartAccount
    assert.isNull(deployedOtherwise.factory)
  })
})

describe("the head: /main-page/blocks", () => {
  it("a bare array of blocks as `BlockView` writes them for /blocks", () => {
    const block = loadFixtures("Block")["instance-v11/full"]
    const blocks = decodesFast(codec(S.MainPageBlocksResponse), [block, block], "main page") as ReadonlyArray<S.Block>
    assert.strictEqual(blocks.length, 2)
  })
})

describe("coverage", () => {
  it("every state endpoint's response schema has an answer written from the backend here", () => {
    const missing = stateEndpoints.filter((e) => !covered.has(e.schema)).map((e) => e.id)
    assert.deepStrictEqual(missing, [])
  })
})
