/**
 * The Token instance object (an NFT instance, SPEC.md 2.4).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { optional } from "./internal/fields.ts"
import { AddressHash, IntegerQuantity, JsonValue, TokenId } from "./Primitives.ts"
import { Token } from "./Token.ts"

/**
 * Thumbnail URLs of an NFT image by size.
 */
export const Thumbnails = Schema.Struct({
  original: optional(Schema.String),
  "60x60": optional(Schema.String),
  "250x250": optional(Schema.String),
  "500x500": optional(Schema.String)
})

/**
 * An NFT instance. `metadata` is issuer-defined JSON, kept as a JSON value.
 */
export const TokenInstance = Schema.Struct({
  id: TokenId,
  is_unique: optional(Schema.Boolean),
  owner: optional(Address),
  token: optional(Token),
  token_type: optional(Schema.String),
  value: optional(IntegerQuantity),
  image_url: optional(Schema.String),
  animation_url: optional(Schema.String),
  external_app_url: optional(Schema.String),
  media_url: optional(Schema.String),
  media_type: optional(Schema.String),
  metadata: optional(JsonValue),
  thumbnails: optional(Thumbnails),
  holder_address_hash: optional(AddressHash)
}).annotate({ identifier: "TokenInstance" })
/** A decoded Token instance. */
export type TokenInstance = typeof TokenInstance.Type
