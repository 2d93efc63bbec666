/**
 * Item fixtures per endpoint row (taken from Blockscout's frontend mocks by make-fixtures.ts), and the
 * layers the tests build the client with.
 */
import { readFileSync } from "node:fs"
import { Layer, Redacted } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, type ClientOptions, type EndpointName } from "../../src/index.ts"

/** Raw wire items per endpoint row. */
export const fixtures: Record<EndpointName, ReadonlyArray<unknown>> = JSON.parse(
  readFileSync(new URL("../fixtures/items.json", import.meta.url), "utf8")
)

/** A key that must never appear in an error, log, span or cursor. */
export const apiKeyText = "proapi_SECRETKEY_0123456789abcdef"
export const secretKeyText = "instance_SECRET_fedcba9876543210"

/** Quiet defaults for behaviour tests: no pacing, fast retries. */
export const quiet: ClientOptions = { rateLimit: false, retry: { times: 3, base: "1 millis", max: "5 millis" } }

/** The Pro client on a loopback server (chain 100), over the fetch HttpClient. */
export const proLayer = (baseUrl: string, options: ClientOptions = {}, apiKey = apiKeyText) =>
  Blockscout.layerPro({ chainId: 100, apiKey: Redacted.make(apiKey), baseUrl, ...quiet, ...options }).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

/** An instance client on a loopback server, with an API key and a secret key. */
export const instanceLayer = (baseUrl: string, options: ClientOptions = {}) =>
  Blockscout.layerInstance({
    baseUrl,
    apiKey: Redacted.make(apiKeyText),
    secretKey: Redacted.make(secretKeyText),
    ...quiet,
    ...options
  }).pipe(Layer.provide(FetchHttpClient.layer))

export const address = "0x00000000219ab540356cBB839Cbe05303d7705Fa"
export const txHash = "0x5d7bdbb4a4c4e3c5a2c7b9b7c1c0f43ad4a8fb8c1c1bde8f7b1e9a4d1c6c9f21"
export const token = "0xb81afe27c103bcd42f4026cf719af6d802928765"
