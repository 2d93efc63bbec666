/**
 * X3 `GET /stats/hot-smart-contracts`: the contracts most transactions were sent to over `scale`
 * (`internal/hotContracts.ts`), most transactions first, then most gas, then address ascending; `sort` and `order`
 * (both given) put their key first, the others following (`SortingHelper.merge_sorting_params_with_defaults`). The
 * cursor `{transactions_count, total_gas_used, contract_address_hash}` continues strictly after its contract in that
 * order; the controller drops `items_count` from it. `scale` is required (422 without it). Items as
 * `stats_view.ex` `prepare_hot_contract` writes them: the counts as strings.
 *
 * @internal
 */
import { type HotContract, hotContracts, hotScales } from "../internal/hotContracts.ts"
import { pageAfter } from "../internal/pages.ts"
import { addressDetail, addressRe, int, invalid, oneOf } from "../internal/query.ts"
import type { RouteHandler } from "../internal/router.ts"

type Key = (a: HotContract, b: HotContract) => number

const byTransactions =
  (sign: number): Key =>
  (a, b) =>
    sign * (a.transactions - b.transactions)
const byGas =
  (sign: number): Key =>
  (a, b) =>
    a.gasUsed === b.gasUsed ? 0 : sign * (a.gasUsed < b.gasUsed ? -1 : 1)
const byAddress: Key = (a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)

export const hotSmartContracts: RouteHandler = {
  handle: (ctx) => {
    const { query } = ctx
    const scale = query.scale
    if (scale === undefined || scale === "") throw invalid("scale", "Missing field: scale")
    if (!hotScales.includes(scale)) throw invalid("scale", "Invalid value")
    const sort = oneOf(query, "sort", ["transactions_count", "total_gas_used"] as const)
    const order = oneOf(query, "order", ["asc", "desc"] as const)
    const count = int(query, "transactions_count")
    const gas = query.total_gas_used
    if (gas !== undefined && !/^\d+$/.test(gas)) throw invalid("total_gas_used", "Invalid integer")
    const after = query.contract_address_hash?.toLowerCase()
    if (after !== undefined && !addressRe.test(after)) throw invalid("contract_address_hash", addressDetail)
    // The default order, and a sort key (with its order) moved in front of the others.
    const sign = order === "asc" ? 1 : -1
    const keys: Array<Key> =
      sort !== undefined && order !== undefined
        ? sort === "transactions_count"
          ? [byTransactions(sign), byGas(-1), byAddress]
          : [byGas(sign), byTransactions(-1), byAddress]
        : [byTransactions(-1), byGas(-1), byAddress]
    const compare = (a: HotContract, b: HotContract) => {
      for (const k of keys) {
        const d = k(a, b)
        if (d !== 0) return d
      }
      return 0
    }
    const sorted = [...hotContracts(ctx, scale)].sort(compare)
    const cursor: HotContract | undefined =
      count !== undefined && gas !== undefined && after !== undefined
        ? { address: after, transactions: count, gasUsed: BigInt(gas), balance: null }
        : undefined
    return pageAfter(
      ctx,
      sorted,
      cursor === undefined ? undefined : (c) => compare(c, cursor) > 0,
      (c) => ({
        contract_address: ctx.render.address(c.address),
        transactions_count: String(c.transactions),
        total_gas_used: String(c.gasUsed),
        balance: c.balance === null ? null : String(c.balance)
      }),
      (c) => ({
        transactions_count: c.transactions,
        total_gas_used: String(c.gasUsed),
        contract_address_hash: c.address
      })
    )
  }
}
