import { Effect, Stream } from "effect"
import { abiOf, Blockscout, decodeLogStream, decodeLogs } from "@blockscout-effect/client"

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

export const program = (token: string, hash: string) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    const { items } = yield* bs.listTransactionLogs(hash)
    for (const result of decodeLogs(items, erc20)) {
      // Typed from the literal ABI: `args` is { from: `0x${string}`, to: `0x${string}`, value: bigint }.
      if (result._tag === "Decoded") yield* Effect.log(result.eventName, result.args.value)
      else yield* Effect.log(result._tag, result.log.index)
    }
    // A verified contract's own ABI, over a stream of its logs.
    const abi = yield* abiOf(token)
    return yield* Stream.runCount(bs.streamAddressLogs(token).pipe(Stream.take(500), decodeLogStream(abi)))
  })
