import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import type { Schema } from "effect"
import * as S from "../src/index.ts"
import { decodesFast } from "./support.ts"
import { beaconDepositEndpoints, figureEndpoints, optimismEndpoints } from "./support/openapi-endpoints.ts"

// What the schemas of the NFT holdings, counter, transaction and block extra and beacon deposit rows make of
// responses written from the backend's views (fixtures/recorded-rows-c.json, each case naming the view and server it
// follows; scoped.test.ts decodes and round-trips every case): older servers' names land on today's, values come out
// typed.

type Codec = Schema.Codec<unknown, unknown>
const cases = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "fixtures", "recorded-rows-c.json"), "utf8")) as {
    readonly cases: Readonly<Record<string, { readonly schema: string; readonly body: unknown }>>
  }
).cases

const covered = new Set<unknown>()
const decode = <A>(schema: Schema.Codec<A, unknown>, name: string): A => {
  const found = cases[name]
  assert.isDefined(found, name)
  covered.add(schema)
  return decodesFast(schema as unknown as Codec, found?.body, name) as A
}

describe("an address's NFTs", () => {
  it("each instance with its token, type and held value; 5.3.2's shape without media fields", () => {
    const page = decode(S.AddressNftsResponse, "address-nft/current")
    assert.deepStrictEqual(
      page.items.map((i) => [i.token_type, i.value]),
      [
        ["ERC-721", 1n],
        ["ERC-721", 1n],
        ["ERC-1155", 3n],
        ["ERC-404", 10n ** 18n]
      ]
    )
    assert.strictEqual(page.items[0]?.token?.symbol, "BAYC")
    assert.strictEqual(
      page.items[2]?.id,
      88245887734312917447298734521088829476376063428196453010003475497549062307841n
    )
    assert.strictEqual(page.items[0]?.thumbnails?.original, page.items[0]?.image_url)
    assert.deepStrictEqual(page.next_page_params, {
      token_contract_address_hash: "0x9e9fbde7c7a83c43913bddc8779158f1368f0413",
      token_id: "57896044618658097711785492504343953926634992332820282019728792003956564819969",
      token_type: "ERC-404",
      items_count: 50
    })
    const old = decode(S.AddressNftsResponse, "address-nft/v5.3.2")
    assert.isUndefined(old.items[0]?.media_type)
    assert.isNull(old.items[1]?.metadata)
    assert.strictEqual(old.items[1]?.value, 2n)
  })
})

describe("a transaction's blobs", () => {
  it("versioned hash, data (or null when not fetched), commitment and proof", () => {
    const blobs = decode(S.TransactionBlobsResponse, "transaction-blobs/current").items ?? []
    assert.strictEqual(blobs.length, 2)
    assert.match(blobs[0]!.hash, /^0x01/)
    assert.strictEqual(blobs[0]!.blob_data?.length, 2 + 512)
    assert.isNull(blobs[1]!.blob_data)
    assert.strictEqual(blobs[1]!.kzg_proof?.length, 2 + 96)
    assert.deepStrictEqual(decode(S.TransactionBlobsResponse, "transaction-blobs/none").items, [])
  })
})

describe("a Neon transaction's external transactions", () => {
  it("a bare array of Solana signatures", () => {
    const signatures = decode(S.ExternalTransactionsResponse, "transaction-external-transactions/neon")
    assert.strictEqual(signatures.length, 2)
    assert.match(signatures[0]!, /^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
  })
})

describe("a block's countdown", () => {
  it("block numbers as bigints, the estimate in seconds as a number", () => {
    assert.deepStrictEqual(decode(S.BlockCountdownResponse, "block-countdown/current"), {
      current_block_number: 22566361n,
      countdown_block_number: 22600000n,
      remaining_blocks_count: 33639n,
      estimated_time_in_seconds: 404868
    })
    assert.strictEqual(decode(S.BlockCountdownResponse, "block-countdown/fraction").estimated_time_in_seconds, 132.7)
    // 9.0.0 to 11.2.3: integers; the Pro API spec's names; a mined block before 11.2.4: a message only.
    const counts = (c: S.BlockCountdown) => [c.current_block_number, c.countdown_block_number, c.remaining_blocks_count]
    assert.deepStrictEqual(counts(decode(S.BlockCountdownResponse, "block-countdown/v9.0.0")), [
      22566361n,
      22600000n,
      33639n
    ])
    const pro = decode(S.BlockCountdownResponse, "block-countdown/pro")
    assert.deepStrictEqual(counts(pro), [22566361n, 22600000n, 33639n])
    assert.strictEqual(pro.estimated_time_in_seconds, 404868.4)
    assert.deepStrictEqual(decode(S.BlockCountdownResponse, "block-countdown/mined-v10.0.0"), {
      message: "Error! Block number already pass"
    })
  })
})

describe("counters", () => {
  it("an instance's transfers count: an integer, as a bigint", () => {
    assert.strictEqual(
      decode(S.TokenInstanceTransfersCountResponse, "token-instance-transfers-count/current").transfers_count,
      14n
    )
  })

  it("withdrawal counters: 9.x names, 8.0.0's both spellings and 5.x's old names read the same", () => {
    const current = decode(S.WithdrawalCountersResponse, "withdrawal-counters/current")
    assert.deepStrictEqual(current, { withdrawals_count: 98236512n, withdrawals_sum: 1743522856300512761883904n })
    const both = decode(S.WithdrawalCountersResponse, "withdrawal-counters/v8.0.0")
    assert.deepStrictEqual(both, { withdrawals_count: 52110457n, withdrawals_sum: 1021398276114020931112960n })
    const old = decode(S.WithdrawalCountersResponse, "withdrawal-counters/v5.1.5")
    assert.deepStrictEqual(old, { withdrawals_count: 1408336n, withdrawals_sum: 4213980771529000000000n })
  })

  it("smart contract counters and transaction stats: integer strings as bigints", () => {
    assert.deepStrictEqual(decode(S.SmartContractCountersResponse, "smart-contract-counters/current"), {
      smart_contracts: 68291734n,
      new_smart_contracts_24h: 21873n,
      verified_smart_contracts: 891322n,
      new_verified_smart_contracts_24h: 402n
    })
    assert.deepStrictEqual(decode(S.TransactionStatsResponse, "transaction-stats/current"), {
      transactions_count_24h: 1203382n,
      pending_transactions_count: 1721n,
      transaction_fees_sum_24h: 198736498872100039488n,
      transaction_fees_avg_24h: 165146216640163n
    })
  })
})

describe("hot smart contracts", () => {
  it("the counts as bigints (strings on the wire), a balance or null, the cursor's keys", () => {
    const page = decode(S.HotSmartContractsResponse, "hot-smart-contracts/current")
    assert.deepStrictEqual(
      page.items.map((c) => [c.contract_address.name, c.transactions_count, c.total_gas_used, c.balance]),
      [
        ["UniversalRouter", 4127n, 712093811n, 1208844125340771905n],
        ["WETH9", 1933n, 88145230n, null]
      ]
    )
    assert.deepStrictEqual(Object.keys(page.next_page_params ?? {}).sort(), [
      "contract_address_hash",
      "total_gas_used",
      "transactions_count"
    ])
  })
})

describe("beacon deposits", () => {
  it("index, transaction, block, key, credentials and the address they name (or null), amount, status", () => {
    const page = decode(S.BeaconDepositsResponse, "beacon-deposits/current")
    assert.deepStrictEqual(
      page.items.map((d) => [d.index, d.status, d.amount, d.withdrawal_address?.hash ?? null]),
      [
        [2287943, "pending", 32n * 10n ** 18n, "0xF2Ab1fE0A97dA3A4E3C2dd7cc25Bb9a1f0b6e4C8"],
        [2287942, "completed", 32n * 10n ** 18n, null],
        [2287941, "invalid", 32n * 10n ** 18n, "0xF2Ab1fE0A97dA3A4E3C2dd7cc25Bb9a1f0b6e4C8"]
      ]
    )
    assert.strictEqual(page.items[0]!.pubkey.length, 2 + 96)
    assert.strictEqual(page.items[0]!.signature.length, 2 + 192)
    assert.deepStrictEqual(page.next_page_params, { index: 2287941, items_count: 50 })
    assert.strictEqual(decode(S.BeaconDepositsCountResponse, "beacon-deposits-count/current").deposits_count, 2287944n)
  })
})

describe("OP stack deposits", () => {
  it("today's names; 6.3.0's tx shorthands and 6.9.0's both spellings read the same; the count a bigint", () => {
    const current = decode(S.OptimismDepositsResponse, "optimism-deposits/current").items[0]!
    assert.strictEqual(current.l2_transaction_gas_limit, 491520n)
    assert.strictEqual(current.l1_block_number, 23937283)
    for (const name of ["optimism-deposits/v6.3.0", "optimism-deposits/v6.9.0"]) {
      assert.deepStrictEqual(decode(S.OptimismDepositsResponse, name).items[0], current, name)
    }
    assert.strictEqual(decode(S.OptimismDepositsCountResponse, "optimism-deposits-count/current"), 1843720n)
  })
})

describe("OP stack withdrawals", () => {
  it("the nonce whole and in parts, status and relay; 6.3.0's tx shorthands read the same; the count a bigint", () => {
    const [waiting, relayed] = decode(S.OptimismWithdrawalsResponse, "optimism-withdrawals/current").items
    assert.strictEqual(waiting!.msg_nonce_raw, (1n << 240n) + 90000n)
    assert.strictEqual(waiting!.msg_nonce_version, 1)
    assert.strictEqual(waiting!.status, "In challenge period")
    assert.isNull(waiting!.l1_transaction_hash)
    assert.strictEqual(waiting!.msg_gas_limit, 287624n)
    const old = decode(S.OptimismWithdrawalsResponse, "optimism-withdrawals/v6.3.0").items[0]!
    assert.strictEqual(old.l2_transaction_hash, relayed!.l2_transaction_hash)
    assert.strictEqual(old.l1_transaction_hash, relayed!.l1_transaction_hash)
    assert.isUndefined(old.msg_data)
    assert.strictEqual(decode(S.OptimismWithdrawalsCountResponse, "optimism-withdrawals-count/current"), 27811n)
  })
})

describe("coverage", () => {
  it("every figure endpoint's response schema has an answer written from the backend here", () => {
    assert.deepStrictEqual(
      [...figureEndpoints, ...beaconDepositEndpoints, ...optimismEndpoints]
        .filter((e) => !covered.has(e.schema))
        .map((e) => e.id),
      []
    )
  })
})
