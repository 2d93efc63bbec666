import { Effect, Stream } from "effect"
import { streamChains } from "@blockscout-effect/client"

const address = "0x00000000219ab540356cBB839Cbe05303d7705Fa"

// The address's transactions on Ethereum, Optimism and Base, on one key's limit.
export const everywhere = streamChains([1, 10, 8453], (bs) => bs.streamAddressTransactions(address)).pipe(
  Stream.runForEach((element) => {
    switch (element._tag) {
      case "Item":
        return Effect.log(element.chainId, element.item.hash)
      case "Failed":
        return Effect.logWarning(`chain ${element.chainId} failed after ${element.items} items`, element.error)
      case "Done":
        return Effect.log(`chain ${element.chainId}: ${element.items} transactions`)
    }
  })
)
