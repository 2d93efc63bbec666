import { Effect, Layer, Redacted, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"

const sim = SimulatedBlockscout.make({ seed: 1 })
export const count = Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(
  Effect.provide(
    Blockscout.layerPro({ chainId: sim.chain.chainId, apiKey: Redacted.make("proapi_test"), rateLimit: false }).pipe(
      Layer.provide(layerHttpClient(sim))
    )
  )
)
