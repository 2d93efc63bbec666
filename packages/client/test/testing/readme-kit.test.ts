// The test kit example of packages/simulator/README.md ("Script any answer", "Record and replay"), kept
// passing here. recordings/withdrawals.json was recorded by this file's record branch from `pnpm simulate`
// (BLOCKSCOUT_RECORD=1 BLOCKSCOUT_BASE_URL=http://127.0.0.1:<port>).
import { fileURLToPath } from "node:url"
import { Blockscout, BlockscoutError } from "@blockscout-effect/client"
import {
  layerRecord,
  layerReplay,
  layerScripted,
  pageBody,
  type Script,
  Scripted
} from "@blockscout-effect/client/testing"
import { NodeFileSystem, NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"

// The code under test: the newest withdrawals' indexes, none when the server refuses the key.
const newestWithdrawals = Blockscout.use((bs) => bs.listWithdrawals({ pageSize: 3 })).pipe(
  Effect.map((page) => page.items.map((withdrawal) => withdrawal.index)),
  BlockscoutError.catchReason("Unauthorized", () => Effect.succeed([]))
)

const baseUrl = process.env.BLOCKSCOUT_BASE_URL ?? "https://eth.blockscout.com"

// Your own client, configured as in production (but no pacing: it would sleep on the test clock).
const answering = (script: Script) =>
  Blockscout.layerInstance({ baseUrl, rateLimit: false }).pipe(Layer.provideMerge(layerScripted(script)))

describe("newestWithdrawals, scripted", () => {
  it.effect("waits out a 429's Retry-After, then reads the page", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(newestWithdrawals)
      yield* TestClock.adjust("2 seconds") // the client waits on the test clock: move it
      assert.deepStrictEqual(yield* Fiber.join(fiber), [])
      assert.strictEqual((yield* Scripted).requests.length, 2)
    }).pipe(Effect.provide(answering([{ status: 429, headers: { "Retry-After": "2" } }, { body: pageBody([]) }])))
  )

  it.effect("gives none when the key is refused", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* newestWithdrawals, [])
    }).pipe(Effect.provide(answering([{ status: 401, body: { message: "Wrong API key" } }])))
  )

  it.effect("fails with Decode, naming the field, on a well-formed but wrong body", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(newestWithdrawals)
      assert.include(String(error), "items.0.index")
    }).pipe(Effect.provide(answering([{ body: pageBody([{ index: "not a number" }]) }])))
  )
})

// Recorded once from the real server (BLOCKSCOUT_RECORD=1), replayed ever after with no network.
const recording = fileURLToPath(new URL("recordings/withdrawals.json", import.meta.url))
const recordOrReplay =
  process.env.BLOCKSCOUT_RECORD === "1"
    ? layerRecord(recording).pipe(Layer.provide(NodeHttpClient.layerUndici))
    : layerReplay(recording)

describe("newestWithdrawals, recorded", () => {
  it.effect("reads the three newest", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* newestWithdrawals, [39999, 39998, 39997])
    }).pipe(
      Effect.provide(
        Blockscout.layerInstance({ baseUrl, rateLimit: false }).pipe(
          Layer.provide(recordOrReplay),
          Layer.provide(NodeFileSystem.layer)
        )
      )
    )
  )
})

describe("the README", () => {
  it("shows this file", async () => {
    const { readFile } = await import("node:fs/promises")
    const readme = await readFile(new URL("../../../simulator/README.md", import.meta.url), "utf8")
    const self = await readFile(new URL(import.meta.url), "utf8")
    const example = self.slice(self.indexOf("import "), self.indexOf('describe("the README"')).trimEnd()
    assert.include(readme, example)
  })
})
