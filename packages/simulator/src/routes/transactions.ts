/**
 * E4 `GET /transactions`: validated transactions newest first (cursor `block_number`, `index`), or with
 * `filter=pending` the pending ones, newest inserted first (cursor `inserted_at`, `hash`); `type` keeps
 * transactions of any of the given types, `method` those calling any of the given method names.
 *
 * @internal
 */
import type { TransactionKind } from "../chain/templates.ts"
import type { RouteHandler } from "../internal/router.ts"
import { hashParam, int, invalid, list, ok, oneOf } from "../internal/query.ts"
import { validatedTransactions } from "../internal/scan.ts"

const transactionKinds: ReadonlyArray<TransactionKind> = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "coin_transfer",
  "token_creation"
]

export const transactions: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const filter = oneOf(query, "filter", ["validated", "pending"] as const) ?? "validated"
    const types = list(query, "type", transactionKinds, (s) => s.toLowerCase())
    const raw = query.method
    const methods = raw === undefined || raw === "" ? undefined : raw.split(",").map((m) => m.trim().toLowerCase())
    if (filter === "pending") {
      const insertedAt = query.inserted_at
      const h = hashParam(query, "hash")
      let top = chain.pendingCount - 1
      if (insertedAt !== undefined || h !== undefined) {
        const at = h === undefined ? undefined : chain.locateTransaction(h)
        if (at === undefined || at._tag !== "Pending") throw invalid("hash", "Invalid value")
        top = at.index - 1
      }
      const pass = (i: number) => {
        const tx = chain.pendingTemplate(i)
        return (
          (types === undefined || tx.types.some((t) => types.includes(t))) &&
          (methods === undefined || (tx.method !== null && methods.includes(tx.method.toLowerCase())))
        )
      }
      const found: Array<number> = []
      for (let i = top; i >= 0 && found.length <= ctx.size; i--) if (pass(i)) found.push(i)
      const page = found.slice(0, ctx.size)
      const last = page[page.length - 1]
      return ok({
        items: page.map((i) => ctx.render.pendingTransaction(i)),
        next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
          inserted_at: ctx.render.preciseTimestamp(chain.pendingInsertedMillis(last!), last!),
          hash: chain.pendingHash(last!)
        }))
      })
    }
    const block = int(query, "block_number")
    const index = int(query, "index")
    const cursor = block === undefined ? undefined : { block, index: index ?? Number.POSITIVE_INFINITY }
    const found = validatedTransactions(ctx, ctx.size + 1, cursor, { types, methods })
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map(([h, tx]) => ctx.render.transaction(h, tx)),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        block_number: last![0],
        index: last![1].position
      }))
    })
  }
}
