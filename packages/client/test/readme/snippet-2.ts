import { Blockscout } from "@blockscout-effect/client"
import { Effect, Stream } from "effect"

// One address's story: what it is, what it holds, what it sent, newest first.
export const story = (address: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const details = yield* bs.getAddress(address)
    const counters = yield* bs.getAddressCounters(address)
    const sent = yield* bs
      .streamAddressTransactions(address, { filter: "from" })
      .pipe(Stream.take(20), Stream.runCollect)
    const tokens = yield* bs.listAddressTokenBalances(address)
    return { balance: details.coin_balance, transactions: counters.transactions_count, sent, tokens }
  })
