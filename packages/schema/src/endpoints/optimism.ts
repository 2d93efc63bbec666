/**
 * OP stack rows (servers of the `optimism` chain type, since 6.3.0): the chain's deposits from L1, its withdrawals
 * to L1, and their counts.
 * Spread into the table by `Endpoints.ts`; paths from `api_router.ex` (`optimism_controller.ex`).
 *
 * @since 0.1.0
 */
import { itemRow, pageRow } from "../EndpointTable.ts"
import { OptimismDepositsCountResponse, OptimismDepositsResponse } from "../OptimismDeposit.ts"
import { OptimismWithdrawalsCountResponse, OptimismWithdrawalsResponse } from "../OptimismWithdrawal.ts"

const optimismOnly = "OP stack chains only: other servers answer NotFound."

/**
 * The OP stack rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const optimismRows = {
  optimismDeposits: pageRow({
    method: "OptimismDeposits",
    credits: 20,
    ids: "O1",
    since: "6.3.0",
    summary: "An OP stack chain's deposits from L1, newest first: L1 block, transactions and sender, L2 transaction",
    path: "/optimism/deposits",
    pathParams: [],
    filters: [],
    response: OptimismDepositsResponse,
    cursorKeys: ["l1_block_number", "transaction_hash", "items_count"],
    gotcha: optimismOnly
  }),
  optimismDepositsCount: itemRow({
    method: "OptimismDepositsCount",
    credits: 20,
    ids: "O2",
    since: "6.3.0",
    summary: "How many deposits from L1 an OP stack chain has had (a bare integer)",
    path: "/optimism/deposits/count",
    pathParams: [],
    filters: [],
    response: OptimismDepositsCountResponse,
    cursorKeys: [],
    gotcha: optimismOnly
  }),
  optimismWithdrawals: pageRow({
    method: "OptimismWithdrawals",
    credits: 20,
    ids: "O3",
    since: "6.3.0",
    summary: "An OP stack chain's withdrawals to L1, highest nonce first, with their status and L1 relay",
    path: "/optimism/withdrawals",
    pathParams: [],
    filters: [],
    response: OptimismWithdrawalsResponse,
    cursorKeys: ["nonce", "items_count"],
    gotcha: `${optimismOnly} A status is computed when asked, so it changes as the dispute games resolve.`
  }),
  optimismWithdrawalsCount: itemRow({
    method: "OptimismWithdrawalsCount",
    credits: 20,
    ids: "O4",
    since: "6.3.0",
    summary: "How many withdrawals to L1 an OP stack chain has had (a bare integer)",
    path: "/optimism/withdrawals/count",
    pathParams: [],
    filters: [],
    response: OptimismWithdrawalsCountResponse,
    cursorKeys: [],
    gotcha: optimismOnly
  })
} as const
