/**
 * The token-scoped rows beside E2 (one NFT instance's transfers): a token's details and counters, its
 * transfers, holders and NFT instances, and one instance's details. Spread into the table by `Endpoints.ts`;
 * parameters are the backend's own (`token_controller.ex`, the 11.2.7 / 12.0 / Pro specs).
 *
 * @since 0.1.0
 */
import { blockRange, itemRow, pageRow } from "../EndpointTable.ts"
import {
  TokenCountersResponse,
  TokenDetailsResponse,
  TokenHoldersResponse,
  TokenInstanceDetailsResponse,
  TokenInstanceHoldersResponse,
  TokenInstancesResponse,
  TokensResponse,
  TokenTransfersByTokenResponse
} from "../TokenResponses.ts"
import { TokenTypeValues } from "../Token.ts"
import { tokenInstanceParams, tokenParams, transferCursorKeys } from "./shared.ts"

/**
 * The token-scoped rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const tokenRows = {
  token: itemRow({
    method: "Token",
    credits: 20,
    ids: "S17",
    summary: "A token's details: name, symbol, decimals, type, supply, holders count, market data",
    path: "/tokens/{token}",
    pathParams: tokenParams,
    filters: [],
    response: TokenDetailsResponse,
    cursorKeys: [],
    gotcha: "An address that is not an indexed token contract is NotFound."
  }),
  tokenCounters: itemRow({
    method: "TokenCounters",
    credits: 20,
    ids: "S18",
    summary: "A token's holder and transfer counts",
    path: "/tokens/{token}/counters",
    pathParams: tokenParams,
    filters: [],
    response: TokenCountersResponse,
    cursorKeys: [],
    gotcha: "Not a token: NotFound. The counts are the server's cached ones and may trail its lists for a while."
  }),
  tokenTransfersByToken: pageRow({
    method: "TokenTransfersByToken",
    credits: 30,
    ids: "S19",
    summary: "A token's transfers, newest first",
    path: "/tokens/{token}/transfers",
    pathParams: tokenParams,
    filters: [],
    response: TokenTransfersByTokenResponse,
    cursorKeys: transferCursorKeys,
    range: blockRange(["block_number", "index"]),
    gotcha: "Not a token: NotFound. 11.x servers take no page size here (a pageSize is refused)."
  }),
  tokenHolders: pageRow({
    method: "TokenHolders",
    credits: 20,
    ids: "S20",
    summary: "A token's holders, largest balance first (ERC-1155: one entry per holder and token id)",
    path: "/tokens/{token}/holders",
    pathParams: tokenParams,
    filters: [],
    response: TokenHoldersResponse,
    cursorKeys: ["value", "address_hash", "items_count"],
    gotcha:
      "Ordered by balance, which moves with the chain: a long walk can miss or repeat a holder whose balance " +
      "changed meanwhile. The cursor is (value, address): for ERC-1155, a page ending between two ids one " +
      "address holds in equal amounts skips the rest of them (the server's cursor has no token id)."
  }),
  tokenInstances: pageRow({
    method: "TokenInstances",
    credits: 20,
    ids: "S21",
    since: "5.1.0",
    summary: "A token's NFT instances, highest token id first",
    path: "/tokens/{token}/instances",
    pathParams: tokenParams,
    filters: [
      {
        name: "holder_address_hash",
        kind: "address",
        description: "only instances this address holds"
      }
    ],
    response: TokenInstancesResponse,
    cursorKeys: ["unique_token", "items_count"],
    gotcha:
      "Not a token: NotFound. 11.x servers take no page size here (a pageSize is refused); 12.x and the Pro API " +
      "leave each item's token out (it is the one asked for)."
  }),
  tokenInstance: itemRow({
    method: "TokenInstance",
    credits: 20,
    ids: "S22",
    since: "5.1.0",
    summary: "One NFT instance's details: metadata, owner, token",
    path: "/tokens/{token}/instances/{tokenId}",
    pathParams: tokenInstanceParams,
    filters: [],
    response: TokenInstanceDetailsResponse,
    cursorKeys: [],
    gotcha:
      "A fungible token (ERC-20), an address that is not a token, or an id the server has not indexed is " +
      "NotFound; metadata is null until the server has fetched it."
  }),
  tokens: pageRow({
    method: "Tokens",
    credits: 20,
    ids: "A2",
    summary: "The chain's tokens, by circulating market cap, then holders count (largest first), then name",
    path: "/tokens",
    pathParams: [],
    filters: [
      { name: "q", kind: "text", description: "search by name, symbol or address" },
      { name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" }
    ],
    response: TokensResponse,
    cursorKeys: [
      "market_cap",
      "holders_count",
      "contract_address_hash",
      "name",
      "is_name_null",
      "fiat_value",
      "items_count"
    ],
    gotcha:
      "Ordered by market cap and holders count, which move with the chain: a long walk can miss or repeat a " +
      "token whose counts changed meanwhile."
  }),
  tokenInstanceHolders: pageRow({
    method: "TokenInstanceHolders",
    since: "5.1.3",
    credits: 20,
    ids: "A3",
    summary: "The holders of one NFT instance's id (ERC-1155, ERC-404), largest balance first",
    path: "/tokens/{token}/instances/{tokenId}/holders",
    pathParams: tokenInstanceParams,
    filters: [],
    response: TokenInstanceHoldersResponse,
    cursorKeys: ["value", "address_hash", "token_id", "items_count"],
    gotcha:
      "An ERC-20 token or an address that is not a token: NotFound. An ERC-721 instance is an empty page " +
      "(servers keep no per-id balances for it: the owner is on getTokenInstance), as is an id nobody holds."
  })
} as const
