/**
 * The root README's quick start is real code: its block is examples/src/quick-start.ts character for
 * character (type-checked by `tsc -b`), and the program runs against the simulated Blockscout.
 */
import { readFileSync } from "node:fs"
import { layerTest, Simulator } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Logger } from "effect"
import { program } from "../src/quick-start.ts"

describe("README quick start", () => {
  it("is examples/src/quick-start.ts, verbatim", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8")
    const block = readme.match(/## Quick start[\s\S]*?```ts\n([\s\S]*?)```/)?.[1]
    assert.strictEqual(block, readFileSync(new URL("../src/quick-start.ts", import.meta.url), "utf8"))
  })

  it.effect(
    "runs: one page of transactions, 1,000 token transfers across pages, 100 blocks partitioned, a follow",
    () =>
      Effect.gen(function* () {
        const lines: Array<string> = []
        yield* program.pipe(
          Effect.provide(Logger.layer([Logger.make((options) => void lines.push(String(options.message)))]))
        )
        const simulator = yield* Simulator
        assert.match(lines[0]!, /^50 transactions, more: true$/)
        assert.strictEqual(lines.length, 1 + 1_000 + 1 + 20)
        const typed = simulator.requests.filter(
          (r) => r.path.endsWith("/token-transfers") && r.query.type !== undefined
        )
        // 10 pages of 100 (streams ask the largest page) hold the 1,000 items; the prefetch may have asked for
        // the 11th before take stopped.
        assert.include([10, 11], typed.length)
        assert.isTrue(typed.every((r) => r.query.type === "ERC-20,ERC-721"))
        // The last 100 blocks' transfers, asked from their top block down (`block_number` top + 1, `index` 0).
        const [count, from, to] = (/^(\d+) token transfers in blocks (\d+) to (\d+)$/.exec(lines[1_001]!) ?? [])
          .slice(1)
          .map(Number)
        assert.isAbove(count ?? 0, 0)
        assert.strictEqual((to ?? 0) - (from ?? 0), 99)
        assert.isTrue(simulator.requests.some((r) => r.query.block_number === String((to ?? 0) + 1)))
        // The follow: the transfers of blocks from 9 below the head, oldest block first, each 2 blocks deep.
        const followed = lines.slice(1_002).map((line) => /^(Added|Finalized) block (\d+)$/.exec(line))
        assert.isTrue(
          followed.every((m) => m !== null),
          lines.slice(1_002).join("\n")
        )
        const blocks = followed.map((m) => Number(m?.[2]))
        assert.deepStrictEqual(
          blocks,
          [...blocks].sort((a, b) => a - b)
        )
        assert.isAtLeast(blocks[0] ?? 0, (to ?? 0) - 9)
      }).pipe(Effect.provide(layerTest({ family: "pro", seed: 7 })))
  )

  it.effect("runs against the per-instance API too", () =>
    Effect.gen(function* () {
      const lines: Array<string> = []
      yield* program.pipe(
        Effect.provide(Logger.layer([Logger.make((options) => void lines.push(String(options.message)))]))
      )
      assert.match(lines[0]!, /^50 transactions, more: true$/)
      assert.strictEqual(lines.length, 1 + 1_000 + 1 + 20)
      assert.match(lines[1]!, /^0x[0-9a-f]{64} \S+$/)
      assert.match(lines[1_001]!, /^[1-9]\d* token transfers in blocks \d+ to \d+$/)
    }).pipe(Effect.provide(layerTest({ family: "instance", seed: 7 })))
  )
})
