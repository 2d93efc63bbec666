/**
 * The public scripted `HttpClient` (`layerScripted`) under the user's own `Blockscout` layer: any status
 * with any headers and body, delays, transport failures, what it records (credentials redacted), and a
 * request the script has no answer for.
 */
import { Blockscout, type BlockscoutError } from "@blockscout-effect/client"
import {
  layerScripted,
  pageBody,
  type Script,
  Scripted,
  type ScriptedOptions,
  SimulatedBlockscout,
  UnexpectedRequest
} from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Layer, Redacted } from "effect"
import { TestClock } from "effect/testing"

// Real withdrawals, as a 12.x server writes them: the scripted pages carry items the schema accepts.
const items: ReadonlyArray<unknown> = JSON.parse(
  SimulatedBlockscout.make({ seed: 3, blocks: 64 }).handle(
    { method: "GET", url: "/api/v2/withdrawals?items_count=3", headers: {} },
    0
  ).body
).items
const apiKeyText = "proapi_scripted_0123456789"

/** The user's own client (production defaults: retries with backoff, pacing off) over a scripted client. */
const client = (script: Script, options?: ScriptedOptions, apiKeyIn?: "query" | "header") =>
  Blockscout.layerPro({
    chainId: 1,
    apiKey: Redacted.make(apiKeyText),
    baseUrl: "http://pro.test",
    rateLimit: false,
    ...(apiKeyIn === undefined ? {} : { apiKeyIn })
  }).pipe(Layer.provideMerge(layerScripted(script, { warnOnStalledClock: false, ...options })))

const failure = <A>(effect: Effect.Effect<A, BlockscoutError>) => Effect.flip(effect)

describe("layerScripted", () => {
  it.effect("a 429 with Retry-After: the client waits exactly that long on the clock, then gets the page", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const scripted = yield* Scripted
      const fiber = yield* Effect.forkChild(bs.listWithdrawals())
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual(scripted.requests.length, 1, "no retry before Retry-After")
      yield* TestClock.adjust("1 millis")
      const page = yield* Fiber.join(fiber)
      assert.strictEqual(page.items.length, items.length)
      assert.strictEqual(scripted.requests.length, 2)
    }).pipe(
      Effect.provide(
        client([
          { status: 429, headers: { "Retry-After": "2" }, body: { message: "Too many requests" } },
          { body: pageBody(items) }
        ])
      )
    )
  )

  it.effect("a 401 is Unauthorized with the server's message, not retried", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* failure(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "Unauthorized")
      assert.include(error.reason.message, "Wrong API key")
      assert.strictEqual((yield* Scripted).requests.length, 1)
    }).pipe(Effect.provide(client([{ status: 401, body: { message: "Wrong API key" } }])))
  )

  it.effect("a well-formed but wrong body is Decode, with the path of the bad field", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* failure(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "Decode")
      assert.strictEqual(error.reason._tag === "Decode" ? error.reason.path : "", "items.0.index")
    }).pipe(Effect.provide(client([{ body: pageBody([{ ...(items[0] as object), index: { not: "a number" } }]) }])))
  )

  it.effect("a 503 HTML page, a dropped connection and a cut body are retried; the fourth answer is the page", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const fiber = yield* Effect.forkChild(bs.listWithdrawals())
      // The client's own backoff (500 ms base, doubling, with jitter) between the tries.
      yield* TestClock.adjust("1 minute")
      const page = yield* Fiber.join(fiber)
      assert.strictEqual(page.items.length, items.length)
      assert.strictEqual((yield* Scripted).requests.length, 4)
    }).pipe(
      Effect.provide(
        client([
          {
            status: 503,
            headers: { "content-type": "text/html" },
            body: "<html><title>Service Unavailable</title></html>"
          },
          { destroy: true },
          { truncate: true, body: pageBody(items) },
          { body: pageBody(items) }
        ])
      )
    )
  )

  it.effect("a delay holds the answer on the clock; a hang lasts until the client's timeout", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const delayed = yield* Effect.forkChild(bs.listWithdrawals())
      yield* TestClock.adjust("2999 millis")
      assert.isUndefined(delayed.pollUnsafe(), "the delay is not over")
      yield* TestClock.adjust("1 millis")
      assert.strictEqual((yield* Fiber.join(delayed)).items.length, items.length)
      const hung = yield* Effect.forkChild(failure(bs.listWithdrawals({ pageSize: 9 })))
      yield* TestClock.adjust("5 seconds")
      const error = yield* Fiber.join(hung)
      assert.strictEqual(error.reason._tag, "Timeout")
    }).pipe(
      Effect.provide(
        Blockscout.layerInstance({
          baseUrl: "http://instance.test",
          rateLimit: false,
          timeout: "5 seconds",
          retry: false
        }).pipe(
          Layer.provideMerge(
            layerScripted(
              (request) =>
                request.query.get("items_count") === "9"
                  ? { hang: true }
                  : { delay: "3 seconds", body: pageBody(items) },
              {
                warnOnStalledClock: false
              }
            )
          )
        )
      )
    )
  )

  it.effect("records what it was asked with the key redacted, in the query or in a header", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      yield* bs.listWithdrawals({ pageSize: 3 })
      const [request] = (yield* Scripted).requests
      assert.strictEqual(request?.method, "GET")
      assert.strictEqual(request?.path, "/1/api/v2/withdrawals")
      assert.strictEqual(request?.query.get("items_count"), "3")
      assert.strictEqual(request?.query.get("apikey"), "<redacted>", "the key was sent in the query")
      assert.strictEqual(request?.target, "/1/api/v2/withdrawals?items_count=3&apikey=<redacted>")
      assert.notInclude(JSON.stringify({ ...request, query: String(request?.query) }), apiKeyText)
    }).pipe(Effect.provide(client([{ body: pageBody(items) }])))
  )

  it.effect("a key sent as a header is recorded as Bearer <redacted>; revealCredentials keeps it", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      yield* bs.listWithdrawals()
      const scripted = yield* Scripted
      assert.strictEqual(scripted.requests[0]?.headers.authorization, "Bearer <redacted>")
      assert.isFalse(scripted.requests[0]?.query.has("apikey"))
    }).pipe(Effect.provide(client([{ body: pageBody(items) }], {}, "header")))
  )

  it.effect("revealCredentials records the key as sent", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      yield* bs.listWithdrawals()
      assert.strictEqual((yield* Scripted).requests[0]?.query.get("apikey"), apiKeyText)
    }).pipe(Effect.provide(client([{ body: pageBody(items) }], { revealCredentials: true })))
  )

  it.effect("a request past the end of a list dies with UnexpectedRequest naming it (no retry hides it)", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      yield* bs.listWithdrawals()
      const exit = yield* Effect.exit(bs.listWithdrawals({ pageSize: 7 }))
      assert.isTrue(Exit.isFailure(exit) && Cause.hasDies(exit.cause))
      const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      assert.instanceOf(error, UnexpectedRequest)
      assert.strictEqual(
        (error as UnexpectedRequest).request,
        "GET /1/api/v2/withdrawals?items_count=7&apikey=<redacted>"
      )
      assert.include((error as UnexpectedRequest).message, "has 1 replies")
      assert.strictEqual((yield* Scripted).requests.length, 2)
    }).pipe(Effect.provide(client([{ body: pageBody(items) }])))
  )

  it.effect("onMiss: fail fails the request instead (a Transport failure naming it)", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* failure(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "Transport")
      assert.include(error.reason.message, "has 0 replies")
    }).pipe(
      Effect.provide(
        Blockscout.layerInstance({ baseUrl: "http://instance.test", rateLimit: false, retry: false }).pipe(
          Layer.provideMerge(layerScripted([], { onMiss: "fail", warnOnStalledClock: false }))
        )
      )
    )
  )

  it.effect("script() replaces the answers; a new list counts from the next request", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const scripted = yield* Scripted
      yield* bs.listWithdrawals()
      scripted.script([{ status: 404, body: { message: "Not found" } }])
      const error = yield* failure(bs.listWithdrawals())
      assert.strictEqual(error.reason._tag, "NotFound")
      // The 404 of a row declaring `since` had the server's version asked (request 2, which the list had no
      // answer for: the 404 stays NotFound), so the next call is request 3.
      assert.isTrue(scripted.requests[2]!.path.endsWith("/config/backend-version"))
      scripted.script((request, index) => ({
        body: pageBody(index === 3 && request.path.endsWith("/withdrawals") ? items : [])
      }))
      assert.strictEqual((yield* bs.listWithdrawals()).items.length, items.length)
    }).pipe(Effect.provide(client([{ body: pageBody([]) }])))
  )
})
