// The example of packages/simulator/README.md ("A test of your own code"), kept passing here.
import { Blockscout } from "@blockscout-effect/client"
import { layerTest, Simulator } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"

// The code under test: how many of the newest ERC-20 transfers go to one address.
const transfersTo = (address: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    return yield* bs.streamTokenTransfers({ type: ["ERC-20"] }).pipe(
      Stream.take(500),
      // Servers write addresses in EIP-55 mixed case: compare without case.
      Stream.filter((t) => t.to.hash.toLowerCase() === address.toLowerCase()),
      Stream.runCount
    )
  })

describe("transfersTo", () => {
  // One line: the real Blockscout client over a deterministic simulated chain (same seed, same pages).
  const TestBlockscout = layerTest({ seed: 42, blocks: 5_000 })

  it.effect("counts the transfers a user received across pages", () =>
    Effect.gen(function* () {
      const simulator = yield* Simulator
      const user = simulator.chain.users[3]!
      const n = yield* transfersTo(user)
      assert.isTrue(n > 0)
      // The simulator recorded the pages the client fetched (100 items each, cursor re-sent).
      assert.isTrue(simulator.requests.filter((r) => r.path.endsWith("/token-transfers")).length >= 5)
    }).pipe(Effect.provide(TestBlockscout))
  )

  it.effect("an unknown transaction is a NotFound", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* Effect.flip(bs.listTransactionLogs(`0x${"ab".repeat(32)}`))
      assert.strictEqual(error.reason._tag, "NotFound")
    }).pipe(Effect.provide(TestBlockscout))
  )

  it("the README shows this file", async () => {
    const { readFile } = await import("node:fs/promises")
    const readme = await readFile(new URL("../../../simulator/README.md", import.meta.url), "utf8")
    const self = await readFile(new URL(import.meta.url), "utf8")
    const example = self.slice(self.indexOf("import "), self.indexOf('  it("the README shows this file"')).trimEnd()
    assert.include(readme, `\`\`\`ts\n${example}\n})\n\`\`\``)
  })
})
