/**
 * Interruption: stopping a stream, a `Stream.take` or a call aborts the request in flight (the server sees
 * the connection close) and leaves nothing running: no fiber still fetching, no timer (per-request
 * timeout, backoff, limiter wait) still pending.
 */
import { assert, describe, it } from "@effect/vitest"
import { Clock, Duration, Effect, Fiber, Stream } from "effect"
import { Blockscout, type BlockscoutShape, type ClientOptions } from "../src/index.ts"
import { makeCapture } from "./support/capture.ts"
import { page, type Recorded, scriptedServer, type ScriptedServer } from "./support/ScriptedServer.ts"
import { fixtures, proLayer } from "./support/fixtures.ts"

const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })

/** Pages of 5 withdrawals; the page whose cursor `index` equals `hangAt` never answers. */
const pagesHangingAt = (hangAt: string | null) => (request: Recorded) => {
  const from = request.query.get("index")
  if (from === hangAt) return { hang: true }
  const start = Number(from ?? "0")
  return {
    body: page(
      [0, 1, 2, 3, 4].map((i) => withdrawal(start + i)),
      { index: start + 5 }
    )
  }
}

/** Real-time pause (these tests run on the live clock). */
const pause = (ms: number) => Effect.sleep(Duration.millis(ms))

const waitFor = (condition: () => boolean) =>
  Effect.gen(function* () {
    for (let i = 0; i < 400 && !condition(); i++) yield* pause(5)
    assert.isTrue(condition(), "condition reached in time")
  })

/**
 * Runs `body` with a clock that counts the sleeps in progress (every timer of the client: per-request
 * timeouts, backoffs, limiter waits) and a tracer that keeps every span, then checks nothing is left.
 */
const leakChecked = <A, E, R>(server: ScriptedServer, body: (pendingSleeps: () => number) => Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const base = yield* Clock.Clock
    let pendingSleeps = 0
    const counting: Clock.Clock = {
      currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe(),
      currentTimeMillis: base.currentTimeMillis,
      currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe(),
      currentTimeNanos: base.currentTimeNanos,
      monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: base.monotonicTimeNanos,
      sleep: (duration) =>
        Effect.suspend(() => {
          pendingSleeps++
          return base.sleep(duration)
        }).pipe(Effect.ensuring(Effect.sync(() => pendingSleeps--)))
    }
    const capture = makeCapture()
    const result = yield* body(() => pendingSleeps).pipe(capture.around, Effect.provideService(Clock.Clock, counting))
    // Give anything left running the chance to show itself: a request, a timer, an open span.
    const requestsAtEnd = server.requests.length
    yield* pause(60)
    assert.strictEqual(pendingSleeps, 0, "no timer left pending")
    assert.strictEqual(server.requests.length, requestsAtEnd, "no request sent after the end")
    assert.deepStrictEqual(capture.openSpans(), [], "every span ended (no fiber still working)")
    assert.isAbove(capture.spans.length, 0)
    return result
  })

const layer = (server: ScriptedServer, options: ClientOptions = {}, apiKey?: string) =>
  proLayer(server.url, { timeout: "2 minutes", ...options }, apiKey)

describe("interruption", () => {
  it.live("interrupting a stream aborts its request in flight: the server sees the connection close", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagesHangingAt("10"))
      yield* leakChecked(server, (pendingSleeps) =>
        Effect.gen(function* () {
          const seen: Array<number> = []
          const fiber = yield* Blockscout.use((bs) =>
            bs.streamWithdrawals({ pageSize: 5 }).pipe(Stream.runForEach((w) => Effect.sync(() => seen.push(w.index))))
          ).pipe(Effect.provide(layer(server)), Effect.forkChild)
          yield* waitFor(() => server.requests.length === 3)
          yield* pause(20)
          assert.strictEqual(seen.length, 10)
          assert.isAbove(pendingSleeps(), 0, "the per-request timeout runs while the request hangs")
          yield* Fiber.interrupt(fiber)
          yield* waitFor(() => server.aborted.includes(2))
        })
      )
    }).pipe(Effect.scoped)
  )

  it.live("Stream.take ends the stream and aborts the prefetched request still in flight", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(pagesHangingAt("5"))
      yield* leakChecked(server, () =>
        Effect.gen(function* () {
          const taken = yield* Blockscout.use((bs) =>
            // A slow consumer: the prefetched request is on the wire before `take` is satisfied.
            Stream.runCollect(
              bs.streamWithdrawals({ pageSize: 5 }).pipe(
                Stream.tap(() => pause(15)),
                Stream.take(3)
              )
            )
          ).pipe(Effect.provide(layer(server, { prefetch: 1 })))
          assert.deepStrictEqual(
            taken.map((w) => w.index),
            [0, 1, 2]
          )
          assert.strictEqual(server.requests.length, 2, "the next page was prefetched")
          yield* waitFor(() => server.aborted.includes(1))
        })
      )
    }).pipe(Effect.scoped)
  )

  it.live("a caller's timeout around a list call aborts the request", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ hang: true }))
      yield* leakChecked(server, () =>
        Effect.gen(function* () {
          const result = yield* Blockscout.use((bs: BlockscoutShape) => bs.listWithdrawals()).pipe(
            Effect.provide(layer(server)),
            Effect.timeoutOption("100 millis")
          )
          assert.isTrue(result._tag === "None")
          yield* waitFor(() => server.aborted.includes(0))
        })
      )
    }).pipe(Effect.scoped)
  )

  it.live("interrupting during a retry's backoff sends nothing more and leaves no timer", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({ status: 503, body: { error: "Service unavailable" } }))
      yield* leakChecked(server, () =>
        Effect.gen(function* () {
          const fiber = yield* Blockscout.use((bs) => bs.listWithdrawals()).pipe(
            Effect.provide(layer(server, { retry: { times: 5, base: "10 seconds" } })),
            Effect.forkChild
          )
          yield* waitFor(() => server.requests.length === 1)
          yield* pause(20)
          yield* Fiber.interrupt(fiber)
        })
      )
      assert.strictEqual(server.requests.length, 1)
    }).pipe(Effect.scoped)
  )

  it.live("interrupting while the rate limiter holds a request back leaves no timer", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer(() => ({
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "60000" },
        body: page([])
      }))
      yield* leakChecked(server, () =>
        Effect.gen(function* () {
          const fiber = yield* Blockscout.use((bs) => Effect.andThen(bs.listWithdrawals(), bs.listWithdrawals())).pipe(
            Effect.provide(layer(server, { rateLimit: { requestsPerSecond: 0 } }, "proapi_interrupt_limiter")),
            Effect.forkChild
          )
          yield* waitFor(() => server.requests.length === 1)
          yield* pause(20)
          yield* Fiber.interrupt(fiber)
        })
      )
      assert.strictEqual(server.requests.length, 1)
    }).pipe(Effect.scoped)
  )
})
