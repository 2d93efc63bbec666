/**
 * The transaction-scoped rows beside E6 (its logs): one transaction's details, its token transfers and its
 * internal transactions. Spread into the table by `Endpoints.ts`; parameters are the backend's own
 * (`transaction_controller.ex`, the 11.2.7 / 12.0 / Pro specs).
 *
 * @since 0.1.0
 */
import { itemRow, pageRow } from "../EndpointTable.ts"
import { TokenTypeValues } from "../Token.ts"
import {
  TransactionDetailsResponse,
  TransactionInternalTransactionsResponse,
  TransactionTokenTransfersResponse
} from "../TransactionResponses.ts"
import { transferCursorKeys } from "./cursorKeys.ts"

const hash = [{ name: "hash", kind: "hash" }] as const

/**
 * The transaction-scoped rows, keyed by name.
 *
 * @since 0.1.0
 * @category endpoints
 */
export const transactionRows = {
  transaction: itemRow({
    method: "Transaction",
    credits: 20,
    ids: "S14",
    summary: "One transaction's details, with its first token transfers and decoded revert reason",
    path: "/transactions/{hash}",
    pathParams: hash,
    filters: [],
    response: TransactionDetailsResponse,
    cursorKeys: [],
    gotcha:
      "token_transfers holds at most the first 10 (token_transfers_overflow says when there are more: the " +
      "transaction's token transfer list pages them all); a pending transaction has null block fields."
  }),
  transactionTokenTransfers: pageRow({
    method: "TransactionTokenTransfers",
    credits: 30,
    ids: "S15",
    summary: "A transaction's token transfers, in log order",
    path: "/transactions/{hash}/token-transfers",
    pathParams: hash,
    filters: [{ name: "type", kind: "literals", values: TokenTypeValues, description: "token types to include" }],
    response: TransactionTokenTransfersResponse,
    cursorKeys: transferCursorKeys,
    gotcha: "An unknown transaction is NotFound; 11.x servers take no page size here (a pageSize is refused)."
  }),
  transactionInternalTransactions: pageRow({
    method: "TransactionInternalTransactions",
    credits: 40,
    ids: "S16",
    summary: "A transaction's internal transactions (calls, creations, self-destructs inside it), by index",
    path: "/transactions/{hash}/internal-transactions",
    pathParams: hash,
    filters: [],
    response: TransactionInternalTransactionsResponse,
    cursorKeys: ["block_number", "transaction_index", "index", "items_count"],
    gotcha:
      "An unknown transaction is NotFound. 12.x servers and the Pro API add a page meta whose status 2 says the " +
      "list is not complete yet (older blocks' internal transactions are fetched from the node on demand)."
  })
} as const
