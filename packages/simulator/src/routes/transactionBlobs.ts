/**
 * X1 `GET /transactions/{hash}/blobs` (`transaction_controller.ex` `blobs`, `blob_view.ex`): `{ items }`, the blobs
 * the transaction carried, 404 for a hash the chain does not hold. The simulated chain sends no blob transactions
 * (its transactions are all type 2, none with `blob_versioned_hashes`), so every transaction it holds has none, as
 * a real server answers for such a transaction. Served in every mode, as by a server of Ethereum's chain type.
 *
 * @internal
 */
import { notFound, ok } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

export const transactionBlobs: RouteHandler = {
  handle: (ctx) => {
    if (ctx.chain.locateTransaction(ctx.params.hash!) === undefined) throw notFound()
    return ok({ items: [] })
  }
}
