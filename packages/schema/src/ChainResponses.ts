/**
 * Response schemas of chain-wide endpoints: the indexing status, the advanced filter feed (an address's
 * transactions, internal transactions and token transfers in one list) and its methods, the head (the newest
 * blocks), the stats and charts, and the server's version.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { AdvancedFilterItem, AdvancedFilterMethod, AdvancedFilterSearchParams } from "./AdvancedFilter.ts"
import { Block } from "./Block.ts"
import { IndexingStatus } from "./IndexingStatus.ts"
import { Page } from "./Page.ts"
import { BackendVersion, MarketChart, Stats, TransactionsChart } from "./Stats.ts"

/**
 * `GET /main-page/indexing-status`: how far the server has indexed blocks and internal transactions.
 *
 * @since 0.1.0
 * @category responses
 */
export const IndexingStatusResponse = IndexingStatus

/**
 * `GET /advanced-filters` (6.7.0 and later; not in the hand-written specs): transactions, internal
 * transactions and token transfers matching the filters, merged newest first (by block, then position in the
 * block; within one transaction the transaction, then its token transfers, then its internal transactions),
 * plus `search_params`, what the server resolved from the filters.
 *
 * - Filters (all optional, lists comma-separated): `transaction_types` (`COIN_TRANSFER`,
 *   `CONTRACT_INTERACTION`, `CONTRACT_CREATION`, `ERC-20`, `ERC-404`, `ERC-721`, `ERC-1155`, `ERC-7984`;
 *   `tx_types` before 6.9.0), `methods` (4-byte selectors, at most 20), `methods_names`, `age_from` / `age_to`
 *   (ISO 8601), `from_address_hashes_to_include` / `_to_exclude`, `to_address_hashes_to_include` /
 *   `_to_exclude`, `address_relation` = `or` | `and`, `amount_from` / `amount_to`,
 *   `token_contract_address_hashes_to_include` / `_to_exclude` (`native` for the coin; at most 20 each),
 *   `token_contract_symbols_to_include` / `_to_exclude`.
 * - Cursor: `block_number`, `transaction_index`, `internal_transaction_index`, `token_transfer_index`,
 *   `token_transfer_batch_index`, `items_count` (echoed, not a page size: pages hold 50 items).
 *   All five position keys must be sent back, the null ones as the literal `null` (or empty): a cursor with a
 *   null key left out is not recognised and the server starts again from the newest item.
 * - Range: yes: `{block_number: B + 1, transaction_index: 0, others null}` starts at block B (the server still
 *   returns block B + 1's first transaction's internal transactions: drop items above B).
 *
 * An address's whole history is `from_address_hashes_to_include={a}&to_address_hashes_to_include={a}` (the
 * default `address_relation` is `or`), in one walk instead of three lists; it leaves out the creation of the
 * contract at `{a}` (matched on `from`/`to`, not `created_contract`) and the top-level call of each transaction
 * as an internal transaction.
 *
 * @since 0.1.0
 * @category responses
 */
export const AdvancedFiltersResponse = Schema.Struct({
  ...Page(AdvancedFilterItem).fields,
  search_params: AdvancedFilterSearchParams
}).annotate({ identifier: "AdvancedFiltersResponse" })
/**
 * A decoded advanced filter page: a `Page` of items plus the resolved `search_params`.
 *
 * @since 0.1.0
 * @category responses
 */
export interface AdvancedFilters extends Schema.Schema.Type<typeof AdvancedFiltersResponse> {}

/**
 * `GET /advanced-filters/methods` (6.7.0 and later): a bare array of method selectors and names (`q` searches
 * them by name or selector).
 *
 * @since 0.1.0
 * @category responses
 */
export const AdvancedFilterMethodsResponse = Schema.Array(AdvancedFilterMethod).annotate({
  identifier: "AdvancedFilterMethodsResponse"
})

/**
 * `GET /main-page/blocks`: a bare array of the 4 newest consensus blocks, shaped as `/blocks` items.
 *
 * @since 0.1.0
 * @category responses
 */
export const MainPageBlocksResponse = Schema.Array(Block).annotate({ identifier: "MainPageBlocksResponse" })

/**
 * `GET /stats`: the chain's counters and prices (`average_block_time` in milliseconds).
 *
 * @since 0.1.0
 * @category responses
 */
export const StatsResponse = Stats

/**
 * `GET /stats/charts/transactions`: daily transaction counts.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionsChartResponse = TransactionsChart

/**
 * `GET /stats/charts/market`: the coin's daily market history and available supply.
 *
 * @since 0.1.0
 * @category responses
 */
export const MarketChartResponse = MarketChart

/**
 * `GET /config/backend-version`: the server's release.
 *
 * @since 0.1.0
 * @category responses
 */
export const BackendVersionResponse = BackendVersion
