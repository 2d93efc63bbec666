/**
 * The NFT collection entry (docs/blockscout-api.md §2.11).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./internal/fields.ts"
import type { StructResource } from "./Resource.ts"
import { IntegerQuantity } from "./Quantities.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

const NftCollectionSchema = Schema.Struct({
  token: Token,
  amount: optional(IntegerQuantity),
  token_instances: Schema.Array(TokenInstance)
}).annotate({ identifier: "NftCollection" })
/**
 * A decoded {@link NftCollection}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface NftCollection extends Schema.Schema.Type<typeof NftCollectionSchema> {}
/**
 * A NftCollection as written on the wire (what {@link NftCollection} encodes to).
 *
 * @since 0.1.0
 * @category resources
 */
export interface NftCollectionEncoded extends Schema.Codec.Encoded<typeof NftCollectionSchema> {}
/**
 * The NFTs of one collection that an address owns: the token, the owned instances (their `token` is null
 * here), and the amount held.
 *
 * @since 0.1.0
 * @category resources
 */
export const NftCollection: StructResource<NftCollection, NftCollectionEncoded, typeof NftCollectionSchema.fields> =
  NftCollectionSchema
