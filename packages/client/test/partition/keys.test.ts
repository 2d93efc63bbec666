/**
 * Range arithmetic, held to the server's own rule (docs/blockscout-api.md, "Cursors are keys"): a cursor asks
 * for every item whose keys, compared one by one, are strictly below it. A range's start cursor must ask for
 * exactly the items at or below its top, and a walk must stop exactly when no item at or above its bottom is
 * left below its cursor.
 */
import type { KeyRange } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { endpoints } from "../../src/index.ts"
import { hasExtraKeys, isBelow, itemKeyOf, keyValue, startCursor } from "../../src/internal/partition/keys.ts"

const internal = endpoints.internalTransactions.range as KeyRange
const transfers = endpoints.tokenTransfers.range as KeyRange

/** The server's comparison: `a` strictly below `b`, key by key. */
const below = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean => {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) < (b[i] as number)
  }
  return false
}

const key = fc.nat({ max: 40 })
const keys3 = fc.tuple(key, key, key)
const cursorOf = (range: KeyRange, values: ReadonlyArray<number>) =>
  Object.fromEntries(range.cursorKeys.map((name, i) => [name, values[i] as number]))

describe("range arithmetic", () => {
  it("a range's start cursor asks for exactly the items at or below its top", () => {
    fc.assert(
      fc.property(keys3, key, (item, top) => {
        const start = startCursor(internal, top)
        const values = internal.cursorKeys.map((name) => start[name] as number)
        assert.strictEqual(below(item, values), item[0] <= top)
      })
    )
  })

  it("a walk is over exactly when no item at or above its bottom is left below its cursor", () => {
    fc.assert(
      fc.property(keys3, key, (cursor, bottom) => {
        // An item at or above the bottom still below the cursor: the smallest such is (bottom, 0, 0).
        const left = below([bottom, 0, 0], cursor)
        assert.strictEqual(isBelow(internal, cursorOf(internal, cursor), bottom), !left)
      })
    )
  })

  it("reads keys sent as numbers or digits, and nothing else", () => {
    assert.deepStrictEqual([7, "7", "007", -1, 1.5, "7a", "", null, "9".repeat(16)].map(keyValue), [
      7,
      7,
      7,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined
    ])
    assert.isTrue(isBelow(transfers, { block_number: "9", index: "0" }, 9))
    assert.isFalse(isBelow(transfers, { block_number: "9", index: "3" }, 9))
    // No readable first key: never over (the item check decides).
    assert.isFalse(isBelow(transfers, { index: 0 }, 9))
  })

  it("an ERC-1155 batch cursor exactly at the bottom goes one page further (the batch's rest may be there)", () => {
    const batch = { block_number: 9, index: 0, batch_log_index: 0, batch_block_hash: "0x", index_in_batch: 1 }
    assert.isTrue(hasExtraKeys(transfers, batch))
    assert.isFalse(hasExtraKeys(transfers, { block_number: 9, index: 2, items_count: 50 }))
    assert.isFalse(isBelow(transfers, batch, 9))
    assert.isTrue(isBelow(transfers, { block_number: 9, index: 0, items_count: 50 }, 9))
    assert.isTrue(isBelow(transfers, { ...batch, block_number: 8 }, 9))
  })

  it("an item's key is its range's item field; blocks go by height", () => {
    const blocks = endpoints.blocksValidated.range as KeyRange
    assert.strictEqual(itemKeyOf(blocks, { height: 12 }), 12)
    assert.strictEqual(itemKeyOf(transfers, { log_index: 3 }), undefined)
  })

  it("every ranged row's first cursor key is a key its cursors carry", () => {
    for (const row of Object.values(endpoints)) {
      const range = "range" in row ? (row.range as KeyRange | undefined) : undefined
      if (range === undefined) continue
      for (const name of range.cursorKeys) assert.include(row.cursorKeys as ReadonlyArray<string>, name, row.name)
    }
  })
})
