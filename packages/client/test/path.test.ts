/**
 * The path escape hatch (`getPath`, `streamPath`, `streamPathPages`) against a loopback server, for paths no
 * row names: the rows' pipeline (the layer's key, the status mapped to a reason, retries, redaction, decode
 * with the caller's schema or as JSON), the rows' walk (the query re-sent on every page, credentials stripped
 * from cursors, a repeated cursor caught), and every bad path refused before anything is sent.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import {
  Blockscout,
  type BlockscoutError,
  type BlockscoutEvent,
  type BlockscoutShape,
  type CallReason
} from "../src/index.ts"
import { expectTypeOf } from "vitest"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { runToFailure } from "./support/streams.ts"
import { hostileApiKey, instanceClient, proClient, secrets } from "./hostile/support.ts"

const Stat = Schema.Struct({ name: Schema.String, value: Schema.NumberFromString })
const Item = Schema.Struct({ id: Schema.Number })
const item = (id: number) => ({ id })

/** No secret in any form: as sent, percent-encoded or form-encoded. */
const assertNoSecret = (text: string) => {
  for (const secret of secrets) {
    for (const form of [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)]) {
      assert.notInclude(text, form)
    }
  }
}

describe("getPath", () => {
  it.effect("sends the path under the family's API root with the layer's key; decodes with the schema", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: { name: "gas", value: "1234.5" } }))
      const stat = yield* Blockscout.use((bs) =>
        bs.getPath("/stats/things/gas?period=day", { query: { chains: ["1", "10"], exact: true }, schema: Stat })
      ).pipe(Effect.provide(proClient(server.url, "fetch")))
      assert.deepStrictEqual(stat, { name: "gas", value: 1234.5 })
      const [request] = server.requests
      assert.strictEqual(request?.path, "/100/api/v2/stats/things/gas")
      assert.deepStrictEqual(
        [...request!.query],
        [
          ["period", "day"],
          ["chains", "1,10"],
          ["exact", "true"],
          ["apikey", hostileApiKey]
        ]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("without a schema the body is JSON; the options' query replaces a name the path repeats", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: { backend_version: "v9.9.9-beta", nested: [1, null] } }))
      const body = yield* Blockscout.use((bs) =>
        bs.getPath("/config/backend-version?a=1&b=2", { query: { a: 3, b: undefined } })
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      assert.deepStrictEqual(body, { backend_version: "v9.9.9-beta", nested: [1, null] })
      assert.strictEqual(server.requests[0]?.path, "/api/v2/config/backend-version")
      assert.strictEqual(server.requests[0]?.query.get("a"), "3")
      assert.strictEqual(server.requests[0]?.query.get("b"), "2")
    }).pipe(Effect.scoped)
  )

  it.effect(
    "bounded like a row: a body past maxResponseBytes is ResponseTooLarge; events name the call, key redacted",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((request) =>
          request.path.endsWith("/big") ? { body: { blob: "x".repeat(4096) } } : { body: { ok: true } }
        )
        const events: Array<BlockscoutEvent> = []
        const layer = instanceClient(server.url, "fetch", {
          maxResponseBytes: 1024,
          onEvent: (event) => Effect.sync(() => events.push(event))
        })
        const big = yield* Blockscout.use((bs) => Effect.flip(bs.getPath("/big"))).pipe(Effect.provide(layer))
        assert.strictEqual(big.reason._tag, "ResponseTooLarge")
        const ok = yield* Blockscout.use((bs) => bs.getPath("/small")).pipe(Effect.provide(layer))
        assert.deepStrictEqual(ok, { ok: true })
        const requests = events.filter((e) => e._tag === "Request")
        assert.deepStrictEqual(
          requests.map((e) => e.endpoint),
          ["getPath", "getPath"]
        )
        assert.include(requests[1]?.url, "/api/v2/small?apikey=<redacted>&key=<redacted>")
        assertNoSecret(JSON.stringify(events))
      }).pipe(Effect.scoped)
  )

  it.live("statuses map to the rows' reasons, retries included, and no error holds a key", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => {
        const echoed = `bad key ${request.query.get("apikey")} / ${request.query.get("key")}`
        switch (request.path) {
          case "/api/v2/missing":
            return { status: 404, body: { message: echoed } }
          case "/api/v2/refused":
            return {
              status: 422,
              body: { errors: [{ title: "Invalid value", source: { pointer: "/x" }, detail: echoed }] }
            }
          case "/api/v2/broken":
            return { status: 503, body: { message: echoed } }
          case "/api/v2/locked":
            return { status: 403, body: { message: echoed } }
          case "/api/v2/busy":
            return { status: 429, body: { message: echoed } }
          case "/api/v2/moved":
            return { status: 302, headers: { location: `https://elsewhere.example/x?apikey=${hostileApiKey}` } }
          default:
            return { body: { name: 5, value: "1" } }
        }
      })
      const failure = (path: string) =>
        Blockscout.use((bs) => Effect.flip(bs.getPath(path, { schema: Stat }))).pipe(
          Effect.provide(instanceClient(server.url, "fetch"))
        )
      const tags: Array<string> = []
      for (const path of ["/missing", "/refused", "/broken", "/locked", "/busy", "/moved", "/wrong-shape"]) {
        const error = yield* failure(path)
        tags.push(error.reason._tag)
        assert.strictEqual(error.reason.endpoint, "getPath")
        assert.include(error.reason.url, path)
        assertNoSecret(`${error.message} ${JSON.stringify(error.reason)} ${String(error)}`)
        if (error.reason._tag === "Decode") assert.strictEqual(error.reason.path, "name")
      }
      assert.deepStrictEqual(tags, [
        "NotFound",
        "InvalidRequest",
        "ServerError",
        "Unauthorized",
        "RateLimited",
        "Redirected",
        "Decode"
      ])
      // The 503 and the 429 were retried as a row's would be (quick: two retries), the others were not.
      assert.strictEqual(server.requests.filter((r) => r.path === "/api/v2/broken").length, 3)
      assert.strictEqual(server.requests.filter((r) => r.path === "/api/v2/busy").length, 3)
      assert.strictEqual(server.requests.length, 11)
    }).pipe(Effect.scoped)
  )
})

describe("streamPath", () => {
  it.effect("follows next_page_params to the end, re-sending the query; cursors come back credential-free", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) => {
        const at = Number(request.query.get("after") ?? "0")
        // An old server's habit: the caller's key echoed into the cursor.
        const next = at < 4 ? { after: at + 2, apikey: request.query.get("apikey") } : null
        return { body: page([item(at + 1), item(at + 2)], next) }
      })
      const pages = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamPathPages("/things/recent", { query: { kind: "new" }, schema: Item }))
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      const items = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamPath("/things/recent", { query: { kind: "new" }, schema: Item }))
      ).pipe(Effect.provide(instanceClient(server.url, "undici")))
      assert.deepStrictEqual(
        items.map((i) => i.id),
        [1, 2, 3, 4, 5, 6]
      )
      assert.deepStrictEqual(
        pages.map((p) => p.next_page_params),
        [{ after: 2 }, { after: 4 }, null]
      )
      assert.deepStrictEqual(
        pages.map((p) => p.cursor),
        [undefined, { after: 2 }, { after: 4 }]
      )
      for (const request of server.requests) {
        assert.strictEqual(request.query.get("kind"), "new")
        assert.strictEqual(request.query.get("items_count"), "100")
        assert.deepStrictEqual(request.query.getAll("apikey"), [hostileApiKey], "the layer's key, once")
      }
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.get("after")),
        [null, "2", "4", null, "2", "4"]
      )
      assertNoSecret(JSON.stringify(pages))
    }).pipe(Effect.scoped)
  )

  it.effect("a hostile cursor: a key under another name and values with no query form never go back", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.query.get("after") === null
          ? {
              body: page([item(1)], {
                after: 1,
                token: hostileApiKey,
                link: `https://x.example/?apikey=${encodeURIComponent(hostileApiKey)}`,
                nested: { a: 1 },
                list: [1, 2],
                gone: null
              })
            }
          : { body: page([item(2)], null) }
      )
      const pages = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamPathPages("/x", { schema: Item }))).pipe(
        Effect.provide(instanceClient(server.url, "fetch"))
      )
      assert.deepStrictEqual(pages[0]?.next_page_params, { after: 1, gone: null })
      assert.deepStrictEqual(
        [...server.requests[1]!.query.keys()].sort(),
        ["after", "apikey", "items_count", "key"],
        "the layer's own credentials, once each, and the cursor's after"
      )
      assertNoSecret(JSON.stringify(pages))
    }).pipe(Effect.scoped)
  )

  it.effect("a start cursor and a page size; without a schema items are JSON", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([{ any: "thing" }], null) }))
      const items = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamPath("/x", { cursor: { block_number: 7, index: 0 }, pageSize: 5 }))
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      assert.deepStrictEqual(items, [{ any: "thing" }])
      assert.strictEqual(
        server.requests[0]?.target.split("?")[1]?.split("&apikey")[0],
        "block_number=7&index=0&items_count=5"
      )
    }).pipe(Effect.scoped)
  )

  it.effect("a server repeating its cursor fails with PaginationStalled after the pages that advanced", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.query.get("after") === null
          ? { body: page([item(1)], { after: 1 }) }
          : request.query.get("after") === "1"
            ? { body: page([item(2)], { after: 2 }) }
            : { body: page([item(2)], { after: 2 }) }
      )
      const run = yield* Blockscout.use((bs) => runToFailure(bs.streamPath("/loop", { schema: Item }))).pipe(
        Effect.provide(instanceClient(server.url, "fetch", { prefetch: false }))
      )
      assert.strictEqual(run.error.reason._tag, "PaginationStalled")
      // The page at after=1 advanced (its cursor was new) and is out; the page at after=2 repeated twice is not.
      assert.deepStrictEqual(
        run.emitted.map((i) => i.id),
        [1, 2]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("a body that is not a page is Decode, and a credit budget stops a Pro stream", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.path.endsWith("/flat")
          ? { body: [1, 2] }
          : { body: page([item(1)], { after: Number(request.query.get("after") ?? 0) + 1 }) }
      )
      const flat = yield* Blockscout.use((bs) => Effect.flip(Stream.runDrain(bs.streamPath("/flat")))).pipe(
        Effect.provide(instanceClient(server.url, "fetch"))
      )
      assert.strictEqual(flat.reason._tag, "Decode")
      const budget = yield* Blockscout.use((bs) =>
        runToFailure(bs.streamPath("/paged", { creditBudget: 50, schema: Item }))
      ).pipe(Effect.provide(proClient(server.url, "fetch", { prefetch: false })))
      assert.strictEqual(budget.error.reason._tag, "BudgetExhausted")
      assert.strictEqual(budget.emitted.length, 2, "two requests at 20 credits fit in 50")
    }).pipe(Effect.scoped)
  )
})

describe("types", () => {
  it("a schema types the body and the items; without one they are unknown", () => {
    const typed = (bs: BlockscoutShape) => ({
      one: bs.getPath("/x", { schema: Stat }),
      any: bs.getPath("/x"),
      items: bs.streamPath("/x", { schema: Item }),
      pages: bs.streamPathPages("/x")
    })
    type T = ReturnType<typeof typed>
    expectTypeOf<Effect.Success<T["one"]>>().toEqualTypeOf<{ readonly name: string; readonly value: number }>()
    expectTypeOf<Effect.Success<T["any"]>>().toEqualTypeOf<unknown>()
    expectTypeOf<Stream.Success<T["items"]>>().toEqualTypeOf<{ readonly id: number }>()
    expectTypeOf<Stream.Success<T["pages"]>["items"]>().toEqualTypeOf<ReadonlyArray<unknown>>()
    expectTypeOf<Effect.Error<T["one"]>>().toEqualTypeOf<BlockscoutError<CallReason>>()
  })
})

describe("a bad path or query is refused before anything is sent", () => {
  const bad: ReadonlyArray<readonly [unknown, string]> = [
    ["transactions", "must start with /"],
    ["https://evil.example/api/v2/x", "must start with /"],
    ["//evil.example/x", "must not start with //"],
    ["/api/v2/transactions", "leave /api/v2 out"],
    ["/a/../b", ". or .."],
    ["/a/%2e%2E/b", ". or .."],
    ["/a/./b", ". or .."],
    ["/a/%2fb", "encoded /"],
    ["/a/%5Cb", "encoded /"],
    ["/a\\b", "character a path cannot hold"],
    ["/a b", "character a path cannot hold"],
    ["/a//b", "empty segment"],
    ["/a/", "empty segment"],
    ["/a/%zz", "character a path cannot hold"],
    ["/a/%E0%A4%A", "character a path cannot hold"],
    ["/a/%E0%A4", "bad percent-encoding"],
    ["/a#frag", "fragment"],
    [`/a/${hostileApiKey}`, "carries a credential"],
    [`/a/${encodeURIComponent(hostileApiKey)}`, "carries a credential"],
    ["/a?apikey=mine", "carries a credential"],
    ["/a?KEY=mine", "carries a credential"],
    [`/a?q=${encodeURIComponent(hostileApiKey)}`, "carries a credential"],
    [`/${"a".repeat(3000)}`, "at most 2048"],
    [42, "must be a string"]
  ]
  it.effect("paths", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: {} }))
      for (const [path, message] of bad) {
        const error = yield* Blockscout.use((bs) => Effect.flip(bs.getPath(path as string))).pipe(
          Effect.provide(instanceClient(server.url, "fetch"))
        )
        assert.strictEqual(error.reason._tag, "InvalidArgument", String(path))
        assert.include(error.message, message, String(path))
        assertNoSecret(error.message)
        const streamed = yield* Blockscout.use((bs) =>
          Effect.flip(Stream.runDrain(bs.streamPath(path as string)))
        ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
        assert.strictEqual(streamed.reason._tag, "InvalidArgument", String(path))
        assert.strictEqual(streamed.reason.endpoint, "streamPath")
      }
      assert.strictEqual(server.requests.length, 0)
    }).pipe(Effect.scoped)
  )

  it.effect("queries, cursors and page sizes", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: {} }))
      const refused = (run: (bs: BlockscoutShape) => Effect.Effect<unknown, unknown>) =>
        Blockscout.use((bs) => Effect.flip(run(bs))).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      const cases: ReadonlyArray<readonly [(bs: BlockscoutShape) => Effect.Effect<unknown, unknown>, string]> = [
        [(bs) => bs.getPath("/a", { query: { key: "x" } }), "carries a credential"],
        [(bs) => bs.getPath("/a", { query: { token: hostileApiKey } }), "carries a credential"],
        [(bs) => bs.getPath("/a", { query: { "": "x" } }), "empty name"],
        [(bs) => bs.getPath("/a", { query: { n: Number.NaN } }), "must be a string"],
        [(bs) => bs.getPath("/a", { query: { o: {} as never } }), "must be a string"],
        [
          (bs) => bs.getPath("/a", { query: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`q${i}`, i])) }),
          "at most 64"
        ],
        [(bs) => Stream.runDrain(bs.streamPath("/a", { query: { items_count: 5 } })), "give it as pageSize"],
        [(bs) => Stream.runDrain(bs.streamPath("/a", { pageSize: 0 })), "pageSize must be"],
        [(bs) => Stream.runDrain(bs.streamPath("/a", { cursor: "x" as never })), "cursor must be"],
        [(bs) => Stream.runDrain(bs.streamPath("/a", { creditBudget: -1 })), "creditBudget must be"]
      ]
      for (const [run, message] of cases) {
        const error = (yield* refused(run)) as BlockscoutError
        assert.strictEqual(error.reason._tag, "InvalidArgument", message)
        assert.include(error.message, message)
        assertNoSecret(error.message)
      }
      assert.strictEqual(server.requests.length, 0)
    }).pipe(Effect.scoped)
  )
})
