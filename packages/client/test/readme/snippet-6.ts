import { Effect, Layer, LayerMap, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout } from "@blockscout-effect/client"

const ProLive = Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_...") }).pipe(
  Layer.provide(FetchHttpClient.layer)
)

export class Chains extends LayerMap.Service<Chains>()("app/Chains", {
  lookup: (chainId: number) => Layer.effect(Blockscout, Blockscout.forChain(chainId)),
  dependencies: [ProLive]
}) {}

// Base's withdrawals, through the client for chain 8453.
export const baseWithdrawals = Blockscout.use((bs) => bs.listWithdrawals()).pipe(
  Effect.provide(Chains.get(8453)),
  Effect.provide(Chains.layer)
)
