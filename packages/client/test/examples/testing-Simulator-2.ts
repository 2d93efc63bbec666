import { Effect, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"
import { layerTest } from "@blockscout-effect/client/testing"

// The real client over a simulated Pro API: every withdrawal of the simulated chain.
export const count = Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(
  Effect.provide(layerTest({ family: "pro", seed: 7 }))
)
