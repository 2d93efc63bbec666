import * as fs from "node:fs"
import * as path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Exit, type Schema } from "effect"
import * as S from "../src/index.ts"
import { decodeBoth, describeExit, mocksDir, sameValue } from "./support.ts"

interface MockFile {
  readonly items: ReadonlyArray<{ readonly name: string; readonly kind: string; readonly value: unknown }>
}

const load = (file: string): MockFile["items"] => {
  const text = fs.readFileSync(path.join(mocksDir, file), "utf8")
  return (JSON.parse(patchPlaceholders(text)) as MockFile).items
}

/**
 * The mocks' UI-only placeholders (their README: `"1"` block hashes, `"0x"` tag addresses) are replaced by
 * well-formed values before decoding; everything else is decoded as captured. The test below checks that the
 * placeholders really are rejected, so this patching cannot hide a lenient schema.
 */
const patchPlaceholders = (text: string) =>
  text
    .replaceAll('"block_hash": "1"', `"block_hash": "0x${"ab".repeat(32)}"`)
    .replaceAll('"address_hash": "0x"', `"address_hash": "0x${"cd".repeat(20)}"`)

// Files holding single objects of one resource. Logs' "pw-test-props" are UI props (a null transaction hash),
// not API shapes, so only the loading stub of logs.json is decoded.
const single: ReadonlyArray<readonly [string, Schema.Codec<unknown, unknown>, (kind: string) => boolean]> = [
  ["transactions.json", S.Transaction as Schema.Codec<unknown, unknown>, () => true],
  ["token_transfers.json", S.TokenTransfer as Schema.Codec<unknown, unknown>, () => true],
  ["blocks.json", S.Block as Schema.Codec<unknown, unknown>, () => true],
  ["internal_transactions.json", S.InternalTransaction as Schema.Codec<unknown, unknown>, () => true],
  ["logs.json", S.Log as Schema.Codec<unknown, unknown>, (kind) => kind === "stub"],
  ["smart_contracts.json", S.SmartContract as Schema.Codec<unknown, unknown>, () => true],
  ["withdrawals.json", S.Withdrawal as Schema.Codec<unknown, unknown>, () => true],
  ["nft_collections.json", S.NftCollection as Schema.Codec<unknown, unknown>, () => true],
  ["token_instances.json", S.TokenInstance as Schema.Codec<unknown, unknown>, () => true],
  ["address_nfts.json", S.TokenInstance as Schema.Codec<unknown, unknown>, () => true],
  ["tokens.json", S.Token as Schema.Codec<unknown, unknown>, () => true],
  ["address_params.json", S.Address as Schema.Codec<unknown, unknown>, () => true]
]

// List responses of our endpoints (the others in list_responses.json are token-balance endpoints).
const lists: Record<string, Schema.Codec<unknown, unknown>> = {
  "mocks/blocks/block.ts#baseListResponse": S.BlocksValidatedResponse as Schema.Codec<unknown, unknown>,
  "mocks/txs/internalTxs.ts#baseResponse": S.InternalTransactionsResponse as Schema.Codec<unknown, unknown>,
  "mocks/withdrawals/withdrawals.ts#data": S.WithdrawalsResponse as Schema.Codec<unknown, unknown>,
  "mocks/contracts/index.ts#baseResponse": S.SmartContractsResponse as Schema.Codec<unknown, unknown>,
  "mocks/tokens/tokenTransfer.ts#mixTokens": S.TokenTransfersResponse as Schema.Codec<unknown, unknown>,
  "mocks/address/tokens.ts#collections": S.NftCollectionsResponse as Schema.Codec<unknown, unknown>
}

describe("Blockscout frontend mocks", () => {
  for (const [file, schema, include] of single) {
    it(`decodes every API object of ${file} with both decoders`, () => {
      const items = load(file).filter((item) => include(item.kind))
      assert.isAbove(items.length, 0)
      for (const item of items) {
        const { slow, fast } = decodeBoth(schema, item.value)
        assert.isTrue(Exit.isSuccess(slow), `${item.name}: ${describeExit(slow)}`)
        assert.isTrue(Exit.isSuccess(fast), `${item.name}: ${describeExit(fast)}`)
        if (Exit.isSuccess(slow) && Exit.isSuccess(fast)) assert.isTrue(sameValue(slow.value, fast.value), item.name)
      }
    })
  }

  it("decodes the list responses of our endpoints", () => {
    const text = patchPlaceholders(fs.readFileSync(path.join(mocksDir, "list_responses.json"), "utf8"))
    const file = JSON.parse(text) as { items: ReadonlyArray<{ name: string; module: string; value: unknown }> }
    let decoded = 0
    for (const item of file.items) {
      const schema = lists[`${item.module}#${item.name}`]
      if (schema === undefined) continue
      const { slow, fast } = decodeBoth(schema, item.value)
      assert.isTrue(Exit.isSuccess(slow), `${item.name}: ${describeExit(slow)}`)
      assert.isTrue(Exit.isSuccess(fast), `${item.name}: ${describeExit(fast)}`)
      decoded++
    }
    assert.strictEqual(decoded, Object.keys(lists).length)
  })

  it("decodes older servers' string block_number and log_index to numbers", () => {
    const [erc20] = load("token_transfers.json")
    const transfer = S.decodeResponseExit(S.TokenTransfer)(erc20?.value)
    assert.isTrue(Exit.isSuccess(transfer))
    if (Exit.isSuccess(transfer)) {
      assert.strictEqual(typeof transfer.value.log_index, "number")
      assert.strictEqual(typeof transfer.value.block_number, "number")
    }
  })

  it("rejects the placeholders that the patching replaces", () => {
    const raw = JSON.parse(fs.readFileSync(path.join(mocksDir, "token_transfers.json"), "utf8")) as MockFile
    const exit = S.decodeResponseExit(S.TokenTransfer)(raw.items[0]?.value)
    assert.isTrue(Exit.isFailure(exit))
  })
})
