/**
 * E8 `GET /smart-contracts`: verified contracts, newest verified first by default; `q` searches names and
 * addresses, `filter` keeps one language, `sort` (`balance`, `transactions_count`) with `order` reorders
 * (and adds the sort key and `hash` to the cursor).
 *
 * @internal
 */
import type { RouteHandler } from "../internal/router.ts"
import { addressDetail, addressRe, type Cursor, int, invalid, ok, oneOf } from "../internal/query.ts"
import type { SmartContractInfo } from "../chain/contracts.ts"

export const smartContracts: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const q = query.q?.toLowerCase()
    const language = oneOf(query, "filter", ["solidity", "vyper", "yul"] as const)
    const sort = oneOf(query, "sort", ["balance", "transactions_count"] as const)
    const order = oneOf(query, "order", ["asc", "desc"] as const) ?? "desc"
    const id = int(query, "smart_contract_id")
    if (query.hash !== undefined && !addressRe.test(query.hash)) throw invalid("hash", addressDetail)
    const all = ctx.memo(`contracts|${q ?? ""}|${language ?? ""}|${sort ?? ""}|${order}`, () => {
      const sign = order === "asc" ? 1 : -1
      const byKey = (a: SmartContractInfo, b: SmartContractInfo): number => {
        if (sort === "balance" && a.coinBalance !== b.coinBalance) return a.coinBalance < b.coinBalance ? -sign : sign
        if (sort === "transactions_count" && a.transactionsCount !== b.transactionsCount) {
          return sign * (a.transactionsCount - b.transactionsCount)
        }
        return sort === undefined ? b.id - a.id : sign * (a.id - b.id)
      }
      return chain.smartContracts
        .filter(
          (c) =>
            (q === undefined || c.name.toLowerCase().includes(q) || c.address.includes(q)) &&
            (language === undefined || c.language === language)
        )
        .sort(byKey)
    })
    let start = 0
    if (id !== undefined) {
      const at = all.findIndex((c) => c.id === id)
      if (at < 0) throw invalid("smart_contract_id", "Invalid value")
      start = at + 1
    }
    const page = all.slice(start, start + ctx.size)
    const last = page[page.length - 1]
    return ok({
      items: page.map((c) => ctx.render.smartContract(c)),
      next_page_params: ctx.next(start + ctx.size < all.length && last !== undefined, () => {
        const c: Cursor = { smart_contract_id: last!.id }
        if (sort === "balance") Object.assign(c, { coin_balance: String(last!.coinBalance), hash: last!.address })
        if (sort === "transactions_count") {
          Object.assign(c, { transactions_count: last!.transactionsCount, hash: last!.address })
        }
        return c
      })
    })
  }
}
