/**
 * `blockscout backfill` in-process: flags checked before anything is sent (exit 2 naming the flag), a run into a
 * SQLite file printing its job id, `status` of that id, and an unknown id.
 */
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, runCli } from "./harness.ts"

const env = { BLOCKSCOUT_API_KEY: "proapi_cli" }

describe("blockscout backfill", () => {
  for (const [flags, named] of [
    [["--from-block", "5"], "--to-block"],
    [["--from-block", "9", "--to-block", "5"], "--to-block 5"],
    [["--from-block", "1", "--to-block", "5", "--from-index", "1", "--to-index", "2"], "--from-index"],
    [["--runner", "127.0.0.1:7001"], "--runner"],
    [["--runner", "nowhere", "--db", "postgres://u@127.0.0.1:1/db"], "--runner nowhere"],
    [["--requests-per-second", "0"], "--requests-per-second"],
    [["--redis", "127.0.0.1:6379"], "--redis 127.0.0.1:6379"],
    [["--partitions", "0"], "invalid job"],
    [["--follow"], "--follow needs --from-block/--to-block"],
    [["--follow", "--from-block", "1", "--to-block", "5", "--ndjson", "/tmp/parts"], "--follow writes SQL tables"],
    [["--follow", "--from-block", "1", "--to-block", "5", "--detach"], "--follow does not go with --detach"],
    [["--confirmations", "2"], "--confirmations and --finality need --follow"],
    [["--follow", "--from-block", "1", "--to-block", "5", "--finality", "0"], "--finality 0"],
    [["--poll-interval", "1"], "--poll-interval needs --follow"],
    [["--follow", "--from-block", "1", "--to-block", "5", "--poll-interval", "0"], "--poll-interval 0"]
  ] as const) {
    it.effect(`refuses ${flags.join(" ")} before anything is sent`, () =>
      Effect.gen(function* () {
        const sim = SimulatedBlockscout.make({ blocks: 20 })
        const result = yield* runCli(
          ["backfill", "run", "token-transfers", "--chain", "1", "--base-url", baseUrl, ...flags],
          sim,
          undefined,
          { env }
        )
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.include(result.stderr, named)
        assert.strictEqual(sim.requests.length, 0)
      })
    )
  }

  it.live("--follow refuses a range whose top is not final yet, before anything is written", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const db = `${dir}/b.db`
        // 60 blocks: the head is 59; with finality 10, blocks above 49 are not final.
        const sim = SimulatedBlockscout.make({ blocks: 60, seed: 4 })
        const argv = ["backfill", "run", "token-transfers", "--chain", "1", "--base-url", baseUrl, "--db", db]
        const flags = ["--from-block", "10", "--follow", "--finality", "10"]
        const refused = yield* runCli([...argv, ...flags, "--to-block", "55"], sim, { rateLimit: false }, { env })
        assert.notStrictEqual(refused.code, 0)
        assert.include(refused.stderr, "not final yet (head 59, finality 10)")
        assert.isTrue(
          sim.requests.every((r) => r.path.endsWith("/blocks")),
          "only the head was asked"
        )
        assert.isFalse(yield* fs.exists(db), "nothing written")
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.live("runs a job into a SQLite file, prints its id, and status reads it back", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const db = `${dir}/b.db`
        const sim = SimulatedBlockscout.make({ blocks: 60, seed: 4 })
        const argv = ["backfill", "run", "withdrawals", "--chain", "1", "--base-url", baseUrl, "--partitions", "3"]
        const run = yield* runCli([...argv, "--db", db], sim, { rateLimit: false }, { env })
        assert.strictEqual(run.code, 0, run.stderr)
        const id = run.stdout.trim()
        assert.match(id, /^[0-9a-f]{16}$/)
        assert.include(run.stderr, `backfill ${id} complete:`)
        const status = yield* runCli(["backfill", "status", id, "--db", db], sim, undefined, { env })
        assert.strictEqual(status.code, 0, status.stderr)
        assert.include(status.stdout, `backfill ${id}: 3/3 partitions done`)
        assert.strictEqual(status.stdout.trim().split("\n").length, 4)
        const unknown = yield* runCli(["backfill", "status", "0000000000000000", "--db", db], sim, undefined, { env })
        assert.strictEqual(unknown.code, exitCodes.NotFound, unknown.stderr)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.live("a job the server refuses exits with the reason's code, without the key", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const sim = SimulatedBlockscout.make({ blocks: 20, apiKeys: ["proapi_someone_else"] })
        const argv = ["backfill", "run", "withdrawals", "--chain", "1", "--base-url", baseUrl, "--db", `${dir}/b.db`]
        const run = yield* runCli(argv, sim, { rateLimit: false, retry: false }, { env })
        assert.strictEqual(run.code, exitCodes.Unauthorized, run.stderr)
        assert.include(run.stderr, "blockscout: backfill: Unauthorized")
        assert.notInclude(run.stderr, env.BLOCKSCOUT_API_KEY)
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )
})
