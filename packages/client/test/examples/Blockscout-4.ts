import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

export const GnosisLive = Blockscout.layerInstance({ baseUrl: "https://gnosis.blockscout.com/api/v2" }).pipe(
  Layer.provide(FetchHttpClient.layer)
)
