import { Effect, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const history = Blockscout.use((bs) =>
  Effect.gen(function* () {
    // Every token transfer ever, newest first: exactly the sequential stream's items and order.
    const all = yield* Stream.runCount(bs.streamTokenTransfers({ partition: true }))
    // One span, split in 16 ranges to start with, pages as they arrive.
    const span = yield* Stream.runCount(
      bs.streamTokenTransfers({
        partition: { fromBlock: 19_000_000, toBlock: 19_099_999, parts: 16, order: "arrival" }
      })
    )
    return { all, span }
  })
)
