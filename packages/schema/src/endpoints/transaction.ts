/**
 * The transaction-scoped rows beside E6 (its logs): one transaction's details, its token transfers and its
 * internal transactions. Spread into the table by `Endpoints.ts`; parameters are the backend's own
 * (`transaction_controller.ex`, the 11.2.7 / 12.0 / Pro specs).
 *
 * @since 0.1.0
 */
import { TransactionBlobsResponse } from "../Blob.ts"
import { arrayRow, blockRange, itemRow, pageRow } from "../EndpointTable.ts"
import { ExternalTransactionsResponse } from "../ExternalTransactions.ts"
import { RawTraceResponse } from "../RawTrace.ts"
import { StateChangesResponse } from "../StateChange.ts"
import { TokenTypeValues } from "../Token.ts"
import {
  ChainInternalTransactionsResponse,
  TransactionDetailsResponse,
  TransactionInternalTransactionsResponse,
  TransactionTokenTransfersResponse
} from "../TransactionResponses.ts"
import { TransactionSummaryResponse } from "../TransactionSummary.ts"
import { hashParams, transferCursorKeys } from "./shared.ts"

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
    pathParams: hashParams,
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
    pathParams: hashParams,
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
    pathParams: hashParams,
    filters: [],
    response: TransactionInternalTransactionsResponse,
    cursorKeys: ["block_number", "transaction_index", "index", "items_count"],
    gotcha:
      "An unknown transaction is NotFound. 12.x servers and the Pro API add a page meta whose status 2 says the " +
      "list is not complete yet (older blocks' internal transactions are fetched from the node on demand)."
  }),
  transactionStateChanges: pageRow({
    method: "TransactionStateChanges",
    since: "5.1.1",
    credits: 20,
    ids: "T1",
    summary: "The balances a transaction changed (coin and tokens), before and after",
    path: "/transactions/{hash}/state-changes",
    pathParams: hashParams,
    filters: [],
    response: StateChangesResponse,
    // An offset: `state_changes_count` on 12.x and the Pro API; on 11.x `items_count`, read as the offset only
    // beside a `state_changes` key, which its cursors carry as null (backend chain.ex `paging_options`).
    cursorKeys: ["state_changes_count", "items_count", "state_changes"],
    gotcha:
      "An unknown transaction is NotFound; a pending one has none. 12.x servers page by state_changes_count; an " +
      "11.x server's cursor needs its null state_changes key sent back, which this client leaves out, so there " +
      "only the first page (50 changes) is reliable."
  }),
  transactionRawTrace: arrayRow({
    method: "TransactionRawTrace",
    credits: 20,
    ids: "T2",
    summary: "A transaction's raw trace: the node's call tree in the Parity trace format (a bare array)",
    path: "/transactions/{hash}/raw-trace",
    pathParams: hashParams,
    filters: [],
    response: RawTraceResponse,
    cursorKeys: [],
    gotcha:
      "An unknown transaction is NotFound, a pending one an empty array; a server that cannot reach its node's " +
      "tracer answers 500 (ServerError)."
  }),
  transactionSummary: itemRow({
    method: "TransactionSummary",
    since: "5.4.0",
    credits: 20,
    ids: "T3",
    summary: "A transaction's human-readable summary, from the server's transaction interpretation service",
    path: "/transactions/{hash}/summary",
    pathParams: hashParams,
    filters: [],
    response: TransactionSummaryResponse,
    cursorKeys: [],
    gotcha:
      "Only servers with the interpretation service configured answer it: others answer 403 (Unauthorized, " +
      "'Transaction Interpretation Service is disabled'). An unknown transaction is NotFound."
  }),
  chainInternalTransactions: pageRow({
    method: "ChainInternalTransactions",
    since: "6.9.0",
    credits: 40,
    ids: "T4",
    summary: "The chain's internal transactions (calls inside transactions, top-level calls left out), newest first",
    path: "/internal-transactions",
    pathParams: [],
    filters: [{ name: "transaction_hash", kind: "hash", description: "only this transaction's internal transactions" }],
    response: ChainInternalTransactionsResponse,
    cursorKeys: ["block_number", "transaction_index", "index", "items_count"],
    range: blockRange(["block_number", "transaction_index", "index"]),
    gotcha:
      "A server still building the index this list needs answers an empty page (not an error): compare with the " +
      "indexing status before calling a history complete."
  }),
  transactionBlobs: itemRow({
    method: "TransactionBlobs",
    credits: 20,
    ids: "X1",
    since: "6.2.0",
    summary: "The EIP-4844 blobs a transaction carried: versioned hash, data, KZG commitment and proof",
    path: "/transactions/{hash}/blobs",
    pathParams: hashParams,
    filters: [],
    response: TransactionBlobsResponse,
    cursorKeys: [],
    gotcha:
      "Only servers of Ethereum's chain type have this route (others: NotFound, as for an unknown transaction). " +
      "Every blob at once, about 128 KiB of hex each; a transaction without blobs has none."
  }),
  transactionExternalTransactions: arrayRow({
    method: "TransactionExternalTransactions",
    credits: 20,
    ids: "X4",
    since: "7.0.0",
    summary: "The Solana transactions a Neon EVM transaction was executed through (their signatures, a bare array)",
    path: "/transactions/{hash}/external-transactions",
    pathParams: hashParams,
    filters: [],
    response: ExternalTransactionsResponse,
    cursorKeys: [],
    gotcha:
      "Neon chains only: a server of another chain type answers NotFound. A Neon server fetches them on demand " +
      "and answers 500 (ServerError, retried) when its Solana source fails."
  })
} as const
