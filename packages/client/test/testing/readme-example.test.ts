// The example of packages/client/src/testing/README.md ("Testing"), kept compiling and passing here.
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"

// The code under test: how many of the newest ERC-20 transfers go to one address.
const transfersTo = (address: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    return yield* bs.streamTokenTransfers({ type: ["ERC-20"] }).pipe(
      Stream.take(500),
      Stream.filter((t) => t.to.hash.toLowerCase() === address),
      Stream.runCount
    )
  })

// A deterministic chain: the same seed gives the same blocks, hashes and pages on every run.
const simulator = SimulatedBlockscout.make({ seed: 42, blocks: 5_000 })
// rateLimit: false: the client paces 5 requests/s by default, which under TestClock would wait forever.
const TestBlockscout = Blockscout.layerInstance({ baseUrl: "http://blockscout.test", rateLimit: false }).pipe(
  Layer.provide(layerHttpClient(simulator))
)

describe("transfersTo", () => {
  it.effect("counts the transfers a user received across pages", () =>
    Effect.gen(function* () {
      const user = simulator.chain.users[3]!
      const n = yield* transfersTo(user)
      assert.isTrue(n > 0)
      // The simulator recorded the pages the client fetched (50 items each, cursor re-sent).
      assert.isTrue(simulator.requests.filter((r) => r.path.endsWith("/token-transfers")).length >= 10)
    }).pipe(Effect.provide(TestBlockscout))
  )

  it.effect("an unknown transaction is a NotFound", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const error = yield* Effect.flip(bs.listTransactionLogs(`0x${"ab".repeat(32)}`))
      assert.strictEqual(error.reason._tag, "NotFound")
    }).pipe(Effect.provide(TestBlockscout))
  )
})
