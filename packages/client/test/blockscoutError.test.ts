/**
 * `BlockscoutError` as a value: what it says when printed, what it keeps of a transport failure, how it
 * travels as JSON, its retry properties, and the combinators that handle one reason at a time.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Redacted, Schema, Stream } from "effect"
import { HttpClient, HttpClientError } from "effect/http"
import {
  Blockscout,
  BlockscoutError,
  type BlockscoutErrorReason,
  Decode,
  InvalidArgument,
  InvalidRequest,
  isBlockscoutError,
  isBlockscoutErrorReason,
  isRetryable,
  NotFound,
  OutOfCredits,
  PaginationStalled,
  RateLimited,
  ReorgBeyondFinality,
  ServerError,
  ServerLagging,
  Timeout,
  Transport,
  Unauthorized
} from "../src/index.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { fixtures, proLayer } from "./support/fixtures.ts"

const where = { endpoint: "withdrawals", url: "https://x.test/api/v2/withdrawals?apikey=<redacted>" }

/** One reason of every kind, with every field set. */
const everyReason: ReadonlyArray<BlockscoutErrorReason> = [
  new InvalidArgument({ ...where, url: "", argument: "address", message: "address must match ^0x[0-9a-fA-F]{40}$" }),
  new NotFound({ ...where, message: "Not found" }),
  new InvalidRequest({ ...where, status: 422, message: "a; b", messages: ["a", "b"] }),
  new Unauthorized({ ...where, status: 401, message: "Unauthorized" }),
  new OutOfCredits({ ...where, message: "No credits" }),
  new RateLimited({ ...where, message: "Too many requests", retryAfter: Duration.seconds(3) }),
  new RateLimited({ ...where, message: "Too many requests", retryAfter: undefined }),
  new ServerError({ ...where, status: 503, message: "Service unavailable", retryAfter: Duration.millis(1500) }),
  new Transport({ ...where, message: "TransportError: connection refused", cause: new Error("ECONNREFUSED") }),
  new Timeout({ ...where, timeout: Duration.seconds(120) }),
  new Decode({ ...where, path: "items.0.validator_index", message: "Expected a number" }),
  new PaginationStalled({ ...where, cursor: { index: 5, hash: "0xab", pending: true, gone: null }, pages: 4 }),
  new ReorgBeyondFinality({ ...where, url: "", height: 95, finalized: 100, expected: "0xaa", found: "0xbb" }),
  new ReorgBeyondFinality({ ...where, url: "", height: 100, finalized: 100, expected: "0xaa", found: null }),
  new ServerLagging({ ...where, url: "", head: 120, served: 117, lagMillis: 300_000 })
]

// A lagging server may catch up: a follow started again later can go on.
const retryable = new Set(["RateLimited", "ServerError", "Transport", "Timeout", "ServerLagging"])

describe("BlockscoutError", () => {
  it("String(error) and message name the reason, where it happened and the server's words", () => {
    const decode = new BlockscoutError({ reason: everyReason[10]! })
    assert.strictEqual(
      String(decode),
      "BlockscoutError: Decode (withdrawals https://x.test/api/v2/withdrawals?apikey=<redacted>): " +
        "at items.0.validator_index: Expected a number"
    )
    const invalid = new BlockscoutError({ reason: everyReason[0]! })
    assert.strictEqual(invalid.message, "InvalidArgument (withdrawals): address must match ^0x[0-9a-fA-F]{40}$")
    const option = new BlockscoutError({
      reason: new InvalidArgument({
        endpoint: "",
        url: "",
        argument: "chainId",
        message: "chainId must be a positive integer"
      })
    })
    assert.strictEqual(option.message, "InvalidArgument: chainId must be a positive integer")
    assert.strictEqual(String(everyReason[1]), "NotFound: Not found")
    assert.strictEqual(everyReason[9]!.message, "no response within 2m")
    assert.strictEqual(
      everyReason[11]!.message,
      'cursor {"index":5,"hash":"0xab","pending":true,"gone":null} repeated after 4 page(s)'
    )
    assert.strictEqual(
      everyReason[12]!.message,
      "the block at 95 changed (0xaa became 0xbb), at or below block 100, which the follow had declared final"
    )
    assert.include(everyReason[13]!.message, "0xaa became no block")
    assert.strictEqual(
      everyReason[14]!.message,
      "the server answers up to block 117, 3 behind block 120 it showed before, for 300000 ms"
    )
  })

  it("isRetryable and retryAfter are properties of every reason and of the error", () => {
    for (const reason of everyReason) {
      const error = new BlockscoutError({ reason })
      assert.strictEqual(reason.isRetryable, retryable.has(reason._tag), reason._tag)
      assert.strictEqual(error.isRetryable, reason.isRetryable)
      assert.strictEqual(isRetryable(reason), reason.isRetryable)
      const asked = reason._tag === "RateLimited" || reason._tag === "ServerError" ? reason.retryAfter : undefined
      assert.strictEqual(reason.retryAfter, asked)
      assert.strictEqual(error.retryAfter, asked)
    }
    assert.isTrue(Duration.equals(everyReason[5]!.retryAfter!, Duration.seconds(3)))
  })

  it("encodes to JSON and decodes back to the same error, reason class and all", () => {
    const codec = Schema.toCodecJson(BlockscoutError)
    for (const reason of everyReason) {
      const error = new BlockscoutError({ reason })
      const json = JSON.parse(JSON.stringify(Schema.encodeSync(codec)(error)))
      const back = Schema.decodeSync(codec)(json)
      assert.isTrue(back instanceof BlockscoutError)
      assert.strictEqual(back.reason.constructor, reason.constructor, reason._tag)
      assert.strictEqual(back.message, error.message)
      assert.strictEqual(back.isRetryable, error.isRetryable)
      assert.deepStrictEqual(
        back.retryAfter === undefined ? undefined : Duration.toMillis(back.retryAfter),
        error.retryAfter === undefined ? undefined : Duration.toMillis(error.retryAfter)
      )
      if (back.reason._tag === "Transport") {
        assert.strictEqual(String(back.reason.cause), "Error: ECONNREFUSED")
      }
    }
  })

  it("guards tell this package's errors and reasons from an app's own of the same tag", () => {
    class AppNotFound extends Schema.TaggedError<AppNotFound>()("NotFound", { message: Schema.String }) {}
    const ours = everyReason[1]!
    const theirs = new AppNotFound({ message: "no such user" })
    assert.isTrue(isBlockscoutErrorReason(ours))
    assert.isFalse(isBlockscoutErrorReason(theirs))
    assert.isFalse(Schema.is(NotFound)(theirs))
    assert.isTrue(isBlockscoutError(new BlockscoutError({ reason: ours })))
    assert.isFalse(isBlockscoutError(ours))
  })

  it("catchReason handles one reason and passes every other failure through", () =>
    Effect.gen(function* () {
      const failWith = (reason: NotFound | RateLimited) => Effect.fail(new BlockscoutError({ reason }))
      const handled = yield* failWith(everyReason[1] as NotFound).pipe(
        BlockscoutError.catchReason("NotFound", (reason) => Effect.succeed(`handled ${reason.message}`))
      )
      assert.strictEqual(handled, "handled Not found")
      const passed = yield* failWith(everyReason[5] as RateLimited).pipe(
        BlockscoutError.catchReason("NotFound", () => Effect.succeed("wrong")),
        Effect.flip
      )
      assert.strictEqual(passed.reason._tag, "RateLimited")
      const both = yield* Effect.forEach([everyReason[1] as NotFound, everyReason[5] as RateLimited], (reason) =>
        failWith(reason).pipe(
          BlockscoutError.catchReasons({
            NotFound: () => Effect.succeed("not found"),
            RateLimited: (r) => Effect.succeed(`wait ${Duration.format(r.retryAfter ?? Duration.zero)}`)
          })
        )
      )
      assert.deepStrictEqual(both, ["not found", "wait 3s"])
    }))
})

describe("what a failure keeps", () => {
  it.live("a body cut by the connection reads 'the response body is truncated', and keeps its cause", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        truncate: true,
        body: page([fixtures.withdrawals[0]], { index: 5 })
      }))
      const error = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals())).pipe(
        Effect.provide(proLayer(server.url, { retry: false })),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "Transport")
      assert.match(error.message, /^Transport \(withdrawals [^)]*\): the response body is truncated/)
      assert.notInclude(error.message, "DecodeError")
      assert.instanceOf(error.reason._tag === "Transport" ? error.reason.cause : undefined, Error)
    }).pipe(Effect.scoped)
  )

  it.effect("a transport failure keeps its cause chain, every text scrubbed of the keys", () =>
    Effect.gen(function* () {
      const key = "proapi_CAUSE_SECRET"
      const http = HttpClient.make((request) =>
        Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({
              request,
              description: `proxy refused https://api.test/1/api/v2/withdrawals?apikey=${key}`,
              cause: new Error(`socket hang up (apikey=${key})`, { cause: new Error(`inner ${key}`) })
            })
          })
        )
      )
      const error = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
        Effect.provide(
          Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make(key), rateLimit: false, retry: false }).pipe(
            Layer.provide(Layer.succeed(HttpClient.HttpClient, http))
          )
        ),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "Transport")
      const chain: Array<string> = []
      for (
        let cause: unknown = error.reason._tag === "Transport" ? error.reason.cause : undefined;
        cause instanceof Error;
        cause = cause.cause
      ) {
        chain.push(`${cause.name}: ${cause.message}`)
      }
      assert.strictEqual(chain.length, 3, chain.join(" / "))
      assert.include(chain[0]!, "proxy refused")
      assert.include(chain[1]!, "socket hang up (apikey=<redacted>)")
      assert.include(chain[2]!, "inner <redacted>")
      const encoded = JSON.stringify(Schema.encodeSync(Schema.toCodecJson(BlockscoutError))(error))
      for (const text of [...chain, encoded, error.message, String(error)]) assert.notInclude(text, key)
      assert.include(encoded, "socket hang up")
    })
  )
})
