/**
 * A Blockscout per-instance API over a `Ledger`, as an `HttpClient` built from a function: the subject's three
 * lists (with the real servers' orders and key cursors, ERC-1155 batches split into items, pending
 * transactions first), transaction lookups, the counters, the address and the indexing status. Items are the
 * fixture items (Blockscout's frontend mocks) with the ledger's fields written in, so they decode as real
 * answers do. Knobs make it an older server (no `transaction_index` on internal transactions, no
 * `block_number` on token transfers, no page `meta`) or one that says a list is incomplete.
 */
import { Effect, Layer } from "effect"
import { HttpClient, HttpServerResponse } from "effect/http"
import { fixtures } from "../../support/fixtures.ts"
import {
  counters as countersOf,
  internalInvolves,
  type Ledger,
  type LedgerTx,
  transferItems,
  txInvolves
} from "./ledger.ts"

export interface LedgerServerOptions {
  /** The page `meta` of an internal-transaction page, from its items' blocks (default `{status: 1}`); undefined: none (11.x). */
  readonly meta?:
    | ((blocks: ReadonlyArray<number>) => { status: number; message: string | null } | undefined)
    | undefined
  /** Internal transactions without `transaction_index` (servers before 6.9). */
  readonly noTransactionIndex?: boolean | undefined
  /** Token transfers without `block_number` (servers before 6.8). */
  readonly noTransferBlock?: boolean | undefined
  /** Counters to answer instead of the ledger's. */
  readonly counters?: { readonly transactions: number; readonly tokenTransfers: number } | undefined
  /** The indexing status to answer (default: finished). */
  readonly indexing?: Record<string, unknown> | undefined
}

/** What the server was asked, for tests that count calls; `inFlight`/`maxInFlight` with a `delay`. */
export interface LedgerRequests {
  readonly paths: Array<string>
  inFlight?: number
  maxInFlight?: number
}

const template = {
  transaction: fixtures.transactions[0] as Record<string, unknown>,
  transfer: fixtures.tokenTransfers[0] as Record<string, unknown>,
  internal: fixtures.internalTransactions[0] as Record<string, unknown>
}
const person = template.transaction.from as Record<string, unknown>
const addressObject = (hash: string | null) => (hash === null ? null : { ...person, hash, is_contract: false })
const blockHash = (block: number) => `0x${block.toString(16).padStart(64, "0")}`

const transactionItem = (tx: LedgerTx) => ({
  ...template.transaction,
  hash: tx.hash,
  block_number: tx.block,
  position: tx.index,
  from: addressObject(tx.from),
  to: addressObject(tx.to),
  created_contract: addressObject(tx.created),
  ...(tx.block === null ? { result: "pending", status: null, confirmations: 0 } : {})
})

type Row = { readonly key: ReadonlyArray<number>; readonly item: unknown }

/** Items strictly after `cursor` in the list's order (keys compared as the list sorts them). */
const after = (rows: ReadonlyArray<Row>, cursor: ReadonlyArray<number> | undefined, size: number) => {
  const greater = (k: ReadonlyArray<number>, c: ReadonlyArray<number>) => {
    for (let i = 0; i < c.length; i++) if (k[i] !== c[i]) return (k[i] as number) > (c[i] as number)
    return false
  }
  const rest = cursor === undefined ? rows : rows.filter((row) => greater(row.key, cursor))
  return { page: rest.slice(0, size), more: rest.length > size }
}

const num = (query: URLSearchParams, key: string) => {
  const v = query.get(key)
  return v === null || v === "" ? undefined : Number(v)
}

/** The answer to one request, or a 404. */
const answer = (ledger: Ledger, options: LedgerServerOptions, path: string, query: URLSearchParams) => {
  const a = ledger.address
  const size = num(query, "items_count") ?? 50
  const list = /^\/api\/v2\/addresses\/(0x[0-9a-f]{40})\/(transactions|token-transfers|internal-transactions)$/.exec(
    path
  )
  if (list !== null && list[1] === a) {
    if (list[2] === "transactions") {
      // Pending first (newest inserted first), then mined by block and index; keys negated to sort ascending.
      const pending = ledger.pending.filter((tx) => txInvolves(tx, a))
      const rows: Array<Row> = [
        ...pending.map((tx, i) => ({ key: [0, pending.length - 1 - i], item: transactionItem(tx) })),
        ...ledger.mined
          .filter((tx) => txInvolves(tx, a))
          .map((tx) => ({ key: [1, -(tx.block as number), -(tx.index as number)], item: transactionItem(tx) }))
      ].sort((x, y) => cmp(x.key, y.key))
      const block = num(query, "block_number")
      const inserted = num(query, "inserted_at")
      const cursor =
        block !== undefined
          ? [1, -block, -(num(query, "index") ?? 0)]
          : inserted !== undefined
            ? [0, inserted]
            : undefined
      const { page, more } = after(rows, cursor, size)
      const last = page[page.length - 1]
      const next =
        !more || last === undefined
          ? null
          : last.key[0] === 0
            ? { inserted_at: String(last.key[1]), hash: (last.item as { hash: string }).hash }
            : { block_number: -(last.key[1] as number), index: -(last.key[2] as number), items_count: size }
      return { items: page.map((row) => row.item), next_page_params: next }
    }
    if (list[2] === "token-transfers") {
      const rows: Array<Row> = []
      for (const tx of ledger.mined) {
        for (const t of tx.transfers) {
          if (t.from !== a && t.to !== a) continue
          transferItems(t).forEach((id, p) => {
            rows.push({
              key: [-(tx.block as number), -t.logIndex, p],
              item: transferItem(tx.hash, tx.block as number, t, id, options)
            })
          })
        }
      }
      for (const w of ledger.rewards) {
        if (w.to !== a) continue
        const reward = {
          logIndex: w.logIndex,
          from: "0x0000000000000000000000000000000000000000",
          to: w.to,
          tokenIds: []
        }
        rows.push({ key: [-w.block, -w.logIndex, 0], item: transferItem(null, w.block, reward, null, options) })
      }
      rows.sort((x, y) => cmp(x.key, y.key))
      const block = num(query, "block_number")
      const batch = num(query, "index_in_batch")
      const cursor =
        block === undefined ? undefined : [-block, -(num(query, "index") ?? 0), batch ?? Number.POSITIVE_INFINITY]
      const { page, more } = after(rows, cursor, size)
      const last = page[page.length - 1]
      const next =
        !more || last === undefined
          ? null
          : {
              block_number: -(last.key[0] as number),
              index: -(last.key[1] as number),
              ...(rows.some(
                (row) =>
                  row !== last &&
                  row.key[0] === last.key[0] &&
                  row.key[1] === last.key[1] &&
                  (row.key[2] as number) > (last.key[2] as number)
              )
                ? { index_in_batch: last.key[2] }
                : {})
            }
      return { items: page.map((row) => row.item), next_page_params: next }
    }
    const rows: Array<Row> = []
    for (const tx of ledger.mined) {
      for (const it of tx.internals) {
        if (!internalInvolves(it, a)) continue
        rows.push({
          key: [-(tx.block as number), -(tx.index as number), -it.index],
          item: internalItem(tx, it, options)
        })
      }
    }
    rows.sort((x, y) => cmp(x.key, y.key))
    const block = num(query, "block_number")
    const cursor =
      block === undefined ? undefined : [-block, -(num(query, "transaction_index") ?? 0), -(num(query, "index") ?? 0)]
    const { page, more } = after(rows, cursor, size)
    const last = page[page.length - 1]
    const next =
      !more || last === undefined
        ? null
        : {
            block_number: -(last.key[0] as number),
            transaction_index: -(last.key[1] as number),
            index: -(last.key[2] as number)
          }
    const blocks = page.map((row) => -(row.key[0] as number))
    const meta = options.meta === undefined ? { status: 1, message: null } : options.meta(blocks)
    return { items: page.map((row) => row.item), next_page_params: next, ...(meta === undefined ? {} : { meta }) }
  }
  const lookup = /^\/api\/v2\/transactions\/(0x[0-9a-f]{64})$/.exec(path)
  if (lookup !== null) {
    const tx = [...ledger.mined, ...ledger.pending].find((t) => t.hash === lookup[1])
    return tx === undefined ? undefined : transactionItem(tx)
  }
  if (path === `/api/v2/addresses/${a}/counters`) {
    const c = options.counters ?? countersOf(ledger)
    return {
      transactions_count: String(c.transactions),
      token_transfers_count: String(c.tokenTransfers),
      gas_usage_count: "0",
      validations_count: "0"
    }
  }
  if (path === `/api/v2/addresses/${a}`) return { hash: a, is_contract: ledger.contract }
  if (path === "/api/v2/main-page/indexing-status") {
    return (
      options.indexing ?? {
        finished_indexing: true,
        finished_indexing_blocks: true,
        indexed_blocks_ratio: "1.00",
        indexed_internal_transactions_ratio: "1.00"
      }
    )
  }
  return undefined
}

const cmp = (x: ReadonlyArray<number>, y: ReadonlyArray<number>) => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number)
  return 0
}

const transferItem = (
  hash: string | null,
  block: number,
  t: {
    readonly logIndex: number
    readonly from: string
    readonly to: string
    readonly tokenIds: ReadonlyArray<number>
  },
  id: number | null,
  options: LedgerServerOptions
) => {
  const type = t.tokenIds.length === 0 ? "ERC-20" : t.tokenIds.length === 1 ? "ERC-721" : "ERC-1155"
  const total =
    type === "ERC-20"
      ? { decimals: "18", value: "1000" }
      : type === "ERC-721"
        ? { token_id: String(id) }
        : { token_id: String(id), value: "3", decimals: null }
  const item: Record<string, unknown> = {
    ...template.transfer,
    transaction_hash: hash,
    block_hash: blockHash(block),
    block_number: block,
    log_index: t.logIndex,
    from: addressObject(t.from),
    to: addressObject(t.to),
    token: { ...(template.transfer.token as object), type },
    total
  }
  // Transfers of no transaction (Celo epoch rewards) come from servers that all send block_number.
  if (options.noTransferBlock === true && hash !== null) delete item.block_number
  return item
}

const internalItem = (
  tx: LedgerTx,
  it: { index: number; from: string; to: string | null; created: string | null },
  options: LedgerServerOptions
) => {
  const item: Record<string, unknown> = {
    ...template.internal,
    block_number: tx.block,
    transaction_hash: tx.hash,
    transaction_index: tx.index,
    index: it.index,
    type: it.created === null ? "call" : "create",
    from: addressObject(it.from),
    to: addressObject(it.to),
    created_contract: addressObject(it.created)
  }
  if (options.noTransactionIndex === true) delete item.transaction_index
  return item
}

/**
 * An `HttpClient` layer answering as a Blockscout instance over `ledger`; `requests` records every path asked.
 * With `delayMillis`, each answer waits that long (on the test clock), and `requests` counts those in flight.
 */
export const ledgerHttp = (
  ledger: Ledger,
  options: LedgerServerOptions = {},
  requests: LedgerRequests = { paths: [] },
  delayMillis = 0
) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request, url) =>
      Effect.gen(function* () {
        requests.paths.push(url.pathname)
        if (delayMillis > 0) {
          requests.inFlight = (requests.inFlight ?? 0) + 1
          requests.maxInFlight = Math.max(requests.maxInFlight ?? 0, requests.inFlight)
          yield* Effect.sleep(delayMillis).pipe(
            Effect.ensuring(
              Effect.sync(() => {
                requests.inFlight = (requests.inFlight ?? 1) - 1
              })
            )
          )
        }
        const body = answer(ledger, options, url.pathname, url.searchParams)
        return HttpServerResponse.toClientResponse(
          HttpServerResponse.text(JSON.stringify(body ?? { message: "Not found" }), {
            status: body === undefined ? 404 : 200,
            contentType: "application/json"
          }),
          { request }
        )
      })
    )
  )
