/**
 * The client the history tests run: an instance client without a key, with no pacing and no retries, so
 * every request is the test's and every answer decides, over the HTTP client the test serves it with.
 */
import { Layer } from "effect"
import type { HttpClient } from "effect/http"
import { Blockscout, type ClientOptions } from "../../../src/index.ts"

/** A quiet, keyless instance client at `baseUrl` over `http`; `options` are added to the quiet ones. */
export const historyClient = (baseUrl: string, http: Layer.Layer<HttpClient.HttpClient>, options: ClientOptions = {}) =>
  Blockscout.layerInstance({ baseUrl, rateLimit: false, retry: false, ...options }).pipe(Layer.provide(http))
