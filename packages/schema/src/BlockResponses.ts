/**
 * Response schemas of the block-scoped endpoints: the chain's blocks, one block's details, its transactions and
 * its beacon withdrawals.
 *
 * Paths are under `/api/v2` (an instance) or `/{chainId}/api/v2` (the Pro API); `{numberOrHash}` is a block
 * number or a block hash. `items_count` sets the page size on 12.x and the Pro API only (see
 * `AddressResponses.ts`); filters are re-sent on every page.
 *
 * @since 0.1.0
 */
import { Block } from "./Block.ts"
import { BlockDetails } from "./Details.ts"
import { InternalTransaction } from "./InternalTransaction.ts"
import { Page } from "./Page.ts"
import { Transaction } from "./Transaction.ts"
import { Withdrawal } from "./Withdrawal.ts"

/**
 * `GET /blocks`: the chain's blocks, newest first.
 *
 * - Filters: `type` = `block` (consensus blocks, the default) | `uncle` | `reorg` (blocks reorganised out).
 * - Cursor: `block_number`, `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes: `{block_number: B + 1}` starts at block B.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlocksResponse = Page(Block).annotate({ identifier: "BlocksResponse" })

/**
 * `GET /blocks/{numberOrHash}`: one block's details (404 when the server has no such block).
 *
 * @since 0.1.0
 * @category responses
 */
export const BlockDetailsResponse = BlockDetails

/**
 * `GET /blocks/{numberOrHash}/transactions`: the block's transactions, in block order (ascending `position`).
 *
 * - Filters: `type` (comma-separated transaction types: `coin_transfer`, `contract_call`, `contract_creation`,
 *   `token_transfer`, `token_creation`; 11.x and later).
 * - Cursor: `block_number`, `index` (the next page starts after `index`), `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: within the block only: `{block_number: B, index: i}` continues after position i.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlockTransactionsResponse = Page(Transaction).annotate({ identifier: "BlockTransactionsResponse" })

/**
 * `GET /blocks/{numberOrHash}/withdrawals`: the block's beacon-chain withdrawals (items carry `receiver`, not
 * `block_number`/`timestamp`), newest index first.
 *
 * - Filters: none.
 * - Cursor: `index` (the withdrawal index), `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes, by withdrawal index: `{index: i + 1}` starts at index i.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlockWithdrawalsResponse = Page(Withdrawal).annotate({ identifier: "BlockWithdrawalsResponse" })

/**
 * The response of `GET /blocks/{b}/internal-transactions`: a block's internal transactions, by transaction
 * index then index.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlockInternalTransactionsResponse = Page(InternalTransaction).annotate({
  identifier: "BlockInternalTransactionsResponse"
})
