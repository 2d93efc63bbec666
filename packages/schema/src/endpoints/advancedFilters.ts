/**
 * The advanced filter: one feed of transactions, their token transfers and internal transactions, filtered by
 * type, method, time, addresses, amounts and tokens, and the methods a `methods` filter can name. Spread into the
 * table by `Endpoints.ts`. Parameters are the backend's own (`advanced_filter_controller.ex`, 6.7.0 and later).
 *
 * @since 0.1.0
 */
import { AdvancedFilterTypeValues } from "../AdvancedFilter.ts"
import { AdvancedFilterMethodsResponse, AdvancedFiltersResponse } from "../ChainResponses.ts"
import { arrayRow, pageRow } from "../EndpointTable.ts"

/**
 * The advanced filter rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const advancedFilterRows = {
  advancedFilters: pageRow({
    method: "AdvancedFilters",
    credits: 20,
    ids: "F1",
    summary:
      "Transactions, token transfers and internal transactions in one feed, newest first, filtered by type, " +
      "method, time, addresses, amount and token",
    path: "/advanced-filters",
    pathParams: [],
    filters: [
      {
        name: "transaction_types",
        kind: "literals",
        values: AdvancedFilterTypeValues,
        description: "item types to include (coin_transfer, contract_interaction, contract_creation, token types)"
      },
      { name: "methods", kind: "names", description: "4-byte method selectors to include (at most 20)" },
      { name: "methods_names", kind: "names", description: "method names to include (transfer, approve, ...)" },
      { name: "age_from", kind: "text", description: "items at or after this time (ISO 8601)" },
      { name: "age_to", kind: "text", description: "items at or before this time (ISO 8601)" },
      { name: "from_address_hashes_to_include", kind: "names", description: "from addresses to include" },
      { name: "from_address_hashes_to_exclude", kind: "names", description: "from addresses to exclude" },
      { name: "to_address_hashes_to_include", kind: "names", description: "to addresses to include" },
      { name: "to_address_hashes_to_exclude", kind: "names", description: "to addresses to exclude" },
      {
        name: "address_relation",
        kind: "literal",
        values: ["or", "and"],
        description: "whether an item matches the from OR (default) the to addresses, or both"
      },
      { name: "amount_from", kind: "text", description: "the smallest amount moved, in base units" },
      { name: "amount_to", kind: "text", description: "the largest amount moved, in base units" },
      {
        name: "token_contract_address_hashes_to_include",
        kind: "names",
        description: "token contracts to include (native for the coin; at most 20)"
      },
      {
        name: "token_contract_address_hashes_to_exclude",
        kind: "names",
        description: "token contracts to exclude (native for the coin; at most 20)"
      },
      { name: "token_contract_symbols_to_include", kind: "names", description: "token symbols to include" },
      { name: "token_contract_symbols_to_exclude", kind: "names", description: "token symbols to exclude" }
    ],
    response: AdvancedFiltersResponse,
    cursorKeys: [
      "block_number",
      "transaction_index",
      "internal_transaction_index",
      "token_transfer_index",
      "token_transfer_batch_index",
      "items_count"
    ],
    nullCursorKeys: "empty",
    since: "6.7.0",
    gotcha:
      "Pages hold 50 items whatever pageSize says; a cursor's null keys go back empty (key=), as the server " +
      "needs every key; the feed leaves out top-level calls as internal transactions; the page's search_params " +
      "(what the server resolved from the filters) is not kept."
  }),
  advancedFilterMethods: arrayRow({
    method: "AdvancedFilterMethods",
    credits: 20,
    ids: "F2",
    summary: "Methods a methods filter can name: the suggested ones, or those whose name or selector matches q",
    path: "/advanced-filters/methods",
    pathParams: [],
    filters: [{ name: "q", kind: "text", description: "a method name or selector to look up" }],
    response: AdvancedFilterMethodsResponse,
    cursorKeys: [],
    since: "6.7.0"
  })
} as const
