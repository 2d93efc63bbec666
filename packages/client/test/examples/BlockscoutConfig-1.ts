import { Blockscout } from "@blockscout-effect/client"
import { FetchHttpClient } from "effect/http"
import { Layer } from "effect"

// ETH_CHAIN_ID, ETH_API_KEY, ...: the same options under another prefix.
export const EthereumLive = Blockscout.layerConfig(Blockscout.config("ETH")).pipe(Layer.provide(FetchHttpClient.layer))
