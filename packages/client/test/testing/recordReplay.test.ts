/**
 * Record and replay: a real server's answers (the simulator served on a loopback port, as a pre-12 instance
 * that echoes the caller's keys into every cursor) recorded to a file with every secret scrubbed, then
 * replayed with no server at all; requests matched without credentials; a request that was not recorded
 * fails naming it.
 */
import { Blockscout } from "@blockscout-effect/client"
import {
  layerRecord,
  layerReplay,
  pageBody,
  type Recording,
  RecordingError,
  UnexpectedRequest
} from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/simulator/node"
import { NodeFileSystem, NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Redacted, Stream } from "effect"
import type { HttpClient } from "effect/http"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"

const work = mkdtempSync(join(tmpdir(), "blockscout-recording-"))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const apiKeyText = "instance_Rec0rd3d-key/with+chars"
const secretKeyText = "s3cret-Instance-KEY-9f8e"
const unknownHash = `0x${"ab".repeat(32)}`

/** The code under test: a whole history (three pages) and a lookup that is not found. */
const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  const withdrawals = yield* Stream.runCollect(bs.streamWithdrawals())
  const logs = yield* Effect.flip(bs.listTransactionLogs(unknownHash))
  return { withdrawals: withdrawals.map((w) => w.index), logs: logs.reason._tag }
})

const client = (baseUrl: string, apiKey: string, http: Layer.Layer<HttpClient.HttpClient, unknown>) =>
  Blockscout.layerInstance({
    baseUrl,
    apiKey: Redacted.make(apiKey),
    secretKey: Redacted.make(secretKeyText),
    rateLimit: false
  }).pipe(Layer.provide(http), Layer.orDie)

const FileSystem = NodeFileSystem.layer

describe("record and replay", () => {
  it.live("records a server's answers with every secret scrubbed, then replays them with no server", () =>
    Effect.gen(function* () {
      const file = join(work, "nested", "withdrawals.json")
      const recorded = yield* Effect.scoped(
        Effect.gen(function* () {
          // A pre-12 instance checking both keys, echoing them into every cursor.
          const server = yield* serve({
            seed: 21,
            blocks: 64,
            version: "11",
            apiKeys: [apiKeyText],
            requireInstanceApiKey: true,
            secretKey: secretKeyText
          })
          const echoed = server.simulator
          const result = yield* program.pipe(
            Effect.provide(
              client(
                server.baseUrl,
                apiKeyText,
                layerRecord(file).pipe(Layer.provide(NodeHttpClient.layerUndici), Layer.provide(FileSystem))
              )
            )
          )
          assert.isTrue(echoed.requests.every((r) => r.query.apikey === apiKeyText && r.query.key === secretKeyText))
          return result
        })
      )
      assert.strictEqual(recorded.withdrawals.length, 128)
      assert.strictEqual(recorded.logs, "NotFound")

      // The file: the exchanges, and no secret in any form.
      const text = readFileSync(file, "utf8")
      for (const secret of [
        apiKeyText,
        secretKeyText,
        encodeURIComponent(apiKeyText),
        encodeURIComponent(secretKeyText)
      ]) {
        assert.notInclude(text, secret)
      }
      const recording = JSON.parse(text) as Recording
      assert.deepStrictEqual(
        recording.exchanges.map((e) => `${e.request.method} ${e.request.url.split("?")[0]} ${e.response.status}`),
        [
          "GET /api/v2/withdrawals 200",
          "GET /api/v2/withdrawals 200",
          "GET /api/v2/withdrawals 200",
          `GET /api/v2/transactions/${unknownHash}/logs 404`
        ]
      )
      assert.isTrue(recording.exchanges.every((e) => !/[?&](apikey|key)=/.test(e.request.url)))
      // The server echoed both keys into the cursors; what is stored says only that there was one.
      const cursor = JSON.parse(recording.exchanges[0]!.response.body).next_page_params
      assert.strictEqual(cursor.apikey, "<redacted>")
      assert.strictEqual(cursor.key, "<redacted>")
      assert.strictEqual(recording.exchanges[0]!.response.headers["x-ratelimit-limit"], "-1")

      // Replayed: no server (it is closed), another key, another host.
      const replayed = yield* program.pipe(
        Effect.provide(
          client("https://eth.blockscout.com", "another_key", layerReplay(file).pipe(Layer.provide(FileSystem)))
        )
      )
      assert.deepStrictEqual(replayed, recorded)
    })
  )

  const given: Recording = {
    format: "blockscout-effect/recording@1",
    exchanges: [
      {
        request: { method: "GET", url: "/api/v2/withdrawals?items_count=5" },
        response: { status: 429, headers: { "retry-after": "1" }, body: '{"message":"Too many requests"}' }
      },
      {
        request: { method: "GET", url: "/api/v2/withdrawals?items_count=5" },
        response: { status: 200, headers: {}, body: JSON.stringify(pageBody([])) }
      }
    ]
  }
  const replaying = (onMiss?: "fail") =>
    Blockscout.layerInstance({ baseUrl: "http://replay.test", rateLimit: false, retry: false }).pipe(
      Layer.provide(layerReplay(given, onMiss === undefined ? {} : { onMiss })),
      Layer.orDie
    )

  it.effect("a request recorded twice gets its answers in order, then the last one again", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const first = yield* Effect.flip(bs.listWithdrawals({ pageSize: 5 }))
      assert.strictEqual(first.reason._tag, "RateLimited")
      assert.deepStrictEqual((yield* bs.listWithdrawals({ pageSize: 5 })).items, [])
      assert.deepStrictEqual((yield* bs.listWithdrawals({ pageSize: 5 })).items, [])
    }).pipe(Effect.provide(replaying()))
  )

  it.effect("a request that was not recorded dies with UnexpectedRequest naming it and what was recorded", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const exit = yield* Effect.exit(bs.listWithdrawals({ pageSize: 7 }))
      const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      assert.instanceOf(error, UnexpectedRequest)
      const { message, request } = error as UnexpectedRequest
      assert.strictEqual(request, "GET /api/v2/withdrawals?items_count=7")
      assert.include(message, "no recorded answer for GET /api/v2/withdrawals?items_count=7 in the recording given")
      assert.include(message, "it holds these to the same path: GET /api/v2/withdrawals?items_count=5")
    }).pipe(Effect.provide(replaying()))
  )

  it.effect("onMiss: fail fails the request instead", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* Effect.flip(bs.listBlocksValidated(`0x${"12".repeat(20)}`))
      assert.strictEqual(error.reason._tag, "Transport")
      assert.include(error.reason.message, "none to /api/v2/addresses/")
    }).pipe(Effect.provide(replaying("fail")))
  )

  it.effect("a file that is missing or not a recording fails the layer with RecordingError", () =>
    Effect.gen(function* () {
      const notRecording = join(work, "not-a-recording.json")
      writeFileSync(notRecording, JSON.stringify({ exchanges: [] }))
      for (const [path, says] of [
        [notRecording, "not a recording"],
        [join(work, "missing.json"), "cannot read the recording"]
      ] as const) {
        const error = yield* Effect.flip(Layer.build(layerReplay(path)).pipe(Effect.scoped, Effect.provide(FileSystem)))
        assert.instanceOf(error, RecordingError)
        assert.strictEqual(error.path, path)
        assert.include(error.message, says)
      }
    })
  )
})
