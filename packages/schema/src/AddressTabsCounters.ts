/**
 * The tab counters of `GET /addresses/{a}/tabs-counters`: how many items each of an address's lists holds,
 * counted up to a limit.
 *
 * Modelled on the backend's `AddressController.tabs_counters` and `Address.Counters.address_limited_counters`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { absent, withRenames } from "./internal/fields.ts"
import { Count } from "./Quantities.ts"

const AddressTabsCountersSchema = withRenames(
  Schema.Struct({
    transactions_count: absent(Count),
    token_transfers_count: absent(Count),
    token_balances_count: absent(Count),
    logs_count: absent(Count),
    withdrawals_count: absent(Count),
    internal_transactions_count: absent(Count),
    validations_count: absent(Count),
    // 5.2.x only.
    coin_balances_count: absent(Count),
    // Celo and Ethereum chain types.
    celo_election_rewards_count: absent(Count),
    beacon_deposits_count: absent(Count)
  }),
  // `internal_txs_count` until 7.x (6.9.0 added `internal_transactions_count`, 8.0.0 dropped the old name).
  { internal_txs_count: "internal_transactions_count" },
  "AddressTabsCounters"
)
/**
 * Decoded tab counters.
 *
 * @since 0.1.0
 * @category resources
 */
export interface AddressTabsCounters extends Schema.Schema.Type<typeof AddressTabsCountersSchema> {}
/**
 * How many items each of an address's lists holds, for showing tabs: transactions, token transfers, token
 * balances, logs, withdrawals, internal transactions, validated blocks (and chain-type lists).
 *
 * Gotcha: each count stops at 51 (the server counts at most 51 rows, cached for a while): 51 means "more than
 * 50", not an exact total; use `getAddressCounters` for totals. A list the server does not count is absent.
 *
 * @since 0.1.0
 * @category resources
 */
export const AddressTabsCounters = AddressTabsCountersSchema

/**
 * The response of `GET /addresses/{a}/tabs-counters`.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressTabsCountersResponse = AddressTabsCounters
