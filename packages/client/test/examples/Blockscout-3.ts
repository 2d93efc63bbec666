import { Effect, Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

export const EthereumLive = Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_...") }).pipe(
  Layer.provide(FetchHttpClient.layer)
)
export const latest = Blockscout.use((bs) => bs.listTransactions()).pipe(Effect.provide(EthereumLive))
