/**
 * Discovery: the search, paged or at once, and the redirect check. Spread into the table by `Endpoints.ts`. Paths
 * and parameters from the backend's `api_router.ex` and `search_controller.ex`; the cursor keys from
 * `Explorer.Chain.Search`'s `paging_params` as `search_view.ex` writes them (bracket form).
 *
 * @since 0.1.0
 */
import { itemRow, arrayRow, pageRow } from "../EndpointTable.ts"
import { QuickSearchResponse, SearchRedirectResponse, SearchResponse } from "../Search.ts"

const q = [
  { name: "q", kind: "text", description: "what to look for: a name, symbol, address, hash or number" }
] as const

/**
 * The search rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const searchRows = {
  search: pageRow({
    method: "Search",
    credits: 20,
    ids: "D1",
    summary:
      "Search: tokens, addresses, contracts, names, blocks, transactions and more a query names, best matches first",
    path: "/search",
    pathParams: [],
    filters: q,
    response: SearchResponse,
    cursorKeys: [
      "next_page_params_type",
      "q",
      "token[circulating_market_cap]",
      "token[fiat_value]",
      "token[is_verified_via_admin_panel]",
      "token[holder_count]",
      "token[name]",
      "token[inserted_at]",
      "contract[certified]",
      "contract[name]",
      "contract[inserted_at]",
      "label[name]",
      "label[inserted_at]",
      "metadata_tag[address_hash]",
      "metadata_tag[metadata_next_page_params][page_token]",
      "metadata_tag[metadata_next_page_params][page_size]",
      "metadata_tag[end_of_tags]",
      "metadata_tag[addresses_index]",
      "tac_operation[page_token]",
      // Before 6.10: an offset.
      "page_number",
      "page_size"
    ],
    nullCursorKeys: "empty",
    gotcha:
      "Items differ by type (check it before reading other keys; an unknown type decodes as SearchResultOther); " +
      "an address or a hash is found on the first page only; the cursor is a page number before 6.10, the " +
      "kinds' keys in bracket form (token[name], ...) since."
  }),
  quickSearch: arrayRow({
    method: "QuickSearch",
    credits: 20,
    ids: "D2",
    summary: "Quick search: up to 50 results of every kind in one call (none for a query under 3 characters)",
    path: "/search/quick",
    pathParams: [],
    filters: q,
    response: QuickSearchResponse,
    cursorKeys: [],
    since: "5.2.2"
  }),
  searchRedirect: itemRow({
    method: "SearchRedirect",
    credits: 20,
    ids: "D3",
    summary: "Whether a query names one address, ENS name, block, transaction, user operation or blob to open",
    path: "/search/check-redirect",
    pathParams: [],
    filters: q,
    response: SearchRedirectResponse,
    cursorKeys: [],
    since: "5.1.0"
  })
} as const
