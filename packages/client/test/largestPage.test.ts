/**
 * The largest page: streams ask `items_count=100` (12.x and the Pro API give pages of 100, half the requests
 * and credits of the default 50) unless the caller chose a page size; one page (`list*`) keeps the server's
 * default. A server that refuses it as 11.2.7 does (422 on `items_count`: not declared on token transfers,
 * declared with a maximum of 50 elsewhere) is asked again without it, silently, once per row and client.
 */
import { makeHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import { HttpClient, type HttpClientRequest, HttpClientResponse } from "effect/http"
import { sameValue } from "../../schema/test/support.ts"
import type { NextPageParams } from "@blockscout-effect/schema"
import { Blockscout, type endpoints, type ListName } from "../src/index.ts"
import { clientLayer } from "./partition/support.ts"

const simulator = (version: "11" | "12") =>
  SimulatedBlockscout.make({ seed: 5, blocks: 600, pendingTransactions: 3, smartContracts: 10, version })

/** Rows 11.2.7 declares no `items_count` on: any value is an unexpected field. */
const undeclared = /\/token-transfers$|\/transfers$/

/** What a 11.2.7 server says about `items_count`, or nothing when it takes it (or, on E9, checks nothing). */
const refusal = (url: URL): string | undefined => {
  const asked = url.searchParams.get("items_count")
  if (asked === null || url.pathname.endsWith("/api/v2/withdrawals")) return undefined
  if (undeclared.test(url.pathname)) return "Unexpected field: items_count"
  return Number(asked) > 50 ? "must be less than or equal to 50" : undefined
}

const json = (request: HttpClientRequest.HttpClientRequest, status: number, body: unknown) =>
  HttpClientResponse.fromWeb(request, new Response(JSON.stringify(body), { status }))

/**
 * A 11.2.7-like server: the simulated 11.x chain behind the parameter checks the real one makes, echoing in
 * `next_page_params` the page's own item count as `items_count` (11.2.7 adds them up on state changes only).
 */
const strict11 = (sim: SimulatedBlockscout) => {
  const inner = makeHttpClient(sim)
  const refused: Array<string> = []
  const client = HttpClient.make((request, url) => {
    const detail = refusal(url)
    if (detail !== undefined) {
      refused.push(`${url.pathname}?${url.searchParams}`)
      const errors = [{ title: "Invalid value", source: { pointer: "/items_count" }, detail }]
      return Effect.succeed(json(request, 422, { errors }))
    }
    return Effect.flatMap(inner.execute(request), (response) =>
      Effect.map(response.json, (body) => {
        const page = body as { items: ReadonlyArray<unknown>; next_page_params: Record<string, unknown> | null }
        const next = page.next_page_params
        if (next !== null && "items_count" in next) next.items_count = page.items.length
        return json(request, response.status, page)
      })
    )
  })
  return { layer: Layer.succeed(HttpClient.HttpClient, client), refused }
}

/** Every item, one page call after the other (`list*` asks no page size): the oracle of the 11.x tests. */
const pageByPage = (name: ListName<typeof endpoints>) =>
  Blockscout.use((bs) =>
    Effect.gen(function* () {
      const items: Array<unknown> = []
      let cursor: NextPageParams | null | undefined
      do {
        const page = yield* bs.page(name, { cursor: cursor ?? undefined })
        items.push(...page.items)
        cursor = page.next_page_params
      } while (cursor !== null)
      return items
    })
  )

describe("streams ask for the largest page", () => {
  const sim12 = simulator("12")
  it.effect("12.x: streams ask items_count=100 and get pages of 100; one page keeps the server's size", () =>
    Effect.gen(function* () {
      const sim = sim12
      const bs = yield* Blockscout
      const pages = yield* Stream.runCollect(bs.streamTransactionsPages().pipe(Stream.take(3)))
      assert.deepStrictEqual(
        pages.map((page) => page.items.length),
        [100, 100, 100]
      )
      const asked = sim.requests.map((request) => request.query.items_count)
      assert.isTrue(
        asked.every((n) => n === "100"),
        asked.join(",")
      )
      const one = yield* bs.listTransactions()
      assert.strictEqual(one.items.length, 50)
      assert.isUndefined(sim.requests[sim.requests.length - 1]?.query.items_count)
      yield* Stream.runDrain(bs.streamTransactions({ pageSize: 30 }).pipe(Stream.take(31)))
      assert.strictEqual(sim.requests[sim.requests.length - 1]?.query.items_count, "30", "the caller's size")
    }).pipe(Effect.provide(clientLayer(sim12, "instance")))
  )

  for (const name of ["tokenTransfers", "transactions", "withdrawals"] as const) {
    it.effect(`a server refusing it as 11.2.7 does: ${name} asks again at 50, once, nothing lost`, () =>
      Effect.gen(function* () {
        const sim = simulator("11")
        const { layer, refused } = strict11(sim)
        const client = clientLayer(sim, "instance", {}, layer)
        const expected = yield* pageByPage(name).pipe(Effect.provide(client))
        const before = sim.requests.length
        const [first, second] = yield* Blockscout.use((bs) =>
          Effect.all([Stream.runCollect(bs.stream(name)), Stream.runCollect(bs.stream(name))])
        ).pipe(Effect.provide(client))
        assert.isTrue(sameValue(first, expected))
        assert.isTrue(sameValue(second, expected))
        // E9 checks nothing: items_count=100 is taken (and ignored); the others refuse it once.
        assert.strictEqual(refused.length, name === "withdrawals" ? 0 : 1, refused.join(" "))
        const answered = sim.requests.slice(before)
        const pages = Math.ceil(expected.length / 50)
        assert.strictEqual(answered.length, 2 * pages, "every page once per stream")
        if (name !== "withdrawals") {
          // After the refusal nothing asks for 100 again: the cursor's own items_count (11.x echoes it) or none.
          assert.isTrue(answered.every((r) => r.query.items_count !== "100"))
        }
      })
    )
  }

  it.effect("a partitioned stream on such a server falls back as well", () =>
    Effect.gen(function* () {
      const sim = simulator("11")
      const { layer, refused } = strict11(sim)
      const client = clientLayer(sim, "instance", {}, layer)
      const expected = yield* pageByPage("transactions").pipe(Effect.provide(client))
      const got = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamTransactions({ partition: { concurrency: 4 } }))
      ).pipe(Effect.provide(client))
      assert.isTrue(sameValue(got, expected))
      assert.isAtLeast(refused.length, 1)
      assert.isAtMost(refused.length, 4, "at most one refusal per request in flight when it came")
    })
  )

  it.effect("a page size the caller chose is not changed behind its back: the refusal is its error", () =>
    Effect.gen(function* () {
      const sim = simulator("11")
      const { layer, refused } = strict11(sim)
      const error = yield* Blockscout.use((bs) => Stream.runDrain(bs.streamTransactions({ pageSize: 100 }))).pipe(
        Effect.provide(clientLayer(sim, "instance", {}, layer)),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "InvalidRequest")
      assert.include(error.message, "items_count")
      assert.strictEqual(refused.length, 1)
    })
  )
})
