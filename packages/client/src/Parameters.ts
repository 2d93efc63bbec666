/**
 * The parameter type of each client method (viem style: one per action), and the page types they return.
 *
 * Option objects use the API's own filter names; list filters are arrays. `cursor` resumes from a page's
 * `next_page_params`; `pageSize` sends `items_count`.
 *
 * @since 0.1.0
 */
import type {
  NextPageParams,
  Page,
  SmartContractLanguageValues,
  TokenType,
  TransactionType
} from "@blockscout-effect/schema"

/**
 * A decoded page, `{ items, next_page_params }` (the schema package's one definition). Pages the client hands
 * out carry a credential-free cursor, null on the last page.
 */
export type { Page } from "@blockscout-effect/schema"

/**
 * A page of a page-level stream, with the cursor it was fetched with (`undefined` for the first page).
 * Store `next_page_params` as a checkpoint; pass it as `cursor` to resume after this page.
 */
export interface PageWithCursor<A> extends Page<A> {
  /** The cursor this page was fetched with; `undefined` for the first page. */
  readonly cursor: NextPageParams | undefined
}

/** What every paged method accepts besides its filters. */
export interface PageParameters {
  /** A `next_page_params` to start from (credentials in it are dropped). */
  readonly cursor?: NextPageParams | undefined
  /** Items per page, sent as `items_count` (servers default to 50, cap at 100). */
  readonly pageSize?: number | undefined
}

/** `listTokenTransfers` / `streamTokenTransfers` (E1 Pro, E5 instance, `GET /token-transfers`). */
export interface ListTokenTransfersParameters extends PageParameters {
  /** Token types to include (all when unset). */
  readonly type?: ReadonlyArray<TokenType> | undefined
}

/** `listTokenInstanceTransfers` (E2, `GET /tokens/{token}/instances/{tokenId}/transfers`). */
export interface ListTokenInstanceTransfersParameters extends PageParameters {}

/** `listTransactions` (E4, `GET /transactions`). */
export interface ListTransactionsParameters extends PageParameters {
  /** `validated` (the server's default) or `pending`. */
  readonly filter?: "validated" | "pending" | undefined
  /** Transaction types to include (all when unset). */
  readonly type?: ReadonlyArray<TransactionType> | undefined
  /** Method names, e.g. `["approve", "transfer"]`. */
  readonly method?: ReadonlyArray<string> | undefined
}

/** `listTransactionLogs` (E6, `GET /transactions/{hash}/logs`). */
export interface ListTransactionLogsParameters extends PageParameters {}

/** `listBlocksValidated` (E7, `GET /addresses/{address}/blocks-validated`). */
export interface ListBlocksValidatedParameters extends PageParameters {}

/** `listSmartContracts` (E8, `GET /smart-contracts`). */
export interface ListSmartContractsParameters extends PageParameters {
  /** Search text (name or address). */
  readonly q?: string | undefined
  /** Contract language. */
  readonly filter?: (typeof SmartContractLanguageValues)[number] | undefined
  /** Sort key (the server's default order when unset). */
  readonly sort?: "balance" | "transactions_count" | undefined
  /** Sort order, with `sort`. */
  readonly order?: "asc" | "desc" | undefined
}

/** `listWithdrawals` (E9, `GET /withdrawals`). */
export interface ListWithdrawalsParameters extends PageParameters {}

/** `listNftCollections` (E10, `GET /addresses/{address}/nft/collections`). */
export interface ListNftCollectionsParameters extends PageParameters {
  /** NFT token types to include (all when unset). */
  readonly type?: ReadonlyArray<"ERC-721" | "ERC-404" | "ERC-1155"> | undefined
}

/** `listInternalTransactions` (E11, `GET /addresses/{address}/internal-transactions`). */
export interface ListInternalTransactionsParameters extends PageParameters {
  /** Only calls `to` the address, or `from` it. */
  readonly filter?: "to" | "from" | undefined
}

/** `listAddressWithdrawals` (E12, `GET /addresses/{address}/withdrawals`). */
export interface ListAddressWithdrawalsParameters extends PageParameters {}

/**
 * Arguments of the generic `page(name, args)` / `pages(name, args)` / `stream(name, args)`: the row's path
 * parameters by name (`address`, `hash`, `token`, `tokenId`), its filters by name (lists as arrays or
 * comma-separated strings), `cursor` and `pageSize`. Checked at run time against the row.
 */
export type EndpointArgs = Readonly<
  Record<string, string | number | ReadonlyArray<string> | NextPageParams | undefined>
>
