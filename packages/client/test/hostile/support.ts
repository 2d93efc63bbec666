/**
 * What the hostile-server tests share: the client over either transport (fetch, which follows redirects and
 * inflates bodies by itself, and undici, which does neither), keys whose characters change under every
 * encoding, and the quiet options (no pacing, fast retries).
 */
import { NodeHttpClient } from "@effect/platform-node"
import { Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, type ClientOptions } from "../../src/index.ts"
import { fixtures } from "../support/fixtures.ts"

/** The two transports every hostile case runs over. */
export const transports = {
  fetch: FetchHttpClient.layer,
  undici: NodeHttpClient.layerUndici
} as const

export type Transport = keyof typeof transports

/**
 * An API key with characters that every encoding changes (`+ / = & ~ ! ' ( )` and a space), so a secret
 * echoed in any form is caught.
 */
export const hostileApiKey = "proapi_H0ST1LE+/=&k ~!'()xyz"
/** A secret key with `<`, `>` and `"` (HTML- and JSON-escaped differently). */
export const hostileSecretKey = 'inst_S3CRET<>"key_0987'

/** Both secrets, for `assertNoSecret`. */
export const secrets = [hostileApiKey, hostileSecretKey] as const

/** No pacing, two fast retries. */
export const quick: ClientOptions = { rateLimit: false, retry: { times: 2, base: "1 millis", max: "2 millis" } }

/** An instance client (API key and secret key) over a transport. */
export const instanceClient = (baseUrl: string, transport: Transport, options: ClientOptions = {}) =>
  Blockscout.layerInstance({
    baseUrl,
    apiKey: Redacted.make(hostileApiKey),
    secretKey: Redacted.make(hostileSecretKey),
    ...quick,
    ...options
  }).pipe(Layer.provide(transports[transport]))

/** A Pro client (chain 100) over a transport. */
export const proClient = (baseUrl: string, transport: Transport, options: ClientOptions = {}) =>
  Blockscout.layerPro({ chainId: 100, apiKey: Redacted.make(hostileApiKey), baseUrl, ...quick, ...options }).pipe(
    Layer.provide(transports[transport])
  )

/** A withdrawal item with the given index. */
export const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })
