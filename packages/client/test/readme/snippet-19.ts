import { Blockscout } from "@blockscout-effect/client"
import { layerTest } from "@blockscout-effect/client/testing"
import { Effect, Stream } from "effect"

export const count = Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(
  Effect.provide(layerTest({ family: "pro", seed: 1 }))
)
