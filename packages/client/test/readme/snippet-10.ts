import { Effect, Stream } from "effect"
import { Blockscout, BlockscoutError } from "@blockscout-effect/client"

// Spend at most 30,000 credits today; tomorrow, go on from where it stopped.
export const today = Blockscout.use((bs) =>
  bs.streamTokenTransfers({ creditBudget: 30_000 }).pipe(
    Stream.runCount,
    BlockscoutError.catchReason("BudgetExhausted", (stopped) => Effect.succeed(stopped.cursor))
  )
)
