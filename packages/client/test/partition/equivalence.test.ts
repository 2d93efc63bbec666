/**
 * Partitioned streams give exactly the sequential stream's items: for every row of the endpoints table that
 * has a `range`, in both families, in chain order (the same items in the same order) and in arrival order
 * (the same items, each once), over the whole history and over a span, with the span cut in parts, and
 * through injected faults and 429s.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import fc from "fast-check"
import { sameValue } from "../../../schema/test/support.ts"
import {
  Blockscout,
  type EndpointArgs,
  type Family,
  type PartitionOptions,
  type PartitionProgress
} from "../../src/index.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, itemText, keyOf, type RangedRow, rangedRows, simulator } from "./support.ts"

const sim = simulator()
const rows = rangedRows(sim)
const families: ReadonlyArray<Family> = ["pro", "instance"]

const collect = (row: RangedRow, args: EndpointArgs) =>
  Blockscout.use((bs) => Stream.runCollect(bs.stream(row.name, { ...row.args, ...args })))

/** The sequential stream's items, the oracle every partitioned run is held to. */
const sequential = (row: RangedRow, family: Family) => collect(row, {}).pipe(Effect.provide(clientLayer(sim, family)))

describe("a partitioned stream gives the sequential stream's items", () => {
  it("covers the ranged rows of the table", () => {
    assert.deepStrictEqual(
      rows.map((row) => row.name),
      [
        "tokenTransfers",
        "tokenInstanceTransfers",
        "transactions",
        "blocksValidated",
        "withdrawals",
        "internalTransactions",
        "addressWithdrawals",
        "addressTokenTransfers",
        "addressLogs",
        "addressCoinBalanceHistory",
        "blocks",
        "chainInternalTransactions",
        "tokenTransfersByToken"
      ]
    )
  })

  for (const family of families) {
    for (const row of rows) {
      it.effect(`${family} ${row.name}: the whole history, chain order: the same items in the same order`, () =>
        Effect.gen(function* () {
          const expected = yield* sequential(row, family)
          const got = yield* collect(row, { partition: { concurrency: 4 } }).pipe(
            Effect.provide(clientLayer(sim, family))
          )
          assert.isAbove(expected.length, 0)
          assert.strictEqual(got.length, expected.length)
          assert.isTrue(sameValue(got, expected), "item for item")
        })
      )

      it.effect(`${family} ${row.name}: arrival order: the same items, each once`, () =>
        Effect.gen(function* () {
          const expected = (yield* sequential(row, family)).map(itemText).sort()
          const got = yield* collect(row, { partition: { order: "arrival", concurrency: 6 } }).pipe(
            Effect.provide(clientLayer(sim, family))
          )
          assert.deepStrictEqual(got.map(itemText).sort(), expected)
        })
      )

      it.effect(`${family} ${row.name}: a span cut in parts: exactly the items of the span, in order`, () =>
        Effect.gen(function* () {
          const all = yield* sequential(row, family)
          const keys = all.map((item) => keyOf(row, item))
          // A span inside the history, with bounds on keys that hold items (cut exactly there).
          const top = keys[Math.floor(keys.length / 5)] as number
          const bottom = keys[Math.floor((keys.length * 3) / 4)] as number
          const span: PartitionOptions =
            row.key === "index"
              ? { fromIndex: bottom, toIndex: top, parts: 7 }
              : { fromBlock: bottom, toBlock: top, parts: 7 }
          const expected = all.filter((item) => keyOf(row, item) >= bottom && keyOf(row, item) <= top)
          const got = yield* collect(row, { partition: span }).pipe(Effect.provide(clientLayer(sim, family)))
          assert.isAbove(expected.length, 0)
          assert.isTrue(sameValue(got, expected), `${got.length} items, ${expected.length} expected`)
        })
      )
    }
  }

  for (const family of families) {
    it.effect(
      `${family}: through faults (5xx, dropped and cut connections) and a server limit: nothing lost or repeated`,
      () =>
        Effect.gen(function* () {
          const faulty = simulator({ faults: { rate: 0.15 }, rateLimit: { limit: 8, windowMillis: 1000 } })
          for (const row of rangedRows(faulty)) {
            const clean = yield* collect(row, {}).pipe(Effect.provide(clientLayer(sim, family)))
            const got = yield* driven(
              collect(row, { partition: { concurrency: 5 } }).pipe(
                Effect.provide(clientLayer(faulty, family, { rateLimit: {} }))
              )
            )
            assert.isTrue(sameValue(got, clean), `${family} ${row.name}`)
          }
          const statuses = faulty.requests.map((request) => request.status)
          assert.isTrue(
            statuses.some((status) => status >= 500),
            "faults were injected"
          )
        }),
      // Twelve rows twice each through virtual time: a few seconds of CPU on a loaded machine.
      30_000
    )
  }

  it.effect(
    "any span, any parts, any concurrency, either order: exactly the span's items (token transfers)",
    () =>
      Effect.gen(function* () {
        // Token transfers: ERC-1155 batches split across pages put batch keys in cursors, at any boundary.
        const row = rows.find((r) => r.name === "tokenTransfers") as RangedRow
        const all = yield* sequential(row, "pro")
        const top = keyOf(row, all[0])
        const cases = fc.sample(
          fc.record({
            a: fc.nat({ max: top }),
            b: fc.nat({ max: top }),
            parts: fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
            concurrency: fc.integer({ min: 1, max: 9 }),
            order: fc.constantFrom("chain" as const, "arrival" as const)
          }),
          { numRuns: 25, seed: 10 }
        )
        for (const { a, b, parts, concurrency, order } of cases) {
          const [fromBlock, toBlock] = a <= b ? [a, b] : [b, a]
          const expected = all.filter((item) => keyOf(row, item) >= fromBlock && keyOf(row, item) <= toBlock)
          const got = yield* collect(row, { partition: { fromBlock, toBlock, parts, concurrency, order } }).pipe(
            Effect.provide(clientLayer(sim, "pro"))
          )
          const what = JSON.stringify({ fromBlock, toBlock, parts, concurrency, order })
          if (order === "chain") assert.isTrue(sameValue(got, expected), what)
          else assert.deepStrictEqual(got.map(itemText).sort(), expected.map(itemText).sort(), what)
        }
      }),
    // 25 partitioned runs through virtual time: a few seconds of CPU, more on a loaded machine.
    30_000
  )

  it.effect("a range whose bottom splits an ERC-1155 batch across pages keeps the batch's rest", () =>
    Effect.gen(function* () {
      // This chain has a page ending inside a batch at log index 0 of its block: its next cursor is exactly the
      // start cursor of the block below, plus batch keys. A range ending at that block goes one page further.
      const batched = simulator({ seed: 2 })
      const layer = clientLayer(batched, "pro")
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamTokenTransfersPages())).pipe(
        Effect.provide(layer)
      )
      const at = pages.findIndex((page) => {
        const next = page.next_page_params
        return next !== null && "batch_log_index" in next && next.index === 0
      })
      assert.isAtLeast(at, 1, "the chain has such a page")
      const split = pages[at] as (typeof pages)[number]
      const bottom = Number(split.next_page_params?.block_number)
      // Resume a range [bottom, the top] at that page's cursor, and the range below it.
      const progress: PartitionProgress = {
        version: 1,
        endpoint: "tokenTransfers",
        request: "/token-transfers",
        dimension: "block",
        ranges: [
          { from: bottom, to: null, cursor: split.cursor, done: false },
          { from: 0, to: bottom - 1, done: false }
        ]
      }
      const got = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamTokenTransfers({ partition: { resume: progress, concurrency: 2 } }))
      ).pipe(Effect.provide(layer))
      assert.isTrue(
        sameValue(
          got,
          pages.slice(at).flatMap((page) => page.items)
        )
      )
    })
  )

  it.effect("through 429s of a server stricter than the client's pacing: retried, nothing lost or repeated", () =>
    Effect.gen(function* () {
      // The client does not pace (nor read the budget headers); the server allows 6 a second: the surplus is
      // answered 429 and retried after the reset the server names.
      const strict = simulator({ rateLimit: { limit: 6, windowMillis: 1000 } })
      const row = rows.find((r) => r.name === "tokenTransfers") as RangedRow
      const clean = yield* sequential(row, "pro")
      const got = yield* driven(
        collect(row, { partition: { concurrency: 8 } }).pipe(
          Effect.provide(
            clientLayer(strict, "pro", { rateLimit: false, retry: { times: 20, base: "50 millis", max: "1 second" } })
          )
        )
      )
      assert.isTrue(
        strict.requests.some((request) => request.status === 429),
        "429s were answered"
      )
      assert.isTrue(sameValue(got, clean))
    })
  )
})
