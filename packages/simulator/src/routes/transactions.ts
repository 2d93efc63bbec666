/**
 * E4 `GET /transactions`: validated transactions newest first (cursor `block_number`, `index`), or with
 * `filter=pending` the pending ones, newest inserted first (cursor `inserted_at`, `hash`; in live mode followed by
 * the transactions reorganisations sent back to pending, `internal/reorgs.ts`); `type` keeps
 * transactions of any of the given types, `method` those calling any of the given method names.
 *
 * @internal
 */
import type { TransactionKind, TxTemplate } from "../chain/templates.ts"
import type { RouteHandler } from "../internal/router.ts"
import { hashParam, int, invalid, list, ok, oneOf } from "../internal/query.ts"
import { pageOf } from "../internal/pages.ts"
import { type Dropped, droppedTransactions, renderDropped } from "../internal/reorgs.ts"
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
      // Live mode: after the pending transactions come those reorganisations sent back (inserted before them).
      let droppedAfter: Dropped | undefined
      if (insertedAt !== undefined || h !== undefined) {
        const at = h === undefined ? undefined : chain.locateTransaction(h)
        if (at?._tag === "Pending") top = at.index - 1
        else if (at?._tag === "Dropped") {
          top = -1
          droppedAfter = { block: at.block, generation: at.generation, position: at.position }
        } else throw invalid("hash", "Invalid value")
      }
      const pass = (tx: TxTemplate) =>
        (types === undefined || tx.types.some((t) => types.includes(t))) &&
        (methods === undefined || (tx.method !== null && methods.includes(tx.method.toLowerCase())))
      const found: Array<{ readonly pending: number } | { readonly dropped: Dropped }> = []
      for (let i = top; i >= 0 && found.length <= ctx.size; i--)
        if (pass(chain.pendingTemplate(i))) found.push({ pending: i })
      if (found.length <= ctx.size) {
        for (const dropped of droppedTransactions(ctx, droppedAfter, ctx.size + 1 - found.length, pass)) {
          found.push({ dropped })
        }
      }
      return pageOf(
        ctx,
        found,
        (e) => ("pending" in e ? ctx.render.pendingTransaction(e.pending) : renderDropped(ctx, e.dropped)),
        (e) =>
          "pending" in e
            ? {
                inserted_at: ctx.render.preciseTimestamp(chain.pendingInsertedMillis(e.pending), e.pending),
                hash: chain.pendingHash(e.pending)
              }
            : {
                // Seen before its block was mined.
                inserted_at: ctx.render.preciseTimestamp(chain.blockMillis(e.dropped.block) - 1, e.dropped.position),
                hash: chain.transactionHashAt(e.dropped.block, e.dropped.generation, e.dropped.position)
              }
      )
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
