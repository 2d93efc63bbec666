import { Effect, Redacted, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  const page = yield* bs.listTransactions({ filter: "validated" }) // one page
  yield* Effect.log(page.items.length, page.next_page_params)
  yield* bs.streamTokenTransfers({ type: ["ERC-20", "ERC-721"] }).pipe(
    // every item, lazily
    Stream.take(10_000),
    Stream.runForEach((t) => Effect.log(t.transaction_hash))
  )
})

program.pipe(
  Effect.provide(Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_...") })),
  Effect.provide(FetchHttpClient.layer), // or NodeHttpClient.layerUndici from @effect/platform-node
  Effect.runPromise
)
