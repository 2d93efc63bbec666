import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { decodesFast, loadFixtures, mocksDir, sameValue, toWire } from "./support.ts"
import { scopedEndpoints } from "./support/openapi-endpoints.ts"

// The resources and responses of the address-, block-, transaction- and token-scoped endpoints: objects generated
// from the five specs (fixtures/<Resource>.json), responses written from the backend's views for current and
// older servers (fixtures/recorded-scoped.json), Blockscout's frontend mocks, and generated values.

type Codec = Schema.Codec<unknown, unknown>
const codec = (schema: Schema.Top): Codec => schema as unknown as Codec

/** Encodes a decoded value to wire JSON and decodes it again: the same value. */
const roundTrips = (schema: Codec, value: unknown, where: string): void => {
  const wire = toWire(Schema.encodeSync(schema)(value))
  assert.isTrue(sameValue(Schema.decodeUnknownSync(schema)(wire), value), `${where}: ${JSON.stringify(wire)}`)
}

const resources: Record<string, Schema.Top> = {
  AddressDetails: S.AddressDetails,
  AddressCounters: S.AddressCounters,
  CoinBalance: S.CoinBalance,
  CoinBalanceByDay: S.CoinBalanceByDay,
  TokenBalance: S.TokenBalance,
  TokenHolder: S.TokenHolder,
  TokenCounters: S.TokenCounters,
  IndexingStatus: S.IndexingStatus,
  AdvancedFilterItem: S.AdvancedFilterItem,
  TransactionDetails: S.TransactionDetails,
  BlockDetails: S.BlockDetails,
  TokenDetails: S.TokenDetails,
  TokenInstanceDetails: S.TokenInstanceDetails
}

describe("fixtures built from the OpenAPI specs (scoped resources)", () => {
  for (const [name, schema] of Object.entries(resources)) {
    const fixtures = loadFixtures(name)
    it(`${name}: every fixture decodes with both decoders and survives encode -> JSON -> decode`, () => {
      // An object identical in two specs is written once (generate.py), so a family may have no key of its own.
      assert.isAbove(Object.keys(fixtures).length, 0)
      for (const [key, fixture] of Object.entries(fixtures)) {
        const value = decodesFast(codec(schema), fixture, `${name} ${key}`)
        roundTrips(codec(schema), value, `${name} ${key}`)
      }
    })
  }
})

interface RecordedCase {
  readonly endpoint: string
  readonly server: string
  readonly written_from: string
  readonly schema: string
  readonly body: unknown
}
// Every `fixtures/recorded-*.json` file: `recorded-scoped.json` (the scoped rows) and one file per later batch of
// rows, so that batches written at once do not edit one file.
const fixturesDir = path.join(import.meta.dirname, "fixtures")
const recorded: { readonly cases: Readonly<Record<string, RecordedCase>> } = {
  cases: Object.assign(
    {},
    ...fs
      .readdirSync(fixturesDir)
      .filter((f) => /^recorded-.*\.json$/.test(f))
      .sort()
      .map((f) => (JSON.parse(fs.readFileSync(path.join(fixturesDir, f), "utf8")) as { readonly cases: object }).cases)
  )
}

const schemaNamed = (name: string): Codec => {
  const schema = (S as Record<string, unknown>)[name]
  assert.isTrue(Schema.isSchema(schema), `${name} is an exported schema`)
  return codec(schema as Schema.Top)
}
const bodyOf = (name: string): Record<string, unknown> => recorded.cases[name]?.body as Record<string, unknown>
const decodeCase = (name: string): unknown => {
  const c = recorded.cases[name]
  assert.isDefined(c, name)
  return decodesFast(schemaNamed((c as RecordedCase).schema), (c as RecordedCase).body, name)
}

describe("responses written from the backend's views, current and older servers", () => {
  for (const [name, c] of Object.entries(recorded.cases)) {
    it(`${name} (${c.server}) decodes with both decoders and round-trips`, () => {
      const value = decodesFast(schemaNamed(c.schema), c.body, name)
      roundTrips(schemaNamed(c.schema), value, name)
    })
  }

  it("covers every scoped endpoint's response schema", () => {
    const used = new Set(Object.values(recorded.cases).map((c) => schemaNamed(c.schema)))
    const missing = scopedEndpoints.filter((e) => !used.has(e.schema)).map((e) => e.id)
    assert.deepStrictEqual(missing, [])
  })

  it("address details of a 6.x server: creation_tx_hash and implementation entries' address map to today's names", () => {
    const v68 = decodeCase("address-details/v6.8.0") as S.AddressDetails
    assert.strictEqual(v68.creation_transaction_hash, bodyOf("address-details/v6.8.0").creation_tx_hash)
    assert.strictEqual(v68.implementations?.[0]?.address_hash, "0x3CF52Bc0A58d6D3A5E15F7A7F0b3B1B8FDC0E2A1")
    const v60 = decodeCase("address-details/v6.0.0") as S.AddressDetails
    assert.strictEqual(v60.implementation_address, "0x3CF52Bc0A58d6D3A5E15F7A7F0b3B1B8FDC0E2A1")
    assert.strictEqual(v60.implementation_name, "FiatTokenV2_1")
    assert.isDefined(v60.creation_transaction_hash)
    assert.isUndefined(v60.creation_status)
    assert.strictEqual(v60.has_logs, true)
  })

  it("address details: the current name wins over an old one sent beside it", () => {
    const body = bodyOf("address-details/current")
    const value = decodesFast(
      codec(S.AddressDetails),
      { ...body, creation_tx_hash: `0x${"00".repeat(32)}` },
      "both names"
    ) as S.AddressDetails
    assert.strictEqual(value.creation_transaction_hash, body.creation_transaction_hash)
  })

  it("address details: balances, chain-type extras and counters beyond 2^53 decode exactly", () => {
    const current = decodeCase("address-details/current") as S.AddressDetails
    assert.strictEqual(current.coin_balance, 1n)
    assert.strictEqual(current.token?.symbol, "USDT")
    assert.strictEqual(current.creation_status, "success")
    const celo = decodeCase("address-details/celo") as S.AddressDetails
    assert.strictEqual(celo.celo?.account?.locked_celo, 12000000000000000000000n)
    assert.strictEqual(celo.celo?.account?.type, "validator")
    const filecoin = decodeCase("address-details/filecoin") as S.AddressDetails
    assert.strictEqual(filecoin.creator_filecoin_robust_address, "f410f7ybqaaaaaaaaaaaaaaaaaaaaaaaagcpbfdsdi6i")
    const counters = decodeCase("address-counters/current") as S.AddressCounters
    assert.strictEqual(counters.gas_usage_count, 9123847712288311n)
    assert.strictEqual(counters.transactions_count, 201884733n)
  })

  it("coin balance by day: {items, days} and the bare array of servers before 6.5.0 decode to one shape", () => {
    const current = decodeCase("coin-balance-history-by-day/current") as S.CoinBalanceHistoryByDay
    assert.strictEqual(current.days, 10)
    assert.deepStrictEqual(
      current.items.map((d) => [d.date, d.value]),
      [
        ["2025-08-19", 912874127318923257n],
        ["2025-08-20", 912770455188061233n]
      ]
    )
    const old = decodeCase("coin-balance-history-by-day/v6.0.0") as S.CoinBalanceHistoryByDay
    assert.strictEqual(old.days, null)
    assert.strictEqual(old.items.length, 2)
    assert.strictEqual(old.items[1]?.date, "2024-02-29")
    // Encoded in today's shape, `days` left out when unknown.
    assert.deepStrictEqual(toWire(Schema.encodeSync(S.CoinBalanceHistoryByDayResponse)(old)), {
      items: [
        { date: "2024-02-28", value: "4100000000000000000" },
        { date: "2024-02-29", value: "4000000000000000000" }
      ]
    })
  })

  it("coin balance history: a change without a transaction, and a negative delta", () => {
    const page = decodeCase("coin-balance-history/current") as S.Page<S.CoinBalance>
    assert.strictEqual(page.items[0]?.delta, -103672130862024n)
    assert.strictEqual(page.items[1]?.transaction_hash, null)
    assert.strictEqual(
      DateTime.toEpochMillis(page.items[1]?.block_timestamp as DateTime.Utc),
      Date.UTC(2025, 7, 20, 11, 38, 23)
    )
  })

  it("token balances of a 5.0 server: old token names, no token_instance", () => {
    const [balance] = decodeCase("token-balances/v5.0.0") as ReadonlyArray<S.TokenBalance>
    assert.strictEqual(balance?.token?.address_hash, "0xdAC17F958D2ee523a2206206994597C13D831ec7")
    assert.strictEqual(balance?.token?.holders_count, 3866702n)
    assert.isFalse(balance !== undefined && "token_instance" in balance)
  })

  it("token holders before 8.0.0 repeat the token on each item: decoded without it", () => {
    const page = decodeCase("token-holders/v7.0.0") as S.Page<S.TokenHolder>
    assert.strictEqual(page.items[0]?.value, 19474530513868000n)
    assert.isFalse("token" in (page.items[0] ?? {}))
  })

  it("a block's single lookup labels its rewards; the list gives recipient kinds", () => {
    const single = decodeCase("block-details/current") as S.BlockDetails
    assert.strictEqual(single.rewards?.[0]?.type, "Miner Reward")
    const list = decodeCase("blocks/current") as S.Page<S.Block>
    assert.strictEqual(list.items[0]?.rewards?.[0]?.type, "validator")
  })

  it("the lookups accept their list resource's old names (a 6.x transaction, a 5.x token)", () => {
    const { transaction_types, transaction_tag, ...rest } = bodyOf("transaction-details/current")
    const old = decodesFast(
      codec(S.TransactionDetails),
      { ...rest, tx_types: transaction_types, tx_tag: transaction_tag },
      "tx_types"
    ) as S.TransactionDetails
    assert.deepStrictEqual(old.transaction_types, ["token_transfer", "contract_call"])
    const { address_hash, holders_count, ...token } = bodyOf("token-details/current")
    const oldToken = decodesFast(
      codec(S.TokenDetails),
      { ...token, address: address_hash, holders: holders_count },
      "token address"
    ) as S.TokenDetails
    assert.strictEqual(oldToken.address_hash, address_hash)
    assert.strictEqual(oldToken.holders_count, 8969041n)
  })

  it("a transaction's single lookup carries its first token transfers and the overflow flag", () => {
    const tx = decodeCase("transaction-details/current") as S.TransactionDetails
    assert.strictEqual(tx.token_transfers?.length, 1)
    assert.strictEqual(tx.token_transfers_overflow, false)
    assert.strictEqual(tx.from.private_tags?.[0]?.label, "vitalik")
  })

  it("indexing status: decimal ratios as strings, the internal ratio null until blocks are done", () => {
    const done = decodeCase("indexing-status/current") as S.IndexingStatus
    assert.strictEqual(done.indexed_blocks_ratio, "1.00")
    assert.strictEqual(done.finished_indexing, false)
    const pending = decodeCase("indexing-status/blocks-pending") as S.IndexingStatus
    assert.strictEqual(pending.indexed_internal_transactions_ratio, null)
    // The generated specs' number form decodes to the same kind of value.
    const asNumbers = decodesFast(codec(S.IndexingStatus), { indexed_blocks_ratio: 0.5 }, "numbers") as S.IndexingStatus
    assert.strictEqual(asNumbers.indexed_blocks_ratio, "0.5")
  })

  it("advanced filters: one feed of a transaction, its token transfer and an internal transaction; null cursor keys kept", () => {
    const page = decodeCase("advanced-filters/current") as S.AdvancedFilters
    assert.deepStrictEqual(
      page.items.map((i) => [i.type, i.token_transfer_index, i.internal_transaction_index]),
      [
        ["contract_interaction", null, null],
        ["ERC-20", 112, null],
        ["coin_transfer", null, 3]
      ]
    )
    assert.strictEqual(page.items[0]?.status, "success")
    assert.strictEqual(page.search_params.methods["0xa9059cbb"], "transfer")
    assert.strictEqual(page.search_params.tokens["0xdac17f958d2ee523a2206206994597c13d831ec7"]?.symbol, "USDT")
    assert.deepStrictEqual(page.next_page_params, {
      block_number: 23184705,
      transaction_index: 12,
      internal_transaction_index: 3,
      token_transfer_index: null,
      token_transfer_batch_index: null,
      items_count: 50
    })
    const old = decodeCase("advanced-filters/v6.9.0") as S.AdvancedFilters
    assert.isUndefined(old.items[0]?.status)
  })
})

describe("Blockscout frontend mocks of the scoped resources", () => {
  const load = (file: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(mocksDir, file), "utf8")) as {
        items: ReadonlyArray<{ name: string; module: string; value: unknown }>
      }
    ).items

  for (const [file, schema] of [
    ["addresses.json", S.AddressDetails],
    ["token_counters.json", S.TokenCounters],
    ["address_token_balances.json", S.TokenBalance]
  ] as const) {
    it(`decodes every object of ${file}`, () => {
      const items = load(file)
      assert.isAbove(items.length, 0)
      for (const item of items) decodesFast(codec(schema), item.value, `${file} ${item.name}`)
    })
  }

  it("decodes the address token lists as /addresses/{a}/tokens pages", () => {
    const lists = load("list_responses.json").filter((i) => /^erc\d+List$/.test(i.name))
    assert.strictEqual(lists.length, 4)
    for (const item of lists) decodesFast(codec(S.AddressTokensResponse), item.value, item.name)
  })
})

describe("what the scoped schemas reject", () => {
  // Both decoders refuse the input.
  const fails = (schema: Schema.Top, input: unknown): void => {
    assert.isTrue(Exit.isFailure(S.decodeResponseExit(codec(schema))(input)), JSON.stringify(input))
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(codec(schema))(input)), JSON.stringify(input))
  }

  it("a counter that is not an integer string, naming the resource and the field", () => {
    const error = S.decodeResponseExit(S.AddressCountersResponse)({
      transactions_count: "12.5",
      token_transfers_count: "0",
      gas_usage_count: "0",
      validations_count: "0"
    })
    assert.isTrue(Exit.isFailure(error))
    if (Exit.isFailure(error)) assert.include(String(error.cause), "AddressCounters")
  })

  it("dates that are not calendar dates, and a by-day body of neither shape", () => {
    for (const date of ["2023-02-29", "2024-13-01", "2024-1-01", "20240101", "2024-04-31"]) {
      fails(S.CalendarDate, date)
    }
    fails(S.CoinBalanceHistoryByDayResponse, { items: [{ date: "2024-01-01", value: "1.5" }] })
    fails(S.CoinBalanceHistoryByDayResponse, "2024-01-01")
  })

  it("an advanced filter page whose resolved tokens hold a bad token, or without search_params", () => {
    const body = bodyOf("advanced-filters/current")
    fails(S.AdvancedFiltersResponse, { ...body, search_params: { methods: {}, tokens: { x: { name: "no address" } } } })
    fails(S.AdvancedFiltersResponse, { items: [], next_page_params: null })
  })

  it("a token holder without an address, a token balance with a fractional value", () => {
    fails(S.TokenHolder, { value: "1", token_id: null })
    fails(S.TokenBalance, { value: "0.5", token: null, token_id: null })
  })
})

// Generated decoded values: encode -> JSON text -> decode gives the value back, with both decoders.
const generated: Record<string, Codec> = {
  AddressCounters: codec(S.AddressCounters),
  CoinBalance: codec(S.CoinBalance),
  CoinBalanceByDay: codec(S.CoinBalanceByDay),
  CoinBalanceHistoryByDayResponse: codec(S.CoinBalanceHistoryByDayResponse),
  TokenBalance: codec(S.TokenBalance),
  TokenHolder: codec(S.TokenHolder),
  TokenCounters: codec(S.TokenCounters),
  IndexingStatus: codec(S.IndexingStatus),
  AdvancedFilterSearchParams: codec(S.AdvancedFilterSearchParams),
  TokenDetails: codec(S.TokenDetails)
}

describe("property: generated scoped values round-trip through the wire form", () => {
  for (const [name, schema] of Object.entries(generated)) {
    const decodeFast = S.decodeResponseExit(schema)
    it.prop(
      `${name}: encode, JSON text, decode gives an equal value (both decoders)`,
      { value: schema },
      ({ value }) => {
        const wire = toWire(Schema.encodeSync(schema)(value))
        assert.isTrue(sameValue(Schema.decodeUnknownSync(schema)(wire), value), JSON.stringify(wire))
        const fast = decodeFast(wire)
        assert.isTrue(Exit.isSuccess(fast) && sameValue(fast.value, value), JSON.stringify(wire))
      },
      { arbitrary: { runs: 40, size: 6 } }
    )
  }
})
