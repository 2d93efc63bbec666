import { Effect, Stream } from "effect"
import { streamChains } from "@blockscout-effect/client"

// Withdrawals of three chains at once, on one key's limit; a chain's failure is reported, not fatal.
export const perChain = streamChains([1, 10, 8453], (bs) => bs.streamWithdrawals().pipe(Stream.take(100))).pipe(
  Stream.runForEach((element) =>
    element._tag === "Failed"
      ? Effect.logWarning(`chain ${element.chainId} failed after ${element.items} items`)
      : Effect.void
  )
)
