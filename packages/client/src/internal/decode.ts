/**
 * Decoding: a parsed body checked against its endpoint row's response schema, with the schema package's
 * precompiled decoder (same results and errors as Effect's, several times faster on valid pages), built once
 * per row and reused. A mismatch is `Decode`, never retried; so is a body the decoder cannot take at all (one
 * nested deeper than its stack), never a defect.
 *
 * @internal
 */
import { decodeResponseExit } from "@blockscout-effect/schema"
import { Cause, Effect, Exit, Option, Result, type Schema } from "effect"
import type * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import type { ClientContext } from "./context.ts"
import type { Parsed } from "./send.ts"
import { decodeReason, fail, tooManyItemsReason, undecodableReason } from "./errors.ts"

/**
 * A row's decoder. `text` is the body the input was parsed from: a schema package that reads numbers beyond
 * 2^53 exactly takes it (a cursor value then keeps the server's digits); one that does not ignores it.
 */
type Decoder = (input: unknown, text: string) => Exit.Exit<unknown, Schema.SchemaError>

// Keyed by the schema, not the row: the decoder depends on the schema alone, and the path escape hatch
// (`path.ts`) makes a row per call around a schema the caller keeps.
const decoders = new WeakMap<object, Decoder>()

/** The row's decoder, compiled on first use. */
const decoderOf = (endpoint: Endpoint): Decoder => {
  let decode = decoders.get(endpoint.response)
  if (decode === undefined) {
    decode = decodeResponseExit(endpoint.response as unknown as Parameters<typeof decodeResponseExit>[0]) as Decoder
    decoders.set(endpoint.response, decode)
  }
  return decode
}

/**
 * The most items a page (or E3's bare array) may hold: servers cap pages at 100 by default, `pageSize` at
 * 1000. Decoding runs in one go (about 20,000 transactions a second), so a page of a million items would
 * block for a minute: it is refused undecoded.
 */
export const maxItems = 1000

/** How many items a parsed body holds: its `items` (a page) or itself (a bare array). */
const itemCount = (json: unknown): number => {
  if (Array.isArray(json)) return json.length
  if (typeof json !== "object" || json === null) return 0
  const items = (json as { readonly items?: unknown }).items
  return Array.isArray(items) ? items.length : 0
}

/**
 * Decodes a response body with the endpoint's schema (`Decode` on a mismatch, never retried). `url` is
 * called only on a mismatch: the redacted URL is not built for every page.
 */
export const decodeJson = (
  ctx: ClientContext,
  endpoint: Endpoint,
  url: () => string,
  body: Parsed
): Effect.Effect<unknown, Errors.BlockscoutError> => {
  const json = body.json
  // The decoder throwing (a free-form field that `JSON.parse` built ten thousand levels deep overflows its
  // stack) means a body the schema cannot take: `Decode`, not a defect.
  const broke = (thrown: unknown) => fail(undecodableReason(ctx, { endpoint: endpoint.name, url: url() }, thrown))
  const count = itemCount(json)
  if (count > maxItems) return fail(tooManyItemsReason({ endpoint: endpoint.name, url: url() }, count, maxItems))
  const decoded = Result.try(() => decoderOf(endpoint)(json, body.text))
  if (Result.isFailure(decoded)) return broke(decoded.failure)
  const exit = decoded.success
  if (Exit.isSuccess(exit)) return Effect.succeed(exit.value)
  const error = Cause.findErrorOption(exit.cause)
  return Option.isSome(error)
    ? fail(decodeReason(ctx, { endpoint: endpoint.name, url: url() }, error.value))
    : broke(Cause.squash(exit.cause))
}
