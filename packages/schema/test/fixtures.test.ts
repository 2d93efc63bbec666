import { assert, describe, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { decodeBoth, describeExit, fixtureResources, loadFixtures, sameValue, toWire } from "./support.ts"

// One schema per resource; fixtures/<name>.json holds objects of every spec family in both modes.
const resources = fixtureResources

// Keys the schemas read under another name (old server versions, the API doc vs the servers).
const renamed: Record<string, string> = {
  tx_types: "transaction_types",
  tx_tag: "transaction_tag",
  has_error_in_internal_txs: "has_error_in_internal_transactions",
  holders: "holders_count",
  "indexed?": "indexed"
}

/**
 * Whether re-encoded wire JSON says the same as the original: every key written back carries the original's
 * value, allowing for the documented normalisations (integers written in the API doc's wire type, timestamps with
 * milliseconds, renamed keys, uncle hashes as strings).
 */
const sameWire = (encoded: unknown, original: unknown): boolean => {
  if (encoded === original) return true
  if (typeof encoded === "string" && typeof original === "string") {
    return !Number.isNaN(Date.parse(encoded)) && Date.parse(encoded) === Date.parse(original)
  }
  if ((typeof encoded === "number" || typeof encoded === "string") && typeof original !== "object") {
    return String(encoded) === String(original) || Number(encoded) === Number(original)
  }
  if (typeof encoded === "string" && typeof original === "object" && original !== null && "hash" in original) {
    return encoded === (original as { hash: unknown }).hash
  }
  if (Array.isArray(encoded) && Array.isArray(original)) {
    return encoded.length === original.length && encoded.every((x, i) => sameWire(x, original[i]))
  }
  if (typeof encoded === "object" && encoded !== null && typeof original === "object" && original !== null) {
    const o = original as Record<string, unknown>
    return Object.entries(encoded).every(([key, value]) => {
      const source = key in o ? o[key] : o[Object.keys(renamed).find((old) => renamed[old] === key) ?? "address"]
      return sameWire(value, source)
    })
  }
  return false
}

describe("fixtures built from the OpenAPI specs", () => {
  for (const [name, schema] of Object.entries(resources)) {
    const fixtures = loadFixtures(name)
    describe(name, () => {
      it("has fixtures from both families", () => {
        const keys = Object.keys(fixtures)
        assert.isTrue(
          keys.some((k) => k.startsWith("instance-")),
          keys.join()
        )
        assert.isTrue(
          keys.some((k) => k.startsWith("pro")),
          keys.join()
        )
      })
      for (const [key, fixture] of Object.entries(fixtures)) {
        it(`decodes ${key}, with the same value from both decoders`, () => {
          const { slow, fast } = decodeBoth(schema as Schema.Codec<unknown, unknown>, fixture)
          assert.isTrue(Exit.isSuccess(slow), describeExit(slow))
          assert.isTrue(Exit.isSuccess(fast), describeExit(fast))
          if (Exit.isSuccess(slow) && Exit.isSuccess(fast)) assert.isTrue(sameValue(slow.value, fast.value))
        })
        it(`re-encodes ${key} to the same wire values, which decode to the same value`, () => {
          const codec = schema as Schema.Codec<unknown, unknown>
          const decoded = Schema.decodeUnknownSync(codec)(fixture)
          const wire = toWire(Schema.encodeSync(codec)(decoded))
          assert.isTrue(sameWire(wire, fixture), JSON.stringify(wire))
          assert.isTrue(sameValue(Schema.decodeUnknownSync(codec)(wire), decoded))
        })
      }
    })
  }

  it("decodes fixtures wrapped in their endpoints' response envelopes", () => {
    const page = (resource: string) => ({
      items: Object.values(loadFixtures(resource)),
      next_page_params: { block_number: 1, index: 2, items_count: 50 }
    })
    const cases: ReadonlyArray<readonly [Schema.Codec<unknown, unknown>, unknown]> = [
      [S.TokenTransfersResponse, page("TokenTransfer")],
      [S.TokenInstanceTransfersResponse, { ...page("TokenTransfer"), next_page_params: { token_id: "4", index: 1 } }],
      [S.MainPageTransactionsResponse, Object.values(loadFixtures("Transaction"))],
      [S.TransactionsResponse, page("Transaction")],
      [S.TransactionLogsResponse, page("Log")],
      [S.BlocksValidatedResponse, page("Block")],
      [S.SmartContractsResponse, page("SmartContract")],
      [S.WithdrawalsResponse, page("Withdrawal")],
      [S.NftCollectionsResponse, { ...page("NftCollection"), next_page_params: null }],
      [S.InternalTransactionsResponse, page("InternalTransaction")],
      [S.AddressWithdrawalsResponse, page("Withdrawal")]
    ]
    for (const [schema, body] of cases) {
      const { slow, fast } = decodeBoth(schema, body)
      assert.isTrue(Exit.isSuccess(slow), describeExit(slow))
      assert.isTrue(Exit.isSuccess(fast), describeExit(fast))
    }
  })
})
