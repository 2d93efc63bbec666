/**
 * The external transactions of `GET /transactions/{h}/external-transactions` on a Neon chain: the Solana
 * transactions an EVM transaction was executed through, as `transaction_controller.ex` `external_transactions`
 * answers them (`Indexer.Fetcher.OnDemand.NeonSolanaTransactions`: a bare JSON array of signatures).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/**
 * A Solana transaction's signature (base58 text), one Neon EVM transaction's link to Solana.
 *
 * @since 0.1.0
 * @category resources
 */
export const SolanaTransactionSignature = Schema.String.annotate({ identifier: "SolanaTransactionSignature" })
/**
 * A decoded {@link SolanaTransactionSignature}.
 *
 * @since 0.1.0
 * @category resources
 */
export type SolanaTransactionSignature = typeof SolanaTransactionSignature.Type

/**
 * `GET /transactions/{h}/external-transactions`: a bare array of Solana signatures, all at once (no paging).
 * Servers of another chain type answer 404; a Neon server that cannot reach its Solana source answers 500.
 *
 * @since 0.1.0
 * @category responses
 */
export const ExternalTransactionsResponse = Schema.Array(SolanaTransactionSignature).annotate({
  identifier: "ExternalTransactionsResponse"
})
