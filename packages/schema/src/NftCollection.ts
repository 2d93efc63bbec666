/**
 * The NFT collection entry (SPEC.md 2.11).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { optional } from "./internal/fields.ts"
import { IntegerQuantity } from "./Primitives.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

/**
 * NFTs of one collection owned by an address.
 */
export const NftCollection = Schema.Struct({
  token: Token,
  token_instances: Schema.Array(TokenInstance),
  amount: optional(IntegerQuantity)
}).annotate({ identifier: "NftCollection" })
/** A decoded NFT collection entry. */
export type NftCollection = typeof NftCollection.Type
