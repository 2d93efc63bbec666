/**
 * Response schemas of the token-scoped endpoints: a token's details, counters, transfers, holders and NFT
 * instances, and one instance's details.
 *
 * Paths are under `/api/v2` (an instance) or `/{chainId}/api/v2` (the Pro API); `{a}` is the token contract's
 * address. `items_count` sets the page size on 12.x and the Pro API only (see `AddressResponses.ts`); filters
 * are re-sent on every page.
 *
 * @since 0.1.0
 */
import { TokenDetails, TokenInstanceDetails } from "./Details.ts"
import { Page } from "./Page.ts"
import { Token } from "./Token.ts"
import { TokenCounters, TokenInstanceTransfersCount } from "./TokenCounters.ts"
import { TokenHolder } from "./TokenHolder.ts"
import { TokenInstance } from "./TokenInstance.ts"
import { TokenTransfer } from "./TokenTransfer.ts"

/**
 * `GET /tokens/{a}`: the token's details (404 when the address is not an indexed token).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenDetailsResponse = TokenDetails

/**
 * `GET /tokens/{a}/counters`: the token's holder and transfer counts.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenCountersResponse = TokenCounters

/**
 * `GET /tokens/{a}/transfers`: the token's transfers, newest first.
 *
 * - Filters: none.
 * - Cursor: `block_number`, `index` (the log index); inside an ERC-1155 batch also `batch_log_index`,
 *   `batch_block_hash`, `batch_transaction_hash`, `index_in_batch`.
 * - `items_count`: page size on 12.x and the Pro API; 11.x does not declare it.
 * - Range: yes: `{block_number: B + 1, index: 0}` starts at block B.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenTransfersByTokenResponse = Page(TokenTransfer).annotate({
  identifier: "TokenTransfersByTokenResponse"
})

/**
 * `GET /tokens/{a}/holders`: the token's holders, largest balance first.
 *
 * - Filters: none.
 * - Cursor: `value`, `address_hash`, `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: no (ordered by balance, which changes as the chain moves: a long walk can miss or repeat a holder
 *   whose balance changed in between).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenHoldersResponse = Page(TokenHolder).annotate({ identifier: "TokenHoldersResponse" })

/**
 * `GET /tokens/{a}/instances`: the token's NFT instances, highest token id first.
 *
 * - Filters: `holder_address_hash` (instances one address holds; items then carry `token_type` and `value`).
 * - Cursor: `unique_token` (a token id).
 * - `items_count`: page size on 12.x and the Pro API; 11.x does not declare it.
 * - Range: by token id, not by chain position: `{unique_token: id + 1}` starts at `id`.
 *
 * Gotcha: 12.x and the Pro API leave `token` out of the items (it is the token you asked for).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenInstancesResponse = Page(TokenInstance).annotate({ identifier: "TokenInstancesResponse" })

/**
 * `GET /tokens/{a}/instances/{id}`: one NFT instance's details (404 for a fungible token or an unknown id).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenInstanceDetailsResponse = TokenInstanceDetails

/**
 * The response of `GET /tokens`: the chain's tokens (market cap, then holders, largest first).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokensResponse = Page(Token).annotate({ identifier: "TokensResponse" })

/**
 * The response of `GET /tokens/{a}/instances/{id}/holders`: the holders of one ERC-1155 or ERC-404 id, each with
 * its balance of it (ERC-721 instances have none: servers keep no per-id balances for them).
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenInstanceHoldersResponse = Page(TokenHolder).annotate({ identifier: "TokenInstanceHoldersResponse" })

/**
 * `GET /tokens/{a}/instances/{id}/transfers-count`: `{ transfers_count }`, one NFT instance's transfers.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenInstanceTransfersCountResponse = TokenInstanceTransfersCount
