/**
 * What a job's source reads, in the terms the rest of the backfill works in: the endpoint row and arguments of
 * a list source (an `Endpoint` source, or a token's history: its transfers, S19), or the lists of an address's
 * history; the tables its items go to, and which item goes to which.
 *
 * When to use: `Plan`, `Walk` and the sinks ask here rather than look at a source's tag, so a new kind of
 * source is one case in this module (and its walk).
 *
 * Gotcha: an address's history writes into the tables of the endpoint rows it reads (`addressTransactions`,
 * `addressTokenTransfers`, `internalTransactions`): `transactions`, `token_transfers` and
 * `internal_transactions`, keyed by the same identities, so a history and a chain-wide backfill of one resource
 * fill one table without a row twice.
 *
 * @since 0.1.0
 */
import type { HistoryEntry, HistoryKind } from "@blockscout-effect/client"
import type { Job, PagedName, Source, SourceArgs } from "./Job.ts"
import { type Table, tableOf } from "./Tables.ts"

/**
 * A list source's row and arguments.
 *
 * @since 0.1.0
 * @category models
 */
export interface ListRead {
  readonly endpoint: PagedName
  readonly args: SourceArgs
}

/**
 * The row and arguments a source reads as one list: itself for an `Endpoint` source, the token's transfers for
 * a `TokenHistory`; `undefined` for an address's history (several lists, merged).
 *
 * @since 0.1.0
 * @category accessors
 */
export const listOf = (source: Source): ListRead | undefined => {
  switch (source._tag) {
    case "Endpoint":
      return { endpoint: source.endpoint, args: source.args }
    case "TokenHistory":
      return { endpoint: "tokenTransfersByToken", args: { token: source.token } }
    case "AddressHistory":
      return undefined
  }
}

/**
 * The row each kind of an address's history is read from (and whose table it goes to).
 *
 * @since 0.1.0
 * @category constants
 */
export const historyRows: Readonly<Record<HistoryKind, PagedName>> = {
  transaction: "addressTransactions",
  tokenTransfer: "addressTokenTransfers",
  internalTransaction: "internalTransactions"
}

const kindOfTag: Readonly<Record<HistoryEntry["_tag"], HistoryKind>> = {
  Transaction: "transaction",
  TokenTransfer: "tokenTransfer",
  InternalTransaction: "internalTransaction"
}

/**
 * The kinds an address's history source reads, in the client's order.
 *
 * @since 0.1.0
 * @category accessors
 */
export const kindsOf = (source: Extract<Source, { _tag: "AddressHistory" }>): ReadonlyArray<HistoryKind> =>
  (["transaction", "tokenTransfer", "internalTransaction"] as const).filter(
    (kind) => source.kinds === undefined || source.kinds.includes(kind)
  )

/**
 * A name for a job's source in messages: its row, or `address history 0x..`.
 *
 * @since 0.1.0
 * @category accessors
 */
export const describe = (source: Source): string =>
  source._tag === "AddressHistory" ? `address history ${source.address}` : (listOf(source) as ListRead).endpoint

/**
 * The tables a job's items go to (created when it is planned).
 *
 * @since 0.1.0
 * @category accessors
 */
export const tablesOf = (job: Job): ReadonlyArray<Table> => {
  const source = job.source
  if (source._tag !== "AddressHistory") return [tableOf((listOf(source) as ListRead).endpoint)]
  return kindsOf(source).map((kind) => tableOf(historyRows[kind]))
}

/**
 * One table's share of a page: the items that go to it, with the arguments its derived columns read.
 *
 * @since 0.1.0
 * @category models
 */
export interface TableWrite {
  readonly table: Table
  readonly args: SourceArgs
  readonly items: ReadonlyArray<unknown>
}

/**
 * Which of a page's items go to which table: a list's items to its row's table; a history's entries, by kind,
 * to their rows' tables (the entry's item, as the list gave it).
 *
 * @since 0.1.0
 * @category accessors
 */
export const writesOf = (job: Job, items: ReadonlyArray<unknown>): ReadonlyArray<TableWrite> => {
  const source = job.source
  if (source._tag !== "AddressHistory") {
    const list = listOf(source) as ListRead
    return [{ table: tableOf(list.endpoint), args: list.args, items }]
  }
  const byKind = new Map<HistoryKind, Array<unknown>>()
  for (const entry of items as ReadonlyArray<HistoryEntry>) {
    const kind = kindOfTag[entry._tag]
    const list = byKind.get(kind) ?? []
    list.push(entry.item)
    byKind.set(kind, list)
  }
  const args = { address: source.address }
  return [...byKind].map(([kind, kindItems]) => ({ table: tableOf(historyRows[kind]), args, items: kindItems }))
}

/**
 * A history entry as a line of an NDJSON part file: `{ kind, block_number, transaction_index, transaction_hash,
 * item }`, as `blockscout address-history` writes it; a list's items as they are.
 *
 * @since 0.1.0
 * @category accessors
 */
export const linesOf = (job: Job, items: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  job.source._tag !== "AddressHistory" ? items : (items as ReadonlyArray<HistoryEntry>).map(historyLine)

/**
 * A history entry as one line of a file: its kind (`transaction`, `token_transfer`, `internal_transaction`), its
 * place, and the item as the API gave it. The one format of `blockscout address-history` and of a history
 * backfill's part files.
 *
 * @since 0.1.0
 * @category accessors
 */
export const historyLine = (entry: HistoryEntry) => ({
  kind: lineKinds[entry._tag],
  block_number: entry.block,
  transaction_index: entry.transactionIndex ?? null,
  transaction_hash: entry.transactionHash,
  item: entry.item
})

const lineKinds: Readonly<Record<HistoryEntry["_tag"], string>> = {
  Transaction: "transaction",
  TokenTransfer: "token_transfer",
  InternalTransaction: "internal_transaction"
}
