/**
 * Bad input fails with `InvalidArgument` before anything is sent, never with a defect: endpoint names that are
 * not rows of the table (including the names every object has, `toString`, `__proto__`), options that are not
 * an object, and numeric options out of their range (`pageSize: 1e21` would go out as `1e+21`).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result, Stream } from "effect"
import { BaseUrl, Blockscout, type ClientOptions, type endpoints, type ListName } from "../../src/index.ts"
import type { EndpointArgs } from "../../src/Parameters.ts"
import { page, scriptedServer } from "../support/ScriptedServer.ts"
import { watched } from "../support/watch.ts"
import { instanceClient } from "./support.ts"

/** Names that are not rows: the table's inherited properties, a near miss, and values that are not strings. */
const notRows: ReadonlyArray<unknown> = [
  "toString",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "valueOf",
  "Transactions",
  "",
  42,
  null,
  undefined,
  Symbol("transactions")
]

/** The three by-name methods, each run to its end. */
const byName = {
  page: (name: unknown, args?: unknown) =>
    Blockscout.use((bs) => bs.page(name as ListName<typeof endpoints>, args as EndpointArgs)),
  pages: (name: unknown, args?: unknown) =>
    Blockscout.use((bs) => Stream.runDrain(bs.pages(name as ListName<typeof endpoints>, args as EndpointArgs))),
  stream: (name: unknown, args?: unknown) =>
    Blockscout.use((bs) => Stream.runDrain(bs.stream(name as ListName<typeof endpoints>, args as EndpointArgs)))
} as const

describe("bad input is InvalidArgument, nothing sent", () => {
  for (const [method, call] of Object.entries(byName)) {
    it.live(`${method}(name) with a name that is not a row`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        for (const name of notRows) {
          const error = yield* call(name).pipe(Effect.provide(instanceClient(server.url, "fetch")), Effect.flip)
          assert.strictEqual(error.reason._tag, "InvalidArgument", String(name))
          if (error.reason._tag === "InvalidArgument") assert.strictEqual(error.reason.argument, "name")
          assert.include(error.message, "no endpoint is named")
        }
        assert.strictEqual(server.requests.length, 0)
      }).pipe(Effect.scoped)
    )

    it.live(`${method}(name, args) with args that are not an options object`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        for (const args of [null, 7, "filter=validated", ["validated"]]) {
          const error = yield* call("transactions", args).pipe(
            Effect.provide(instanceClient(server.url, "fetch")),
            Effect.flip
          )
          assert.strictEqual(error.reason._tag, "InvalidArgument", String(args))
        }
        assert.strictEqual(server.requests.length, 0)
      }).pipe(Effect.scoped)
    )
  }

  it.live("pageSize out of range (1e21, 0, 1001, 2.5, NaN, Infinity, a string) in a call", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ body: page([]) }))
      for (const pageSize of [1e21, 0, -1, 1001, 2.5, Number.NaN, Number.POSITIVE_INFINITY, "50"]) {
        const error = yield* Blockscout.use((bs) => bs.listTransactions({ pageSize: pageSize as number })).pipe(
          Effect.provide(instanceClient(server.url, "fetch")),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "InvalidArgument", String(pageSize))
        if (error.reason._tag === "InvalidArgument") assert.strictEqual(error.reason.argument, "pageSize")
      }
      // The bounds themselves are fine.
      yield* Blockscout.use((bs) =>
        Effect.zip(bs.listTransactions({ pageSize: 1 }), bs.listTransactions({ pageSize: 1000 }))
      ).pipe(Effect.provide(instanceClient(server.url, "fetch")))
      assert.deepStrictEqual(
        server.requests.map((r) => r.query.get("items_count")),
        ["1", "1000"]
      )
    }).pipe(Effect.scoped)
  )

  const badOptions: ReadonlyArray<readonly [string, ClientOptions]> = [
    ["pageSize", { pageSize: 1e21 }],
    ["maxResponseBytes", { maxResponseBytes: 0 }],
    ["maxResponseBytes", { maxResponseBytes: 2 ** 40 }],
    ["maxResponseBytes", { maxResponseBytes: Number.NaN }],
    ["retry.times", { retry: { times: Number.NaN } }],
    ["retry.times", { retry: { times: -1 } }],
    ["retry.times", { retry: { times: 1e9 } }]
  ]
  for (const [argument, options] of badOptions) {
    it.live(`a layer option out of range (${JSON.stringify(options)}): every call fails, nothing sent`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        const layer = instanceClient(server.url, "fetch", options)
        for (const call of [
          Blockscout.use((bs) => bs.listWithdrawals()),
          Blockscout.use((bs) => Stream.runDrain(bs.streamWithdrawals()))
        ]) {
          const error = yield* call.pipe(Effect.provide(layer), Effect.flip)
          assert.strictEqual(error.reason._tag, "InvalidArgument")
          if (error.reason._tag === "InvalidArgument") assert.strictEqual(error.reason.argument, argument)
        }
        assert.strictEqual(server.requests.length, 0)
      }).pipe(Effect.scoped)
    )
  }

  it.effect("a base URL ending in 100,000 slashes is checked in linear time (no backtracking expression)", () =>
    Effect.gen(function* () {
      const { result, maxLagMillis } = yield* watched(
        Effect.sync(() => BaseUrl.parse(`https://eth.blockscout.com${"/".repeat(100_000)}x${"/".repeat(100_000)}`))
      )
      assert.isTrue(Result.isSuccess(result))
      assert.isBelow(maxLagMillis, 100)
    })
  )
})
