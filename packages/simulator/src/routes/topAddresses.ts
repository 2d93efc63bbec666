/**
 * A1 `GET /addresses`: the chain's top accounts (`Address.list_top_addresses`): every address holding coin (its
 * last coin balance point, `chain/coinHistory.ts`, the balance its details and coin balance lists show), by
 * balance descending then address ascending, or by `sort` (`balance`, `transactions_count`) in `order`; each
 * item is the address object with `coin_balance` and `transactions_count` (the address counters' count, S2). The
 * page carries the coin's `exchange_rate` and `total_supply`. The cursor is `paging_params(%Address{})`:
 * `fetched_coin_balance`, `hash`, `transactions_count`; the next page holds the addresses after it.
 *
 * @internal
 */
import { coinHistory } from "../chain/coinHistory.ts"
import { addressDetail, addressRe, invalid, oneOf, ok } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"
import { addressCounters } from "./addressCounters.ts"

/** An address's transactions count as its counters give it (memoized per request context). */
const transactionsCount = (ctx: RouteContext, address: string): bigint =>
  ctx.memo(`txcount|${address}`, () => {
    const body = addressCounters.handle({ ...ctx, query: {}, params: { address } }).body as {
      readonly transactions_count: string
    }
    return BigInt(body.transactions_count)
  })

export const topAddresses: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const sort = oneOf(query, "sort", ["balance", "transactions_count"] as const) ?? "balance"
    const order = oneOf(query, "order", ["asc", "desc"] as const) ?? "desc"
    const after = query.hash?.toLowerCase()
    if (after !== undefined && !addressRe.test(after)) throw invalid("hash", addressDetail)
    const holders = ctx.memo("top-addresses", () => {
      const candidates = new Set([
        ...chain.users,
        ...chain.miners,
        ...chain.routers,
        ...chain.tokens.map((t) => t.address)
      ])
      return [...candidates]
        .map((address) => ({ address, balance: coinHistory(chain, address).at(-1)?.value ?? 0n }))
        .filter((x) => x.balance > 0n)
    })
    const sign = order === "asc" ? 1 : -1
    const all = ctx.memo(`top-addresses|${sort}|${order}`, () =>
      [...holders].sort((a, b) => {
        const [x, y] =
          sort === "balance"
            ? [a.balance, b.balance]
            : [transactionsCount(ctx, a.address), transactionsCount(ctx, b.address)]
        return (x === y ? 0 : x < y ? -sign : sign) || (a.address < b.address ? -1 : 1)
      })
    )
    let start = 0
    if (after !== undefined) {
      const at = all.findIndex((x) => x.address === after)
      if (at < 0) throw invalid("hash", "Invalid value")
      start = at + 1
    }
    const found = all.slice(start, start + ctx.size + 1)
    const page = found.slice(0, ctx.size)
    const last = page[page.length - 1]
    const exchangeRate = "3150.25"
    return ok({
      items: page.map((x) => ({
        ...ctx.render.address(x.address),
        coin_balance: String(x.balance),
        transactions_count: String(transactionsCount(ctx, x.address))
      })),
      next_page_params: ctx.next(found.length > ctx.size && last !== undefined, () => ({
        fetched_coin_balance: String(last!.balance),
        hash: last!.address,
        transactions_count: Number(transactionsCount(ctx, last!.address))
      })),
      exchange_rate: exchangeRate,
      total_supply: String(120_000_000 + chain.height * 2)
    })
  }
}
