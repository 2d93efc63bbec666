/**
 * The walk behind every stream, driven directly: it starts at a given cursor, reports each page with the
 * cursor it was fetched with, and stops at its `until` bound without sending the request for the page past
 * it (not in order, not prefetched, not early from the body's tail). Partitioned streams build on this.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { type BlockscoutEvent, endpoints } from "../src/index.ts"
import { prepare } from "../src/internal/arguments.ts"
import { toContext } from "../src/internal/context.ts"
import { walk } from "../src/internal/pagination/walk.ts"
import { makeRegistry } from "../src/internal/limiter/registry.ts"
import { page, type Recorded, scriptedServer } from "./support/ScriptedServer.ts"
import { apiKeyText, fixtures, quiet } from "./support/fixtures.ts"

const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })

/** 10 pages of 5 withdrawals, indexes counting up; E9's cursor `{ index, items_count }`. */
const withdrawals = (request: Recorded) => {
  const from = Number(request.query.get("index") ?? "0")
  const next = from + 5 < 50 ? { index: from + 5, items_count: 50 } : null
  return {
    body: page(
      [0, 1, 2, 3, 4].map((i) => withdrawal(from + i)),
      next
    )
  }
}

/** Walks withdrawals from `start` with `until`, returning each page's cursor and the `Request` events' cursors. */
const run = (
  url: string,
  prefetch: boolean,
  start: { readonly index: number } | undefined,
  until: ((next: Readonly<Record<string, unknown>>) => boolean) | undefined
) =>
  Effect.gen(function* () {
    const requested: Array<string | null> = []
    const onEvent = (event: BlockscoutEvent) =>
      Effect.sync(() => {
        if (event._tag === "Request") requested.push(new URL(event.url).searchParams.get("index"))
      })
    const http = yield* HttpClient.HttpClient
    const target = {
      family: "pro" as const,
      chainId: 100,
      baseUrl: url,
      apiKey: Redacted.make(apiKeyText),
      secretKey: undefined
    }
    const ctx = toContext(http, makeRegistry(), target, { ...quiet, prefetch, onEvent })
    const prepared = yield* prepare(ctx, endpoints.withdrawals, {})
    const pages = yield* Stream.runCollect(
      walk(ctx, prepared, "walk", { start, until, emit: (p) => [{ cursor: p.cursor, first: p.items[0] }] })
    )
    return { pages, requested }
  }).pipe(Effect.provide(FetchHttpClient.layer))

describe("walk", () => {
  for (const prefetch of [true, false]) {
    it.live(`starts at the given cursor and stops before the page past its bound (prefetch ${prefetch})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(withdrawals)
        const { pages, requested } = yield* run(server.url, prefetch, { index: 10 }, (next) => Number(next.index) >= 25)
        assert.deepStrictEqual(
          pages.map((p) => p.cursor),
          [{ index: 10 }, { index: 15, items_count: 50 }, { index: 20, items_count: 50 }]
        )
        assert.deepStrictEqual(
          pages.map((p) => (p.first as { index: number }).index),
          [10, 15, 20]
        )
        // The page at index 25 was never asked for: the bound is checked before any request is started.
        assert.deepStrictEqual(requested, ["10", "15", "20"])
        assert.deepStrictEqual(
          server.requests.map((r) => r.query.get("index")),
          ["10", "15", "20"]
        )
      }).pipe(Effect.scoped)
    )
  }

  it.live("without a bound, follows every cursor to the last page", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(withdrawals)
      const { pages, requested } = yield* run(server.url, true, undefined, undefined)
      assert.strictEqual(pages.length, 10)
      assert.deepStrictEqual(pages[0]!.cursor, undefined)
      assert.deepStrictEqual(requested, [null, "5", "10", "15", "20", "25", "30", "35", "40", "45"])
    }).pipe(Effect.scoped)
  )

  it.live("a bound on the first cursor ends the walk after the start page", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(withdrawals)
      const { pages, requested } = yield* run(server.url, true, undefined, () => true)
      assert.strictEqual(pages.length, 1)
      assert.deepStrictEqual(requested, [null])
    }).pipe(Effect.scoped)
  )
})
