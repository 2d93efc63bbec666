import { Effect } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const plan = Blockscout.use((bs) =>
  Effect.gen(function* () {
    // A token's whole transfer history: counted by its counters, paged at the size the server gives.
    const token = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
    const e = yield* bs.estimate("tokenTransfersByToken", { token })
    yield* Effect.log(`${e.items} transfers: ${e.calls} calls, ${e.credits} credits, ${Math.round(e.seconds ?? 0)} s`)
    // A span no counter describes: the first page's density over it.
    const span = yield* bs.estimate("tokenTransfers", { partition: { fromBlock: 19_000_000 } })
    const history = yield* bs.estimateAddressHistory(token, { kinds: ["transaction", "tokenTransfer"] })
    return { span, history }
  })
)
