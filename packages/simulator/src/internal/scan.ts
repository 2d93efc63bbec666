/**
 * Walking the chain downward for list endpoints: each block contributes its template's items (from a
 * per-template list, filtered once), newest first, until a page and one more item are found.
 *
 * @internal
 */
import type { TxTemplate } from "../chain/templates.ts"
import type { RouteContext } from "./router.ts"

/**
 * Walks blocks downward from `startBlock`, taking each block's items (from a per-template list) that pass
 * `first` in the start block and `keep` anywhere, until `want` items are found. Templates with no items
 * are skipped cheaply; when no template has any, the walk stops at once.
 */
export const scan = <T>(
  height: number,
  startBlock: number,
  perSlot: ReadonlyArray<ReadonlyArray<T>>,
  first: (item: T) => boolean,
  want: number,
  keep?: (h: number, item: T) => boolean
): Array<[number, T]> => {
  const out: Array<[number, T]> = []
  if (perSlot.every((s) => s.length === 0)) return out
  for (let h = Math.min(startBlock, height - 1); h >= 0 && out.length < want; h--) {
    const items = perSlot[h % perSlot.length]!
    for (let i = 0; i < items.length && out.length < want; i++) {
      const item = items[i]!
      if (h === startBlock && !first(item)) continue
      if (keep !== undefined && !keep(h, item)) continue
      out.push([h, item])
    }
  }
  return out
}

/** Which validated transactions a filter keeps: types (any of) and method names (lower case). */
export interface TransactionFilter {
  readonly types?: ReadonlyArray<string> | undefined
  readonly methods?: ReadonlyArray<string> | undefined
}

/**
 * Validated transactions, newest first, strictly before (block, index) when `cursor` is given. A method
 * filter is checked per block, since an NFT transaction's method (`mint` or not) depends on the block.
 */
export const validatedTransactions = (
  ctx: RouteContext,
  want: number,
  cursor: { readonly block: number; readonly index: number } | undefined,
  filter: TransactionFilter = {}
): Array<[number, TxTemplate]> => {
  const { types, methods } = filter
  const key = `tx|${types?.slice().sort().join(",") ?? "*"}`
  const chain = ctx.chain
  const perSlot = ctx.memo(key, () =>
    chain.templates.map((t) =>
      [...t.transactions].reverse().filter((tx) => types === undefined || tx.types.some((x) => types.includes(x)))
    )
  )
  const start = cursor?.block ?? chain.height - 1
  const keep =
    methods === undefined
      ? undefined
      : (h: number, tx: TxTemplate) => {
          const method = chain.methodOf(h, tx)
          return method !== null && methods.includes(method.toLowerCase())
        }
  return scan(chain.height, start, perSlot, (tx) => cursor === undefined || tx.position < cursor.index, want, keep)
}
