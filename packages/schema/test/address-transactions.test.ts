/**
 * `AddressTransactionsResponse` leaves out the block-reward pseudo-items that servers 5.0 and 5.1 put among a
 * validator's transactions on chains with emission funds (`transaction_view.ex`, `prepare_transaction` of an
 * `{emission_reward, validator_reward}` pair), with both decoders, and nothing else.
 */
import { assert, describe, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import * as S from "../src/index.ts"
import { compileFast, invalid } from "../src/internal/compile.ts"
import { decodeBoth, describeExit, loadFixtures, sameValue } from "./support.ts"

const transactions = Object.values(loadFixtures("Transaction")).slice(0, 2)
const address = (hash: string) => ({ hash, implementations: [], is_contract: false, name: null })

/** The pseudo-item as the 5.0/5.1 view wrote it: no `hash`, the reward in wei as a string. */
const reward = {
  emission_reward: "1000000000000000000",
  block_hash: `0x${"12".repeat(32)}`,
  from: address("0x0000000000000000000000000000000000000001"),
  to: address("0x0000000000000000000000000000000000000002"),
  types: ["reward"]
}

const page = (items: ReadonlyArray<unknown>) => ({ items, next_page_params: { block_number: 5, index: 0 } })

describe("address transaction lists and reward pseudo-items", () => {
  it("drops the pseudo-items, keeps every transaction in order and the cursor, with both decoders", () => {
    const body = page([reward, transactions[0], reward, transactions[1]])
    const { slow, fast } = decodeBoth(S.AddressTransactionsResponse, body)
    assert.isTrue(Exit.isSuccess(slow), describeExit(slow))
    assert.isTrue(Exit.isSuccess(fast), describeExit(fast))
    const plain = Schema.decodeUnknownSync(S.TransactionsResponse)(page(transactions))
    if (Exit.isSuccess(slow) && Exit.isSuccess(fast)) {
      assert.isTrue(sameValue(slow.value, plain))
      assert.isTrue(sameValue(fast.value, plain))
      assert.strictEqual(fast.value.items.length, 2)
    }
    // The fast path handles it: no fallback to Effect's decoder.
    assert.notStrictEqual(compileFast(S.AddressTransactionsResponse.ast)?.(body), invalid)
  })

  it("a page of pseudo-items only is an empty page that keeps its cursor", () => {
    const decoded = Schema.decodeUnknownSync(S.AddressTransactionsResponse)(page([reward, reward]))
    assert.deepStrictEqual(decoded.items, [])
    assert.deepStrictEqual(decoded.next_page_params, { block_number: 5, index: 0 })
  })

  it("drops nothing else: an item with a hash that is no transaction still fails", () => {
    const { slow, fast } = decodeBoth(
      S.AddressTransactionsResponse,
      page([{ ...reward, hash: `0x${"34".repeat(32)}` }])
    )
    assert.isTrue(Exit.isFailure(slow))
    assert.isTrue(Exit.isFailure(fast))
  })

  it("the other lists of transactions do not drop them", () => {
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(S.TransactionsResponse)(page([reward]))))
  })
})
