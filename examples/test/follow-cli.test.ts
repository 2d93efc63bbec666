/**
 * `--follow` on the CLI, against the live simulated Blockscout on the TestClock: NDJSON on stdout carries
 * `op: "add"` and `op: "retract"`, and applying the lines by identity gives the canonical chain's items; a file
 * gets final blocks only and resumes from its checkpoint with nothing lost or repeated; the follow flags are
 * checked before anything is sent.
 */
import { followIdentity } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Fiber, FileSystem } from "effect"
import { TestClock } from "effect/testing"
import { exitCodes } from "../src/cli/Exit.ts"
import { baseUrl, ndjson, runCli } from "./harness.ts"

const initial = 300

/** A chain growing one block every 2 s from now, reorganising 3 heights as block 306 appears. */
const liveChain = () =>
  SimulatedBlockscout.make({
    seed: 11,
    blocks: initial,
    live: { startMillis: 0, blockMillis: 2_000, reorgs: [{ head: initial + 6, depth: 3 }] }
  })

/** Runs the CLI to its end, moving the TestClock a second at a time while it waits. */
const driven = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < 5_000 && fiber.pollUnsafe() === undefined; i++) {
      yield* Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
      yield* TestClock.adjust("1 second")
    }
    return yield* Fiber.join(fiber)
  })

/** The canonical token transfers of blocks `[from, to]` now, oldest block first, by identity. */
const canonical = (sim: SimulatedBlockscout, now: number, from: number, to: number) => {
  const out: Array<[string, number]> = []
  for (let h = from; h <= to; h++) {
    for (const item of sim.blockItems(now, h).tokenTransfers) out.push([followIdentity(item), h])
  }
  return out
}

const follow = ["token-transfers", "--base-url", baseUrl, "--follow", "--from-block", String(initial - 3)]

// Seeded runs over a simulated chain: seconds on a loaded machine, not the default 5.
describe("blockscout --follow", { timeout: 60_000 }, () => {
  it.effect("NDJSON on stdout: add and retract lines that, applied in order, give the canonical chain", () =>
    Effect.gen(function* () {
      const sim = liveChain()
      const result = yield* driven(runCli([...follow, "--finality", "6", "--limit", "150"], sim))
      assert.strictEqual(result.code, 0, result.stderr)
      const lines = ndjson(result.stdout)
      const ops = new Set(lines.map((l) => l.op))
      assert.deepStrictEqual([...ops].sort(), ["add", "retract"], "the reorganisation took lines back")
      const state = new Map<string, number>()
      for (const line of lines) {
        const { op, ...item } = line
        if (op === "add") state.set(followIdentity(item), item.block_number as number)
        else assert.isTrue(state.delete(followIdentity(item)), "a retract names a line added before")
      }
      // The last block may be cut by --limit: compare the blocks before it.
      const last = Math.max(...state.values())
      const now = yield* Clock.currentTimeMillis
      const expected = canonical(sim, now, initial - 3, last - 1)
      const got = [...state].filter(([, block]) => block < last)
      assert.deepStrictEqual(new Map(got), new Map(expected))
    })
  )

  it.effect("into a file: final blocks only, resumed from the checkpoint with nothing lost or repeated", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dir = yield* fs.makeTempDirectoryScoped()
        const out = `${dir}/out.ndjson`
        const cp = `${dir}/out.checkpoint.json`
        const sim = liveChain()
        const file = [...follow, "--finality", "4", "-o", out, "--resume", cp]
        const first = yield* driven(runCli([...file, "--limit", "40"], sim))
        assert.strictEqual(first.code, 0, first.stderr)
        assert.match(first.stderr, /final blocks only/)
        const second = yield* driven(runCli([...file, "--limit", "120"], sim))
        assert.strictEqual(second.code, 0, second.stderr)
        assert.match(second.stderr, /^resumed: /m)
        const lines = ndjson(yield* fs.readFileString(out))
        assert.strictEqual(lines.length, 120)
        assert.isTrue(lines.every((l) => l.op === "add"))
        const now = yield* Clock.currentTimeMillis
        const expected = canonical(sim, now, initial - 3, initial + 60).slice(0, 120)
        assert.deepStrictEqual(
          lines.map((l) => [followIdentity(l), l.block_number]),
          expected
        )
      })
    ).pipe(Effect.provide(NodeServices.layer))
  )

  it.effect("the follow flags are checked before anything is sent", () =>
    Effect.gen(function* () {
      const sim = liveChain()
      for (const [argv, message] of [
        [["token-transfers", "--base-url", baseUrl, "--confirmations", "2"], /--confirmations needs --follow/],
        [[...follow, "--to-block", "400"], /--to-block does not go with --follow/],
        [[...follow, "--confirmations", "-1"], /--confirmations -1: must be 0 or more/],
        [[...follow, "--dry-run"], /--dry-run does not go with --follow/]
      ] as const) {
        const result = yield* runCli(argv, sim)
        assert.strictEqual(result.code, exitCodes.usage, result.stderr)
        assert.match(result.stderr, message)
      }
      // A row without a block range has no --follow at all.
      const contracts = yield* runCli(["smart-contracts", "--base-url", baseUrl, "--follow"], sim)
      assert.strictEqual(contracts.code, exitCodes.usage)
    })
  )

  it.effect("a server that stays behind the head it showed ends the run with exit 26 (ServerLagging)", () =>
    Effect.gen(function* () {
      // From 20 s on, lists answer 250 blocks behind (a replica that stopped) for ten minutes: the chain's 2 s
      // blocks bring them back to the head the follow saw only after 8 minutes, past its 5-minute maxLag.
      const sim = SimulatedBlockscout.make({
        seed: 11,
        blocks: initial,
        live: { startMillis: 0, blockMillis: 2_000, lag: [{ fromMillis: 20_000, toMillis: 620_000, blocks: 250 }] }
      })
      const result = yield* driven(runCli(follow, sim))
      assert.strictEqual(result.code, exitCodes.ServerLagging, result.stderr)
      assert.match(result.stderr, /stayed behind/)
    })
  )
})
