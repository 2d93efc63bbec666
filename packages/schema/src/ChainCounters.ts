/**
 * The chain-wide counters beside the lists they count: `GET /withdrawals/counters`, `GET /smart-contracts/counters`
 * and `GET /transactions/stats`. Modelled on the backend's `WithdrawalController.withdrawals_counters`,
 * `SmartContractController.smart_contracts_counters` and `TransactionController.stats` with
 * `transaction_view.ex` `render("stats.json")`: each value is a cached counter (`last_fetched_counters`, an integer
 * numeric) the server refreshes in the background, sent as an integer string.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, withRenames } from "./internal/fields.ts"
import { IntegerQuantity } from "./Quantities.ts"

const WithdrawalCountersSchema = withRenames(
  Schema.Struct({
    withdrawals_count: IntegerQuantity,
    withdrawals_sum: IntegerQuantity
  }),
  // 5.1.5 to 7.x sent `withdrawal_count` / `withdrawal_sum`; 8.0.0 sent both spellings; 9.0.0 dropped the old one.
  { withdrawal_count: "withdrawals_count", withdrawal_sum: "withdrawals_sum" },
  "WithdrawalCounters"
)
/**
 * A decoded {@link WithdrawalCounters}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface WithdrawalCounters extends Schema.Schema.Type<typeof WithdrawalCountersSchema> {}
/**
 * The chain's beacon withdrawals counted and summed (wei, `bigint`): E9's total. Servers before 9.0.0 named them
 * `withdrawal_count` and `withdrawal_sum`; both decode to these names.
 *
 * Gotcha: cached counters, refreshed every few minutes: they can trail `/withdrawals` for a while.
 *
 * @since 0.1.0
 * @category resources
 */
export const WithdrawalCounters = WithdrawalCountersSchema

/**
 * The chain's verified and all smart contracts, in total and new in the last 24 hours (`bigint` each).
 *
 * Gotcha: cached counters, refreshed in the background: `verified_smart_contracts` can trail E8's list.
 *
 * @since 0.1.0
 * @category resources
 */
export const SmartContractCounters = Schema.Struct({
  smart_contracts: absent(IntegerQuantity),
  new_smart_contracts_24h: absent(IntegerQuantity),
  verified_smart_contracts: absent(IntegerQuantity),
  new_verified_smart_contracts_24h: absent(IntegerQuantity)
}).annotate({ identifier: "SmartContractCounters" })
/**
 * A decoded {@link SmartContractCounters}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface SmartContractCounters extends Schema.Schema.Type<typeof SmartContractCounters> {}

/**
 * The last 24 hours' transactions (count, fee sum and average fee in wei) and the pending transactions the server
 * received in the last 30 minutes, each a `bigint`.
 *
 * Gotcha: cached counters over sliding windows, refreshed every few minutes: not a count of any list's items
 * (`pending_transactions_count` leaves out older pending transactions the pending list still shows).
 *
 * @since 0.1.0
 * @category resources
 */
export const TransactionStats = Schema.Struct({
  transactions_count_24h: IntegerQuantity,
  pending_transactions_count: IntegerQuantity,
  transaction_fees_sum_24h: IntegerQuantity,
  transaction_fees_avg_24h: IntegerQuantity
}).annotate({ identifier: "TransactionStats" })
/**
 * A decoded {@link TransactionStats}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface TransactionStats extends Schema.Schema.Type<typeof TransactionStats> {}

/**
 * The response of `GET /withdrawals/counters`.
 *
 * @since 0.1.0
 * @category responses
 */
export const WithdrawalCountersResponse = WithdrawalCounters

/**
 * The response of `GET /smart-contracts/counters`.
 *
 * @since 0.1.0
 * @category responses
 */
export const SmartContractCountersResponse = SmartContractCounters

/**
 * The response of `GET /transactions/stats`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionStatsResponse = TransactionStats
