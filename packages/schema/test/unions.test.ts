import { assert, describe, it } from "@effect/vitest"
import { Cause, Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { loadFixtures, sameValue } from "./support.ts"

// A union never degrades silently: a member must not match an object that carries another member's
// identifying key, and the error points into the member the object's keys select.

const transfer = loadFixtures("TokenTransfer")["instance-v11/full"] as Record<string, unknown>
const instance = { id: "8520", is_unique: true, owner: null }

/** The DecodeError of a failed decode through both decoders (asserting both fail). */
const failure = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(schema)(input)), "Effect's decoder fails too")
  const exit = S.decodeResponseExit(schema)(input)
  if (Exit.isSuccess(exit)) return assert.fail(`decoded: ${JSON.stringify(exit.value, (_, v) => String(v))}`)
  return Cause.squash(exit.cause) as S.DecodeError
}
const success = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown): S["Type"] => {
  const fast = S.decodeResponseExit(schema)(input)
  const slow = Schema.decodeUnknownExit(schema)(input)
  if (Exit.isFailure(fast) || Exit.isFailure(slow)) return assert.fail(String(Exit.isFailure(fast) ? fast.cause : ""))
  assert.isTrue(sameValue(fast.value, slow.value))
  return fast.value
}

describe("token transfer totals", () => {
  it("an ERC-1155 total whose instance fails its checks is an error there, never an ERC-20 amount", () => {
    const total = { token_id: "8520", value: "3", decimals: null, token_instance: { ...instance, id: "not a number" } }
    const error = failure(S.TokenTransfer, { ...transfer, total })
    assert.deepStrictEqual(error.path, ["total", "token_instance", "id"])
    assert.strictEqual(error.resource, "TokenInstance")
  })

  it("an ERC-1155 total with a bad value reports the value, not the NFT member's missing keys", () => {
    const error = failure(S.TokenTransfer, { ...transfer, total: { token_id: "1", value: "1.5", decimals: "0" } })
    assert.deepStrictEqual(error.path, ["total", "value"])
  })

  it("an ERC-721 total with a bad token id is an error, not a fungible amount", () => {
    const error = failure(S.TokenTransfer, { ...transfer, total: { token_id: "x", token_instance: null } })
    assert.deepStrictEqual(error.path, ["total", "token_id"])
  })

  it("no member takes another's identifying key", () => {
    for (const total of [
      { value: "1", decimals: "18", token_instance: null },
      { token_id: "1", decimals: "0" }
    ]) {
      failure(S.TokenTransferTotal, total)
    }
    failure(S.TotalFungible, { value: "1", decimals: "18", token_id: "1" })
    failure(S.TotalNft, { token_id: "1", value: "1" })
  })

  it("each shape decodes to its own member, narrowed by its keys", () => {
    const fungible = success(S.TokenTransferTotal, { value: "1000", decimals: "6" })
    const nft = success(S.TokenTransferTotal, { token_id: "8520", token_instance: instance })
    const multi = success(S.TokenTransferTotal, { token_id: "7", value: "3", decimals: null, token_instance: null })
    const describe = (total: S.TokenTransferTotal): string =>
      "token_id" in total
        ? "value" in total
          ? `multi ${total.token_id}x${total.value}`
          : `nft ${total.token_id}`
        : `amount ${total.value}`
    assert.deepStrictEqual([fungible, nft, multi].map(describe), ["amount 1000", "nft 8520", "multi 7x3"])
  })
})

describe("other unions", () => {
  it("revert reasons: raw data never swallows a decoded error's keys", () => {
    const decoded = { method_call: "Error(string)", method_id: "08c379a0", parameters: [] }
    assert.deepStrictEqual(success(S.RevertReason, decoded), decoded)
    assert.deepStrictEqual(success(S.RevertReason, { raw: "0x08c379a0" }), { raw: "0x08c379a0" })
    assert.strictEqual(success(S.RevertReason, "out of gas"), "out of gas")
    const error = failure(S.RevertReason, {
      method_call: "Error(string)",
      method_id: "08c379a0",
      parameters: [{ name: 5 }]
    })
    assert.deepStrictEqual(error.path, ["parameters", 0, "name"])
    failure(S.RevertReason, { raw: "0x", parameters: [] })
  })

  it("address metadata: a { tags } object with a bad tag is an error, not a silent null", () => {
    const address = {
      hash: "0x394c399dbA25B99Ab7708EdB505d755B3aa29997",
      name: null,
      is_contract: null,
      is_verified: null
    }
    const error = failure(S.Address, { ...address, metadata: { tags: [{ slug: "x", name: "X", tagType: "name" }] } })
    assert.deepStrictEqual(error.path, ["metadata", "tags", 0, "ordinal"])
    // Objects the per-instance docs spec allows (a bare `type: object`) still decode, to null.
    assert.isNull(success(S.Address, { ...address, metadata: { slug: "x" } }).metadata)
    assert.isNull(success(S.Address, { ...address, metadata: {} }).metadata)
  })

  it("EIP-7702 authority: an address, or null for the empty string the server writes when it cannot recover it", () => {
    const auth = {
      address_hash: "0x394c399dbA25B99Ab7708EdB505d755B3aa29997",
      chain_id: 1,
      nonce: "0",
      r: "1",
      s: "2",
      v: 0
    }
    assert.isNull(success(S.SignedAuthorization, { ...auth, authority: "" }).authority)
    assert.isNull(success(S.SignedAuthorization, { ...auth, authority: null }).authority)
    assert.strictEqual(success(S.SignedAuthorization, { ...auth, authority: auth.address_hash }).chain_id, 1n)
    failure(S.SignedAuthorization, { ...auth, authority: "0x12" })
  })
})
