/**
 * The counters of `GET /addresses/{a}/counters`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { IntegerQuantity } from "./Quantities.ts"

/**
 * An address's activity counts, as the server has indexed them: transactions, token transfers, gas used by its
 * transactions, and blocks it validated. Integer strings on the wire, decoded to `bigint`.
 *
 * Use them to check a streamed history for completeness: `transactions_count` counts the transactions that
 * involve the address (`/addresses/{a}/transactions`), `token_transfers_count` its token transfers.
 *
 * Gotcha: these are the server's cached counters, refreshed in the background: on a busy address they can
 * lag the lists by a few blocks, and an unknown address reports zeros (7.0.0 and later; older servers 404).
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressCounters = Schema.Struct({
  transactions_count: IntegerQuantity,
  token_transfers_count: IntegerQuantity,
  gas_usage_count: IntegerQuantity,
  validations_count: IntegerQuantity
}).annotate({ identifier: "AddressCounters" })
/**
 * Decoded address counters.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressCounters extends Schema.Schema.Type<typeof AddressCounters> {}
