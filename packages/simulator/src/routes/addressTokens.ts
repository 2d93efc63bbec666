/**
 * S9 `GET /addresses/{address}/tokens`: the address's token balances (S8's entries), paged as
 * `page_current_token_balances` orders them: fiat value descending (tokens without a price last), then balance
 * descending, then the balance row's id descending. `type` keeps some token types. The cursor is
 * `{fiat_value, value, id}` (`fiat_value` null past the priced tokens).
 *
 * @internal
 */
import { type Balance, balancesOf } from "../chain/holders.ts"
import { pageAfter } from "../internal/pages.ts"
import { int, invalid, list } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"
import { renderBalance } from "./addressTokenBalances.ts"
import { tokenTypes } from "./tokenTransfers.ts"

/** A balance with what it is ordered by: its fiat value (4 decimals, scaled by 10^4; null without a price) and row id. */
interface Row {
  readonly balance: Balance
  readonly fiat: bigint | null
  readonly id: number
}

const rowOf = (ctx: RouteContext, b: Balance): Row => {
  const token = ctx.render.token(b.token) as { exchange_rate: string | null; decimals: string | null }
  const rate = token.exchange_rate === null ? null : BigInt(Math.round(Number(token.exchange_rate) * 10_000))
  const fiat = rate === null ? null : (b.value * rate) / 10n ** BigInt(token.decimals ?? "0")
  return { balance: b, fiat, id: 1 + b.token * 100_000 + (b.tokenId ?? 0) }
}

/** Whether `a` comes before `b`: fiat value descending (nulls last), value descending, id descending. */
const before = (a: Row, b: Row): boolean => {
  if (a.fiat !== b.fiat) return b.fiat === null || (a.fiat !== null && a.fiat > b.fiat)
  if (a.balance.value !== b.balance.value) return a.balance.value > b.balance.value
  return a.id > b.id
}

const decimal = (scaled: bigint) => `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, "0")}`

export const addressTokens: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { query } = ctx
    const types = list(query, "type", tokenTypes, (s) => s.toUpperCase())
    const id = int(query, "id")
    const value = query.value
    const fiatText = query.fiat_value
    if (value !== undefined && !/^\d+$/.test(value)) throw invalid("value", "Invalid value")
    if (fiatText !== undefined && fiatText !== "" && fiatText !== "null" && !/^\d+(\.\d+)?$/.test(fiatText)) {
      throw invalid("fiat_value", "Invalid value")
    }
    const rows = balancesOf(ctx.chain, ctx.params.address!)
      .filter(
        (b) => types === undefined || types.includes(ctx.chain.tokens[b.token]!.type as (typeof tokenTypes)[number])
      )
      .map((b) => rowOf(ctx, b))
      .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
    // The cursor's fiat value, read only with a cursor (as before: a stray fiat_value alone is ignored).
    const fiatOf = (text: string | undefined): bigint | null => {
      if (text === undefined || text === "" || text === "null") return null
      const [whole = "0", fraction = ""] = text.split(".")
      return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0").slice(0, 4))
    }
    const cursor: Row | undefined =
      id !== undefined && value !== undefined
        ? { balance: { token: -1, tokenId: null, value: BigInt(value) }, fiat: fiatOf(fiatText), id }
        : undefined
    return pageAfter(
      ctx,
      rows,
      cursor === undefined ? undefined : (r) => before(cursor, r),
      (r) => renderBalance(ctx, r.balance),
      (r) => ({ fiat_value: r.fiat === null ? null : decimal(r.fiat), value: String(r.balance.value), id: r.id })
    )
  }
}
