/**
 * A hot smart contract of `GET /stats/hot-smart-contracts`: a contract the most transactions were sent to over a
 * time scale, modelled on `stats_controller.ex` `hot_smart_contracts`, `stats_view.ex` `prepare_hot_contract` and
 * `Explorer.Stats.HotSmartContracts`.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Address } from "./Address.ts"
import { nullable } from "./internal/fields.ts"
import { Page } from "./Page.ts"
import { IntegerQuantity } from "./Quantities.ts"

/**
 * A contract and what was sent to it over the scale asked for: `transactions_count` transactions (with code at
 * the receiving address), using `total_gas_used` gas, and its coin balance now (`bigint`s; `balance` null when the
 * server has not fetched it).
 *
 * Gotcha: the counts are integer strings on the wire (`to_string` in the view) although the specs declare integers;
 * both decode. Scales of days (`1d`, `7d`, `30d`) read the server's daily table, which holds finished days only, so
 * today's transactions are not in them.
 *
 * @since 0.1.0
 * @category resources
 */
export const HotSmartContract = Schema.Struct({
  contract_address: Address,
  transactions_count: IntegerQuantity,
  total_gas_used: IntegerQuantity,
  balance: nullable(IntegerQuantity)
}).annotate({ identifier: "HotSmartContract" })
/**
 * A decoded {@link HotSmartContract}.
 *
 * @since 0.1.0
 * @category resources
 */
export interface HotSmartContract extends Schema.Schema.Type<typeof HotSmartContract> {}

/**
 * `GET /stats/hot-smart-contracts`: hot contracts over `scale` (`5m`, `1h`, `3h`, `1d`, `7d`, `30d`, required),
 * most transactions first (then most gas, then address), or by `sort` (`transactions_count`, `total_gas_used`) and
 * `order`.
 *
 * - Cursor: `transactions_count`, `total_gas_used`, `contract_address_hash` (no `items_count`: the controller
 *   drops it).
 * - Range: no (ordered by counts over a window that moves with the clock).
 *
 * @since 0.1.0
 * @category responses
 */
export const HotSmartContractsResponse = Page(HotSmartContract).annotate({ identifier: "HotSmartContractsResponse" })
