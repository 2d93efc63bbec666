import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout } from "../src/index.ts"
import { page, type Recorded, scriptedServer } from "./support/ScriptedServer.ts"
import { address, apiKeyText, fixtures, instanceLayer, proLayer, secretKeyText } from "./support/fixtures.ts"
import { runToFailure } from "./support/streams.ts"

const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })

/** Pages of `size` withdrawals, `count` pages; the cursor is `{ index, items_count }` like E9's. */
const pagedWithdrawals =
  (count: number, size: number, extraCursor: Record<string, string | number> = {}) =>
  (request: Recorded) => {
    const from = Number(request.query.get("index") ?? "0")
    const pageNumber = from / size
    const items = Array.from({ length: size }, (_, i) => withdrawal(from + i))
    const next = pageNumber + 1 < count ? { index: from + size, items_count: 50, ...extraCursor } : null
    return { body: page(items, next) }
  }

describe("pagination", () => {
  it.effect("follows next_page_params to the end, re-sending the filters on every page", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => {
        return {
          body: page(
            fixtures.internalTransactions,
            n < 2 ? { block_number: 100 - n, index: 3, transaction_index: 1 } : null
          )
        }
      })
      const items = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamInternalTransactions(address, { filter: "to" }))
      ).pipe(Effect.provide(proLayer(server.url)))

      assert.strictEqual(items.length, 3 * fixtures.internalTransactions.length)
      assert.strictEqual(server.requests.length, 3)
      for (const request of server.requests) assert.strictEqual(request.query.get("filter"), "to")
      assert.strictEqual(server.requests[1]!.query.get("block_number"), "100")
      assert.strictEqual(server.requests[2]!.query.get("block_number"), "99")
    }).pipe(Effect.scoped)
  )

  it.effect("strips apikey and key echoed into cursors, and sends each credential once", () =>
    Effect.gen(function* () {
      // Servers before 12.0 echoed the caller's credentials into next_page_params.
      const server = yield* scriptedServer(pagedWithdrawals(3, 2, { apikey: apiKeyText, key: secretKeyText }))
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
        Effect.provide(instanceLayer(server.url))
      )
      const list = pages
      assert.strictEqual(list.length, 3)
      for (const p of list) {
        assert.notInclude(JSON.stringify(p.next_page_params ?? {}), "SECRET")
        assert.notInclude(JSON.stringify(p.cursor ?? {}), "SECRET")
      }
      assert.deepStrictEqual(list[1]!.cursor, { index: 2, items_count: 50 })
      for (const request of server.requests) {
        assert.deepStrictEqual(request.query.getAll("apikey"), [apiKeyText])
        assert.deepStrictEqual(request.query.getAll("key"), [secretKeyText])
      }
    }).pipe(Effect.scoped)
  )

  it.effect("pageSize sends items_count on every page, replacing an echoed one", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagedWithdrawals(2, 2))
      yield* Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawals({ pageSize: 2 }))).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.getAll("items_count")),
        [["2"], ["2"]]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("resumes from a cursor: the stream starts at the page that cursor names", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagedWithdrawals(4, 2))
      const pages = yield* Blockscout.use((bs) =>
        Effect.gen(function* () {
          const first = yield* bs.listWithdrawals()
          return yield* Stream.runCollect(bs.streamWithdrawalsPages({ cursor: first.next_page_params! }))
        })
      ).pipe(Effect.provide(proLayer(server.url)))
      const list = pages
      assert.deepStrictEqual(
        list.map((p) => p.items.map((w) => w.index)),
        [
          [2, 3],
          [4, 5],
          [6, 7]
        ]
      )
      assert.deepStrictEqual(list[0]!.cursor, { index: 2, items_count: 50 })
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.get("index")),
        [null, "2", "4", "6"]
      )
    }).pipe(Effect.scoped)
  )

  it.effect(
    "fails with PaginationStalled when a cursor repeats, after emitting the pages before the one that repeats",
    () =>
      Effect.gen(function* () {
        // Page 3 hands back page 2's cursor, every time it is asked.
        const server = yield* scriptedServer((request, n) => ({
          body: page(
            [withdrawal(n)],
            request.query.get("index") === null
              ? { index: 10 }
              : request.query.get("index") === "10"
                ? { index: 20 }
                : { index: 10 }
          )
        }))
        const { emitted, error } = yield* Blockscout.use((bs) => runToFailure(bs.streamWithdrawals())).pipe(
          Effect.provide(proLayer(server.url))
        )
        const seen = emitted.map((w) => w.index)
        assert.strictEqual(error.reason._tag, "PaginationStalled")
        // The page that handed out the repeat (index 20) is held back: its cursor never advanced.
        assert.deepStrictEqual(seen, [0, 1])
        // It was asked once more (and repeated again) before failing.
        assert.deepStrictEqual(
          server.requests.map((r) => r.query.get("index")),
          [null, "10", "20", "20"]
        )
        if (error.reason._tag === "PaginationStalled") assert.deepStrictEqual(error.reason.cursor, { index: 10 })
      }).pipe(Effect.scoped)
  )

  it.effect("Stream.take stops fetching: without prefetch, only the pages needed are requested", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagedWithdrawals(100, 5))
      const taken = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals().pipe(Stream.take(7)))).pipe(
        Effect.provide(proLayer(server.url, { prefetch: 0 }))
      )
      assert.strictEqual(taken.length, 7)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 30)))
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.effect("Stream.take stops fetching: with prefetch, at most one page ahead was asked", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagedWithdrawals(100, 5))
      const taken = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals().pipe(Stream.take(7)))).pipe(
        Effect.provide(proLayer(server.url, { prefetch: 1 }))
      )
      assert.strictEqual(taken.length, 7)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 30)))
      assert.isAtMost(server.requests.length, 3)
    }).pipe(Effect.scoped)
  )

  it.effect("fetches the next page while the consumer works on the current one", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagedWithdrawals(3, 2))
      const requestsSeenAtFirstItem: Array<number> = []
      yield* Blockscout.use((bs) =>
        bs.streamWithdrawals({ pageSize: 2 }).pipe(
          Stream.runForEach((w) =>
            w.index === 0
              ? // Give the prefetch time to run while this item is "processed".
                Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50))).pipe(
                  Effect.andThen(Effect.sync(() => requestsSeenAtFirstItem.push(server.requests.length)))
                )
              : Effect.void
          )
        )
      ).pipe(Effect.provide(proLayer(server.url, { prefetch: 1 })))
      assert.isAtLeast(requestsSeenAtFirstItem[0]!, 2)
    }).pipe(Effect.scoped)
  )

  // `prefetch` is a switch: one page ahead of the one the stream waits for, never more (a number above 1 acts as 1).
  for (const [prefetch, ahead] of [
    [true, 1],
    [false, 0],
    [5, 1],
    [0, 0]
  ] as const) {
    it.live(`prefetch: ${prefetch} asks ${ahead} page(s) ahead of a busy consumer`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(pagedWithdrawals(5, 2))
        let seen = -1
        const items = yield* Blockscout.use((bs) =>
          bs.streamWithdrawals({ pageSize: 2 }).pipe(
            // The consumer is busy with the first item long enough for any prefetch to be sent and answered.
            Stream.tap((w) =>
              w.index === 0
                ? Effect.sleep("60 millis").pipe(Effect.andThen(Effect.sync(() => (seen = server.requests.length))))
                : Effect.void
            ),
            Stream.runCount
          )
        ).pipe(Effect.provide(proLayer(server.url, { prefetch })))
        assert.strictEqual(items, 10)
        assert.strictEqual(seen, 1 + ahead)
      }).pipe(Effect.scoped)
    )
  }

  it.live("a retried page is fetched again alone: the stream neither restarts nor repeats items", () =>
    Effect.gen(function* () {
      const inner = pagedWithdrawals(3, 2)
      const server = yield* scriptedServer((request, n) =>
        n === 1 ? { status: 503, body: { error: "Bad gateway", source: "upstream" } } : inner(request)
      )
      const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(server.url))
      )
      assert.deepStrictEqual(
        items.map((w) => w.index),
        [0, 1, 2, 3, 4, 5]
      )
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.get("index")),
        [null, "2", "2", "4"]
      )
    }).pipe(Effect.scoped)
  )
})
