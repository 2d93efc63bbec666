import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Exit, type Schema } from "effect"
import * as S from "../src/index.ts"

// What the contract, trace and chain-wide rows' schemas make of responses written from the backend's views
// (fixtures/recorded-contracts-traces.json, each case naming the view and server it follows): older servers'
// names land on today's, and the values a caller reads come out typed.

const cases = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "fixtures", "recorded-contracts-traces.json"), "utf8")) as {
    readonly cases: Readonly<Record<string, { readonly body: unknown }>>
  }
).cases
const body = (name: string): unknown => {
  const found = cases[name]
  assert.isDefined(found, name)
  return found?.body
}
/** Decodes a case with the package's decoder; fails the test with the schema's message. */
const decode = <A>(schema: Schema.Codec<A, unknown>, name: string): A => {
  const exit = S.decodeResponseExit(schema as Schema.Codec<A, unknown> & { readonly DecodingServices: never })(
    body(name)
  )
  if (Exit.isFailure(exit)) assert.fail(`${name}: ${String(exit.cause)}`)
  return (exit as Exit.Success<A>).value
}

describe("contract details", () => {
  it("a verified proxy: ABI, main and additional sources, compiler settings, implementations", () => {
    const c = decode(S.SmartContractDetailsResponse, "smart-contract/current")
    assert.strictEqual(c.is_verified, true)
    assert.strictEqual(c.abi?.length, 3)
    assert.strictEqual(c.file_path, "FiatTokenProxy.sol")
    assert.deepStrictEqual(
      c.additional_sources?.map((s) => s.file_path),
      ["zos-lib/contracts/upgradeability/Proxy.sol", "zos-lib/contracts/upgradeability/UpgradeabilityProxy.sol"]
    )
    assert.deepStrictEqual(c.compiler_settings?.optimizer, { enabled: false, runs: 200 })
    assert.strictEqual(c.proxy_type, "eip1967")
    assert.strictEqual(c.implementations?.[0]?.address_hash, "0x43506849D7C04F9138D1A2050bbF3A0c054402dd")
    assert.strictEqual(c.creation_status, "success")
    assert.strictEqual(c.optimization_runs, 200)
  })

  it("an unverified contract: bytecode and creation only", () => {
    const c = decode(S.SmartContractDetailsResponse, "smart-contract/unverified")
    assert.isUndefined(c.is_verified)
    assert.isUndefined(c.abi)
    assert.strictEqual(c.creation_status, "success")
    assert.deepStrictEqual(c.implementations, [])
  })

  it("8.x's status is decoded to creation_status; its flags are kept", () => {
    const c = decode(S.SmartContractDetailsResponse, "smart-contract/selfdestructed-v8.0.0")
    assert.strictEqual(c.creation_status, "selfdestructed")
    assert.strictEqual(c.is_self_destructed, true)
    assert.isNull(c.deployed_bytecode)
    assert.strictEqual(c.has_methods_read, true)
  })

  it("a 6.0 server's minimal proxy and a zkSync contract's extras", () => {
    const old = decode(S.SmartContractDetailsResponse, "smart-contract/v6.0.0")
    assert.strictEqual(old.minimal_proxy_address_hash, "0x5e6e1F1ccB2ae3BC2A63c2063F4d6D71c0c35b0E")
    assert.isUndefined(old.creation_status)
    const zk = decode(S.SmartContractDetailsResponse, "smart-contract/zksync")
    assert.strictEqual(zk.zk_compiler_version, "v1.5.7")
    // zkSync stores the optimizer mode in optimization_runs, as text ("3", "z").
    assert.strictEqual(zk.optimization_runs, "z")
    assert.strictEqual(zk.external_libraries?.[0]?.name, "Math")
  })

  it("audit reports: one page, no cursor", () => {
    const page = decode(S.AuditReportsResponse, "smart-contract-audit-reports/current")
    assert.strictEqual(page.items.length, 2)
    assert.strictEqual(page.items[0]?.audit_company_name, "Trail of Bits")
    assert.isNull(page.next_page_params)
  })
})

describe("transaction traces", () => {
  it("state changes: signed changes as bigints, ERC-721 moves as a list, the cursor's null key kept", () => {
    const page = decode(S.StateChangesResponse, "transaction-state-changes/current")
    const [miner, sender, usdt, nft] = page.items
    assert.strictEqual(miner?.is_miner, true)
    assert.strictEqual(miner?.change, 55111110000000n)
    assert.strictEqual(sender?.change, -471511110000000n)
    assert.strictEqual(usdt?.token?.symbol, "USDT")
    assert.strictEqual((usdt?.balance_before ?? 0n) - (usdt?.balance_after ?? 0n), 1000000000n)
    assert.deepStrictEqual(nft?.change, [{ total: { token_id: "8817", token_instance: null }, direction: "to" }])
    assert.deepStrictEqual(page.next_page_params, { items_count: 50, state_changes: null })
  })

  it("raw trace: calls, creations, failures and self-destructs in the node's format", () => {
    const trace = decode(S.RawTraceResponse, "transaction-raw-trace/current")
    assert.deepStrictEqual(
      trace.map((t) => [t.type, t.traceAddress]),
      [
        ["call", []],
        ["create", [0]],
        ["call", [1]],
        ["selfdestruct", [2]]
      ]
    )
    assert.strictEqual(trace[0]?.subtraces, 2)
    assert.strictEqual(BigInt(trace[0]?.action.value ?? "0x0"), 5000000000000000n)
    assert.strictEqual(trace[1]?.result?.address, "0x1f98431c8ad98523631ae4a59f267346ea31f984")
    assert.strictEqual(trace[2]?.error, "Out of gas")
    assert.strictEqual(trace[3]?.action.refundAddress, "0xd8da6bf26964af9d7eed9e03e53415d37aa96045")
  })

  it("summary: the interpretation service's sentences", () => {
    const summary = decode(S.TransactionSummaryResponse, "transaction-summary/current")
    assert.strictEqual(summary.data.summaries?.[0]?.summary_template, "{action_type} {amount} {token} to {to_address}")
    assert.deepStrictEqual(summary.data.summaries?.[0]?.summary_template_variables?.action_type, {
      type: "string",
      value: "Transfer"
    })
  })
})

describe("chain-wide lists and counters", () => {
  it("top addresses: balances as bigints, the page's rate and supply, an uncounted address's blank count as null", () => {
    const page = decode(S.TopAddressesResponse, "top-addresses/current")
    assert.strictEqual(page.items[0]?.coin_balance, 67312014003845112201038917n)
    assert.strictEqual(page.items[0]?.transactions_count, 412773n)
    assert.isNull(page.items[1]?.transactions_count)
    assert.strictEqual(page.exchange_rate, "3150.25")
    assert.strictEqual(page.total_supply, "120712418.57")
  })

  it("top addresses: tx_count (before 6.9) and transaction_count (6.9 to 7.x) decode to transactions_count", () => {
    assert.strictEqual(decode(S.TopAddressesResponse, "top-addresses/v6.8.0").items[0]?.transactions_count, 301881n)
    assert.strictEqual(decode(S.TopAddressesResponse, "top-addresses/v7.0.0").items[0]?.transactions_count, 351881n)
  })

  it("tab counters: internal_txs_count (before 8.0) decodes to internal_transactions_count", () => {
    assert.strictEqual(
      decode(S.AddressTabsCountersResponse, "address-tabs-counters/current").internal_transactions_count,
      9
    )
    assert.strictEqual(
      decode(S.AddressTabsCountersResponse, "address-tabs-counters/v5.2.2").internal_transactions_count,
      5
    )
    assert.strictEqual(decode(S.AddressTabsCountersResponse, "address-tabs-counters/v5.2.2").coin_balances_count, 8)
  })

  it("tokens, one instance's holders, and the chain's and a block's internal transactions", () => {
    assert.strictEqual(decode(S.TokensResponse, "tokens/current").items[0]?.holders_count, 8623411n)
    const holders = decode(S.TokenInstanceHoldersResponse, "token-instance-holders/current")
    assert.strictEqual(holders.items[0]?.token_id, 7n)
    assert.strictEqual(holders.items[0]?.value, 12n)
    const all = decode(S.ChainInternalTransactionsResponse, "internal-transactions/current")
    assert.strictEqual(all.items[0]?.transaction_index, 12)
    const block = decode(S.BlockInternalTransactionsResponse, "block-internal-transactions/current")
    assert.deepStrictEqual(block.next_page_params, { transaction_index: 12, index: 3, items_count: 50 })
  })
})
