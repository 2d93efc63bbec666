/**
 * The tally's incomplete ranges stay bounded whatever a server says (a checkpoint carries them): a server
 * flipping every page between complete and not gives at most `maxIncompleteRanges` ranges, which still cover
 * every block of every page it said was incomplete.
 */
import { assert, describe, it } from "@effect/vitest"
import { emptyTally } from "../../src/index.ts"
import { countMeta, maxIncompleteRanges } from "../../src/internal/history/tally.ts"

describe("the tally's incomplete ranges", () => {
  it("stay bounded and cover every page said to be incomplete", () => {
    let tally = emptyTally
    const pending: Array<number> = []
    // 3,000 one-block pages, newest first; every other one says it is incomplete.
    for (let block = 10_000; block > 7_000; block--) {
      const incomplete = block % 2 === 0
      if (incomplete) pending.push(block)
      tally = countMeta(
        tally,
        incomplete ? { status: 2, message: "not yet" } : { status: 1, message: null },
        [{ block_number: block }],
        { from: block, to: 0 }
      )
    }
    assert.isTrue(tally.metaSeen)
    assert.isAtMost(tally.incomplete.length, maxIncompleteRanges)
    assert.isAbove(tally.incomplete.length, maxIncompleteRanges / 2)
    for (const block of pending) {
      assert.isTrue(
        tally.incomplete.some((range) => range.from >= block && range.to <= block),
        `block ${block}`
      )
    }
    // Newest first, not overlapping.
    tally.incomplete.forEach((range, i) => {
      const next = tally.incomplete[i + 1]
      if (next !== undefined) assert.isTrue(next.from < range.to, JSON.stringify([range, next]))
    })
  })
})
