/**
 * An OP stack withdrawal (L2 to L1) as `GET /optimism/withdrawals` lists it, modelled on `optimism_view.ex`
 * `render("optimism_withdrawals.json")` and `BlockScoutWeb.Schemas.API.V2.Optimism.Withdrawal`, and the count of
 * `GET /optimism/withdrawals/count`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { nullable, optional, withRenames } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { AddressHash, Hash, HexData, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"

const OptimismWithdrawalSchema = withRenames(
  Schema.Struct({
    msg_nonce_raw: IntegerQuantity,
    msg_nonce: IntegerQuantity,
    msg_nonce_version: Count,
    from: nullable(Address),
    l2_transaction_hash: Hash,
    l2_timestamp: nullable(Timestamp),
    status: Schema.String,
    l1_transaction_hash: nullable(Hash),
    challenge_period_end: nullable(Timestamp),
    // Since 9.2.0: the portal contract, and the message's fields as the L2 transaction sent them.
    portal_contract_address_hash: optional(AddressHash),
    // Addresses on every server; the specs declare them 32-byte hashes, so any hex is read.
    msg_sender_address_hash: optional(HexData),
    msg_target_address_hash: optional(HexData),
    msg_value: optional(IntegerQuantity),
    msg_gas_limit: optional(IntegerQuantity),
    msg_data: optional(HexData)
  }),
  // 6.3.0 to 6.8.x wrote the `tx` shorthands, 6.9.0 both spellings; 6.10.0 removed the shorthands (`2720b128ac`).
  { l2_tx_hash: "l2_transaction_hash", l1_tx_hash: "l1_transaction_hash" },
  "OptimismWithdrawal"
)

/**
 * One withdrawal from an OP stack chain to L1: the message's nonce (`msg_nonce_raw` whole, `msg_nonce` and
 * `msg_nonce_version` its parts), its sender on L2 (`from`), the L2 transaction and time, its `status` ("Waiting
 * for state root", "Ready to prove", "In challenge period", "Ready for relay", "Proven", "Relayed", ...), the L1
 * transaction that relayed it and when its challenge period ends; since 9.2.0 the portal contract and the
 * message's sender, target, value, gas limit and data.
 *
 * Gotcha: the status is computed when asked (from the dispute games the server has indexed), so it moves.
 *
 * @since 0.1.0
 * @category resources
 */
export const OptimismWithdrawal = OptimismWithdrawalSchema
/**
 * A decoded {@link OptimismWithdrawal}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface OptimismWithdrawal extends Schema.Schema.Type<typeof OptimismWithdrawalSchema> {}

/**
 * `GET /optimism/withdrawals` (OP stack chains): withdrawals, highest nonce first; cursor `nonce` and
 * `items_count`.
 *
 * @since 0.1.0
 * @category responses
 */
export const OptimismWithdrawalsResponse = Page(OptimismWithdrawal).annotate({
  identifier: "OptimismWithdrawalsResponse"
})

/**
 * How many withdrawals the OP stack chain has had (`GET /optimism/withdrawals/count`, a bare JSON integer), as a
 * `bigint`.
 *
 * @since 0.1.0
 * @category resources
 */
export const OptimismWithdrawalsCount = IntegerQuantity.annotate({ identifier: "OptimismWithdrawalsCount" })
/**
 * A decoded {@link OptimismWithdrawalsCount}.
 *
 * @since 0.1.0
 * @category resources
 */
export type OptimismWithdrawalsCount = typeof OptimismWithdrawalsCount.Type

/**
 * The response of `GET /optimism/withdrawals/count`.
 *
 * @since 0.1.0
 * @category responses
 */
export const OptimismWithdrawalsCountResponse = OptimismWithdrawalsCount
