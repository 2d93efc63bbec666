import { NodeRedis } from "@effect/platform-node"
import { Layer, type Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, RateLimits } from "@blockscout-effect/client"

// Every process built with this layer keeps the key's one limit together with the others.
export const sharedLimit = (apiKey: Redacted.Redacted<string>) =>
  Blockscout.layerPro({ chainId: 1, apiKey }).pipe(
    Layer.provide(RateLimits.layerRedis()),
    Layer.provide(NodeRedis.layer({ url: "redis://127.0.0.1:6379", disableOfflineQueue: true })),
    Layer.provide(FetchHttpClient.layer)
  )
