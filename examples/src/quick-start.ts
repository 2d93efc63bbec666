import { Blockscout } from "@blockscout-effect/client"
import { Effect, Redacted, Stream } from "effect"
import { FetchHttpClient } from "effect/http"

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  const page = yield* bs.listTransactions({ filter: "validated" }) // one page
  yield* Effect.log(`${page.items.length} transactions, more: ${page.next_page_params !== null}`)
  yield* bs.streamTokenTransfers({ type: ["ERC-20", "ERC-721"] }).pipe(
    Stream.take(1_000), // every item, lazily, across pages: stop when you have enough
    Stream.runForEach((t) => Effect.log(`${t.transaction_hash} ${t.token.symbol}`))
  )
  // A history at the speed your plan allows: its block ranges fetched at once, items in chain order. Here the
  // last 100 blocks; `partition: true` is the whole history.
  const head = page.items[0]?.block_number ?? 0
  const partition = { fromBlock: Math.max(0, head - 99), toBlock: head }
  const transfers = yield* Stream.runCount(bs.streamTokenTransfers({ partition }))
  yield* Effect.log(`${transfers} token transfers in blocks ${partition.fromBlock} to ${head}`)
  // And keep it current: each new block's transfers once 2 blocks are on top of it, taken back if a reorganisation
  // replaces the block, final blocks with a checkpoint to resume from. A follow never ends: here, 20 events.
  yield* bs.followTokenTransfers({}, { from: Math.max(0, head - 9), confirmations: 2 }).pipe(
    Stream.take(20),
    Stream.runForEach((event) => Effect.log(`${event._tag} block ${event.block.number}`))
  )
})

if (import.meta.main) {
  program.pipe(
    Effect.provide(Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make(process.env.BLOCKSCOUT_API_KEY ?? "") })),
    // or Blockscout.layerInstance({ baseUrl: "https://eth.blockscout.com" }), or Blockscout.layerConfig()
    Effect.provide(FetchHttpClient.layer),
    Effect.runPromise
  )
}
