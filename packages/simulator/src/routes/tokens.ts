/**
 * A2 `GET /tokens`: the chain's tokens as `Token.list` orders them: circulating market cap descending (tokens
 * without one last), then holders count descending, then name, then address; `q` keeps tokens whose name or
 * symbol contains it (any case) or whose address starts with it, `type` the listed token types. The cursor is the
 * backend's `paging_params(%Token{})`: `market_cap`, `holders_count`, `contract_address_hash`, `name`,
 * `is_name_null`, `fiat_value`; the next page holds the tokens after it. Every value is the token object's own.
 *
 * @internal
 */
import { TokenTypeValues } from "@blockscout-effect/schema"
import { holderCount } from "../chain/holders.ts"
import { addressDetail, addressRe, invalid, list } from "../internal/query.ts"
import { pageOf } from "../internal/pages.ts"
import type { RouteHandler } from "../internal/router.ts"

export const tokens: RouteHandler = {
  echoesItemsCount: true,
  handle: (ctx) => {
    const { chain, query } = ctx
    const q = query.q?.toLowerCase()
    const types = list(query, "type", TokenTypeValues)
    const after = query.contract_address_hash?.toLowerCase()
    if (after !== undefined && !addressRe.test(after)) throw invalid("contract_address_hash", addressDetail)
    const all = ctx.memo(`tokens|${q ?? ""}|${types?.join(",") ?? ""}`, () => {
      const cap = (i: number) => ctx.render.token(i).circulating_market_cap as string | null
      return chain.tokens
        .filter(
          (t) =>
            (q === undefined ||
              q === "" ||
              t.name.toLowerCase().includes(q) ||
              t.symbol.toLowerCase().includes(q) ||
              t.address.startsWith(q)) &&
            (types === undefined || types.includes(t.type))
        )
        .map((t) => ({ t, cap: cap(t.index), holders: holderCount(chain, t.index) }))
        .sort(
          (a, b) =>
            (a.cap === null ? (b.cap === null ? 0 : 1) : b.cap === null ? -1 : Number(b.cap) - Number(a.cap)) ||
            b.holders - a.holders ||
            (a.t.name < b.t.name ? -1 : a.t.name > b.t.name ? 1 : 0) ||
            (a.t.address < b.t.address ? -1 : 1)
        )
    })
    let start = 0
    if (after !== undefined) {
      const at = all.findIndex((x) => x.t.address === after)
      if (at < 0) throw invalid("contract_address_hash", "Invalid value")
      start = at + 1
    }
    return pageOf(
      ctx,
      all.slice(start, start + ctx.size + 1),
      (x) => ctx.render.token(x.t.index),
      (x) => ({
        market_cap: x.cap,
        holders_count: x.holders,
        contract_address_hash: x.t.address,
        name: x.t.name,
        is_name_null: false,
        fiat_value: ctx.render.token(x.t.index).exchange_rate as string | null
      })
    )
  }
}
