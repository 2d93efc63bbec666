import { Effect, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"

// Ethereum and Base withdrawals at once, paced together by the one key's limit.
export const both = Effect.gen(function* () {
  const base = yield* Blockscout.forChain(8453)
  const ethereum = yield* Blockscout.forChain(1)
  return yield* Effect.all([Stream.runCount(ethereum.streamWithdrawals()), Stream.runCount(base.streamWithdrawals())], {
    concurrency: 2
  })
})
