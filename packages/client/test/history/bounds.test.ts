/**
 * What a history holds stays bounded whatever a server says: the tally's incomplete ranges (a checkpoint carries
 * them; a server flipping every page between complete and not gives at most `maxIncompleteRanges`, which still
 * cover every block it said was incomplete), and the entries the merge holds while a block is not complete.
 */
import type { NextPageParams } from "@blockscout-effect/schema"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "../../src/index.ts"
import { emptyTally } from "../../src/History.ts"
import { merge } from "../../src/internal/history/merge.ts"
import { countMeta, maxIncompleteRanges } from "../../src/internal/history/tally.ts"
import { fixtures } from "../support/fixtures.ts"
import { scriptedServer } from "../support/ScriptedServer.ts"
import { subject } from "./support/ledger.ts"
import { historyClient } from "./support/client.ts"

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

describe("the merge's memory", () => {
  it.effect("a list that never leaves its block fails with ResponseTooLarge at the bound, not an endless hold", () =>
    Effect.gen(function* () {
      // Every page: 20 transactions of block 5, with a cursor that advances (as a hostile server could).
      const server = yield* scriptedServer((request) => {
        const page = Number(request.query.get("index") ?? "0")
        return request.path.endsWith("/transactions")
          ? {
              body: {
                items: Array.from({ length: 20 }, (_, i) => ({
                  ...(fixtures.transactions[0] as object),
                  hash: `0x${(page * 100 + i).toString(16).padStart(64, "0")}`,
                  block_number: 5,
                  position: 1_000_000 - page * 100 - i
                })),
                next_page_params: { block_number: 5, index: page + 1 }
              }
            }
          : { body: { items: [], next_page_params: null } }
      })
      const error = yield* Effect.gen(function* () {
        const bs = yield* Blockscout
        const pages = (cursor: NextPageParams | undefined) =>
          bs.pages("addressTransactions", { address: subject, ...(cursor === undefined ? {} : { cursor }) })
        return yield* Stream.runCollect(
          merge({
            address: subject,
            fromBlock: 0,
            toBlock: undefined,
            frontier: null,
            lookup: () => Effect.die("no lookup expected"),
            request: "test",
            sources: [{ kind: "transaction", endpoint: "addressTransactions", pages }],
            resume: undefined,
            tally: emptyTally,
            finish: undefined,
            maxHeld: 200
          })
        )
      }).pipe(Effect.provide(historyClient(server.url, FetchHttpClient.layer)), Effect.flip)
      assert.strictEqual(error.reason._tag, "ResponseTooLarge")
      assert.include(error.reason.message, "still at block 5")
      // It stopped at the bound: about 200 / 20 pages asked, not an endless walk.
      assert.isAtMost(server.requests.length, 14)
    }).pipe(Effect.scoped)
  )
})
