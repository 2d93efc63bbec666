/**
 * The Address object (SPEC.md 2.1): every `from`, `to`, `miner`, `owner` ... in a response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { AddressHash, JsonValue } from "./Primitives.ts"
import { nullable, optional } from "./internal/fields.ts"

/**
 * A public or private tag on an address.
 */
export const AddressTag = Schema.Struct({
  address_hash: optional(Schema.String),
  display_name: optional(Schema.String),
  label: optional(Schema.String)
})

/**
 * A watchlist entry naming an address.
 */
export const WatchlistName = Schema.Struct({
  display_name: optional(Schema.String),
  label: optional(Schema.String)
})

/**
 * One metadata tag of an address (Pro shape: `metadata.tags[]`; per-instance: `metadata` itself).
 */
export const AddressMetadataTag = Schema.Struct({
  slug: optional(Schema.String),
  name: optional(Schema.String),
  tagType: optional(Schema.String),
  ordinal: optional(Schema.Number),
  meta: optional(JsonValue)
})

/**
 * Address metadata: the Pro API's `{ tags: [...] }` or the per-instance single-tag shape.
 */
export const AddressMetadata = Schema.Struct({
  tags: optional(Schema.Array(AddressMetadataTag)),
  slug: optional(Schema.String),
  name: optional(Schema.String),
  tagType: optional(Schema.String),
  ordinal: optional(Schema.Number),
  meta: optional(JsonValue)
})

/**
 * A proxy implementation of a contract address (`address_hash`; older servers sent `address`).
 */
export const Implementation = Schema.Struct({
  address_hash: AddressHash,
  name: optional(Schema.String)
})

/**
 * The Address object, both families' shapes; fields one family lacks are optional.
 *
 * Use as the schema of any address-valued field. Only `hash` is always present.
 */
export const Address = Schema.Struct({
  hash: AddressHash,
  implementation_name: optional(Schema.String),
  implementations: optional(Schema.Array(Implementation)),
  name: optional(Schema.String),
  is_contract: optional(Schema.Boolean),
  is_verified: optional(Schema.Boolean),
  is_scam: optional(Schema.Boolean),
  ens_domain_name: optional(Schema.String),
  private_tags: optional(Schema.Array(AddressTag)),
  public_tags: optional(Schema.Array(AddressTag)),
  watchlist_names: optional(Schema.Array(WatchlistName)),
  metadata: optional(AddressMetadata),
  proxy_type: optional(Schema.String),
  reputation: optional(Schema.String)
}).annotate({ identifier: "Address" })
/** A decoded Address object. */
export type Address = typeof Address.Type

/** An address-valued field that may be null (e.g. a transaction's `to` for contract creations). */
export const NullableAddress = nullable(Address)
