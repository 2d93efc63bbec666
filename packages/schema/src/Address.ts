/**
 * The Address object (docs/blockscout-api.md §2.1): every `from`, `to`, `miner`, `owner`, `receiver` ... in a response.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, nullable, objectAsNull, optional, withRenames } from "./internal/fields.ts"
import { AddressHash, JsonObject } from "./Primitives.ts"
import type { RenamedResource, StructResource } from "./Resource.ts"

const AddressTagSchema = Schema.Struct({
  address_hash: Schema.String,
  display_name: Schema.String,
  label: Schema.String
}).annotate({ identifier: "AddressTag" })
/**
 * A decoded {@link AddressTag}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressTag extends Schema.Schema.Type<typeof AddressTagSchema> {}
/**
 * An AddressTag as written on the wire (what {@link AddressTag} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressTagEncoded extends Schema.Codec.Encoded<typeof AddressTagSchema> {}
/**
 * A public or private tag on an address.
 *
 * `address_hash` is kept as an unchecked string: tags are display metadata, and one malformed tag (real mocks
 * hold `"0x"`) must not fail a whole page.
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressTag: StructResource<AddressTag, AddressTagEncoded, typeof AddressTagSchema.fields> =
  AddressTagSchema

const WatchlistNameSchema = Schema.Struct({
  display_name: Schema.String,
  label: Schema.String
}).annotate({ identifier: "WatchlistName" })
/**
 * A decoded {@link WatchlistName}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface WatchlistName extends Schema.Schema.Type<typeof WatchlistNameSchema> {}
/**
 * A WatchlistName as written on the wire (what {@link WatchlistName} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface WatchlistNameEncoded extends Schema.Codec.Encoded<typeof WatchlistNameSchema> {}
/**
 * A watchlist entry naming an address (only for the owner of the API key's account).
 *
 * @since 0.1.0
 * @category resources
 */
export const WatchlistName: StructResource<WatchlistName, WatchlistNameEncoded, typeof WatchlistNameSchema.fields> =
  WatchlistNameSchema

const AddressMetadataTagSchema = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  tagType: Schema.String,
  ordinal: Schema.Finite,
  meta: optional(JsonObject)
}).annotate({ identifier: "AddressMetadataTag" })
/**
 * A decoded {@link AddressMetadataTag}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressMetadataTag extends Schema.Schema.Type<typeof AddressMetadataTagSchema> {}
/**
 * An AddressMetadataTag as written on the wire (what {@link AddressMetadataTag} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressMetadataTagEncoded extends Schema.Codec.Encoded<typeof AddressMetadataTagSchema> {}
/**
 * One metadata tag of an address: the per-instance family's whole `metadata`, one of the Pro API's
 * `metadata.tags`. `meta` is tag-type specific free-form JSON.
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressMetadataTag: StructResource<
  AddressMetadataTag,
  AddressMetadataTagEncoded,
  typeof AddressMetadataTagSchema.fields
> = AddressMetadataTagSchema

const AddressMetadataTagsSchema = Schema.Struct({
  tags: Schema.Array(AddressMetadataTag)
}).annotate({ identifier: "AddressMetadataTags" })
/**
 * A decoded {@link AddressMetadataTags}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressMetadataTags extends Schema.Schema.Type<typeof AddressMetadataTagsSchema> {}
/**
 * An AddressMetadataTags as written on the wire (what {@link AddressMetadataTags} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressMetadataTagsEncoded extends Schema.Codec.Encoded<typeof AddressMetadataTagsSchema> {}
/**
 * The Pro API's address metadata: `{ tags: [...] }`.
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressMetadataTags: StructResource<
  AddressMetadataTags,
  AddressMetadataTagsEncoded,
  typeof AddressMetadataTagsSchema.fields
> = AddressMetadataTagsSchema

// Any other object: the hand-written per-instance spec declares `metadata` as a bare `type: object` (with a tag
// as its example), so any object is valid there. Display data is not worth failing a page over: it decodes to
// null, as if the server had sent no metadata. Not a `{ tags }` object (the generated specs' precise shape,
// `additionalProperties: false`): one with a bad tag is an error, never a silent null dropping every tag.
const UnknownMetadata = objectAsNull((o) => !("tags" in o), "an object without tags")

/**
 * Address metadata in either family's shape: `{ tags: [...] }` (Pro API, current servers) or a single tag
 * object (the API doc's per-instance shape). Narrow with `"tags" in metadata`.
 *
 * Gotcha: in an Address, an object of neither shape decodes to null (see the README's nullability policy).
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressMetadata = Schema.Union([AddressMetadataTags, AddressMetadataTag])
/**
 * A decoded {@link AddressMetadata}.
 *
 * @since 0.1.0
 * @category resources
 */
export type AddressMetadata = typeof AddressMetadata.Type

// `metadata` of an Address: null first, so that a decoded null encodes back to null (not to `{}`).
const AddressMetadataField = Schema.optionalKey(Schema.Union([Schema.Null, AddressMetadata, UnknownMetadata]))

const ImplementationSchema = withRenames(
  Schema.Struct({
    address_hash: absent(AddressHash),
    name: optional(Schema.String),
    filecoin_robust_address: optional(Schema.String)
  }),
  // 6.7.0 to 8.0.1 wrote `address`; 8.0.2 renamed it `address_hash` (backend 05aa156b08, Proxy.proxy_object_info).
  { address: "address_hash" },
  "Implementation"
)
/**
 * A decoded {@link Implementation}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Implementation extends Schema.Schema.Type<typeof ImplementationSchema> {}
/**
 * An Implementation as written on the wire (what {@link Implementation} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface ImplementationEncoded extends Schema.Codec.Encoded<typeof ImplementationSchema> {}
/**
 * A proxy implementation of a contract address.
 *
 * `address_hash` is absent only from 6.6.x servers, whose entries carried the `name` alone; 6.7.0 to 8.0.1 sent
 * it as `address` (accepted). `filecoin_robust_address` is the Filecoin chain type's robust (f0-f4) address.
 *
 * @since 0.1.0
 * @category resources
 */
export const Implementation: RenamedResource<
  Implementation,
  ImplementationEncoded,
  typeof ImplementationSchema.to.fields
> = ImplementationSchema

const FilecoinAddressSchema = Schema.Struct({
  id: optional(Schema.String),
  robust: optional(Schema.String),
  actor_type: optional(Schema.String)
}).annotate({ identifier: "FilecoinAddress" })
/**
 * A decoded {@link FilecoinAddress}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface FilecoinAddress extends Schema.Schema.Type<typeof FilecoinAddressSchema> {}
/**
 * A FilecoinAddress as written on the wire (what {@link FilecoinAddress} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface FilecoinAddressEncoded extends Schema.Codec.Encoded<typeof FilecoinAddressSchema> {}
/**
 * Filecoin native addressing of an address (Filecoin chain type): the short `id` (`f0...`, may change in a
 * reorg), the `robust` address (`f1`-`f4`), and the actor type (`evm`, `account`, `multisig`, ...).
 *
 * @since 0.1.0
 * @category resources
 */
export const FilecoinAddress: StructResource<
  FilecoinAddress,
  FilecoinAddressEncoded,
  typeof FilecoinAddressSchema.fields
> = FilecoinAddressSchema

const AddressSchema = Schema.Struct({
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
  reputation: optional(Schema.String),
  filecoin: optional(FilecoinAddress)
}).annotate({ identifier: "Address" })
/**
 * A decoded Address object.
 *
 * @since 0.1.0
 * @category resources
 */
export interface Address extends Schema.Schema.Type<typeof AddressSchema> {}
/**
 * An Address as written on the wire (what {@link Address} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressEncoded extends Schema.Codec.Encoded<typeof AddressSchema> {}
/**
 * The Address object, both families' shapes in one.
 *
 * Use as the schema of any address-valued field. Present on every server: `hash`, `name`, `is_contract`,
 * `is_verified`. By version: `implementation_name` until 6.7.x, then `implementations` (6.6.0+), `proxy_type`
 * (6.8.0+), `is_scam` (6.9.0+), `reputation` (9.1.0+), `ens_domain_name` (6.1.0+), `metadata` (6.4.0+); tag
 * arrays may be absent or null. `filecoin` on the Filecoin chain type.
 *
 * @since 0.1.0
 * @category resources
 */
export const Address: StructResource<Address, AddressEncoded, typeof AddressSchema.fields> = AddressSchema
