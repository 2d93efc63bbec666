/**
 * `blockscout ... --follow` as a user runs it: a child process against the live simulated Blockscout on a
 * loopback port, in real time (a block every 200 ms, a reorganisation early on). Nothing here measures time:
 * the run ends at `--limit`, and its `add`/`retract` lines, applied in order, must give the canonical chain.
 */
import { followIdentity } from "@blockscout-effect/client"
import { SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { ndjson } from "./harness.ts"
import { entry, node } from "./spawn.ts"

const cliMain = entry("examples/src/cli/main.ts")
const initial = 300

describe("blockscout --follow as a child process", () => {
  it.live(
    "over real HTTP and the real clock: add and retract lines that give the canonical chain",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          // As block 302 appears (400 ms after the first request), heights 300 and 301 are replaced.
          const simulator = SimulatedBlockscout.make({
            seed: 13,
            blocks: initial,
            live: { blockMillis: 200, reorgs: [{ head: initial + 2, depth: 2 }] }
          })
          const server = yield* serve({ simulator })
          const argv = [
            "token-transfers",
            "--base-url",
            server.baseUrl,
            "--follow",
            "--from-block",
            String(initial - 3)
          ]
          const run = yield* node([cliMain, ...argv, "--poll-interval", "0.1", "--finality", "5", "--limit", "120"])
          assert.strictEqual(run.code, 0, run.stderr)
          const state = new Map<string, number>()
          for (const line of ndjson(run.stdout)) {
            const { op, ...item } = line
            assert.include(["add", "retract"], op)
            if (op === "add") state.set(followIdentity(item), item.block_number as number)
            else assert.isTrue(state.delete(followIdentity(item)), "a retract names a line added before")
          }
          // The last block may be cut by --limit: the blocks before it are the canonical chain's.
          const last = Math.max(...state.values())
          assert.isAbove(last, initial + 2, "the follow went past the reorganisation")
          const now = Date.now()
          const expected = new Map<string, number>()
          for (let h = initial - 3; h < last; h++) {
            for (const item of simulator.blockItems(now, h).tokenTransfers) expected.set(followIdentity(item), h)
          }
          assert.deepStrictEqual(new Map([...state].filter(([, block]) => block < last)), expected)
        })
      ),
    { timeout: 60_000 }
  )
})
