import { Effect } from "effect"
import { Blockscout } from "@blockscout-effect/client"
import { layerTest, Simulator } from "@blockscout-effect/client/testing"

export const lastPath = Effect.gen(function* () {
  yield* Blockscout.use((bs) => bs.listTransactions())
  const sim = yield* Simulator
  return sim.requests.at(-1)?.path // "/api/v2/transactions"
}).pipe(Effect.provide(layerTest({ seed: 1 })))
