/**
 * Nothing lost or repeated when a server contradicts itself, and nothing that grows or runs forever: a page
 * is emitted only once its cursor is known to advance (a stale replica never makes a stream emit an earlier
 * page again), a run of empty pages with fresh cursors ends in `PaginationStalled`, and the cursors a stream
 * remembers stay bounded however long it runs, while a loop longer than that memory is still caught. Cursor
 * values go back exactly as the server wrote them, digits beyond 2^53 included.
 */
import { assert, describe, it } from "@effect/vitest"
import type { NextPageParams } from "@blockscout-effect/schema"
import { Effect, Layer, Redacted, Schema, Stream } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { Blockscout, PartitionProgressSchema } from "../../src/index.ts"
import { defaultWindow, makeHistory } from "../../src/internal/pagination/history.ts"
import { maxEmptyPages } from "../../src/internal/pagination/recover.ts"
import { page, scriptedServer } from "../support/ScriptedServer.ts"
import { hostileApiKey, instanceClient, quick, withdrawal } from "./support.ts"
import { runToFailure } from "../support/streams.ts"

const indexes = <A extends { readonly index: number }>(items: ReadonlyArray<A>) => items.map((w) => w.index)

describe("a server that contradicts itself", () => {
  for (const prefetch of [true, false]) {
    it.live(`a stale replica answering page 2 with page 1 once: [1,2,3,4], not [1,2,1,2] (prefetch ${prefetch})`, () =>
      Effect.gen(function* () {
        let stale = true
        const server = yield* scriptedServer((request) => {
          if (request.query.get("index") === null) return { body: page([withdrawal(1), withdrawal(2)], { index: 2 }) }
          // Behind the load balancer, the first answer for index=2 comes from a replica still serving page 1.
          if (stale) {
            stale = false
            return { body: page([withdrawal(1), withdrawal(2)], { index: 2 }) }
          }
          return { body: page([withdrawal(3), withdrawal(4)]) }
        })
        const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { prefetch }))
        )
        assert.deepStrictEqual(indexes(items), [1, 2, 3, 4])
        assert.deepStrictEqual(
          server.requests.map((r) => r.query.get("index")),
          [null, "2", "2"]
        )
      }).pipe(Effect.scoped)
    )

    it.live(`a page that repeats its cursor twice is never emitted (prefetch ${prefetch})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((request) =>
          request.query.get("index") === null
            ? { body: page([withdrawal(1), withdrawal(2)], { index: 2 }) }
            : { body: page([withdrawal(1), withdrawal(2)], { index: 2 }) }
        )
        const run = yield* Blockscout.use((bs) => runToFailure(bs.streamWithdrawalsPages())).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { prefetch }))
        )
        const error = run.error
        const emitted = run.emitted.flatMap((p) => indexes(p.items))
        assert.strictEqual(error.reason._tag, "PaginationStalled")
        assert.deepStrictEqual(emitted, [1, 2], "the held page was not emitted")
        if (error.reason._tag === "PaginationStalled") {
          assert.deepStrictEqual(error.reason.cursor, { index: 2 })
          assert.isUndefined(error.reason.emptyPages)
        }
      }).pipe(Effect.scoped)
    )
  }

  it.live(`a run of ${maxEmptyPages} empty pages with fresh cursors ends in PaginationStalled`, () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => {
        const at = Number(request.query.get("index") ?? "0")
        return { body: page(at === 0 ? [withdrawal(0)] : [], { index: at + 1 }) }
      })
      const error = yield* Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawals())).pipe(
        Effect.provide(instanceClient(server.url, "fetch", { prefetch: false })),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "PaginationStalled")
      if (error.reason._tag === "PaginationStalled") {
        assert.strictEqual(error.reason.emptyPages, maxEmptyPages)
        assert.deepStrictEqual(error.reason.cursor, { index: maxEmptyPages + 1 })
      }
      assert.include(error.message, `${maxEmptyPages} empty pages in a row`)
      assert.strictEqual(server.requests.length, 1 + maxEmptyPages)
    }).pipe(Effect.scoped)
  )

  it.live(`${maxEmptyPages - 1} empty pages, then items: the walk goes on (the count restarts)`, () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => {
        const at = Number(request.query.get("index") ?? "0")
        const full = at % maxEmptyPages === 0
        return { body: page(full ? [withdrawal(at)] : [], at < 3 * maxEmptyPages ? { index: at + 1 } : null) }
      })
      const items = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(instanceClient(server.url, "fetch"))
      )
      assert.deepStrictEqual(indexes(items), [0, maxEmptyPages, 2 * maxEmptyPages, 3 * maxEmptyPages])
    }).pipe(Effect.scoped)
  )
})

/**
 * An in-process `HttpClient` (a function, no sockets, so thousands of pages run in a moment): withdrawals
 * whose cursor after `index` is `next(index)`, one item a page.
 */
const cycling = (next: (index: number) => number | null) => {
  let requests = 0
  const http = HttpClient.make((request, url) =>
    Effect.sync(() => {
      requests++
      const at = Number(url.searchParams.get("index") ?? "0")
      const following = next(at)
      const body = JSON.stringify(page([withdrawal(at)], following === null ? null : { index: following }))
      return HttpClientResponse.fromWeb(
        request,
        new Response(body, { headers: { "content-type": "application/json" } })
      )
    })
  )
  const layer = Blockscout.layerInstance({
    baseUrl: "http://in-process.test",
    apiKey: Redacted.make(hostileApiKey),
    ...quick,
    prefetch: false
  }).pipe(Layer.provide(Layer.succeed(HttpClient.HttpClient, http)))
  return { layer, requests: () => requests }
}

describe("bounded memory for long streams", () => {
  it.effect("the cursor history holds at most its window, however many cursors pass", () =>
    Effect.sync(() => {
      const history = makeHistory("")
      for (let i = 0; i < 100_000; i++) {
        const key = `index=${i}`
        assert.isFalse(history.has(key), `a fresh cursor is not taken for a repeat (${i})`)
        history.add(key)
      }
      assert.isAtMost(history.size(), defaultWindow)
      // A recent cursor is still known; a cursor from long ago is left to the loop check.
      assert.isTrue(history.has("index=99999"))
    })
  )

  it.effect(
    `a loop longer than the window (${defaultWindow + 476} pages) is caught within about twice its length`,
    () =>
      Effect.gen(function* () {
        const period = defaultWindow + 476
        const { layer, requests } = cycling((at) => (at + 1) % period)
        const error = yield* Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawals())).pipe(
          Effect.provide(layer),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "PaginationStalled")
        assert.isAtMost(requests(), 3 * period, "caught within a few periods")
        assert.isAbove(requests(), period, "not before the loop closed")
      })
  )

  it.effect("a long stream of fresh cursors is never taken for a loop (10,000 pages)", () =>
    Effect.gen(function* () {
      const { layer, requests } = cycling((at) => (at + 1 < 10_000 ? at + 1 : null))
      const count = yield* Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(Effect.provide(layer))
      assert.strictEqual(count, 10_000)
      assert.strictEqual(requests(), 10_000)
    })
  )
})

describe("cursor values sent back exactly as the server wrote them", () => {
  it.live("an integer above 2^53 and a long decimal are not rounded on the way back", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.query.get("index") === null
          ? {
              body: `{"items":[${JSON.stringify(withdrawal(1))}],"next_page_params":{"block_number":9007199254740993,"index":123456789012345678901234567}}`
            }
          : { body: page([withdrawal(2)]) }
      )
      for (const prefetch of [true, false]) {
        const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { prefetch }))
        )
        assert.deepStrictEqual(pages[0]!.next_page_params, {
          block_number: "9007199254740993",
          index: "123456789012345678901234567"
        })
      }
      for (const request of server.requests.filter((r) => r.query.get("index") !== null)) {
        assert.strictEqual(request.query.get("block_number"), "9007199254740993")
        assert.strictEqual(request.query.get("index"), "123456789012345678901234567")
      }
      assert.strictEqual(server.requests.length, 4, "no request from a rounded cursor, prefetched or early")
    }).pipe(Effect.scoped)
  )

  // Every number as the server wrote it, whatever JavaScript would make of it (the schema's one rule).
  const written = { a: "1.000000000000000000001", b: "-0", c: "1e21", d: "1E-7", e: "2.50", f: "-12.5e+3" }
  const writtenCursor = (index: number) =>
    `{"index":${index},${Object.entries(written)
      .map(([k, v]) => `"${k}":${v}`)
      .join(",")}}`
  const writtenQuery = Object.entries(written)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&")

  it.live("long fractions, -0 and exponents: the next request's query is the server's text, and so is a resume", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.query.get("a") === null
          ? { body: `{"items":[${JSON.stringify(withdrawal(9))}],"next_page_params":${writtenCursor(8)}}` }
          : { body: page([withdrawal(8)]) }
      )
      for (const prefetch of [true, false]) {
        const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { prefetch }))
        )
        assert.deepStrictEqual(pages[0]!.next_page_params, { index: 8, ...written })
        // A checkpoint: the page's cursor through JSON, resumed.
        const checkpoint = JSON.parse(JSON.stringify(pages[1]!.cursor)) as NextPageParams
        yield* Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawalsPages({ cursor: checkpoint }))).pipe(
          Effect.provide(instanceClient(server.url, "fetch", { prefetch }))
        )
      }
      const targets = server.requests.map((r) => r.target)
      // Per run: the first page, the next (never one from a rounded cursor, prefetched or early), the resume.
      assert.strictEqual(targets.length, 6, targets.join("\n"))
      for (const target of [targets[1], targets[2], targets[4], targets[5]]) {
        assert.include(target, `index=8&${writtenQuery}`)
      }
    }).pipe(Effect.scoped)
  )

  it.live("a partitioned run's progress keeps the text through JSON and its schema, and resumes with it", () =>
    Effect.gen(function* () {
      // Withdrawals 10 down to 0, two a page below the cursor's index, each cursor written with those numbers.
      const server = yield* scriptedServer((request) => {
        const below = Number(request.query.get("index") ?? 11)
        const items = [below - 1, below - 2].filter((i) => i >= 0)
        const last = items[items.length - 1] ?? 0
        return {
          body: `{"items":[${items.map((i) => JSON.stringify(withdrawal(i))).join(",")}],"next_page_params":${last > 0 ? writtenCursor(last) : "null"}}`
        }
      })
      const partition = { fromIndex: 0, toIndex: 10, parts: 1, concurrency: 1 }
      const first = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamWithdrawalsPages({ partition }).pipe(Stream.take(1)))
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      const progress = Schema.decodeUnknownSync(PartitionProgressSchema)(
        JSON.parse(JSON.stringify(Schema.encodeSync(PartitionProgressSchema)(first[0]!.progress!)))
      )
      const rest = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamWithdrawalsPages({ partition: { resume: progress, concurrency: 1 } }))
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      const indexes = [...first, ...rest].flatMap((p) => p.items.map((w) => w.index))
      assert.deepStrictEqual(indexes, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
      // The range begun before the stop goes on from the stored cursor, as the server wrote it.
      const resumed = server.requests.slice(1).map((r) => r.target)
      assert.isTrue(
        resumed.some((target) => target.includes(`index=9&${writtenQuery}`)),
        resumed.join("\n")
      )
    }).pipe(Effect.scoped)
  )
})
