/**
 * The state changes of `GET /transactions/{h}/state-changes`: each balance a transaction moved.
 *
 * Modelled on the backend's `TransactionView.prepare_state_change` (views/api/v2/transaction_view.ex) and the
 * OpenAPI specs' `StateChange`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { absent, optional } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { JsonValue } from "./Primitives.ts"
import { IntegerQuantity, TokenId } from "./Quantities.ts"
import { Token } from "./Token.ts"

/**
 * One NFT an ERC-721 state change moved: the transfer's `total` (its token id and instance) and whether it left
 * (`from`) or reached (`to`) the address.
 *
 * @since 0.1.0
 * @category resources
 */
export const StateChangeNftMove = Schema.Struct({
  total: JsonValue,
  direction: Schema.String
}).annotate({ identifier: "StateChangeNftMove" })
/**
 * A decoded {@link StateChangeNftMove}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface StateChangeNftMove extends Schema.Schema.Type<typeof StateChangeNftMove> {}

/**
 * One balance a transaction changed: the address, whether it is the block's miner (its fee income), `type`
 * `coin` (the native coin, in wei) or `token` (with `token`, and `token_id` for ERC-1155), the balance before
 * and after, and the `change`.
 *
 * Gotchas:
 * - `change` is a signed integer (`bigint`), except for ERC-721 tokens, where it lists the NFTs that moved
 *   (`{ total, direction }`).
 * - `balance_before` and `balance_after` are null when the server could not read a non-negative balance.
 *
 * @since 0.1.0
 * @category resources
 */
export const StateChange = Schema.Struct({
  address: Address,
  is_miner: Schema.Boolean,
  type: Schema.String,
  token: optional(Token),
  token_id: optional(TokenId),
  // Always sent by servers; the hand-written per-instance spec leaves them out.
  balance_before: optional(IntegerQuantity),
  balance_after: optional(IntegerQuantity),
  change: absent(Schema.Union([Schema.Null, IntegerQuantity, Schema.Array(StateChangeNftMove)]))
}).annotate({ identifier: "StateChange" })
/**
 * A decoded state change.
 *
 * @since 0.1.0
 * @category resources
 */
export interface StateChange extends Schema.Schema.Type<typeof StateChange> {}

/**
 * The response of `GET /transactions/{h}/state-changes`.
 *
 * @since 0.1.0
 * @category responses
 */
export const StateChangesResponse = Page(StateChange).annotate({ identifier: "StateChangesResponse" })
