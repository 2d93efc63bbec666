/**
 * The token holder entry of `GET /tokens/{a}/holders`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { nullable, optional, withRenames } from "./internal/fields.ts"
import { IntegerQuantity, TokenId } from "./Quantities.ts"

/**
 * One holder of a token: the holding address, its balance `value` in the token's smallest unit, and for an
 * ERC-1155 token the `token_id` held (null for other token types).
 *
 * The hand-written per-instance spec names the address `address_hash` (servers send `address`); both decode to
 * `address`.
 *
 * Gotcha: servers before 8.0.0 also repeated the whole token on every entry (`token`); it is the token you
 * asked for, so it is not decoded (read it once with `GET /tokens/{a}`).
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenHolder = withRenames(
  Schema.Struct({
    address: Address,
    value: nullable(IntegerQuantity),
    token_id: optional(TokenId)
  }),
  { address_hash: "address" },
  "TokenHolder"
)
/**
 * A decoded token holder.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenHolder extends Schema.Schema.Type<typeof TokenHolder> {}
