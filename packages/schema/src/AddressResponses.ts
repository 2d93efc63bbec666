/**
 * Response schemas of the address-scoped endpoints: an address's details, counters, and the lists of what
 * happened to it (transactions, token transfers, logs, coin balance changes, token balances).
 *
 * Paths are under `/api/v2` (an instance) or `/{chainId}/api/v2` (the Pro API). Each list's comment says its
 * cursor keys (`next_page_params`), its filters, whether `items_count` sets the page size, and whether its
 * cursor is a key a range can start from. `items_count`: servers 12.x and the Pro API take it as the page size
 * (default 50, capped at 100); 11.x and older serve 50 items whatever it says and echo the count in the cursor.
 * Filters are dropped from cursors by the server: re-send them on every page.
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import { AddressCounters } from "./AddressCounters.ts"
import { AddressDetails } from "./AddressDetails.ts"
import { CoinBalance } from "./CoinBalance.ts"
import { invalid, isRecord, registerFast } from "./internal/compile.ts"
import { Log } from "./Log.ts"
import { Page } from "./Page.ts"
import { TokenBalance } from "./TokenBalance.ts"
import { TokenInstance } from "./TokenInstance.ts"
import { TokenTransfer } from "./TokenTransfer.ts"
import { Transaction } from "./Transaction.ts"

/**
 * `GET /addresses/{a}`: the address details. Since 7.0.0 any well-formed address answers 200 (an unknown one
 * looks empty); older servers answer 404.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressDetailsResponse = AddressDetails

/**
 * `GET /addresses/{a}/counters`: transaction, token transfer, gas usage and validation counts (zeros for an
 * unknown address since 7.0.0).
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressCountersResponse = AddressCounters

/**
 * Whether a wire item of an address's transaction list is the block-reward pseudo-item servers 5.0 and 5.1 put
 * among a validator's transactions on chains with emission funds (`transaction_view.ex`:
 * `{emission_reward, block_hash, from, to, types: ["reward"]}`, no `hash`).
 */
const isRewardPseudoItem = (u: unknown): boolean => isRecord(u) && "emission_reward" in u && !("hash" in u)

const TransactionList = Schema.Array(Transaction)
/** An address's transaction items, the reward pseudo-items left out before the transactions are decoded. */
const AddressTransactionItems = Schema.Array(Schema.Unknown).pipe(
  Schema.decodeTo(TransactionList, {
    decode: SchemaGetter.transform(
      (items: ReadonlyArray<unknown>) =>
        items.filter((item) => !isRewardPseudoItem(item)) as unknown as typeof TransactionList.Encoded
    ),
    encode: SchemaGetter.transform((items: typeof TransactionList.Encoded): ReadonlyArray<unknown> => items)
  })
)
registerFast(AddressTransactionItems, (compile) => {
  const list = compile(TransactionList.ast)
  return list === undefined
    ? undefined
    : (u) =>
        Array.isArray(u) ? list(u.some(isRewardPseudoItem) ? u.filter((i) => !isRewardPseudoItem(i)) : u) : invalid
})

/**
 * `GET /addresses/{a}/transactions`: transactions from, to or creating the address, newest first.
 *
 * - Filters: `filter` = `to` | `from` (omit for both); `sort` = `block_number` | `value` | `fee` and
 *   `order` = `asc` | `desc` (11.x and later).
 * - Cursor: `block_number`, `index`, `inserted_at`, `hash`, `value`, `fee` (all six whatever the order;
 *   `block_number` and `index` are null after a pending transaction), `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes, in the default order: `{block_number: B + 1, index: 0}` starts at block B (the server returns
 *   transactions before the cursor: lower block, or same block and lower index).
 *
 * Gotcha: servers 5.0 and 5.1 on chains with emission funds (POA networks) list a validator's block rewards
 * among its transactions as pseudo-items (`{emission_reward, block_hash, from, to, types: ["reward"]}`, no
 * `hash`). They are not transactions: this schema leaves them out (the block's details carry its rewards), so a
 * page can hold fewer items than the server sent; its cursor is the server's, so nothing else is skipped.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressTransactionsResponse = Schema.Struct({
  ...Page(Transaction).fields,
  items: AddressTransactionItems
}).annotate({ identifier: "AddressTransactionsResponse" })

/**
 * `GET /addresses/{a}/token-transfers`: token transfers from or to the address, newest first.
 *
 * - Filters: `type` (comma-separated token types: `ERC-20`, `ERC-721`, `ERC-1155`, `ERC-404`, and `ERC-7984`
 *   on newer servers), `filter` = `to` | `from`, `token` (a token contract address).
 * - Cursor: `block_number`, `index` (the log index); inside an ERC-1155 batch also `batch_log_index`,
 *   `batch_block_hash`, `batch_transaction_hash`, `index_in_batch`; `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes: `{block_number: B + 1, index: 0}` starts at block B.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressTokenTransfersResponse = Page(TokenTransfer).annotate({
  identifier: "AddressTokenTransfersResponse"
})

/**
 * `GET /addresses/{a}/logs`: logs the address (a contract) emitted, newest first.
 *
 * - Filters: `topic` (hex: logs with this topic in any position).
 * - Cursor: `block_number`, `index` (the log index), `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes: `{block_number: B + 1, index: 0}` starts at block B.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressLogsResponse = Page(Log).annotate({ identifier: "AddressLogsResponse" })

/**
 * `GET /addresses/{a}/coin-balance-history`: the address's coin balance changes, newest first.
 *
 * - Filters: none.
 * - Cursor: `block_number`, `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: yes: `{block_number: B + 1}` starts at block B (one point per block).
 *
 * @since 0.1.0
 * @category responses
 */
export const CoinBalanceHistoryResponse = Page(CoinBalance).annotate({ identifier: "CoinBalanceHistoryResponse" })

/**
 * `GET /addresses/{a}/token-balances`: every token balance of the address, a bare array (one call, no paging).
 *
 * Gotcha: a large portfolio is one large body; `/addresses/{a}/tokens` pages the same entries.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenBalancesResponse = Schema.Array(TokenBalance).annotate({ identifier: "TokenBalancesResponse" })

/**
 * `GET /addresses/{a}/tokens`: the address's token balances, paged, by fiat value then balance (largest first).
 *
 * - Filters: `type` (comma-separated token types).
 * - Cursor: `fiat_value` (null for tokens without a price), `value`, `id`, `items_count`.
 * - `items_count`: page size on 12.x and the Pro API.
 * - Range: no (ordered by value, not by chain position).
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressTokensResponse = Page(TokenBalance).annotate({ identifier: "AddressTokensResponse" })

/**
 * `GET /addresses/{a}/nft`: the NFT instances an address holds, one item each (the instance with its `token`,
 * `token_type` and held `value`: "1" for ERC-721, the balance for ERC-1155 and ERC-404).
 *
 * - Filters: `type` (comma-separated NFT token types: ERC-721, ERC-1155, ERC-404).
 * - Cursor: `token_contract_address_hash`, `token_id`, `token_type`, `items_count`.
 * - Order: ERC-721 instances, then ERC-1155, then ERC-404; within a type by token address (ascending), then token
 *   id (descending).
 * - Range: no (ordered by token, not by chain position). An unknown address is an empty page, not a 404.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressNftsResponse = Page(TokenInstance).annotate({ identifier: "AddressNftsResponse" })
