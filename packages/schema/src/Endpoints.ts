/**
 * The endpoints table: one row per Blockscout API v2 endpoint (docs/blockscout-api.md §4): where it lives,
 * what it takes, what it returns, what a call costs.
 *
 * It is the API's description, so it lives beside the schemas it names: the client derives its methods,
 * request checks and pagination from these rows, the simulated Blockscout its routes, and tools (the
 * command-line app) their subcommands. Adding an endpoint is a row here (`pageRow`, `arrayRow` or `itemRow`,
 * see `Endpoint.ts`) plus its schema; then `pnpm generate` writes the client's method interface and docs.
 *
 * The twelve endpoints of docs/blockscout-api.md §4 (E1–E12) are written here; the address-, block-,
 * transaction- and token-scoped lists and lookups (S1–S23, the API doc's "Scoped lists and lookups") live in
 * `endpoints/<scope>.ts` and are spread in after them, in that order.
 *
 * `since` is the first release tag (`v6.9.0-beta`, written `"6.9.0"`) whose API router serves the row's path,
 * read from Blockscout's git history; rows every 5.0.0 server serves have none. The client reads the server's
 * version only when such a row is answered 404 (`Unsupported` then names both versions), so declaring it costs a
 * server new enough nothing.
 *
 * Gotcha: E1 (Pro) and E5 (instance) are the same `tokenTransfers` row: both families serve every
 * endpoint under the same paths, only the base URL differs.
 *
 * @since 0.1.0
 */
import type { RowItem } from "./Endpoint.ts"
import { arrayRow, blockRange, endpointTable, indexRange, pageRow } from "./EndpointTable.ts"
import { accountAbstractionRows } from "./endpoints/accountAbstraction.ts"
import { addressRows } from "./endpoints/address.ts"
import { advancedFilterRows } from "./endpoints/advancedFilters.ts"
import { beaconDepositRows } from "./endpoints/beaconDeposits.ts"
import { blockRows } from "./endpoints/block.ts"
import { chainRows } from "./endpoints/chain.ts"
import { contractRows } from "./endpoints/contract.ts"
import { counterRows } from "./endpoints/counters.ts"
import { optimismRows } from "./endpoints/optimism.ts"
import { searchRows } from "./endpoints/search.ts"
import {
  addressParams,
  hashParams,
  nftTypeFilter,
  tokenInstanceParams,
  transferCursorKeys
} from "./endpoints/shared.ts"
import { statsRows } from "./endpoints/stats.ts"
import { tokenRows } from "./endpoints/token.ts"
import { transactionRows } from "./endpoints/transaction.ts"
import {
  AddressWithdrawalsResponse,
  BlocksValidatedResponse,
  InternalTransactionsResponse,
  MainPageTransactionsResponse,
  NftCollectionsResponse,
  SmartContractsResponse,
  TokenInstanceTransfersResponse,
  TokenTransfersResponse,
  TransactionLogsResponse,
  TransactionsResponse,
  WithdrawalsResponse
} from "./Responses.ts"
import { SmartContractLanguageValues } from "./SmartContract.ts"
import { TokenTypeValues } from "./Token.ts"
import { TransactionTypeValues } from "./Transaction.ts"

/**
 * The table. Keys are the endpoint names used by `Blockscout.page(name, args)` / `pages(name, args)`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const endpoints = endpointTable({
  tokenTransfers: pageRow({
    method: "TokenTransfers",
    credits: 30,
    ids: "E1/E5",
    since: "6.9.0",
    summary: "Token transfers of all token types, newest first",
    path: "/token-transfers",
    pathParams: [],
    filters: [{ name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" }],
    response: TokenTransfersResponse,
    cursorKeys: transferCursorKeys,
    // A cursor that splits an ERC-1155 batch adds batch keys and keeps `block_number`/`index` below the batch.
    range: blockRange(["block_number", "index"])
  }),
  tokenInstanceTransfers: pageRow({
    method: "TokenInstanceTransfers",
    credits: 30,
    ids: "E2",
    since: "5.1.0",
    summary: "Transfers of one NFT instance",
    path: "/tokens/{token}/instances/{tokenId}/transfers",
    pathParams: tokenInstanceParams,
    filters: [],
    response: TokenInstanceTransfersResponse,
    cursorKeys: ["block_number", "index", "token_id"],
    // E1's ordering, narrowed to one instance (`token_id` in the cursor is an echo of the path).
    range: blockRange(["block_number", "index"])
  }),
  mainPageTransactions: arrayRow({
    method: "MainPageTransactions",
    credits: 20,
    ids: "E3",
    summary: "The latest transactions for a main page (a bare array, at most a handful, no paging)",
    path: "/main-page/transactions",
    pathParams: [],
    filters: [],
    response: MainPageTransactionsResponse,
    cursorKeys: []
  }),
  transactions: pageRow({
    method: "Transactions",
    credits: 20,
    ids: "E4",
    summary: "Transactions, newest first",
    path: "/transactions",
    pathParams: [],
    filters: [
      {
        name: "filter",
        kind: "literal",
        values: ["validated", "pending"],
        description: "validated (default) or pending"
      },
      { name: "type", kind: "literals", values: TransactionTypeValues, description: "transaction types to include" },
      { name: "method", kind: "names", description: "method names to include (approve, transfer, ...)" }
    ],
    response: TransactionsResponse,
    cursorKeys: ["block_number", "index", "items_count", "inserted_at", "hash"],
    // Pending transactions are keyed by `inserted_at` and `hash` and have no block: no ranges.
    range: blockRange(["block_number", "index"], "block_number", [{ filter: "filter", values: ["pending"] }])
  }),
  transactionLogs: pageRow({
    method: "TransactionLogs",
    credits: 30,
    ids: "E6",
    summary: "Event logs of one transaction",
    path: "/transactions/{hash}/logs",
    pathParams: hashParams,
    filters: [],
    response: TransactionLogsResponse,
    cursorKeys: ["block_number", "index", "items_count"]
  }),
  blocksValidated: pageRow({
    method: "BlocksValidated",
    credits: 20,
    ids: "E7",
    summary: "Blocks validated by an address",
    path: "/addresses/{address}/blocks-validated",
    pathParams: addressParams,
    filters: [],
    response: BlocksValidatedResponse,
    cursorKeys: ["block_number", "items_count"],
    // A block item's key is its `height`.
    range: blockRange(["block_number"], "height")
  }),
  smartContracts: pageRow({
    method: "SmartContracts",
    credits: 20,
    ids: "E8",
    since: "5.1.1",
    summary: "Verified smart contracts",
    path: "/smart-contracts",
    pathParams: [],
    filters: [
      { name: "q", kind: "text", description: "search by name or address" },
      { name: "filter", kind: "literal", values: SmartContractLanguageValues, description: "contract language" },
      { name: "sort", kind: "literal", values: ["balance", "transactions_count"], description: "sort key" },
      { name: "order", kind: "literal", values: ["asc", "desc"], description: "sort order" }
    ],
    response: SmartContractsResponse,
    cursorKeys: ["smart_contract_id", "items_count", "coin_balance", "transactions_count", "hash"]
  }),
  withdrawals: pageRow({
    method: "Withdrawals",
    credits: 20,
    ids: "E9",
    since: "5.1.5",
    summary: "Beacon-chain withdrawals",
    path: "/withdrawals",
    pathParams: [],
    filters: [],
    response: WithdrawalsResponse,
    cursorKeys: ["index", "items_count"],
    range: indexRange
  }),
  nftCollections: pageRow({
    method: "NftCollections",
    credits: 20,
    ids: "E10",
    since: "5.3.2",
    summary: "NFTs owned by an address, grouped by collection",
    path: "/addresses/{address}/nft/collections",
    pathParams: addressParams,
    filters: [nftTypeFilter],
    response: NftCollectionsResponse,
    cursorKeys: ["token_contract_address_hash", "token_type"]
  }),
  internalTransactions: pageRow({
    method: "InternalTransactions",
    credits: 40,
    ids: "E11",
    summary: "Internal transactions of an address",
    path: "/addresses/{address}/internal-transactions",
    pathParams: addressParams,
    filters: [
      { name: "filter", kind: "literal", values: ["to", "from"], description: "only calls to, or from, the address" }
    ],
    response: InternalTransactionsResponse,
    cursorKeys: ["block_number", "transaction_index", "index", "items_count"],
    range: blockRange(["block_number", "transaction_index", "index"])
  }),
  addressWithdrawals: pageRow({
    method: "AddressWithdrawals",
    credits: 20,
    ids: "E12",
    since: "5.1.5",
    summary: "Withdrawals received by an address",
    path: "/addresses/{address}/withdrawals",
    pathParams: addressParams,
    filters: [],
    response: AddressWithdrawalsResponse,
    cursorKeys: ["index", "items_count"],
    range: indexRange
  }),
  ...addressRows,
  ...blockRows,
  ...transactionRows,
  ...tokenRows,
  ...chainRows,
  ...contractRows,
  ...statsRows,
  ...advancedFilterRows,
  ...searchRows,
  ...accountAbstractionRows,
  ...counterRows,
  ...beaconDepositRows,
  ...optimismRows
})

/**
 * The name of an endpoint row: a key of `endpoints`, and the `name` of its row.
 *
 * Use it to call any row through `Blockscout.page(name, args)` / `pages` / `stream`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type EndpointName = keyof typeof endpoints

/**
 * The decoded item type of an endpoint row. Distributes over a union of names: a tool holding any
 * `EndpointName` gets the union of their item types, not `never`.
 *
 * @since 0.1.0
 * @category endpoints
 */
export type EndpointItem<N extends EndpointName> = N extends EndpointName ? RowItem<(typeof endpoints)[N]> : never
