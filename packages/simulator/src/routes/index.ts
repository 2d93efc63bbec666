/**
 * The handlers, by endpoint row name: one file per row. A row of the endpoints table that has no entry
 * here is still routed and checked, then answered 501.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { addressWithdrawals } from "./addressWithdrawals.ts"
import { blocksValidated } from "./blocksValidated.ts"
import { internalTransactions } from "./internalTransactions.ts"
import { mainPageTransactions } from "./mainPageTransactions.ts"
import { nftCollections } from "./nftCollections.ts"
import { smartContracts } from "./smartContracts.ts"
import { tokenInstanceTransfers } from "./tokenInstanceTransfers.ts"
import { tokenTransfers } from "./tokenTransfers.ts"
import { transactionLogs } from "./transactionLogs.ts"
import { transactions } from "./transactions.ts"
import { withdrawals } from "./withdrawals.ts"

export const handlers: Readonly<Record<string, RouteHandler>> = {
  tokenTransfers,
  tokenInstanceTransfers,
  mainPageTransactions,
  transactions,
  transactionLogs,
  blocksValidated,
  smartContracts,
  withdrawals,
  nftCollections,
  internalTransactions,
  addressWithdrawals
}
