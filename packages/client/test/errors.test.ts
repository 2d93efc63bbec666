import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Blockscout, type BlockscoutError, type ClientOptions } from "../src/index.ts"
import { makeCapture } from "./support/capture.ts"
import { page, type Reply, scriptedServer } from "./support/ScriptedServer.ts"
import { assertHeldFor, settle, waitForRequests } from "./support/wait.ts"
import {
  address,
  apiKeyText,
  fixtures,
  instanceLayer,
  proLayer,
  secretKeyText,
  token,
  txHash
} from "./support/fixtures.ts"

const failWith = (error: BlockscoutError) => error.reason

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())

describe("errors and retries", () => {
  it.effect("429, then success after waiting the x-ratelimit-reset milliseconds", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) =>
        n === 0
          ? {
              status: 429,
              headers: { "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "3000" },
              body: { message: "Too many requests. Try again later." }
            }
          : { body: page([]) }
      )
      const options: ClientOptions = { rateLimit: { requestsPerSecond: 5 } }
      const fiber = yield* listWithdrawals.pipe(
        Effect.provide(proLayer(server.url, options, "proapi_test_429_reset")),
        Effect.forkChild
      )
      yield* assertHeldFor(server, 1, 3000, "no retry before the reset time")
      const result = yield* Fiber.join(fiber)
      assert.deepStrictEqual(result.items, [])
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.effect("429 with Retry-After waits at least that many seconds", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) =>
        n === 0
          ? { status: 429, headers: { "retry-after": "7" }, body: { message: "Too many requests" } }
          : {
              body: page([])
            }
      )
      const fiber = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url)), Effect.forkChild)
      yield* assertHeldFor(server, 1, 7000)
      yield* Fiber.join(fiber)
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.live("5xx is retried until it succeeds", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) =>
        n < 2
          ? { status: n === 0 ? 502 : 500, body: { error: "Bad gateway", source: "upstream" } }
          : {
              body: page(fixtures.withdrawals)
            }
      )
      const result = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url)))
      assert.strictEqual(result.items.length, fixtures.withdrawals.length)
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped)
  )

  it.live("5xx past the retry budget fails with ServerError and the gateway's message", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 503, body: { error: "Bad gateway", source: "upstream" } }))
      const reason = yield* listWithdrawals.pipe(
        Effect.provide(proLayer(server.url, { retry: { times: 2, base: "1 millis" } })),
        Effect.flip,
        Effect.map(failWith)
      )
      assert.strictEqual(reason._tag, "ServerError")
      assert.include(reason._tag === "ServerError" ? reason.message : "", "Bad gateway")
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped)
  )

  it.live("a dropped connection is retried as a transport failure", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => (n === 0 ? { destroy: true } : { body: page([]) }))
      yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url)))
      assert.strictEqual(server.requests.length, 2)
    }).pipe(Effect.scoped)
  )

  it.effect("a request with no answer times out (Timeout), and is retried like a transport failure", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((_, n) => (n === 0 ? { hang: true } : { body: page([]) }))
      const fiber = yield* listWithdrawals.pipe(
        Effect.provide(proLayer(server.url, { timeout: "10 seconds", retry: false })),
        Effect.flip,
        Effect.forkChild
      )
      yield* waitForRequests(server, 1)
      yield* TestClock.adjust("10 seconds")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error.reason._tag, "Timeout")

      const retried = yield* listWithdrawals.pipe(
        Effect.provide(proLayer(server.url, { timeout: "10 seconds", retry: { times: 1, base: "1 millis" } })),
        Effect.forkChild
      )
      server.script((_, n) => (n === 1 ? { hang: true } : { body: page([]) }))
      yield* waitForRequests(server, 2)
      yield* TestClock.adjust("10 seconds")
      yield* settle()
      yield* TestClock.adjust("10 millis")
      yield* Fiber.join(retried)
      assert.strictEqual(server.requests.length, 3)
    }).pipe(Effect.scoped)
  )

  const notRetried: ReadonlyArray<readonly [string, Reply, string, string]> = [
    ["404", { status: 404, body: { message: "Not found" } }, "NotFound", "Not found"],
    [
      "422",
      {
        status: 422,
        body: {
          errors: [
            {
              title: "Invalid value",
              source: { pointer: "/address_hash_param" },
              detail: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/"
            }
          ]
        }
      },
      "InvalidRequest",
      "/address_hash_param: Invalid format"
    ],
    ["402", { status: 402, body: { error: "Out of credits" } }, "OutOfCredits", "Out of credits"],
    ["401", { status: 401, body: { message: "Unauthorized" } }, "Unauthorized", "Unauthorized"],
    ["403", { status: 403, body: { message: "Restricted access" } }, "Unauthorized", "Restricted access"]
  ]
  for (const [status, reply, tag, message] of notRetried) {
    it.effect(`${status} is not retried and keeps the server's message`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => reply)
        const error = yield* Blockscout.use((bs) => bs.listTransactionLogs(txHash)).pipe(
          Effect.provide(proLayer(server.url)),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, tag)
        assert.include(error.message, message)
        assert.strictEqual(error.endpoint, "transactionLogs")
        assert.include(error.url, `/100/api/v2/transactions/${txHash}/logs?apikey=<redacted>`)
        assert.strictEqual(server.requests.length, 1)
      }).pipe(Effect.scoped)
    )
  }

  it.effect("a 422 keeps every entry of the server's errors list", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        status: 422,
        body: {
          errors: [
            { detail: "first", source: { pointer: "/a" } },
            { detail: "second", source: { parameter: "b" } }
          ]
        }
      }))
      const error = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url)), Effect.flip)
      assert.strictEqual(error.reason._tag, "InvalidRequest")
      if (error.reason._tag === "InvalidRequest")
        assert.deepStrictEqual(error.reason.messages, ["/a: first", "b: second"])
    }).pipe(Effect.scoped)
  )

  it.effect("a body that does not match the schema fails with Decode and the path of the bad field", () =>
    Effect.gen(function* () {
      const bad = { ...(fixtures.withdrawals[0] as object), index: "not a number" }
      const server = yield* scriptedServer(() => ({ body: page([bad]) }))
      const error = yield* listWithdrawals.pipe(Effect.provide(proLayer(server.url)), Effect.flip)
      assert.strictEqual(error.reason._tag, "Decode")
      if (error.reason._tag === "Decode") assert.strictEqual(error.reason.path, "items.0.index")
      assert.strictEqual(server.requests.length, 1)
    }).pipe(Effect.scoped)
  )

  const invalidCalls = [
    ["an invalid address", Blockscout.use((bs) => bs.listInternalTransactions("0x1234")), "address"],
    ["an invalid hash", Blockscout.use((bs) => bs.listTransactionLogs("0xnothex")), "hash"],
    ["an invalid token id", Blockscout.use((bs) => bs.listTokenInstanceTransfers(token, "01")), "tokenId"],
    [
      "a filter value outside its literal set",
      Blockscout.use((bs) => bs.listTokenTransfers({ type: ["ERC-777" as "ERC-20"] })),
      "type"
    ],
    [
      "an internal-transactions filter other than to/from",
      Blockscout.use((bs) => bs.listInternalTransactions(address, { filter: "both" as "to" })),
      "filter"
    ],
    [
      "a stream with a bad address",
      Blockscout.use((bs) => Stream.runDrain(bs.streamNftCollections("nope"))),
      "address"
    ],
    ["a zero page size", Blockscout.use((bs) => bs.listWithdrawals({ pageSize: 0 })), "pageSize"],
    ["an unknown generic argument", Blockscout.use((bs) => bs.page("withdrawals", { typo: "x" })), "typo"]
  ] as const
  for (const [what, call, argument] of invalidCalls) {
    it.effect(`${what} fails with InvalidArgument and sends nothing`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer(() => ({ body: page([]) }))
        const error = yield* (call as Effect.Effect<unknown, BlockscoutError, Blockscout>).pipe(
          Effect.provide(proLayer(server.url)),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "InvalidArgument")
        if (error.reason._tag === "InvalidArgument") assert.strictEqual(error.reason.argument, argument)
        assert.strictEqual(server.requests.length, 0)
      }).pipe(Effect.scoped)
    )
  }
})

describe("secrets", () => {
  it.live("no error, log line, span or event holds the API key or the secret key", () =>
    Effect.gen(function* () {
      const capture = makeCapture()
      const events: Array<string> = []
      // Every scenario echoes the key back somewhere: in a message, a cursor, a bad field.
      const server = yield* scriptedServer((request, n) => {
        const echoed = request.query.get("apikey") ?? ""
        switch (n % 6) {
          case 0:
            return { status: 503, body: { error: `upstream rejected ${echoed}` } }
          case 1:
            return { body: page([], { index: 5, apikey: echoed, key: request.query.get("key") ?? "" }) }
          case 2:
            return { status: 401, body: { message: `Wrong API key ${echoed}` } }
          case 3:
            return { body: page([{ ...(fixtures.withdrawals[0] as object), index: echoed }]) }
          case 4:
            return { status: 429, body: { message: `Too many requests for ${echoed}` } }
          default:
            return { status: 422, body: { errors: [{ detail: `bad ${echoed}`, source: { parameter: "apikey" } }] } }
        }
      })
      const options: ClientOptions = {
        retry: { times: 1, base: "1 millis" },
        onEvent: (event) => Effect.sync(() => events.push(JSON.stringify(event)))
      }
      const outputs: Array<string> = []
      const run = <A>(effect: Effect.Effect<A, BlockscoutError, Blockscout>) =>
        effect.pipe(
          Effect.provide(instanceLayer(server.url, options)),
          Effect.match({
            onFailure: (error) => outputs.push(error.message, String(error), JSON.stringify(error), error.url),
            onSuccess: (value) => outputs.push(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? String(v) : v)))
          })
        )
      yield* Effect.gen(function* () {
        yield* run(Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawalsPages())))
        for (let i = 0; i < 5; i++) yield* run(listWithdrawals)
        yield* run(Blockscout.use((bs) => bs.listWithdrawals({ cursor: { index: 1, apikey: apiKeyText } })))
      }).pipe(capture.around)
      assert.isAbove(server.requests.length, 6)
      assert.isAbove(capture.logs.length, 0, "the retries were logged")
      const listSpan = capture.spans.find((span) => span.name === "Blockscout.listWithdrawals")
      assert.isDefined(listSpan)
      assert.strictEqual(listSpan!.attributes.get("blockscout.endpoint"), "withdrawals")
      assert.strictEqual(listSpan!.attributes.get("blockscout.family"), "instance")
      for (const text of [...outputs, ...capture.logs, ...capture.spanTexts(), ...events]) {
        assert.notInclude(text, apiKeyText)
        assert.notInclude(text, secretKeyText)
      }
      // Echoed credentials in cursors (and the one passed in by hand) were dropped: each is sent once.
      assert.isTrue(server.requests.some((request) => request.query.get("index") === "5"))
      for (const request of server.requests) {
        assert.deepStrictEqual(request.query.getAll("apikey"), [apiKeyText])
        assert.deepStrictEqual(request.query.getAll("key"), [secretKeyText])
      }
    }).pipe(Effect.scoped)
  )
})
