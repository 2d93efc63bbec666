/**
 * E3 `GET /main-page/transactions`: a bare array of the 6 newest validated transactions.
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { ok } from "../internal/query.ts"
import { validatedTransactions } from "../internal/scan.ts"

export const mainPageTransactions: RouteHandler = {
  handle: (ctx) => ok(validatedTransactions(ctx, 6, undefined).map(([h, tx]) => ctx.render.transaction(h, tx)))
}
