/**
 * Response schemas of the transaction-scoped endpoints: a transaction's details, its token transfers and its
 * internal transactions.
 *
 * Paths are under `/api/v2` (an instance) or `/{chainId}/api/v2` (the Pro API). `items_count` sets the page
 * size on 12.x and the Pro API only (see `AddressResponses.ts`); filters are re-sent on every page.
 *
 * @since 0.1.0
 */
import { TransactionDetails } from "./Details.ts"
import { InternalTransaction } from "./InternalTransaction.ts"
import { Page } from "./Page.ts"
import { TokenTransfer } from "./TokenTransfer.ts"

/**
 * `GET /transactions/{h}`: one transaction's details (404 for a hash the server does not know).
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionDetailsResponse = TransactionDetails

/**
 * `GET /transactions/{h}/token-transfers`: the transaction's token transfers, in log order (ascending log index).
 *
 * - Filters: `type` (comma-separated token types).
 * - Cursor: `block_number`, `index` (the log index); inside an ERC-1155 batch also `batch_log_index`,
 *   `batch_block_hash`, `batch_transaction_hash`, `index_in_batch`.
 * - `items_count`: page size on 12.x and the Pro API; 11.x does not declare it.
 * - Range: within the transaction only: the next page continues after the cursor's log index.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionTokenTransfersResponse = Page(TokenTransfer).annotate({
  identifier: "TransactionTokenTransfersResponse"
})

/**
 * `GET /transactions/{h}/internal-transactions`: the transaction's internal transactions (the calls,
 * creations and self-destructs inside it, without the top-level call), by ascending index.
 *
 * - Filters: `include_zero_value` (boolean, 12.x and the Pro API: include calls that moved no value).
 * - Cursor: `block_number`, `transaction_index`, `index`, `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: within the transaction only (by internal index).
 *
 * Gotcha: 12.x servers and the Pro API add a page-level `meta` (`status`, `message`) saying whether the list
 * is complete yet (older blocks' internal transactions are fetched from the node on demand); until it is, an
 * empty or short list is not the whole story.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionInternalTransactionsResponse = Page(InternalTransaction).annotate({
  identifier: "TransactionInternalTransactionsResponse"
})

/**
 * The response of `GET /internal-transactions`: the chain's internal transactions, newest first.
 *
 * @since 0.1.0
 * @category responses
 */
export const ChainInternalTransactionsResponse = Page(InternalTransaction).annotate({
  identifier: "ChainInternalTransactionsResponse"
})
