/**
 * The CLI's partitioned runs: `--from-block`/`--to-block` (`--from-index`/`--to-index` for withdrawals),
 * `--parts` and `--concurrency` fetch a history's ranges at once and write exactly what a plain run writes,
 * resume from their checkpoint's progress, are checked before anything is sent, and show the request rate
 * against the server's announced limit on the progress line.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { Json } from "@blockscout-effect/export"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer, Stream } from "effect"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, runCli } from "./harness.ts"

const simulator = SimulatedBlockscout.make({ blocks: 2000 })

/** The token transfers of blocks 500..1400, sequentially, as the CLI writes them. */
const expected = Effect.gen(function* () {
  const bs = yield* Blockscout
  const all = yield* Stream.runCollect(bs.streamTokenTransfers())
  return all.filter((t) => (t.block_number ?? -1) >= 500 && (t.block_number ?? -1) <= 1400).map(Json.stringify)
}).pipe(
  Effect.provide(
    Blockscout.layerInstance({ baseUrl, rateLimit: false }).pipe(Layer.provide(layerHttpClient(simulator)))
  )
)

const span = ["token-transfers", "--base-url", baseUrl, "--from-block", "500", "--to-block", "1400"]

describe("blockscout CLI, partitioned", () => {
  it.effect("a span in parts at a fixed concurrency writes exactly the plain run's items, in its order", () =>
    Effect.gen(function* () {
      const result = yield* runCli([...span, "--parts", "4", "--concurrency", "3"], simulator)
      assert.strictEqual(result.code, 0, result.stderr)
      assert.deepStrictEqual(result.stdout.trimEnd().split("\n"), yield* expected)
    })
  )

  it.effect("an interrupted partitioned run resumes from its checkpoint to the same file", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const out = `${dir}/out.ndjson`
        const cp = `${dir}/out.checkpoint.json`
        // The server fails from its 6th request on: several ranges are under way when the run stops.
        const flaky = SimulatedBlockscout.make({
          blocks: 2000,
          faults: (ctx) => (ctx.requestNumber >= 6 ? { _tag: "ServerError", status: 503 } : undefined)
        })
        const broken = yield* runCli([...span, "--concurrency", "3", "-o", out, "--resume", cp], flaky)
        assert.strictEqual(broken.code, exitCodes.ServerError, broken.stderr)
        const saved = JSON.parse(yield* fs.readFileString(cp)) as { progress?: { ranges: ReadonlyArray<unknown> } }
        assert.isAbove(saved.progress?.ranges.length ?? 0, 1, "the checkpoint holds the ranges")
        const resumed = yield* runCli([...span, "--concurrency", "3", "-o", out, "--resume", cp], simulator)
        assert.strictEqual(resumed.code, 0, resumed.stderr)
        assert.match(resumed.stderr, /^resumed: /)
        assert.deepStrictEqual((yield* fs.readFileString(out)).trimEnd().split("\n"), yield* expected)
        assert.strictEqual((JSON.parse(yield* fs.readFileString(cp)) as { done: boolean }).done, true)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  const refused: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
    [["withdrawals", "--base-url", baseUrl, "--from-block", "3"], /--from-block: withdrawals is keyed by index/],
    [
      ["transaction-logs", `0x${"ab".repeat(32)}`, "--base-url", baseUrl, "--concurrency", "4"],
      /--concurrency: transactionLogs cannot be partitioned/
    ],
    [[...span, "--parts", "0"], /--parts 0/],
    [["token-transfers", "--base-url", baseUrl, "--parts", "3"], /--parts needs --to-block/],
    [["token-transfers", "--base-url", baseUrl, "--concurrency", "many"], /--concurrency many/],
    [["token-transfers", "--base-url", baseUrl, "--from-block", "9", "--to-block", "3"], /--to-block 3/]
  ]
  for (const [argv, message] of refused) {
    it.effect(`refuses ${argv.slice(argv.indexOf(baseUrl) + 1).join(" ")} before anything is sent (exit 2)`, () =>
      Effect.gen(function* () {
        const before = simulator.requests.length
        const result = yield* runCli(argv, simulator)
        assert.strictEqual(result.code, exitCodes.usage)
        assert.match(result.stderr, message)
        assert.strictEqual(simulator.requests.length, before)
      })
    )
  }

  it.effect("the progress line shows the request rate against the server's announced limit", () =>
    Effect.gen(function* () {
      // The Pro API announces 500 requests a second (the client reads the Pro API's headers even unpaced).
      const limited = SimulatedBlockscout.make({ blocks: 400, rateLimit: { limit: 500, windowMillis: 1000 } })
      const result = yield* runCli(
        ["transactions", "--chain", "1", "--base-url", baseUrl, "--concurrency", "auto", "--limit", "3000"],
        limited,
        undefined,
        { stderrIsTerminal: true, env: { BLOCKSCOUT_API_KEY: "proapi_env" } }
      )
      assert.strictEqual(result.code, 0, result.stderr)
      assert.match(result.stderr, /\d+\.\d req\/s of 500\.0 · 0 retries/)
    })
  )
})
