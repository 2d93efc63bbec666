/**
 * X4 `GET /transactions/{hash}/external-transactions`: Neon's link from an EVM transaction to the Solana
 * transactions that executed it. The route sits in the backend's `chain_scope :neon`, whose `CheckChainType` plug
 * answers 404 on any other chain type; the simulated chain is not Neon, so every well-formed hash is a 404, as a
 * real server of its kind answers.
 *
 * @internal
 */
import { notFound } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transactionExternalTransactions: RouteHandler = {
  handle: () => {
    throw notFound()
  }
}
