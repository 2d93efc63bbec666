/**
 * The tally a history keeps as it emits (`HistoryTally`): entries counted as the server's counters count
 * them, pending transactions left out, lookups made, and the internal-transaction pages the server said were
 * incomplete, merged into block ranges.
 *
 * @internal
 */
import type { PageMeta } from "@blockscout-effect/schema"
import type { HistoryEntry } from "../../History.ts"
import type { HistoryTally, IncompleteRange } from "../../History.ts"
import { blockSpan, isIncomplete } from "../pagination/meta.ts"

const isTo = (to: { readonly hash: string } | null | undefined, address: string): boolean =>
  to !== null && to !== undefined && to.hash.toLowerCase() === address

/** The tally after `entries` (whole blocks) are emitted. */
export const countEntries = (
  tally: HistoryTally,
  entries: ReadonlyArray<HistoryEntry>,
  address: string
): HistoryTally => {
  if (entries.length === 0) return tally
  let transactions = 0
  let transactionsTo = 0
  let tokenTransferItems = 0
  let internalTransactions = 0
  const transfers = new Set<string>()
  for (const entry of entries) {
    switch (entry._tag) {
      case "Transaction":
        transactions++
        if (isTo(entry.item.to, address)) transactionsTo++
        break
      case "TokenTransfer":
        tokenTransferItems++
        transfers.add(`${entry.block}:${entry.transactionHash}:${entry.item.log_index}`)
        break
      case "InternalTransaction":
        internalTransactions++
    }
  }
  const newest = (entries[0] as HistoryEntry).block
  const oldest = (entries[entries.length - 1] as HistoryEntry).block
  return {
    ...tally,
    transactions: tally.transactions + transactions,
    transactionsTo: tally.transactionsTo + transactionsTo,
    tokenTransfers: tally.tokenTransfers + transfers.size,
    tokenTransferItems: tally.tokenTransferItems + tokenTransferItems,
    internalTransactions: tally.internalTransactions + internalTransactions,
    newestBlock: tally.newestBlock === null ? newest : Math.max(tally.newestBlock, newest),
    oldestBlock: tally.oldestBlock === null ? oldest : Math.min(tally.oldestBlock, oldest)
  }
}

/** The tally after a pending transaction was left out. */
export const countPending = (
  tally: HistoryTally,
  to: { readonly hash: string } | null,
  address: string
): HistoryTally => ({
  ...tally,
  pendingTransactions: tally.pendingTransactions + 1,
  pendingTransactionsTo: tally.pendingTransactionsTo + (isTo(to, address) ? 1 : 0)
})

/** The tally after `n` lookups. */
export const countLookups = (tally: HistoryTally, n: number): HistoryTally =>
  n === 0 ? tally : { ...tally, lookups: tally.lookups + n }

/**
 * The tally after an internal-transaction page: whether the server sends `meta` at all, and the blocks of a
 * page it said were incomplete (joined to the previous range when they touch: pages come newest first). An
 * empty page's server checked every block: `range` is then what the history covers from where the page
 * started (its cursor's block, else the range's top, else open: `Number.MAX_SAFE_INTEGER`).
 */
export const countMeta = (
  tally: HistoryTally,
  meta: PageMeta | undefined,
  items: ReadonlyArray<unknown>,
  range: { readonly from: number; readonly to: number }
): HistoryTally => {
  if (meta === undefined) return tally
  const seen = tally.metaSeen ? tally : { ...tally, metaSeen: true }
  if (!isIncomplete(meta)) return seen
  const span = blockSpan(items) ?? range
  const last = seen.incomplete[seen.incomplete.length - 1]
  const incomplete: Array<IncompleteRange> = [...seen.incomplete]
  if (last !== undefined && last.to <= span.from + 1 && last.from >= span.to) {
    incomplete[incomplete.length - 1] = { from: last.from, to: Math.min(last.to, span.to), message: last.message }
  } else incomplete.push({ from: span.from, to: span.to, message: meta.message })
  // Bounded whatever the server says: past the limit, the two oldest ranges so far become one (a superset of both,
  // so a gap is never lost, only reported coarser).
  if (incomplete.length > maxIncompleteRanges) {
    const newer = incomplete[incomplete.length - 2] as IncompleteRange
    const older = incomplete.pop() as IncompleteRange
    incomplete[incomplete.length - 1] = { from: newer.from, to: older.to, message: newer.message }
  }
  return { ...seen, incomplete }
}

/** The most incomplete ranges a tally keeps (a checkpoint holds them). */
export const maxIncompleteRanges = 256
