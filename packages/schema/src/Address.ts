/**
 * The Address object (docs/blockscout-api.md §2.1): every `from`, `to`, `miner`, `owner`, `receiver` ... in a response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, nullable, objectAsNull, optional, withRenames } from "./internal/fields.ts"
import { AddressHash, JsonObject } from "./Primitives.ts"

/**
 * A public or private tag on an address.
 *
 * `address_hash` is kept as an unchecked string: tags are display metadata, and one malformed tag (real mocks
 * hold `"0x"`) must not fail a whole page.
 */
export const AddressTag = Schema.Struct({
  address_hash: Schema.String,
  display_name: Schema.String,
  label: Schema.String
}).annotate({ identifier: "AddressTag" })

/**
 * A watchlist entry naming an address (only for the owner of the API key's account).
 */
export const WatchlistName = Schema.Struct({
  display_name: Schema.String,
  label: Schema.String
}).annotate({ identifier: "WatchlistName" })

/**
 * One metadata tag of an address: the per-instance family's whole `metadata`, one of the Pro API's
 * `metadata.tags`. `meta` is tag-type specific free-form JSON.
 */
export const AddressMetadataTag = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  tagType: Schema.String,
  ordinal: Schema.Finite,
  meta: optional(JsonObject)
}).annotate({ identifier: "AddressMetadataTag" })

/**
 * The Pro API's address metadata: `{ tags: [...] }`.
 */
export const AddressMetadataTags = Schema.Struct({
  tags: Schema.Array(AddressMetadataTag)
}).annotate({ identifier: "AddressMetadataTags" })

// Any other object: the hand-written per-instance spec declares `metadata` as a bare `type: object` (with a tag
// as its example), so any object is valid there. Display data is not worth failing a page over: it decodes to
// null, as if the server had sent no metadata.
const UnknownMetadata = objectAsNull(() => true, "an object")

/**
 * Address metadata in either family's shape: `{ tags: [...] }` (Pro API, current servers) or a single tag
 * object (the API doc's per-instance shape). Narrow with `"tags" in metadata`.
 *
 * Gotcha: in an Address, an object of neither shape decodes to null (see the README's nullability policy).
 */
export const AddressMetadata = Schema.Union([AddressMetadataTags, AddressMetadataTag])

// `metadata` of an Address: null first, so that a decoded null encodes back to null (not to `{}`).
const AddressMetadataField = Schema.optionalKey(Schema.Union([Schema.Null, AddressMetadata, UnknownMetadata]))

/**
 * A proxy implementation of a contract address. Older servers sent `address` for `address_hash`.
 */
export const Implementation = withRenames(
  Schema.Struct({
    address_hash: AddressHash,
    name: optional(Schema.String)
  }),
  { address: "address_hash" },
  "Implementation"
)

/**
 * The Address object, both families' shapes in one.
 *
 * Use as the schema of any address-valued field. Present in both families: `hash`, `name`, `is_contract`,
 * `is_verified`; the per-instance family adds `implementation_name`, the Pro API `implementations`, `is_scam`,
 * `proxy_type`, `reputation`; tag arrays, `ens_domain_name` and `metadata` may be absent or null.
 */
export const Address = Schema.Struct({
  hash: AddressHash,
  name: nullable(Schema.String),
  is_contract: nullable(Schema.Boolean),
  is_verified: nullable(Schema.Boolean),
  implementation_name: optional(Schema.String),
  implementations: optional(Schema.Array(Implementation)),
  ens_domain_name: optional(Schema.String),
  metadata: AddressMetadataField,
  private_tags: optional(Schema.Array(AddressTag)),
  public_tags: optional(Schema.Array(AddressTag)),
  watchlist_names: optional(Schema.Array(WatchlistName)),
  is_scam: absent(Schema.Boolean),
  proxy_type: optional(Schema.String),
  reputation: optional(Schema.String)
}).annotate({ identifier: "Address" })
/** A decoded Address object. */
export type Address = typeof Address.Type
