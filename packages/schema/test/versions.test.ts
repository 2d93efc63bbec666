import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { compileFast, invalid } from "../src/internal/compile.ts"
import { parseExact } from "../src/internal/exact.ts"
import { describeExit, sameValue } from "./support.ts"

// Recorded-style responses written from Blockscout's backend views: `fixtures/versions` at the release that
// changed a key (each file's `source` says which view, tag and commit), `fixtures/current` for today's cases
// and chain-type extras. Each decodes through the text entry, the fast decoder alone, and Effect's decoder.

interface Fixture {
  readonly file: string
  readonly source: string
  readonly response: string
  readonly text: string
}

const load = (folder: string): ReadonlyArray<Fixture> => {
  const dir = path.join(import.meta.dirname, "fixtures", folder)
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const doc = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as {
        source: string
        response: string
        body: unknown
      }
      return { file: name, source: doc.source, response: doc.response, text: JSON.stringify(doc.body) }
    })
}

const schemaOf = (name: string) => {
  const schema = (S as Record<string, unknown>)[name]
  assert.isTrue(Schema.isSchema(schema), `${name} is a response schema`)
  return schema as Schema.Codec<unknown, unknown>
}

// Old key names and the names they decode to (every rename the backend's history has for these resources).
const renames: Readonly<Record<string, ReadonlyArray<string>>> = {
  tx_count: ["transactions_count"],
  transaction_count: ["transactions_count"],
  tx_fees: ["transaction_fees"],
  block: ["block_number"],
  tx_burnt_fee: ["transaction_burnt_fee"],
  tx_types: ["transaction_types"],
  tx_tag: ["transaction_tag"],
  has_error_in_internal_txs: ["has_error_in_internal_transactions"],
  tx_hash: ["transaction_hash"],
  address: ["address_hash"],
  holders: ["holders_count"],
  associated_l1_transaction: ["associated_l1_transaction_hash"]
}
// Keys deliberately not surfaced (see the README's coverage table): superseded by `implementations`.
const dropped = new Set(["implementation_address"])

/** Whether two decoded values list their keys in the same order at every level (output column order). */
const sameKeyOrder = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.every((x, i) => sameKeyOrder(x, b[i]))
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return true
  if (Object.getPrototypeOf(a) !== Object.prototype) return true
  const ka = Object.keys(a)
  return (
    ka.join() === Object.keys(b).join() &&
    ka.every((k) => sameKeyOrder((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  )
}

/** Paths of wire keys that the decoded value lost (not kept, not renamed, not deliberately dropped). */
const lostKeys = (wire: unknown, decoded: unknown, at = ""): Array<string> => {
  if (Array.isArray(wire) && Array.isArray(decoded))
    return wire.flatMap((w, i) => lostKeys(w, decoded[i], `${at}[${i}]`))
  if (typeof wire !== "object" || wire === null || typeof decoded !== "object" || decoded === null) return []
  if (Array.isArray(wire) || Array.isArray(decoded)) return []
  const d = decoded as Record<string, unknown>
  return Object.entries(wire).flatMap(([key, value]) => {
    if (key in d) return lostKeys(value, d[key], `${at}.${key}`)
    const target = renames[key]?.find((name) => name in d)
    if (target !== undefined) return lostKeys(value, d[target], `${at}.${target}`)
    return dropped.has(key) ? [] : [`${at}.${key}`]
  })
}

for (const folder of ["versions", "current"]) {
  describe(`fixtures/${folder}: responses written from the backend's views`, () => {
    for (const fixture of load(folder)) {
      it(`${fixture.file} decodes through the text entry, the fast decoder alone and Effect's decoder, dropping nothing`, () => {
        assert.isNotEmpty(fixture.source)
        const schema = schemaOf(fixture.response)
        const viaText = S.decodeResponseTextExit(schema)(fixture.text)
        assert.isTrue(Exit.isSuccess(viaText), `${fixture.file}: ${describeExit(viaText)}`)
        const exact = parseExact(fixture.text)
        const reference = Schema.decodeUnknownExit(schema)(exact)
        assert.isTrue(Exit.isSuccess(reference), `${fixture.file} (Effect's decoder): ${describeExit(reference)}`)
        // The compiled fast path decodes the whole page itself: no fallback to Effect's decoder.
        const fast = compileFast(schema.ast)
        assert.isDefined(fast)
        const fastValue = fast?.(exact)
        assert.notStrictEqual(fastValue, invalid, `${fixture.file}: the fast decoder fell back`)
        if (Exit.isSuccess(viaText) && Exit.isSuccess(reference)) {
          assert.isTrue(sameValue(viaText.value, reference.value), fixture.file)
          assert.isTrue(sameValue(fastValue, reference.value), fixture.file)
          // Keys in the schema's order whichever decoder ran (tools derive columns from them).
          assert.isTrue(sameKeyOrder(fastValue, reference.value), `${fixture.file}: key order`)
          assert.deepStrictEqual(lostKeys(exact, viaText.value), [], `${fixture.file}: keys lost in decoding`)
        }
      })
    }
  })
}

/** The decoded body of a fixture (through the text entry). */
const decoded = (folder: string, file: string): unknown => {
  const fixture = load(folder).find((f) => f.file === file)
  assert.isDefined(fixture, file)
  const exit = S.decodeResponseTextExit(schemaOf(fixture?.response as string))(fixture?.text as string)
  if (Exit.isFailure(exit)) assert.fail(describeExit(exit))
  return exit.value
}
/** The items of a decoded page fixture. */
const items = <A>(folder: string, file: string): ReadonlyArray<A> => (decoded(folder, file) as S.Page<A>).items
/** The first item of a decoded page fixture. */
const first = <A>(folder: string, file: string): A => items<A>(folder, file)[0] as A
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`

describe("old names land on today's names", () => {
  it("blocks: tx_count (before 6.9.0), transaction_count (6.9.0 to 8.x), tx_fees (before 6.10.0)", () => {
    assert.strictEqual(first<S.Block>("versions", "block-v6.8.1.json").transactions_count, 163)
    assert.strictEqual(first<S.Block>("versions", "block-v6.8.1.json").transaction_fees, 174220053019146421n)
    assert.strictEqual(first<S.Block>("versions", "block-v6.9.0.json").transactions_count, 163)
    assert.strictEqual(first<S.Block>("versions", "block-v7.0.0.json").transactions_count, 98)
    assert.strictEqual(first<S.Block>("versions", "block-v8.1.0.json").transactions_count, 120)
    assert.strictEqual(first<S.Block>("versions", "block-v8.1.0.json").internal_transactions_count, 31)
  })

  it("transactions: block, tx_burnt_fee, tx_types, tx_tag, has_error_in_internal_txs", () => {
    const v5 = first<S.Transaction>("versions", "transaction-v5.0.0.json")
    assert.strictEqual(v5.block_number, 16390001)
    assert.strictEqual(v5.transaction_burnt_fee, 989436003442105n)
    assert.deepStrictEqual(v5.transaction_types, ["token_transfer", "contract_call"])
    assert.strictEqual(v5.transaction_tag, null)
    assert.isFalse("has_error_in_internal_transactions" in v5)
    const v68 = first<S.Transaction>("versions", "transaction-v6.8.1.json")
    assert.strictEqual(v68.block_number, 20868010)
    assert.strictEqual(v68.has_error_in_internal_transactions, false)
    const v610 = decoded("versions", "transaction-v6.10.0.json") as ReadonlyArray<S.Transaction>
    assert.strictEqual(v610[0]?.transaction_burnt_fee, 989436003442105n)
    assert.strictEqual(
      first<S.Transaction>("versions", "transaction-v7.0.0.json").transaction_burnt_fee,
      989436003442105n
    )
  })

  it("token transfers and logs: tx_hash; 5.0.0's transfers without block_hash and log_index", () => {
    const v5 = first<S.TokenTransfer>("versions", "token-transfer-v5.0.0.json")
    assert.strictEqual(v5.transaction_hash, hash(0x7e0101))
    assert.isUndefined(v5.log_index)
    assert.strictEqual(v5.token.address_hash, "0xdAC17F958D2ee523a2206206994597C13D831ec7")
    assert.strictEqual(v5.token.holders_count, 5123456n)
    const [fungible, nft] = items<S.TokenTransfer>("versions", "token-transfer-v6.8.1.json")
    assert.strictEqual(fungible?.log_index, 211)
    assert.strictEqual(fungible?.block_number, 20868010)
    assert.deepStrictEqual(Object.keys(nft?.total ?? {}), ["token_id"])
    assert.strictEqual(first<S.Log>("versions", "log-v6.8.1.json").transaction_hash, hash(0x7e0002))
    assert.isUndefined(first<S.Log>("versions", "log-v5.0.0.json").transaction_hash)
  })

  it("internal transactions: block and block_index; the 12.x page meta", () => {
    const v68 = first<S.InternalTransaction>("versions", "internal-transaction-v6.8.1.json")
    assert.strictEqual(v68.block_number, 20868010)
    assert.strictEqual(v68.block_index, 41)
    const v12 = decoded("versions", "internal-transaction-v12.0.0.json") as S.Page<S.InternalTransaction>
    assert.strictEqual(v12.meta?.status, S.PageMetaStatus.pending)
    assert.include(v12.meta?.message, "not yet been processed")
  })

  it("address implementations with only a name (6.6.x), with address (6.7.0 to 8.0.1)", () => {
    const [a, b] = decoded("versions", "address-implementations-v6.6.0.json") as ReadonlyArray<S.Transaction>
    assert.deepStrictEqual(a?.to?.implementations, [{ name: "TetherToken" }])
    assert.strictEqual(a?.to?.implementation_name, "TetherToken")
    assert.deepStrictEqual(b?.to?.implementations as ReadonlyArray<object>, [
      { address_hash: "0x43506849D7C04F9138D1A2050bbF3A0c054402dd", name: "TetherToken" }
    ])
  })

  it("smart contracts: tx_count, transaction_count, transactions_count", () => {
    assert.deepStrictEqual(
      items<S.SmartContract>("versions", "smart-contract-tx-count.json").map((c) => c.transactions_count),
      [204831774, 204831775, 204831776]
    )
  })
})

describe("current cases", () => {
  it("a Celo epoch-reward transfer has a null transaction hash", () => {
    assert.isNull(first<S.TokenTransfer>("current", "celo-token-transfer-null-hash.json").transaction_hash)
  })

  it("EIP-7702: an unrecovered authority is null, chain_id any uint256", () => {
    const list = first<S.Transaction>("current", "eip7702-authorizations.json").authorization_list ?? []
    const [unrecovered, ok] = list
    assert.isNull(unrecovered?.authority)
    assert.strictEqual(unrecovered?.chain_id, 0n)
    assert.strictEqual(ok?.authority, "0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5")
    assert.strictEqual(ok?.chain_id, 2n ** 256n - 1n)
    // Written back as the server wrote it.
    const wire = Schema.encodeSync(S.SignedAuthorization)(unrecovered as S.SignedAuthorization)
    assert.strictEqual(wire.authority, "")
  })

  it("OP-stack fees, blob fields, Celo's gas token, Eden's fee payer, Scroll's parameters surface typed", () => {
    const [op, preEcotone] = decoded("current", "optimism-transaction.json") as ReadonlyArray<S.Transaction>
    assert.strictEqual(op?.l1_fee, 21344591523n)
    assert.strictEqual(op?.l1_fee_scalar, "0.684")
    assert.strictEqual(op?.operator_fee, 1200000n)
    const withdrawal = op?.op_withdrawals?.[0]
    assert.strictEqual(withdrawal?.nonce, BigInt(withdrawal?.msg_nonce_raw ?? -1))
    assert.strictEqual(preEcotone?.l1_gas_used, 2988n)
    const blob = first<S.Transaction>("current", "ethereum-blob-transaction.json")
    assert.strictEqual(blob.burnt_blob_fee, 262144n)
    assert.lengthOf(blob.blob_versioned_hashes ?? [], 2)
    const [paidInCusd, paidInCelo] = items<S.Transaction>("current", "celo-transaction.json")
    assert.strictEqual(paidInCusd?.celo?.gas_token?.symbol, "cUSD")
    assert.isNull(paidInCelo?.celo?.gas_token)
    assert.strictEqual(first<S.Transaction>("current", "eden-transaction.json").fee_payer?.name, "Paymaster")
    assert.strictEqual(first<S.Transaction>("current", "scroll-transaction.json").scroll?.l1_fee_scalar, 1150000000n)
  })
})
