import { Config, Duration, Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

export const ExplorerLive = Blockscout.layerConfig(
  {
    chainId: Config.Int("CHAIN"),
    apiKey: Config.Redacted("EXPLORER_KEY"),
    timeout: Config.Duration("EXPLORER_TIMEOUT").pipe(Config.withDefault(Duration.seconds(30)))
  },
  { onEvent: (event) => Effect.logDebug(event._tag) } // what configuration cannot hold, and defaults
).pipe(Layer.provide(FetchHttpClient.layer))
