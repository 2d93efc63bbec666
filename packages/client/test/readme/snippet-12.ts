import { Effect } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const plan = Blockscout.use((bs) =>
  Effect.map(
    bs.estimate("tokenTransfers", { partition: { fromBlock: 19_000_000 } }),
    (e) => `${e.items} transfers: ${e.calls} calls, ${e.credits} credits, ${Math.round(e.seconds ?? 0)} s`
  )
)
