/**
 * The address-scoped rows added beside E7, E10, E11 and E12: an address's details and counters, and the lists
 * of what happened to it (transactions, token transfers, logs, coin balance changes, token balances). Spread
 * into the table by `Endpoints.ts`.
 *
 * Parameters are the backend's own (`address_controller.ex` and the 11.2.7 / 12.0 / Pro specs): a parameter a
 * server does not know is a 422, so none is added that any of them lacks.
 *
 * @since 0.1.0
 */
import {
  AddressCountersResponse,
  AddressDetailsResponse,
  AddressLogsResponse,
  AddressNftsResponse,
  AddressTokensResponse,
  AddressTokenTransfersResponse,
  AddressTransactionsResponse,
  CoinBalanceHistoryResponse,
  TokenBalancesResponse
} from "../AddressResponses.ts"
import { AddressTabsCountersResponse } from "../AddressTabsCounters.ts"
import { CoinBalanceHistoryByDayResponse } from "../CoinBalance.ts"
import { arrayRow, blockRange, itemRow, pageRow } from "../EndpointTable.ts"
import { TokenTypeValues } from "../Token.ts"
import { TopAddressesResponse } from "../TopAddress.ts"
import { addressParams, nftTypeFilter, transferCursorKeys } from "./shared.ts"

/**
 * The address-scoped rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const addressRows = {
  address: itemRow({
    method: "Address",
    credits: 20,
    ids: "S1",
    summary: "An address's details: balance, contract and token facts, what it has (logs, tokens, transfers)",
    path: "/addresses/{address}",
    pathParams: addressParams,
    filters: [],
    response: AddressDetailsResponse,
    cursorKeys: [],
    gotcha:
      "Servers since 7.0.0 answer any well-formed address, known or not (an unknown one has no balance and every " +
      "has_* flag false), so NotFound comes only from older servers."
  }),
  addressCounters: itemRow({
    method: "AddressCounters",
    credits: 20,
    ids: "S2",
    summary: "An address's counts: transactions, token transfers, gas used, blocks validated",
    path: "/addresses/{address}/counters",
    pathParams: addressParams,
    filters: [],
    response: AddressCountersResponse,
    cursorKeys: [],
    gotcha:
      "Servers since 7.0.0 answer zeros for an unknown address (older ones NotFound); the counts are the " +
      "server's cached ones and may trail its lists for a while."
  }),
  addressTransactions: pageRow({
    method: "AddressTransactions",
    credits: 20,
    ids: "S3",
    summary: "Transactions from, to or creating an address, newest first",
    path: "/addresses/{address}/transactions",
    pathParams: addressParams,
    filters: [
      { name: "filter", kind: "literal", values: ["to", "from"], description: "only transactions to, or from, it" },
      {
        name: "sort",
        kind: "literal",
        values: ["block_number", "value", "fee"],
        description: "sort key (default: chain order)"
      },
      { name: "order", kind: "literal", values: ["asc", "desc"], description: "sort order (with sort)" }
    ],
    response: AddressTransactionsResponse,
    cursorKeys: ["block_number", "index", "inserted_at", "hash", "value", "fee", "items_count"],
    gotcha:
      "Servers 5.0 and 5.1 on chains with emission funds put a validator's block reward among a validator's " +
      "transactions as a pseudo-item ({emission_reward, block_hash, from, to, types: [reward]}): it is not a " +
      "transaction and is dropped when decoding (the block's details carry its rewards)."
  }),
  addressTokenTransfers: pageRow({
    method: "AddressTokenTransfers",
    credits: 30,
    ids: "S4",
    summary: "Token transfers from or to an address, newest first",
    path: "/addresses/{address}/token-transfers",
    pathParams: addressParams,
    filters: [
      { name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" },
      { name: "filter", kind: "literal", values: ["to", "from"], description: "only transfers to, or from, it" },
      { name: "token", kind: "address", description: "only transfers of this token contract" }
    ],
    response: AddressTokenTransfersResponse,
    cursorKeys: [...transferCursorKeys, "items_count"],
    range: blockRange(["block_number", "index"])
  }),
  addressLogs: pageRow({
    method: "AddressLogs",
    credits: 30,
    ids: "S5",
    summary: "Event logs an address (a contract) emitted, newest first",
    path: "/addresses/{address}/logs",
    pathParams: addressParams,
    filters: [{ name: "topic", kind: "hash", description: "only logs carrying this topic, in any position" }],
    response: AddressLogsResponse,
    cursorKeys: ["block_number", "index", "items_count"],
    range: blockRange(["block_number", "index"])
  }),
  addressCoinBalanceHistory: pageRow({
    method: "AddressCoinBalanceHistory",
    credits: 20,
    ids: "S6",
    summary: "An address's coin balance changes, newest first: the balance after each block that changed it",
    path: "/addresses/{address}/coin-balance-history",
    pathParams: addressParams,
    filters: [],
    response: CoinBalanceHistoryResponse,
    cursorKeys: ["block_number", "items_count"],
    range: blockRange(["block_number"])
  }),
  addressCoinBalanceHistoryByDay: itemRow({
    method: "AddressCoinBalanceHistoryByDay",
    credits: 20,
    ids: "S7",
    summary: "An address's closing coin balance per day over the server's window ({ items, days })",
    path: "/addresses/{address}/coin-balance-history-by-day",
    pathParams: addressParams,
    filters: [],
    response: CoinBalanceHistoryByDayResponse,
    cursorKeys: [],
    gotcha:
      "Only days with a recorded balance are listed, oldest first; days is null from servers before 6.5.0, " +
      "which send a bare array."
  }),
  addressTokenBalances: arrayRow({
    method: "AddressTokenBalances",
    credits: 20,
    ids: "S8",
    summary: "Every token balance of an address, in one call (a bare array)",
    path: "/addresses/{address}/token-balances",
    pathParams: addressParams,
    filters: [],
    response: TokenBalancesResponse,
    cursorKeys: [],
    gotcha: "A large portfolio is one large body: the address's tokens list (S9) pages the same balances."
  }),
  addressTokens: pageRow({
    method: "AddressTokens",
    credits: 20,
    ids: "S9",
    summary: "An address's token balances, paged, by fiat value then balance (largest first)",
    path: "/addresses/{address}/tokens",
    pathParams: addressParams,
    filters: [{ name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" }],
    response: AddressTokensResponse,
    cursorKeys: ["fiat_value", "value", "id", "items_count"]
  }),
  addressNfts: pageRow({
    method: "AddressNfts",
    credits: 20,
    ids: "N1",
    since: "5.3.2",
    summary: "The NFT instances an address holds, one item each: ERC-721, then ERC-1155, then ERC-404",
    path: "/addresses/{address}/nft",
    pathParams: addressParams,
    filters: [nftTypeFilter],
    response: AddressNftsResponse,
    cursorKeys: ["token_contract_address_hash", "token_id", "token_type", "items_count"],
    gotcha:
      'Each item carries its token and held value ("1" for ERC-721); an address that holds none, or that the ' +
      "server does not know, is an empty page. Grouped by collection instead: listNftCollections."
  }),
  topAddresses: pageRow({
    method: "TopAddresses",
    credits: 20,
    ids: "A1",
    summary: "The chain's top accounts by coin balance (largest first), each with its balance and transactions count",
    path: "/addresses",
    pathParams: [],
    filters: [
      {
        name: "sort",
        kind: "literal",
        values: ["balance", "transactions_count"],
        description: "sort key (default: balance)"
      },
      { name: "order", kind: "literal", values: ["asc", "desc"], description: "sort order (with sort)" }
    ],
    response: TopAddressesResponse,
    cursorKeys: ["fetched_coin_balance", "hash", "transactions_count", "items_count"],
    gotcha:
      "Ordered by balance, which moves with the chain: a long walk can miss or repeat an address whose balance " +
      "changed meanwhile. Addresses without a balance are not listed. The page's exchange_rate and total_supply " +
      "decode with TopAddressesResponse; the client's pages carry items and cursor only."
  }),
  addressTabsCounters: itemRow({
    method: "AddressTabsCounters",
    since: "5.2.2",
    credits: 20,
    ids: "A4",
    summary: "How many items each of an address's lists holds (transactions, transfers, logs, ...), up to 51",
    path: "/addresses/{address}/tabs-counters",
    pathParams: addressParams,
    filters: [],
    response: AddressTabsCountersResponse,
    cursorKeys: [],
    gotcha:
      "Each count stops at 51 (51 means more than 50): use getAddressCounters for totals. Servers since 7.0.0 " +
      "answer zeros for an unknown address (older ones NotFound)."
  })
} as const
