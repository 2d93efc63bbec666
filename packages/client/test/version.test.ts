/**
 * Version awareness: a row that declares `since` is refused with `Unsupported` (nothing but the version read
 * sent) by a server whose `/config/backend-version` names an older release, and called as usual otherwise.
 * The version is read once per layer, lazily (never for rows without `since`), and a server whose version
 * endpoint 404s or says nothing parsable is called as usual, that outcome kept too.
 *
 * Against the simulator's release lines over a loopback port (11.x answers `v11.2.7`, 12.x
 * `v12.0.0`), and a scripted loopback server for the missing and broken version endpoints. The rows come
 * from a copy of the table: one declaring `since`, and the version row (`backendVersion`) the simulator
 * serves from its table.
 */
import { serve } from "@blockscout-effect/simulator/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Redacted, Schema, Stream } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import type { BlockscoutMethods } from "../src/BlockscoutMethods.ts"
import { type BlockscoutError, CountSources, endpoints } from "../src/index.ts"
import { endpointTable, itemRow } from "@blockscout-effect/schema"
import { estimateOf } from "../src/internal/partition/estimate.ts"
import { toContext } from "../src/internal/context.ts"
import { makeRegistry } from "../src/internal/limiter/registry.ts"
import { makeMethods } from "../src/internal/methods.ts"
import { isOlder, parseVersion } from "../src/internal/version.ts"
import { scriptedServer } from "./support/ScriptedServer.ts"

/** `endpoints`, withdrawals served since 12.0 (a made-up `since`, for the test), and the version row. */
const table = endpointTable({
  ...endpoints,
  withdrawals: { ...endpoints.withdrawals, since: "12.0.0" },
  backendVersion: itemRow({
    method: "BackendVersion",
    ids: "C1",
    summary: "The server's backend version",
    path: "/config/backend-version",
    pathParams: [],
    filters: [],
    response: Schema.Struct({ backend_version: Schema.NullOr(Schema.String) }),
    cursorKeys: [],
    credits: 20
  })
})

/** The methods of `table` over a fresh layer (a context of its own) pointed at `baseUrl`. */
const methodsAt = (baseUrl: string) =>
  Effect.gen(function* () {
    const http = yield* HttpClient.HttpClient
    const target = { family: "instance", chainId: undefined, baseUrl, apiKey: undefined, secretKey: undefined } as const
    const ctx = toContext(http, makeRegistry(), target, { rateLimit: false, retry: false })
    return Object.assign(makeMethods<BlockscoutMethods, typeof table>(table, ctx), { ctx })
  }).pipe(Effect.provide(FetchHttpClient.layer))

const versionPath = "/api/v2/config/backend-version"

describe("a row declaring since, against the simulator's release lines", () => {
  it.live("11.x: the row's 404 becomes Unsupported naming both versions; then refused before sending", () =>
    Effect.gen(function* () {
      const server = yield* serve({ version: "11", endpoints: table, blocks: 200 })
      const bs = yield* methodsAt(server.baseUrl)
      // The first call is sent, answered 404 (an 11.2.7 server has no such route), and explained.
      const errors: Array<BlockscoutError> = [yield* Effect.flip(bs.listWithdrawals())]
      assert.deepStrictEqual(
        server.simulator.requests.map((r) => [r.path, r.status]),
        [
          ["/api/v2/withdrawals", 404],
          [versionPath, 200]
        ]
      )
      // Every later call of the row, and a dry run of it, is refused at once: the version is known now.
      errors.push(
        ...(yield* Effect.all(
          [
            Effect.flip(Stream.runDrain(bs.streamWithdrawals())),
            Effect.flip(Stream.runDrain(bs.streamWithdrawalsPages())),
            Effect.flip(bs.page("withdrawals")),
            Effect.flip(estimateOf(table, bs.ctx, () => CountSources.fromCounters(bs as never))("withdrawals"))
          ],
          { concurrency: "unbounded" }
        ))
      )
      for (const error of errors) {
        assert.strictEqual(error.reason._tag, "Unsupported")
        if (error.reason._tag !== "Unsupported") continue
        assert.strictEqual(error.reason.required, "12.0.0")
        assert.strictEqual(error.reason.server, "v11.2.7")
        assert.strictEqual(error.reason.endpoint, "withdrawals")
        assert.strictEqual(error.reason.url, `${server.baseUrl}/api/v2/withdrawals`)
        assert.isFalse(error.isRetryable)
        assert.include(error.message, "the server runs v11.2.7; withdrawals needs 12.0.0 or later")
      }
      // A row without since goes as usual; the version is never read again.
      const blocks = yield* bs.listBlocks()
      assert.isAbove(blocks.items.length, 0)
      assert.deepStrictEqual(
        server.simulator.requests.map((r) => r.path),
        ["/api/v2/withdrawals", versionPath, "/api/v2/blocks"]
      )
    }).pipe(Effect.scoped)
  )

  it.live("11.x: a stream's first 404 is explained too", () =>
    Effect.gen(function* () {
      const server = yield* serve({ version: "11", endpoints: table, blocks: 200 })
      const bs = yield* methodsAt(server.baseUrl)
      const error = yield* Effect.flip(Stream.runDrain(bs.streamWithdrawals()))
      assert.strictEqual(error.reason._tag, "Unsupported")
    }).pipe(Effect.scoped)
  )

  it.live("12.x: the row is called and the version never read", () =>
    Effect.gen(function* () {
      const server = yield* serve({ version: "12", endpoints: table, blocks: 200 })
      const bs = yield* methodsAt(server.baseUrl)
      const first = yield* bs.listWithdrawals()
      const some = yield* Stream.runCollect(bs.streamWithdrawals().pipe(Stream.take(120)))
      assert.isAbove(first.items.length, 0)
      assert.strictEqual(some.length, 120)
      const paths = server.simulator.requests.map((r) => r.path)
      assert.isTrue(paths.every((p) => p === "/api/v2/withdrawals"))
    }).pipe(Effect.scoped)
  )

  it.live("rows without since read no version, even when answered 404", () =>
    Effect.gen(function* () {
      const server = yield* serve({ version: "11", endpoints: table, blocks: 200 })
      const bs = yield* methodsAt(server.baseUrl)
      yield* bs.listBlocks()
      yield* Stream.runDrain(bs.streamBlocks().pipe(Stream.take(60)))
      const missing = yield* Effect.flip(bs.getTransaction(`0x${"ab".repeat(32)}`))
      assert.strictEqual(missing.reason._tag, "NotFound")
      assert.isFalse(server.simulator.requests.some((r) => r.path === versionPath))
    }).pipe(Effect.scoped)
  )
})

describe("a version that cannot be read never hides the 404", () => {
  const cases: ReadonlyArray<readonly [string, (path: string) => { status?: number; body: unknown }]> = [
    ["404", () => ({ status: 404, body: { message: "Not found" } })],
    ["null", () => ({ body: { backend_version: null } })],
    ["not a version", () => ({ body: { backend_version: "master-3a1f" } })],
    ["not the shape", () => ({ body: ["v5.0.0"] })],
    ["a 500", () => ({ status: 500, body: { message: "oops" } })]
  ]
  for (const [what, versionReply] of cases) {
    it.live(`${what}: NotFound stays NotFound, and the version is not asked again`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((request) =>
          request.path === versionPath ? versionReply(request.path) : { status: 404, body: { message: "Not found" } }
        )
        const bs = yield* methodsAt(server.url)
        const one = yield* Effect.flip(bs.listWithdrawals())
        const again = yield* Effect.flip(Stream.runCollect(bs.streamWithdrawals()))
        assert.strictEqual(one.reason._tag, "NotFound")
        assert.strictEqual(again.reason._tag, "NotFound")
        assert.deepStrictEqual(
          server.requests.map((r) => r.path),
          ["/api/v2/withdrawals", versionPath, "/api/v2/withdrawals"]
        )
      }).pipe(Effect.scoped)
    )
  }

  it.live("a new enough server's 404 is the NotFound it says, after one version read", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.path === versionPath
          ? { body: { backend_version: "v12.1.0" } }
          : { status: 404, body: { message: "Not found" } }
      )
      const bs = yield* methodsAt(server.url)
      assert.strictEqual((yield* Effect.flip(bs.listWithdrawals())).reason._tag, "NotFound")
      assert.strictEqual((yield* Effect.flip(bs.listWithdrawals())).reason._tag, "NotFound")
      assert.deepStrictEqual(
        server.requests.map((r) => r.path),
        ["/api/v2/withdrawals", versionPath, "/api/v2/withdrawals"]
      )
    }).pipe(Effect.scoped)
  )

  it.live("a version holding the key is redacted in the error", () =>
    Effect.gen(function* () {
      const key = "inst_SECRET_version_key"
      const server = yield* scriptedServer((request) =>
        request.path === versionPath
          ? { body: { backend_version: `v5.0.0 ${key}` } }
          : { status: 404, body: { message: "Not found" } }
      )
      const http = yield* HttpClient.HttpClient
      const target = { family: "instance", chainId: undefined, baseUrl: server.url, apiKey: undefined } as const
      const ctx = toContext(http, makeRegistry(), { ...target, secretKey: Redacted.make(key) }, { rateLimit: false })
      const error = yield* Effect.flip(makeMethods<BlockscoutMethods, typeof table>(table, ctx).listWithdrawals())
      assert.strictEqual(error.reason._tag, "Unsupported")
      assert.notInclude(JSON.stringify(error.reason), key)
      assert.notInclude(error.message, key)
    }).pipe(Effect.provide(FetchHttpClient.layer), Effect.scoped)
  )
})

describe("versions", () => {
  it("parse as servers and rows write them", () => {
    assert.deepStrictEqual(parseVersion("v6.3.0-beta"), [6, 3, 0])
    assert.deepStrictEqual(parseVersion("12.0.0"), [12, 0, 0])
    assert.deepStrictEqual(parseVersion("V7.0"), [7, 0, 0])
    assert.deepStrictEqual(parseVersion("v9.2.2+commit.1a2b"), [9, 2, 2])
    // As Blockscout's workflows write a branch build's and a pre-release's BLOCKSCOUT_VERSION.
    assert.deepStrictEqual(parseVersion("v9.1.0.+commit.1a2b3c4d"), [9, 1, 0])
    assert.deepStrictEqual(parseVersion("v12.0.0-alpha.3"), [12, 0, 0])
    assert.isUndefined(parseVersion("master"))
    assert.isUndefined(parseVersion("6"))
    assert.isUndefined(parseVersion(""))
  })
  it("compare by major, minor, patch", () => {
    assert.isTrue(isOlder([11, 2, 7], [12, 0, 0]))
    assert.isTrue(isOlder([6, 9, 9], [6, 10, 0]))
    assert.isFalse(isOlder([12, 0, 0], [12, 0, 0]))
    assert.isFalse(isOlder([12, 0, 1], [12, 0, 0]))
  })
})
