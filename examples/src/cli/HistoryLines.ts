/**
 * What `blockscout address-history` writes: one line per entry, `{ kind, block_number, transaction_index,
 * transaction_hash, item }` (`kind` is `transaction`, `token_transfer` or `internal_transaction`, `item` the
 * API's own object; CSV, Parquet and the table flatten it: `item.from.hash`, `item.total.value`, ...), and the
 * completeness report's lines for stderr.
 */
import { SourceRows } from "@blockscout-effect/backfill"
import type { HistoryReport } from "@blockscout-effect/client"
import { Columns } from "@blockscout-effect/export"
import { InternalTransaction, TokenTransfer, Transaction } from "@blockscout-effect/schema"
import { Schema } from "effect"

/** One output line: the entry with its place, the item as the API gives it. */
const Line = Schema.Struct({
  kind: Schema.String,
  block_number: Schema.Int,
  transaction_index: Schema.NullOr(Schema.Int),
  transaction_hash: Schema.NullOr(Schema.String),
  item: Schema.Union([Transaction, TokenTransfer, InternalTransaction])
})

/** An entry as its output line: the backfill's own format, so its part files and this tool's files agree. */
export const lineOf = SourceRows.historyLine

/** Every column of a line (CSV and Parquet write them all; `--columns` picks from them). */
export const allColumns = Columns.fromSchema(Line)
const tableNames = [
  "kind",
  "block_number",
  "transaction_hash",
  "item.from.hash",
  "item.to.hash",
  "item.value",
  "item.total.value"
]
/** The few columns a table shows (and `chain_id` with `--chains`). */
export const tableColumns = (all: ReadonlyArray<Columns.Column>) =>
  all.filter((c) => c.name === "chain_id" || tableNames.includes(c.name))

/** The report as lines for stderr: the verdict, then each gap and what could not be checked. */
export const reportLines = (report: HistoryReport, chainId?: number): ReadonlyArray<string> => {
  const t = report.tally
  const where = chainId === undefined ? "" : ` (chain ${chainId})`
  const counts =
    `${t.transactions} transactions, ${t.tokenTransfers} token transfers (${t.tokenTransferItems} items), ` +
    `${t.internalTransactions} internal transactions` +
    `${t.pendingTransactions > 0 ? `; ${t.pendingTransactions} pending left out` : ""}`
  return [
    `blockscout: history${where}: ${counts}: ${report.complete ? "complete" : "INCOMPLETE"}` +
      `${report.complete && report.counters !== undefined ? " (the server's counters agree)" : ""}`,
    ...report.gaps.map((gap) => `blockscout: gap: ${gap.message}`),
    ...report.unverified.map((u) => `blockscout: not checked: ${u.kind}: ${u.message}`)
  ]
}
