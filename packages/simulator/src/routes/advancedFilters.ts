/**
 * F1 `GET /advanced-filters`: one feed of the chain's transactions, their token transfers and their internal
 * transactions (top-level calls at index 0 left out), newest first, as `advanced_filter.ex` merges them: by block,
 * then transaction, and within a transaction the transaction itself, then its token transfers (log index, then
 * place in an ERC-1155 batch, descending), then its internal transactions (index descending). Items are made from
 * the other routes' own renderings, so a feed item agrees with `/transactions`, `/token-transfers` and the
 * internal transaction lists.
 *
 * Pages hold 50 items whatever `items_count` says (the backend's `default_paging_options`); the cursor is the last
 * item's five keys, the null ones included (plus, on 11.x, `items_count` and the caller's keys, as `chain.ex`
 * writes it). A cursor key sent empty or as `null` reads as null.
 * A cursor missing a key is not a cursor: the walk starts over, as on the backend. `fee` is the transaction's fee
 * on the first item of a transaction on the page and 0 on the token transfers after it (`sanitize_fee`); an
 * internal transaction's is its gas times the transaction's gas price.
 *
 * Filters, as the controller reads them: `transaction_types` (case-insensitive; unknown ones dropped), `methods`
 * (selectors), `methods_names`, `age_from`/`age_to`, the token symbol lists, the from/to address lists with `address_relation` (`or` by default),
 * `amount_from`/`amount_to` (base units), the token contract lists (`native` for coin movements).
 *
 * @internal
 */
import type { InternalTemplate, TransferTemplate, TxTemplate } from "../chain/templates.ts"
import { methods as knownMethods } from "../chain/methods.ts"
import { type Cursor, invalid, type Json, ok, type Query } from "../internal/query.ts"
import type { RouteContext, RouteHandler } from "../internal/router.ts"

/** The backend's page size for this row (`Explorer.PagingOptions.page_size/0`). */
const PAGE = 50

type Entry =
  | { readonly kind: "transaction"; readonly tx: TxTemplate }
  | {
      readonly kind: "transfer"
      readonly tx: TxTemplate
      readonly transfer: TransferTemplate
      readonly batch: number | null
    }
  | { readonly kind: "internal"; readonly tx: TxTemplate; readonly internal: InternalTemplate }

/** Where an entry stands within its transaction, ascending in feed order: the transaction, transfers, internals. */
const rankOf = (tt: number | null, batch: number | null, it: number | null): ReadonlyArray<number> =>
  tt !== null ? [1, -tt, -(batch ?? -1)] : it !== null ? [2, -it] : [0]

const before = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!
  return a.length < b.length
}

/** Block `h`'s feed entries, in feed order. */
const entriesOf = (ctx: RouteContext, h: number): ReadonlyArray<Entry> => {
  const template = ctx.chain.template(h)
  const out: Array<Entry> = []
  const txs = [...template.transactions].sort((a, b) => b.position - a.position)
  for (const tx of txs) {
    out.push({ kind: "transaction", tx })
    const transfers = template.transfers
      .filter((t) => t.txPosition === tx.position)
      .map((transfer) => ({
        transfer,
        batch: transfer.indexInBatch === null ? null : transfer.log.batchSize - 1 - transfer.indexInBatch
      }))
      .sort((a, b) => b.transfer.logIndex - a.transfer.logIndex || (b.batch ?? 0) - (a.batch ?? 0))
    for (const { transfer, batch } of transfers) out.push({ kind: "transfer", tx, transfer, batch })
    const internals = template.internals
      .filter((it) => it.txPosition === tx.position && (it.index > 0 || it.to._tag === "Create"))
      .sort((a, b) => b.index - a.index)
    for (const internal of internals) out.push({ kind: "internal", tx, internal })
  }
  return out
}

/** A nullable cursor key: absent (not a cursor), null (empty or `null`), or a non-negative integer. */
const cursorKey = (query: Query, key: string): number | null | undefined => {
  const v = query[key]
  if (v === undefined) return undefined
  if (v === "" || v === "null") return null
  if (!/^\d{1,15}$/.test(v)) throw invalid(key, "Invalid integer")
  return Number(v)
}

interface Position {
  readonly block: number
  readonly tx: number
  readonly rank: ReadonlyArray<number>
}

/** The cursor's item, when the query holds all five keys with a block and a transaction (else: the first page). */
const positionOf = (query: Query): Position | undefined => {
  const block = cursorKey(query, "block_number")
  const tx = cursorKey(query, "transaction_index")
  const it = cursorKey(query, "internal_transaction_index")
  const tt = cursorKey(query, "token_transfer_index")
  const batch = cursorKey(query, "token_transfer_batch_index")
  if (block == null || tx == null || it === undefined || tt === undefined || batch === undefined) return undefined
  return { block, tx, rank: rankOf(tt, batch, it) }
}

const csv = (query: Query, key: string): ReadonlyArray<string> | undefined => {
  const v = query[key]
  if (v === undefined || v.trim() === "") return undefined
  return v.split(",").map((s) => s.trim().toLowerCase())
}

const millis = (query: Query, key: string): number | undefined => {
  const v = query[key]
  const t = v === undefined ? Number.NaN : Date.parse(v)
  return Number.isNaN(t) ? undefined : t
}

const amount = (query: Query, key: string): bigint | undefined => {
  const v = query[key]
  return v !== undefined && /^\d+$/.test(v) ? BigInt(v) : undefined
}

const hashOf = (address: unknown): string => String((address as Json | null)?.hash ?? "").toLowerCase()

/** An entry as the feed renders it, before its fee is settled against the page. */
const render = (ctx: RouteContext, h: number, entry: Entry, tx: Json): Json => {
  const base = {
    hash: tx.hash,
    status: tx.result,
    method: tx.method,
    timestamp: tx.timestamp,
    block_number: h,
    transaction_index: entry.tx.position
  }
  const kindOf = (to: unknown) =>
    to === null ? "contract_creation" : (to as Json).is_contract === true ? "contract_interaction" : "coin_transfer"
  switch (entry.kind) {
    case "transaction":
      return {
        ...base,
        type: kindOf(tx.to),
        from: tx.from,
        to: tx.to,
        created_contract: tx.created_contract,
        value: tx.value,
        total: null,
        token: null,
        internal_transaction_index: null,
        token_transfer_index: null,
        token_transfer_batch_index: null,
        fee: (tx.fee as Json).value
      }
    case "transfer": {
      const t = ctx.render.tokenTransfer(h, entry.transfer)
      return {
        ...base,
        type: (t.token as Json).type,
        from: t.from,
        to: t.to,
        created_contract: null,
        value: null,
        total: t.total,
        token: t.token,
        internal_transaction_index: null,
        token_transfer_index: entry.transfer.logIndex,
        token_transfer_batch_index: entry.batch,
        fee: (tx.fee as Json).value
      }
    }
    case "internal": {
      const it = ctx.render.internalTransaction(h, entry.internal)
      return {
        ...base,
        type: kindOf(it.to),
        from: it.from,
        to: it.to,
        created_contract: it.created_contract,
        value: it.value,
        total: null,
        token: null,
        internal_transaction_index: entry.internal.index,
        token_transfer_index: null,
        token_transfer_batch_index: null,
        // The simulated calls use the gas they are given: gas limit times the transaction's gas price.
        fee: String(BigInt(String(it.gas_limit)) * BigInt(String(tx.gas_price)))
      }
    }
  }
}

/** Whether an item passes the request's filters (`advanced_filter.ex`'s conditions). */
const matcher = (ctx: RouteContext) => {
  const q = ctx.query
  const types = csv(q, "transaction_types")
  const selectors = csv(q, "methods")
  const methodNames = csv(q, "methods_names")
  const symbolsIn = csv(q, "token_contract_symbols_to_include")
  const symbolsOut = csv(q, "token_contract_symbols_to_exclude")
  const fromIn = csv(q, "from_address_hashes_to_include")
  const fromOut = csv(q, "from_address_hashes_to_exclude")
  const toIn = csv(q, "to_address_hashes_to_include")
  const toOut = csv(q, "to_address_hashes_to_exclude")
  const relation = q.address_relation?.toLowerCase() === "and" ? "and" : "or"
  const tokensIn = csv(q, "token_contract_address_hashes_to_include")
  const tokensOut = csv(q, "token_contract_address_hashes_to_exclude")
  const ageFrom = millis(q, "age_from")
  const ageTo = millis(q, "age_to")
  const amountFrom = amount(q, "amount_from")
  const amountTo = amount(q, "amount_to")
  return (item: Json, rawInput: string): boolean => {
    if (types !== undefined && !types.includes(String(item.type).toLowerCase())) return false
    if (selectors !== undefined && !selectors.includes(rawInput.slice(0, 10).toLowerCase())) return false
    if (methodNames !== undefined && !methodNames.includes(String(item.method).toLowerCase())) return false
    // Symbols name tokens: a symbol list keeps (or drops) token transfers by their token's symbol.
    const symbol = item.token === null ? undefined : String((item.token as Json).symbol).toLowerCase()
    if (symbolsIn !== undefined && (symbol === undefined || !symbolsIn.includes(symbol))) return false
    if (symbolsOut !== undefined && symbol !== undefined && symbolsOut.includes(symbol)) return false
    const time = Date.parse(String(item.timestamp))
    if ((ageFrom !== undefined && time < ageFrom) || (ageTo !== undefined && time > ageTo)) return false
    const from = hashOf(item.from)
    const to = hashOf(item.to)
    const fromOk = fromIn === undefined || fromIn.includes(from)
    const toOk = toIn === undefined || toIn.includes(to)
    if (fromIn !== undefined && toIn !== undefined) {
      if (relation === "or" ? !(fromIn.includes(from) || toIn.includes(to)) : !(fromOk && toOk)) return false
    } else if (!fromOk || !toOk) return false
    if (fromOut?.includes(from) === true || toOut?.includes(to) === true) return false
    const token = item.token === null ? "native" : hashOf({ hash: (item.token as Json).address_hash })
    if (tokensIn !== undefined && !tokensIn.includes(token)) return false
    if (tokensOut?.includes(token) === true) return false
    if (amountFrom !== undefined || amountTo !== undefined) {
      const moved = item.value ?? (item.total as Json | null)?.value
      if (moved === undefined || moved === null) return false
      const v = BigInt(String(moved))
      if ((amountFrom !== undefined && v < amountFrom) || (amountTo !== undefined && v > amountTo)) return false
    }
    return true
  }
}

/** What the server resolved from the filters: the selectors it knows, the token contracts it has. */
const searchParams = (ctx: RouteContext): Json => {
  const methods: Record<string, string> = {}
  for (const selector of csv(ctx.query, "methods") ?? []) {
    const known = Object.values(knownMethods).find((m) => m.selector === selector)
    if (known !== undefined) methods[selector] = known.name
  }
  const tokens: Record<string, Json> = {}
  const asked = [
    ...(csv(ctx.query, "token_contract_address_hashes_to_include") ?? []),
    ...(csv(ctx.query, "token_contract_address_hashes_to_exclude") ?? [])
  ]
  for (const address of asked) {
    const index = ctx.chain.tokens.findIndex((t) => t.address.toLowerCase() === address)
    if (index >= 0) tokens[address] = ctx.render.token(index)
  }
  return { methods, tokens }
}

export const advancedFilters: RouteHandler = {
  // 11.2.7 declares `items_count` (from 1, no maximum) and its `chain.ex` cursor carries the page's count; 12.0 and
  // the Pro API declare none (422 `Unexpected field`) and leave it out of the cursor.
  echoesItemsCount: true,
  itemsCountUnbounded: true,
  refusesItemsCount: ["12", "pro"],
  handle: (ctx) => {
    const at = positionOf(ctx.query)
    const matches = matcher(ctx)
    const found: Array<Json> = []
    const start = Math.min(at?.block ?? ctx.chain.height - 1, ctx.chain.height - 1)
    for (let h = start; h >= 0 && found.length <= PAGE; h--) {
      const rendered = new Map<number, Json>()
      for (const entry of entriesOf(ctx, h)) {
        if (found.length > PAGE) break
        if (at !== undefined && h === at.block) {
          if (entry.tx.position > at.tx) continue
          const rank =
            entry.kind === "transaction"
              ? rankOf(null, null, null)
              : entry.kind === "transfer"
                ? rankOf(entry.transfer.logIndex, entry.batch, null)
                : rankOf(null, null, entry.internal.index)
          if (entry.tx.position === at.tx && !before(at.rank, rank)) continue
        }
        let tx = rendered.get(entry.tx.position)
        if (tx === undefined) {
          tx = ctx.render.transaction(h, entry.tx)
          rendered.set(entry.tx.position, tx)
        }
        const item = render(ctx, h, entry, tx)
        if (matches(item, String(tx.raw_input))) found.push(item)
      }
    }
    const page = found.slice(0, PAGE)
    // `sanitize_fee`: after an item of the same transaction, a transaction or token transfer item costs nothing.
    for (let i = 1; i < page.length; i++) {
      const item = page[i]!
      if (item.hash === page[i - 1]!.hash && item.internal_transaction_index === null) page[i] = { ...item, fee: "0" }
    }
    const last = page[page.length - 1]
    const next = ctx.next(
      found.length > PAGE && last !== undefined,
      (): Cursor => ({
        block_number: last!.block_number as number,
        transaction_index: last!.transaction_index as number,
        internal_transaction_index: last!.internal_transaction_index as number | null,
        token_transfer_index: last!.token_transfer_index as number | null,
        token_transfer_batch_index: last!.token_transfer_batch_index as number | null
      })
    )
    return ok({ items: page, next_page_params: next, search_params: searchParams(ctx) })
  }
}
