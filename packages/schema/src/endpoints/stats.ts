/**
 * The head and the chain's state: the newest blocks of the home page, the stats, the daily charts and the
 * server's version. Spread into the table by `Endpoints.ts`. Paths from the backend's `api_router.ex`
 * (`main_page_controller.ex`, `stats_controller.ex`, `config_controller.ex`).
 *
 * @since 0.1.0
 */
import {
  BackendVersionResponse,
  MainPageBlocksResponse,
  MarketChartResponse,
  StatsResponse,
  TransactionsChartResponse
} from "../ChainResponses.ts"
import { arrayRow, itemRow, pageRow } from "../EndpointTable.ts"
import { HotSmartContractsResponse } from "../HotSmartContract.ts"

/**
 * The head and chain-state rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const statsRows = {
  mainPageBlocks: arrayRow({
    method: "MainPageBlocks",
    credits: 20,
    ids: "H1",
    summary: "The newest blocks for a main page (a bare array of 4, no paging)",
    path: "/main-page/blocks",
    pathParams: [],
    filters: [],
    response: MainPageBlocksResponse,
    cursorKeys: []
  }),
  stats: itemRow({
    method: "Stats",
    credits: 20,
    ids: "H2",
    summary: "The chain's counters, prices, gas prices and average block time",
    path: "/stats",
    pathParams: [],
    filters: [],
    response: StatsResponse,
    cursorKeys: [],
    gotcha:
      "average_block_time is in milliseconds; the counters are the server's cached estimates, refreshed " +
      "every few minutes, not exact counts."
  }),
  transactionsChart: itemRow({
    method: "TransactionsChart",
    credits: 20,
    ids: "H3",
    summary: "Daily transaction counts of the last month",
    path: "/stats/charts/transactions",
    pathParams: [],
    filters: [],
    response: TransactionsChartResponse,
    cursorKeys: []
  }),
  marketChart: itemRow({
    method: "MarketChart",
    credits: 20,
    ids: "H4",
    summary: "The coin's daily closing price, market cap and TVL, and its available supply",
    path: "/stats/charts/market",
    pathParams: [],
    filters: [],
    response: MarketChartResponse,
    cursorKeys: []
  }),
  backendVersion: itemRow({
    method: "BackendVersion",
    credits: 20,
    ids: "H5",
    summary: "The server's Blockscout release",
    path: "/config/backend-version",
    pathParams: [],
    filters: [],
    response: BackendVersionResponse,
    cursorKeys: [],
    since: "5.1.5"
  }),
  hotSmartContracts: pageRow({
    method: "HotSmartContracts",
    credits: 20,
    ids: "X3",
    since: "9.3.0",
    summary: "The contracts most transactions were sent to over a time scale, with their gas used and balance",
    path: "/stats/hot-smart-contracts",
    pathParams: [],
    filters: [
      {
        name: "scale",
        kind: "literal",
        values: ["5m", "1h", "3h", "1d", "7d", "30d"],
        description: "the time scale (required by the server)"
      },
      { name: "sort", kind: "literal", values: ["transactions_count", "total_gas_used"], description: "sort key" },
      { name: "order", kind: "literal", values: ["asc", "desc"], description: "sort order" }
    ],
    response: HotSmartContractsResponse,
    cursorKeys: ["transactions_count", "total_gas_used", "contract_address_hash"],
    gotcha:
      "scale is required: without it the server answers 422 (InvalidRequest). Day scales (1d, 7d, 30d) count " +
      "finished days only, so they are empty on a chain younger than a day. Ordered by counts over a window that " +
      "moves: a long walk can miss or repeat a contract."
  })
} as const
