import { Effect, Redacted } from "effect"
import { Blockscout } from "@blockscout-effect/client"

export const twoClients = Effect.gen(function* () {
  const pro = yield* Blockscout.make({ family: "pro", chainId: 1, apiKey: Redacted.make("proapi_...") })
  const gnosis = yield* Blockscout.make({ family: "instance", baseUrl: "https://gnosis.blockscout.com" })
  return [pro.target.apiUrl, gnosis.target.apiUrl]
})
