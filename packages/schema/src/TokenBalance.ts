/**
 * The token balance entry of `GET /addresses/{a}/token-balances` and `GET /addresses/{a}/tokens`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { nullable, optional } from "./internal/fields.ts"
import { IntegerQuantity, TokenId } from "./Quantities.ts"
import { Token } from "./Token.ts"
import { TokenInstance } from "./TokenInstance.ts"

/**
 * One token an address holds: the balance `value` in the token's smallest unit, the token, and for an NFT the
 * `token_id` and its instance (ERC-721 and ERC-1155 balances are one entry per token id).
 *
 * `token` is null for a balance whose token the server has not indexed yet. `token_instance` is null for
 * fungible tokens (and in `/token-balances`, which does not load instances); servers before 5.2 omit it.
 *
 * @since 0.1.0
 * @category resources
 */
export const TokenBalance = Schema.Struct({
  value: IntegerQuantity,
  token: nullable(Token),
  token_id: nullable(TokenId),
  token_instance: optional(TokenInstance)
}).annotate({ identifier: "TokenBalance" })
/**
 * A decoded token balance.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TokenBalance extends Schema.Schema.Type<typeof TokenBalance> {}
