/**
 * Range arithmetic, held to the server's own rule (docs/blockscout-api.md, "Cursors are keys"): a cursor asks
 * for every item whose keys, compared one by one, are strictly below it. A range's start cursor must ask for
 * exactly the items at or below its top, and a walk must stop exactly when no item at or above its bottom is
 * left below its cursor. A span's split covers it end to end, newest first. One definition serves the client's
 * partitioned streams, its histories and the backfill's plans.
 */
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { endpoints, type KeyRange, KeyRanges } from "../src/index.ts"

const { hasExtraKeys, isBelow, itemKeyOf, keyValue, positionOf, rangeOf, split, startCursor } = KeyRanges

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

  it("a split covers its span end to end, newest first, in at most `parts` ranges a key apart in width", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.nat({ max: 300 }), fc.integer({ min: 1, max: 50 }), (lo, extra, parts) => {
        const hi = lo + extra
        const ranges = split(lo, hi, parts)
        assert.strictEqual(ranges.length, Math.min(parts, extra + 1))
        assert.strictEqual(ranges[0]?.hi, hi)
        assert.strictEqual(ranges[ranges.length - 1]?.lo, lo)
        ranges.forEach((r, i) => {
          assert.isAtMost(r.lo, r.hi)
          if (i > 0) assert.strictEqual(r.hi, (ranges[i - 1]?.lo as number) - 1)
        })
        const widths = ranges.map((r) => r.hi - r.lo + 1)
        assert.isAtMost(Math.max(...widths) - Math.min(...widths), 1)
        // The wider ranges come first (the newest).
        assert.deepStrictEqual(
          widths,
          [...widths].sort((a, b) => b - a)
        )
      })
    )
  })

  it("a split of an empty span has no range; a short span has one range per key", () => {
    assert.deepStrictEqual(split(0, -1, 4), [])
    assert.deepStrictEqual(split(5, 4, 1), [])
    assert.deepStrictEqual(split(7, 9, 8), [
      { lo: 9, hi: 9 },
      { lo: 8, hi: 8 },
      { lo: 7, hi: 7 }
    ])
    assert.deepStrictEqual(split(0, 9, 3), [
      { lo: 6, hi: 9 },
      { lo: 3, hi: 5 },
      { lo: 0, hi: 2 }
    ])
  })

  it("a cursor's position is its first key; a row's ranges are a paged row's `range`", () => {
    assert.strictEqual(positionOf(transfers, { block_number: "12", index: 3 }), 12)
    assert.isUndefined(positionOf(transfers, { index: 3 }))
    assert.strictEqual(rangeOf(endpoints.tokenTransfers), transfers)
    assert.isUndefined(rangeOf(endpoints.mainPageTransactions))
    // Only the cursor keys are read: a list ranged by a history alone passes its keys.
    assert.deepStrictEqual(startCursor({ cursorKeys: ["block_number", "index"] }, 41), { block_number: 42, index: 0 })
  })

  it("a filter value the row's `unless` names rules its ranges out, however the value is given", () => {
    const transactions = endpoints.transactions.range as KeyRange
    const blocks = endpoints.blocks.range as KeyRange
    assert.deepStrictEqual(KeyRanges.ruledOut(transactions, { filter: "pending" }), {
      filter: "filter",
      value: "pending"
    })
    assert.isUndefined(KeyRanges.ruledOut(transactions, { filter: "validated" }))
    assert.isUndefined(KeyRanges.ruledOut(transactions, {}))
    assert.deepStrictEqual(KeyRanges.ruledOut(blocks, { type: ["block", "uncle"] }), {
      filter: "type",
      value: "block,uncle"
    })
    assert.deepStrictEqual(KeyRanges.ruledOut(blocks, { type: "block,reorg" }), {
      filter: "type",
      value: "block,reorg"
    })
    assert.isUndefined(KeyRanges.ruledOut(blocks, { type: "block" }))
    // A rule without values: any value of the filter rules the ranges out.
    const any: KeyRange = { ...transactions, unless: [{ filter: "sort" }] }
    assert.deepStrictEqual(KeyRanges.ruledOut(any, { sort: "fee" }), { filter: "sort", value: "fee" })
  })

  it("every ranged row's first cursor key is a key its cursors carry", () => {
    for (const row of Object.values(endpoints)) {
      const range = "range" in row ? (row.range as KeyRange | undefined) : undefined
      if (range === undefined) continue
      for (const name of range.cursorKeys) assert.include(row.cursorKeys as ReadonlyArray<string>, name, row.name)
    }
  })
})
