import { Effect, Stream } from "effect"
import { Blockscout, logDecoder } from "@blockscout-effect/client"

const erc20 = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false }
    ]
  }
] as const

export const transfers = (token: string) =>
  Blockscout.use((bs) =>
    bs.streamAddressLogs(token).pipe(
      Stream.take(100),
      Stream.map(logDecoder(erc20)),
      Stream.runForEach((d) => (d._tag === "Decoded" ? Effect.log(`${d.args.from} sent ${d.args.value}`) : Effect.void))
    )
  )
