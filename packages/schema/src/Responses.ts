/**
 * One response schema per endpoint E1–E12 (docs/blockscout-api.md §4).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Block } from "./Block.ts"
import { InternalTransaction } from "./InternalTransaction.ts"
import { Log } from "./Log.ts"
import { NftCollection } from "./NftCollection.ts"
import { Page } from "./Page.ts"
import { SmartContract } from "./SmartContract.ts"
import { TokenTransfer } from "./TokenTransfer.ts"
import { Transaction } from "./Transaction.ts"
import { Withdrawal } from "./Withdrawal.ts"

/**
 * E1 (Pro) / E5 (instance) `GET /token-transfers`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenTransfersResponse = Page(TokenTransfer).annotate({ identifier: "TokenTransfersResponse" })
/**
 * E2 `GET /tokens/{a}/instances/{id}/transfers`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TokenInstanceTransfersResponse = Page(TokenTransfer).annotate({
  identifier: "TokenInstanceTransfersResponse"
})
/**
 * E3 `GET /main-page/transactions`: a bare array.
 *
 * @since 0.1.0
 * @category responses
 */
export const MainPageTransactionsResponse = Schema.Array(Transaction).annotate({
  identifier: "MainPageTransactionsResponse"
})
/**
 * E4 `GET /transactions`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionsResponse = Page(Transaction).annotate({ identifier: "TransactionsResponse" })
/**
 * E6 `GET /transactions/{h}/logs`.
 *
 * @since 0.1.0
 * @category responses
 */
export const TransactionLogsResponse = Page(Log).annotate({ identifier: "TransactionLogsResponse" })
/**
 * E7 `GET /addresses/{a}/blocks-validated`.
 *
 * @since 0.1.0
 * @category responses
 */
export const BlocksValidatedResponse = Page(Block).annotate({ identifier: "BlocksValidatedResponse" })
/**
 * E8 `GET /smart-contracts`.
 *
 * @since 0.1.0
 * @category responses
 */
export const SmartContractsResponse = Page(SmartContract).annotate({ identifier: "SmartContractsResponse" })
/**
 * E9 `GET /withdrawals`.
 *
 * @since 0.1.0
 * @category responses
 */
export const WithdrawalsResponse = Page(Withdrawal).annotate({ identifier: "WithdrawalsResponse" })
/**
 * E10 `GET /addresses/{a}/nft/collections`.
 *
 * @since 0.1.0
 * @category responses
 */
export const NftCollectionsResponse = Page(NftCollection).annotate({ identifier: "NftCollectionsResponse" })
/**
 * E11 `GET /addresses/{a}/internal-transactions`.
 *
 * @since 0.1.0
 * @category responses
 */
export const InternalTransactionsResponse = Page(InternalTransaction).annotate({
  identifier: "InternalTransactionsResponse"
})
/**
 * E12 `GET /addresses/{a}/withdrawals`.
 *
 * @since 0.1.0
 * @category responses
 */
export const AddressWithdrawalsResponse = Page(Withdrawal).annotate({ identifier: "AddressWithdrawalsResponse" })
