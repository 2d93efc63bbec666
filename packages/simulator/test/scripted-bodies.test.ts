/**
 * Bodies no single value holds: raw bytes (a gzip body, sent as it is) and bodies produced as they are sent
 * (endless, or dripped on a timer), in process (`layerScripted`) and on the loopback server, where an endless
 * body stops when the client hangs up.
 */
import { layerScripted } from "@blockscout-effect/simulator"
import { scriptedServer } from "@blockscout-effect/simulator/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Stream } from "effect"
import { HttpClient } from "effect/http"
import { TestClock } from "effect/testing"
import { gunzipSync, gzipSync } from "node:zlib"

const bytes = new Uint8Array(gzipSync(Buffer.from('{"items":[],"next_page_params":null}')))

describe("scripted bodies", () => {
  it.effect(
    "in process: raw bytes go as they are; a produced body ends when next says so, dripped on the test clock",
    () =>
      Effect.gen(function* () {
        const client = yield* HttpClient.HttpClient
        const raw = yield* client.get("http://scripted.test/a")
        assert.strictEqual(raw.headers["content-encoding"], "gzip")
        assert.strictEqual(
          gunzipSync(new Uint8Array(yield* raw.arrayBuffer)).toString(),
          '{"items":[],"next_page_params":null}'
        )
        const produced = yield* client.get("http://scripted.test/b")
        assert.strictEqual(yield* produced.text, "abc")
        const dripped = yield* client.get("http://scripted.test/c")
        const fiber = yield* Effect.forkChild(dripped.text)
        // Each chunk waits 100 ms of the test clock: move it until the body is complete.
        for (let i = 0; i < 10 && fiber.pollUnsafe() === undefined; i++) {
          yield* Effect.yieldNow
          yield* TestClock.adjust("100 millis")
        }
        assert.strictEqual(yield* Fiber.join(fiber), "xx")
      }).pipe(
        Effect.provide(
          layerScripted([
            { headers: { "content-encoding": "gzip" }, body: bytes },
            { chunks: { next: (i) => ["a", "b", "c"][i] } },
            { chunks: { next: (i) => (i < 2 ? "x" : undefined), everyMillis: 100 } }
          ])
        )
      )
  )

  it.live("on the loopback server: raw bytes with their length; an endless body stops when the client hangs up", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer([
        { headers: { "content-type": "application/octet-stream" }, body: bytes },
        { chunks: { next: () => "x".repeat(65536) } }
      ])
      const raw = yield* Effect.promise(() => fetch(`${server.url}/a`))
      assert.strictEqual(raw.headers.get("content-length"), String(bytes.length))
      assert.deepStrictEqual(new Uint8Array(yield* Effect.promise(() => raw.arrayBuffer())), bytes)
      const endless = yield* Effect.promise(() => fetch(`${server.url}/b`))
      const read = yield* Stream.fromReadableStream({
        evaluate: () => endless.body!,
        onError: (e) => e
      }).pipe(
        Stream.take(20),
        Stream.runFold(
          () => 0,
          (n, chunk: Uint8Array) => n + chunk.length
        )
      )
      assert.isAtLeast(read, 20)
      // The reader let go: the server saw the connection close before the body was complete.
      for (let i = 0; i < 100 && server.aborted.length === 0; i++) yield* Effect.sleep("10 millis")
      assert.deepStrictEqual(server.aborted, [1])
    }).pipe(Effect.scoped)
  )
})
