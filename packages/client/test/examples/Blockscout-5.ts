import { Config, ConfigProvider, Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

// The app's own names, one nested group, and a progress callback.
const ExplorerLive = Blockscout.layerConfig(
  Config.all({ baseUrl: Config.String("URL"), pageSize: Config.Int("PAGE_SIZE") }).pipe(Config.nested("EXPLORER")),
  { onEvent: (event) => Effect.logDebug(event._tag) }
).pipe(Layer.provide(FetchHttpClient.layer))

export const program = Blockscout.use((bs) => bs.listWithdrawals()).pipe(
  Effect.provide(ExplorerLive),
  Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: { EXPLORER_URL: "https://eth.blockscout.com" } })))
)
