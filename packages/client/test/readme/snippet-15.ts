import { Effect, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const fast = (address: string) =>
  Blockscout.use((bs) =>
    Stream.runCount(bs.streamAddressHistory(address, { fromBlock: 18_000_000, partition: { parts: 8 } }))
  ).pipe(Effect.tap((n) => Effect.log(`${n} entries`)))
