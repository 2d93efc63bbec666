import { Effect, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  const page = yield* bs.listTransactions({ filter: "validated" })
  const count = yield* Stream.runCount(bs.streamWithdrawals().pipe(Stream.take(500)))
  return { first: page.items.length, withdrawals: count }
})
