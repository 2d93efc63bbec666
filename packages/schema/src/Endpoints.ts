/**
 * The endpoints table: one row per Blockscout API v2 endpoint (docs/blockscout-api.md §4): where it lives,
 * what it takes, what it returns, what a call costs.
 *
 * It is the API's description, so it lives beside the schemas it names: the client derives its methods,
 * request checks and pagination from these rows, the simulated Blockscout its routes, and tools (the
 * command-line app) their subcommands. Adding an endpoint is a row here plus its schema.
 *
 * Gotcha: E1 (Pro) and E5 (instance) are the same `tokenTransfers` row: both families serve every
 * endpoint under the same paths, only the base URL differs.
 *
 * @since 0.1.0
 */
import type { Schema } from "effect"
import type { Page } from "./Page.ts"
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

/** The two API families: the Pro API (`{base}/{chainId}/api/v2`) and a per-instance API (`{base}/api/v2`). */
export type Family = "pro" | "instance"

/** What a path parameter must look like (the API doc patterns); checked before any request is sent. */
export type PathParamKind = "address" | "hash" | "tokenId"

/** A path parameter: its argument name (also the `{name}` in the path template) and its check. */
export interface PathParam {
  /** The argument name, also the `{name}` placeholder in `path`. */
  readonly name: string
  /** The pattern the value must match before anything is sent. */
  readonly kind: PathParamKind
}

/**
 * How a filter is written and checked:
 * - `literal`: one value from `values`;
 * - `literals`: a non-empty list of values from `values`, sent comma-separated;
 * - `text`: any non-empty string;
 * - `names`: a non-empty list of free names (no commas), sent comma-separated.
 */
export type FilterKind = "literal" | "literals" | "text" | "names"

/** A query filter of an endpoint: re-sent on every page, since servers drop filters from cursors. */
export interface Filter {
  /** The API's own query parameter name (`type`, `filter`, `method`, `q`, `sort`, `order`). */
  readonly name: string
  /** How the value is written and checked. */
  readonly kind: FilterKind
  /** The allowed values of `literal` / `literals` filters. */
  readonly values?: ReadonlyArray<string> | undefined
  /** One line for help texts. */
  readonly description: string
}

/**
 * The name of an endpoint row: a key of `endpoints`, and the `name` of its row.
 *
 * Use it to call any row through `Blockscout.page(name, args)` / `pages` / `stream`.
 */
export type EndpointName =
  | "tokenTransfers"
  | "tokenInstanceTransfers"
  | "mainPageTransactions"
  | "transactions"
  | "transactionLogs"
  | "blocksValidated"
  | "smartContracts"
  | "withdrawals"
  | "nftCollections"
  | "internalTransactions"
  | "addressWithdrawals"

/**
 * One endpoint: where it lives, what it takes, what it returns.
 *
 * `response` decodes the whole body: a `{ items, next_page_params }` page for `shape: "page"`, a bare array
 * for `shape: "array"` (E3). `cursorKeys` lists the keys servers are known to put in `next_page_params`
 * (documentation for tools; the client sends back whatever the server gave).
 */
export interface Endpoint<Item = unknown> {
  /** The row's key in `endpoints`. */
  readonly name: EndpointName
  /** Endpoint ids of the API doc (`"E1/E5"`, `"E4"`, ...). */
  readonly ids: string
  /**
   * The base of the client's method names: `"Transactions"` gives `listTransactions`, `streamTransactions`
   * and `streamTransactionsPages` for a paged row.
   */
  readonly method: string
  /** One line saying what the endpoint lists. */
  readonly summary: string
  /** Path under `/api/v2`, with `{name}` placeholders for the path parameters. */
  readonly path: string
  /** The path parameters, in path order. */
  readonly pathParams: ReadonlyArray<PathParam>
  /** The query filters, re-sent on every page. */
  readonly filters: ReadonlyArray<Filter>
  /** `"page"`: `{ items, next_page_params }`, paged; `"array"`: a bare array, one call (E3). */
  readonly shape: "page" | "array"
  /** The schema decoding the whole response body. */
  readonly response: Schema.Decoder<Page<Item>> | Schema.Decoder<ReadonlyArray<Item>>
  /** Keys servers are known to put in `next_page_params` (documentation; cursors are sent back as given). */
  readonly cursorKeys: ReadonlyArray<string>
  /** The API families serving the endpoint (both, for every row today). */
  readonly families: ReadonlyArray<Family>
  /**
   * Pro API credits one answered call costs (20; 30 for logs and token transfers, 40 for internal
   * transactions). Per-instance calls cost none.
   */
  readonly credits: number
}

const bothFamilies: ReadonlyArray<Family> = ["pro", "instance"]

const pageRow = <N extends EndpointName, M extends string, S extends Schema.Decoder<Page<unknown>>>(
  row: Omit<Endpoint, "name" | "method" | "shape" | "response" | "families"> & {
    readonly name: N
    readonly method: M
    readonly response: S
  }
) => ({ ...row, shape: "page" as const, families: bothFamilies })

/**
 * The table. Keys are the endpoint names used by `Blockscout.page(name, args)` / `pages(name, args)`.
 */
export const endpoints = {
  tokenTransfers: pageRow({
    name: "tokenTransfers",
    method: "TokenTransfers",
    credits: 30,
    ids: "E1/E5",
    summary: "Token transfers of all token types, newest first",
    path: "/token-transfers",
    pathParams: [],
    filters: [{ name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" }],
    response: TokenTransfersResponse,
    cursorKeys: [
      "block_number",
      "index",
      "batch_log_index",
      "batch_block_hash",
      "batch_transaction_hash",
      "index_in_batch"
    ]
  }),
  tokenInstanceTransfers: pageRow({
    name: "tokenInstanceTransfers",
    method: "TokenInstanceTransfers",
    credits: 30,
    ids: "E2",
    summary: "Transfers of one NFT instance",
    path: "/tokens/{token}/instances/{tokenId}/transfers",
    pathParams: [
      { name: "token", kind: "address" },
      { name: "tokenId", kind: "tokenId" }
    ],
    filters: [],
    response: TokenInstanceTransfersResponse,
    cursorKeys: ["block_number", "index", "token_id"]
  }),
  mainPageTransactions: {
    name: "mainPageTransactions" as const,
    method: "MainPageTransactions" as const,
    credits: 20,
    ids: "E3",
    summary: "The latest transactions for a main page (a bare array, at most a handful, no paging)",
    path: "/main-page/transactions",
    pathParams: [],
    filters: [],
    shape: "array" as const,
    response: MainPageTransactionsResponse,
    cursorKeys: [],
    families: bothFamilies
  },
  transactions: pageRow({
    name: "transactions",
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
    cursorKeys: ["block_number", "index", "items_count", "inserted_at", "hash"]
  }),
  transactionLogs: pageRow({
    name: "transactionLogs",
    method: "TransactionLogs",
    credits: 30,
    ids: "E6",
    summary: "Event logs of one transaction",
    path: "/transactions/{hash}/logs",
    pathParams: [{ name: "hash", kind: "hash" }],
    filters: [],
    response: TransactionLogsResponse,
    cursorKeys: ["block_number", "index", "items_count"]
  }),
  blocksValidated: pageRow({
    name: "blocksValidated",
    method: "BlocksValidated",
    credits: 20,
    ids: "E7",
    summary: "Blocks validated by an address",
    path: "/addresses/{address}/blocks-validated",
    pathParams: [{ name: "address", kind: "address" }],
    filters: [],
    response: BlocksValidatedResponse,
    cursorKeys: ["block_number", "items_count"]
  }),
  smartContracts: pageRow({
    name: "smartContracts",
    method: "SmartContracts",
    credits: 20,
    ids: "E8",
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
    name: "withdrawals",
    method: "Withdrawals",
    credits: 20,
    ids: "E9",
    summary: "Beacon-chain withdrawals",
    path: "/withdrawals",
    pathParams: [],
    filters: [],
    response: WithdrawalsResponse,
    cursorKeys: ["index", "items_count"]
  }),
  nftCollections: pageRow({
    name: "nftCollections",
    method: "NftCollections",
    credits: 20,
    ids: "E10",
    summary: "NFTs owned by an address, grouped by collection",
    path: "/addresses/{address}/nft/collections",
    pathParams: [{ name: "address", kind: "address" }],
    filters: [
      {
        name: "type",
        kind: "literals",
        values: ["ERC-721", "ERC-404", "ERC-1155"],
        description: "NFT token types to include"
      }
    ],
    response: NftCollectionsResponse,
    cursorKeys: ["token_contract_address_hash", "token_type"]
  }),
  internalTransactions: pageRow({
    name: "internalTransactions",
    method: "InternalTransactions",
    credits: 40,
    ids: "E11",
    summary: "Internal transactions of an address",
    path: "/addresses/{address}/internal-transactions",
    pathParams: [{ name: "address", kind: "address" }],
    filters: [
      { name: "filter", kind: "literal", values: ["to", "from"], description: "only calls to, or from, the address" }
    ],
    response: InternalTransactionsResponse,
    cursorKeys: ["block_number", "transaction_index", "index", "items_count"]
  }),
  addressWithdrawals: pageRow({
    name: "addressWithdrawals",
    method: "AddressWithdrawals",
    credits: 20,
    ids: "E12",
    summary: "Withdrawals received by an address",
    path: "/addresses/{address}/withdrawals",
    pathParams: [{ name: "address", kind: "address" }],
    filters: [],
    response: AddressWithdrawalsResponse,
    cursorKeys: ["index", "items_count"]
  })
} satisfies { readonly [N in EndpointName]: Endpoint & { readonly name: N } }

/** The item type inside a decoded response: a page's `items`, or the bare array's elements. */
type ItemOf<T> = T extends { readonly items: ReadonlyArray<infer A> } ? A : T extends ReadonlyArray<infer A> ? A : never

/**
 * The decoded item type of an endpoint row. Distributes over a union of names: a tool holding any
 * `EndpointName` gets the union of their item types, not `never`.
 */
export type EndpointItem<N extends EndpointName> = N extends EndpointName
  ? ItemOf<(typeof endpoints)[N]["response"]["Type"]>
  : never
