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
import { arrayRow, itemRow } from "../EndpointTable.ts"

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
  })
} as const
