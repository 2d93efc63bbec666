import { Effect, Schema, Stream } from "effect"
import { Blockscout } from "@blockscout-effect/client"

const Version = Schema.Struct({ backend_version: Schema.NullOr(Schema.String) })
const Token = Schema.Struct({ address_hash: Schema.String, symbol: Schema.NullOr(Schema.String) })

export const program = Effect.gen(function* () {
  const bs = yield* Blockscout
  // One body, decoded with a schema (without one: JSON, `unknown`).
  const version = yield* bs.getPath("/config/backend-version", { schema: Version })
  // Every item of a `{ items, next_page_params }` path; the query is re-sent on every page.
  const tokens = yield* Stream.runCollect(
    bs.streamPath("/tokens?type=ERC-20", { schema: Token }).pipe(Stream.take(200))
  )
  return { version: version.backend_version, tokens: tokens.length }
})
