/**
 * Counters beside the lists they count: one NFT instance's transfers (E2's length), the chain's withdrawals (E9's
 * total and sum), its smart contracts (all and verified, E8's), and the last day's transactions. Spread into the
 * table by `Endpoints.ts`. Paths from the backend's routers (`tokens_api_v2_router.ex`,
 * `smart_contracts_api_v2_router.ex`, `api_router.ex`), each row's `since` the first release serving it.
 *
 * @since 0.1.0
 */
import {
  SmartContractCountersResponse,
  TransactionStatsResponse,
  WithdrawalCountersResponse
} from "../ChainCounters.ts"
import { itemRow } from "../EndpointTable.ts"
import { TokenInstanceTransfersCountResponse } from "../TokenResponses.ts"
import { tokenInstanceParams } from "./shared.ts"

/**
 * The counter rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const counterRows = {
  tokenInstanceTransfersCount: itemRow({
    method: "TokenInstanceTransfersCount",
    credits: 20,
    ids: "K1",
    since: "5.1.0",
    summary: "How many transfers one NFT instance has had (E2's length)",
    path: "/tokens/{token}/instances/{tokenId}/transfers-count",
    pathParams: tokenInstanceParams,
    filters: [],
    response: TokenInstanceTransfersCountResponse,
    cursorKeys: [],
    gotcha:
      "Counted when asked, so it matches E2 at that moment. An ERC-20 token or an address that is not a token is " +
      "NotFound; an id that never moved counts 0."
  }),
  withdrawalCounters: itemRow({
    method: "WithdrawalCounters",
    credits: 20,
    ids: "K2",
    since: "5.1.5",
    summary: "The chain's beacon withdrawals: how many, and their sum in wei (E9's total)",
    path: "/withdrawals/counters",
    pathParams: [],
    filters: [],
    response: WithdrawalCountersResponse,
    cursorKeys: [],
    gotcha:
      "Cached counters refreshed in the background: they trail /withdrawals for a while. Servers before 9.0.0 " +
      "name them withdrawal_count and withdrawal_sum (decoded to today's names)."
  }),
  smartContractCounters: itemRow({
    method: "SmartContractCounters",
    credits: 20,
    ids: "K3",
    since: "5.1.2",
    summary: "The chain's smart contracts and verified ones, in total and new in the last 24 hours",
    path: "/smart-contracts/counters",
    pathParams: [],
    filters: [],
    response: SmartContractCountersResponse,
    cursorKeys: [],
    gotcha: "Cached counters refreshed in the background: verified_smart_contracts can trail E8's list."
  }),
  transactionStats: itemRow({
    method: "TransactionStats",
    credits: 20,
    ids: "K4",
    since: "6.3.0",
    summary: "The last 24 hours' transactions (count, fee sum, average fee) and the last 30 minutes' pending ones",
    path: "/transactions/stats",
    pathParams: [],
    filters: [],
    response: TransactionStatsResponse,
    cursorKeys: [],
    gotcha: "Cached counters over a sliding day, refreshed in the background: not a count of any list's items."
  })
} as const
