/**
 * The search over the simulated chain (`Explorer.Chain.Search` as the backend runs it, for what this chain has):
 *
 * - an address (`0x` and 40 hex digits): its token result, if it is a token, and its address result, if the chain
 *   knows it; a full hash: the transaction or block it names; first page only, as `address_hash_search_if_first_page`
 *   and `full_hash_search_if_first_page` do;
 * - a number: that block; and, from 3 characters on, also the text search below;
 * - text of 3 characters or more: tokens whose name or symbol holds it, then verified contracts whose name holds it,
 *   each kind in the backend's order (tokens: circulating market cap, exchange rate, holders, all descending nulls
 *   last, then name, then `inserted_at` descending; contracts: name, then `inserted_at` descending), 50 to a page;
 * - anything shorter: nothing.
 *
 * A page's cursor is the backend's, in the bracket form `search_view.ex` writes: `next_page_params_type`, `q`, and
 * per kind on the page (or on an earlier one: the previous cursor's groups are kept) its last item's sort keys;
 * null keys are null, and read back from empty values.
 *
 * @internal
 */
import { checksumAddress } from "@blockscout-effect/schema"
import { GENESIS_MILLIS } from "../chain/constants.ts"
import type { TokenInfo } from "../chain/tokens.ts"
import type { Cursor, Json, Query } from "./query.ts"
import type { RouteContext } from "./router.ts"

/** Results per page (`Explorer.PagingOptions.page_size/0`). */
export const SEARCH_PAGE = 50

/** The shortest text the backend searches (`@min_query_length`). */
export const MIN_QUERY = 3

const addressRe = /^0x[0-9a-fA-F]{40}$/
const fullHashRe = /^0x[0-9a-fA-F]{64}$/

/** When the backend inserted a token's or a contract's row: a stable time per index, for the cursor's tiebreak. */
const insertedAt = (kind: number, index: number): string =>
  new Date(GENESIS_MILLIS + kind * 86_400_000 + index * 1000).toISOString().replace("Z", "000Z")

/** A sort key: a number, a string, or null (sorted last where the backend says `nulls_last`). */
type Key = number | string | null

/** Compares two sort tuples under per-key directions (`-1` descending, nulls last; `1` ascending). */
const compare = (a: ReadonlyArray<Key>, b: ReadonlyArray<Key>, directions: ReadonlyArray<1 | -1>): number => {
  for (let i = 0; i < directions.length; i++) {
    const x = a[i] ?? null
    const y = b[i] ?? null
    if (x === y) continue
    if (x === null) return 1
    if (y === null) return -1
    const order = x < y ? -1 : 1
    return order * directions[i]!
  }
  return 0
}

interface Candidate {
  readonly kind: "token" | "contract"
  readonly keys: ReadonlyArray<Key>
  readonly cursor: Cursor
  readonly render: () => Json
}

const tokenDirections = [-1, -1, -1, 1, -1] as const
const contractDirections = [1, -1] as const

/** A token as a search result, with its sort keys and cursor group. */
const tokenCandidate = (ctx: RouteContext, t: TokenInfo): Candidate => {
  const token = ctx.render.token(t.index)
  const marketCap = token.circulating_market_cap as string | null
  const rate = token.exchange_rate as string | null
  const holders = Number(token.holders_count)
  const inserted = insertedAt(1, t.index)
  return {
    kind: "token",
    keys: [
      marketCap === null ? null : Number(marketCap),
      rate === null ? null : Number(rate),
      holders,
      t.name,
      inserted
    ],
    cursor: {
      "token[circulating_market_cap]": marketCap,
      "token[fiat_value]": rate,
      "token[is_verified_via_admin_panel]": null,
      "token[holder_count]": holders,
      "token[name]": t.name,
      "token[inserted_at]": inserted
    },
    render: () => ({
      type: "token",
      name: t.name,
      symbol: t.symbol,
      address_hash: token.address_hash,
      token_url: `/token/${token.address_hash}`,
      address_url: `/address/${token.address_hash}`,
      icon_url: token.icon_url,
      token_type: t.type,
      is_smart_contract_verified: true,
      exchange_rate: rate,
      total_supply: token.total_supply,
      circulating_market_cap: marketCap,
      is_verified_via_admin_panel: false,
      certified: false,
      priority: 2,
      reputation: "ok",
      is_smart_contract_address: true
    })
  }
}

/** Tokens whose name or symbol holds the term, in the backend's order. */
const tokensMatching = (ctx: RouteContext, term: string): ReadonlyArray<Candidate> =>
  ctx.chain.tokens
    .filter((t) => t.name.toLowerCase().includes(term) || t.symbol.toLowerCase().includes(term))
    .map((t) => tokenCandidate(ctx, t))
    .sort((a, b) => compare(a.keys, b.keys, tokenDirections))

/** Verified contracts whose name holds the term, in the backend's order. */
const contractsMatching = (ctx: RouteContext, term: string): ReadonlyArray<Candidate> =>
  ctx.chain.smartContracts
    .filter((c) => c.name.toLowerCase().includes(term))
    .map((c): Candidate => {
      const inserted = insertedAt(2, c.id)
      const address = checksumAddress(c.address)
      return {
        kind: "contract",
        keys: [c.name, inserted],
        cursor: { "contract[certified]": null, "contract[name]": c.name, "contract[inserted_at]": inserted },
        render: () => ({
          type: "contract",
          name: c.name,
          address_hash: address,
          url: `/address/${address}`,
          is_smart_contract_verified: true,
          ens_info: null,
          certified: false,
          priority: 0,
          reputation: "ok",
          is_smart_contract_address: true
        })
      }
    })
    .sort((a, b) => compare(a.keys, b.keys, contractDirections))

/** A cursor group's value as the server reads it: an empty value is null. */
const read = (query: Query, key: string): string | null | undefined => {
  const v = query[key]
  return v === undefined ? undefined : v === "" || v === "null" ? null : v
}

/** The sort keys a cursor group holds, when all its keys are there (else the kind starts from its first result). */
const cursorKeys = (query: Query, kind: "token" | "contract"): ReadonlyArray<Key> | undefined => {
  if (query.next_page_params_type !== "search") return undefined
  const number = (v: string | null) => (v === null ? null : Number(v))
  if (kind === "token") {
    const fields = [
      "circulating_market_cap",
      "fiat_value",
      "is_verified_via_admin_panel",
      "holder_count",
      "name",
      "inserted_at"
    ]
    const values = fields.map((f) => read(query, `token[${f}]`))
    if (values.some((v) => v === undefined)) return undefined
    const [cap, rate, , holders, name, inserted] = values as Array<string | null>
    return [number(cap!), number(rate!), number(holders!), name!, inserted!]
  }
  const values = ["certified", "name", "inserted_at"].map((f) => read(query, `contract[${f}]`))
  if (values.some((v) => v === undefined)) return undefined
  return [values[1]!, values[2]!]
}

/** The cursor groups of the previous cursor, kept in the next one (`prev_options`). */
const previousGroups = (query: Query): Cursor => {
  const out: Cursor = {}
  if (query.next_page_params_type !== "search") return out
  for (const [k, v] of Object.entries(query)) {
    if (/^(token|contract|label|metadata_tag|tac_operation)\[/.test(k)) out[k] = v === "" || v === "null" ? null : v
  }
  return out
}

/** The results a text search pages through, after the request's cursor, kind by kind. */
const textResults = (ctx: RouteContext, term: string): ReadonlyArray<Candidate> => {
  const after = (list: ReadonlyArray<Candidate>, kind: "token" | "contract", directions: ReadonlyArray<1 | -1>) => {
    const at = cursorKeys(ctx.query, kind)
    return at === undefined ? list : list.filter((c) => compare(c.keys, at, directions) > 0)
  }
  return [
    ...after(tokensMatching(ctx, term), "token", tokenDirections),
    ...after(contractsMatching(ctx, term), "contract", contractDirections)
  ]
}

/** The address result of a known address (`search_address_by_address_hash_query`). */
const addressResult = (ctx: RouteContext, hash: string): Json | undefined => {
  const info = ctx.chain.address(hash)
  if (info === undefined) return undefined
  const address = checksumAddress(hash)
  return {
    type: "address",
    name: info.name,
    address_hash: address,
    url: `/address/${address}`,
    is_smart_contract_verified: info.isVerified,
    ens_info: null,
    certified: false,
    priority: 0,
    reputation: "ok",
    is_smart_contract_address: info.isContract
  }
}

const blockResult = (ctx: RouteContext, h: number): Json => {
  const hash = ctx.chain.blockHash(h)
  return {
    type: "block",
    block_number: h,
    block_hash: hash,
    url: `/block/${hash}`,
    timestamp: ctx.render.timestamp(ctx.chain.blockMillis(h)),
    block_type: "block",
    priority: 3
  }
}

/** What a hash names: its transaction (mined or pending) and its block. */
const hashResults = (ctx: RouteContext, hash: string): Array<Json> => {
  const out: Array<Json> = []
  const place = ctx.chain.locateTransaction(hash)
  if (place !== undefined) {
    const h = place._tag === "Mined" ? place.block : null
    out.push({
      type: "transaction",
      transaction_hash: hash,
      url: `/tx/${hash}`,
      timestamp: h === null ? null : ctx.render.timestamp(ctx.chain.blockMillis(h)),
      priority: 3
    })
  }
  const block = ctx.chain.blockOfHash(hash)
  if (block !== undefined && block < ctx.chain.height) out.push(blockResult(ctx, block))
  return out
}

/** One page of search results for the request's `q` (and cursor), with the next cursor or null. */
export const searchPage = (ctx: RouteContext): { readonly items: Array<Json>; readonly next: Cursor | null } => {
  const raw = (ctx.query.q ?? "").trim()
  const term = raw.toLowerCase()
  const firstPage = ctx.query.next_page_params_type !== "search"
  if (addressRe.test(raw)) {
    if (!firstPage) return { items: [], next: null }
    const token = ctx.chain.tokens.find((t) => t.address.toLowerCase() === term)
    const items = token === undefined ? [] : [tokenCandidate(ctx, token).render()]
    const address = addressResult(ctx, term)
    return { items: address === undefined ? items : [...items, address], next: null }
  }
  if (fullHashRe.test(raw)) return { items: firstPage ? hashResults(ctx, term) : [], next: null }
  const number = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
  const block = number !== undefined && number < ctx.chain.height && firstPage ? [blockResult(ctx, number)] : []
  if (raw.length < MIN_QUERY) return { items: block, next: null }
  const found = textResults(ctx, term)
  const page = found.slice(0, SEARCH_PAGE - block.length)
  let next: Cursor | null = null
  if (found.length > page.length) {
    next = { next_page_params_type: "search", q: raw, ...previousGroups(ctx.query) }
    for (const kind of ["token", "contract"] as const) {
      const last = page.filter((c) => c.kind === kind).at(-1)
      if (last !== undefined) Object.assign(next, last.cursor)
    }
  }
  return { items: [...block, ...page.map((c) => c.render())], next }
}

/**
 * `/search/check-redirect`: any well-formed address (checksummed); a full hash naming a block or a transaction
 * (the block's hash or the transaction's, as stored); a block number the chain has (the block's hash); else no
 * redirect (`Chain.from_param`; ENS names: this chain has none to resolve).
 */
export const redirectOf = (ctx: RouteContext): Json => {
  const raw = (ctx.query.q ?? "").trim()
  const none = { redirect: false, type: null, parameter: null }
  const prefixed = /^[0-9a-fA-F]{40}$|^[0-9a-fA-F]{64}$/.test(raw) ? `0x${raw}` : raw
  if (addressRe.test(prefixed)) return { redirect: true, type: "address", parameter: checksumAddress(prefixed) }
  if (fullHashRe.test(prefixed)) {
    const hash = prefixed.toLowerCase()
    const block = ctx.chain.blockOfHash(hash)
    if (block !== undefined && block < ctx.chain.height) return { redirect: true, type: "block", parameter: hash }
    if (ctx.chain.locateTransaction(hash) !== undefined) return { redirect: true, type: "transaction", parameter: hash }
    return none
  }
  if (/^\d{1,15}$/.test(raw) && Number(raw) < ctx.chain.height) {
    return { redirect: true, type: "block", parameter: ctx.chain.blockHash(Number(raw)) }
  }
  return none
}
