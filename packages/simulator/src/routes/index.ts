/**
 * The handlers, by endpoint row name: one file per row. A row of the endpoints table that has no entry
 * here is still routed and checked, then answered 501.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { address } from "./address.ts"
import { addressCounters } from "./addressCounters.ts"
import { addressTransactions } from "./addressTransactions.ts"
import { addressTokenTransfers } from "./addressTokenTransfers.ts"
import { addressLogs } from "./addressLogs.ts"
import { addressCoinBalanceHistory } from "./addressCoinBalanceHistory.ts"
import { addressCoinBalanceHistoryByDay } from "./addressCoinBalanceHistoryByDay.ts"
import { addressTokenBalances } from "./addressTokenBalances.ts"
import { addressTokens } from "./addressTokens.ts"
import { addressNfts } from "./addressNfts.ts"
import { blocks } from "./blocks.ts"
import { block } from "./block.ts"
import { blockTransactions } from "./blockTransactions.ts"
import { blockWithdrawals } from "./blockWithdrawals.ts"
import { transaction } from "./transaction.ts"
import { transactionTokenTransfers } from "./transactionTokenTransfers.ts"
import { transactionInternalTransactions } from "./transactionInternalTransactions.ts"
import { token } from "./token.ts"
import { tokenCounters } from "./tokenCounters.ts"
import { tokenTransfersByToken } from "./tokenTransfersByToken.ts"
import { tokenHolders } from "./tokenHolders.ts"
import { tokenInstances } from "./tokenInstances.ts"
import { tokenInstance } from "./tokenInstance.ts"
import { indexingStatus } from "./indexingStatus.ts"
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
import { addressTabsCounters } from "./addressTabsCounters.ts"
import { blockInternalTransactions } from "./blockInternalTransactions.ts"
import { chainInternalTransactions } from "./chainInternalTransactions.ts"
import { smartContract } from "./smartContract.ts"
import { smartContractAuditReports } from "./smartContractAuditReports.ts"
import { tokenInstanceHolders } from "./tokenInstanceHolders.ts"
import { tokens } from "./tokens.ts"
import { topAddresses } from "./topAddresses.ts"
import { transactionRawTrace } from "./transactionRawTrace.ts"
import { transactionStateChanges } from "./transactionStateChanges.ts"
import { transactionSummary } from "./transactionSummary.ts"
import { mainPageBlocks } from "./mainPageBlocks.ts"
import { stats } from "./stats.ts"
import { transactionsChart } from "./transactionsChart.ts"
import { marketChart } from "./marketChart.ts"
import { backendVersion } from "./backendVersion.ts"
import { advancedFilters } from "./advancedFilters.ts"
import { advancedFilterMethods } from "./advancedFilterMethods.ts"
import { search } from "./search.ts"
import { quickSearch } from "./quickSearch.ts"
import { searchRedirect } from "./searchRedirect.ts"
import { userOperations } from "./userOperations.ts"
import { userOperation } from "./userOperation.ts"
import { userOperationBundles } from "./userOperationBundles.ts"
import { smartAccount } from "./smartAccount.ts"
import { blockCountdown } from "./blockCountdown.ts"
import { hotSmartContracts } from "./hotSmartContracts.ts"
import { transactionBlobs } from "./transactionBlobs.ts"
import {
  optimismDeposits,
  optimismDepositsCount,
  optimismWithdrawals,
  optimismWithdrawalsCount
} from "./optimismDeposits.ts"
import {
  addressBeaconDeposits,
  beaconDeposits,
  beaconDepositsCount,
  blockBeaconDeposits,
  transactionBeaconDeposits
} from "./beaconDeposits.ts"
import { transactionExternalTransactions } from "./transactionExternalTransactions.ts"
import { tokenInstanceTransfersCount } from "./tokenInstanceTransfersCount.ts"
import { withdrawalCounters } from "./withdrawalCounters.ts"
import { smartContractCounters } from "./smartContractCounters.ts"
import { transactionStats } from "./transactionStats.ts"

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
  addressWithdrawals,
  address,
  addressCounters,
  addressTransactions,
  addressTokenTransfers,
  addressLogs,
  addressCoinBalanceHistory,
  addressCoinBalanceHistoryByDay,
  addressTokenBalances,
  addressTokens,
  addressNfts,
  blocks,
  block,
  blockTransactions,
  blockWithdrawals,
  transaction,
  transactionTokenTransfers,
  transactionInternalTransactions,
  token,
  tokenCounters,
  tokenTransfersByToken,
  tokenHolders,
  tokenInstances,
  tokenInstance,
  indexingStatus,
  addressTabsCounters,
  blockInternalTransactions,
  chainInternalTransactions,
  smartContract,
  smartContractAuditReports,
  tokenInstanceHolders,
  tokens,
  topAddresses,
  transactionRawTrace,
  transactionStateChanges,
  transactionSummary,
  mainPageBlocks,
  stats,
  transactionsChart,
  marketChart,
  backendVersion,
  advancedFilters,
  advancedFilterMethods,
  search,
  quickSearch,
  searchRedirect,
  userOperations,
  userOperation,
  userOperationBundles,
  smartAccount,
  tokenInstanceTransfersCount,
  withdrawalCounters,
  smartContractCounters,
  transactionStats,
  blockCountdown,
  hotSmartContracts,
  transactionBlobs,
  transactionExternalTransactions,
  beaconDeposits,
  addressBeaconDeposits,
  blockBeaconDeposits,
  transactionBeaconDeposits,
  beaconDepositsCount,
  optimismDeposits,
  optimismDepositsCount,
  optimismWithdrawals,
  optimismWithdrawalsCount
}
