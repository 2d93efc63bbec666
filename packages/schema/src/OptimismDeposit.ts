/**
 * An OP stack deposit (L1 to L2) as `GET /optimism/deposits` lists it, modelled on `optimism_view.ex`
 * `render("optimism_deposits.json")` and `BlockScoutWeb.Schemas.API.V2.Optimism.Deposit`, and the count of
 * `GET /optimism/deposits/count`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { withRenames } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { AddressHash, Hash, Timestamp } from "./Primitives.ts"
import { Count, IntegerQuantity } from "./Quantities.ts"

const OptimismDepositSchema = withRenames(
  Schema.Struct({
    l1_block_number: Count,
    l1_block_timestamp: Timestamp,
    l1_transaction_hash: Hash,
    l1_transaction_origin: AddressHash,
    l2_transaction_gas_limit: IntegerQuantity,
    l2_transaction_hash: Hash
  }),
  // 6.3.0 to 6.8.x wrote the `tx` shorthands, 6.9.0 both spellings; 6.10.0 removed the shorthands (`2720b128ac`).
  {
    l1_tx_hash: "l1_transaction_hash",
    l1_tx_origin: "l1_transaction_origin",
    l2_tx_gas_limit: "l2_transaction_gas_limit",
    l2_tx_hash: "l2_transaction_hash"
  },
  "OptimismDeposit"
)

/**
 * One deposit from L1 into an OP stack chain: the L1 block and transaction that sent it (and the L1 sender,
 * `l1_transaction_origin`), the L2 transaction it became and that transaction's gas limit (`bigint`).
 *
 * @since 0.1.0
 * @category resources
 */
export const OptimismDeposit = OptimismDepositSchema
/**
 * A decoded {@link OptimismDeposit}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface OptimismDeposit extends Schema.Schema.Type<typeof OptimismDepositSchema> {}

/**
 * `GET /optimism/deposits` (OP stack chains): deposits, newest L1 block first; cursor `l1_block_number` and
 * `transaction_hash` (the L2 transaction's), with `items_count`.
 *
 * @since 0.1.0
 * @category responses
 */
export const OptimismDepositsResponse = Page(OptimismDeposit).annotate({ identifier: "OptimismDepositsResponse" })

/**
 * How many deposits the OP stack chain has had (`GET /optimism/deposits/count`, a bare JSON integer), as a
 * `bigint`.
 *
 * @since 0.1.0
 * @category resources
 */
export const OptimismDepositsCount = IntegerQuantity.annotate({ identifier: "OptimismDepositsCount" })
/**
 * A decoded {@link OptimismDepositsCount}.
 *
 * @since 0.1.0
 * @category resources
 */
export type OptimismDepositsCount = typeof OptimismDepositsCount.Type

/**
 * The response of `GET /optimism/deposits/count`.
 *
 * @since 0.1.0
 * @category responses
 */
export const OptimismDepositsCountResponse = OptimismDepositsCount
