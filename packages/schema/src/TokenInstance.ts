/**
 * The Token instance object (an NFT instance, the API doc §2.4).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, nullable, objectAsNull, optional } from "./internal/fields.ts"
import type { StructResource } from "./Resource.ts"
import { AddressHash, JsonValue } from "./Primitives.ts"
import { IntegerQuantity, TokenId } from "./Quantities.ts"
import { Token } from "./Token.ts"

const ThumbnailsSchema = Schema.Struct({
  original: Schema.String,
  "60x60": absent(Schema.String),
  "250x250": absent(Schema.String),
  "500x500": absent(Schema.String)
}).annotate({ identifier: "Thumbnails" })
/**
 * A decoded {@link Thumbnails}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Thumbnails extends Schema.Schema.Type<typeof ThumbnailsSchema> {}
/**
 * A Thumbnails as written on the wire (what {@link Thumbnails} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface ThumbnailsEncoded extends Schema.Codec.Encoded<typeof ThumbnailsSchema> {}
/**
 * Thumbnail URLs of an NFT's image by size; only `original` is always present.
 *
 * @since 0.1.0
 * @category resources
 */
export const Thumbnails: StructResource<Thumbnails, ThumbnailsEncoded, typeof ThumbnailsSchema.fields> =
  ThumbnailsSchema

const TokenInstanceSchema = Schema.Struct({
  id: TokenId,
  is_unique: nullable(Schema.Boolean),
  owner: nullable(Address),
  // `{}` decodes to null: NFT collection listings send null, which the per-instance docs spec declares as
  // `type: object` (example `null`).
  token: Schema.optionalKey(Schema.Union([Schema.Null, Token, objectAsNull((o) => Object.keys(o).length === 0, "{}")])),
  token_type: optional(Schema.String),
  value: optional(IntegerQuantity),
  image_url: optional(Schema.String),
  animation_url: optional(Schema.String),
  external_app_url: optional(Schema.String),
  media_url: optional(Schema.String),
  media_type: optional(Schema.String),
  image_media_type: optional(Schema.String),
  animation_media_type: optional(Schema.String),
  metadata: optional(JsonValue),
  thumbnails: optional(Thumbnails),
  holder_address_hash: optional(AddressHash)
}).annotate({ identifier: "TokenInstance" })
/**
 * A decoded {@link TokenInstance}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenInstance extends Schema.Schema.Type<typeof TokenInstanceSchema> {}
/**
 * A TokenInstance as written on the wire (what {@link TokenInstance} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenInstanceEncoded extends Schema.Codec.Encoded<typeof TokenInstanceSchema> {}
/**
 * An NFT instance. `metadata` is issuer-defined JSON (kept as a JSON value); `token` is null in NFT collection
 * listings; `holder_address_hash` appears there too.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenInstance: StructResource<TokenInstance, TokenInstanceEncoded, typeof TokenInstanceSchema.fields> =
  TokenInstanceSchema
