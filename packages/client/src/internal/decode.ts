/**
 * Decoding: a parsed body checked against its endpoint row's response schema, with the schema package's
 * precompiled decoder (same results and errors as Effect's, several times faster on valid pages), built once
 * per row and reused. A mismatch is `Decode`, never retried.
 *
 * @internal
 */
import { decodeResponseExit } from "@blockscout-effect/schema"
import { Effect, type Exit, type Schema } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import type { ClientContext } from "./context.ts"
import { decodeReason } from "./errors.ts"

const decoders = new WeakMap<Endpoint, (input: unknown) => Exit.Exit<unknown, Schema.SchemaError>>()

/** The row's decoder, compiled on first use. */
const decoderOf = (endpoint: Endpoint) => {
  let decode = decoders.get(endpoint)
  if (decode === undefined) {
    decode = decodeResponseExit(endpoint.response as unknown as Parameters<typeof decodeResponseExit>[0])
    decoders.set(endpoint, decode)
  }
  return decode
}

/**
 * Decodes a response body with the endpoint's schema (`Decode` on a mismatch, never retried). `url` is
 * called only on a mismatch: the redacted URL is not built for every page.
 */
export const decodeJson = (
  ctx: ClientContext,
  endpoint: Endpoint,
  url: () => string,
  json: unknown
): Effect.Effect<unknown, Errors.BlockscoutError> =>
  decoderOf(endpoint)(json).pipe(
    Effect.mapError(
      (error) =>
        new Errors.BlockscoutError({ reason: decodeReason(ctx, { endpoint: endpoint.name, url: url() }, error) })
    )
  )
