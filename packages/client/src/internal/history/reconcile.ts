/**
 * The checks behind `HistoryReport` and `TokenTransfersReport`: the streamed tally against the server's
 * counters (counted the way each counter counts), the internal-transaction lists' incomplete ranges, and the
 * indexing status. A check the server cannot answer (an old server without the endpoint, a failure after the
 * client's retries) becomes an `Unverified` line, never a failure: the report is data.
 *
 * @internal
 */
import type { AddressCounters, AddressDetails, IndexingStatus, TokenCounters } from "@blockscout-effect/schema"
import { Effect } from "effect"
import type { BlockscoutError } from "../../BlockscoutError.ts"
import type { HistoryKind } from "../../History.ts"
import type { HistoryGap, HistoryReport, HistoryTally, TokenTransfersReport, Unverified } from "../../History.ts"

/** The server's answers a report reads. */
export interface ReconcileApi {
  readonly counters: (address: string) => Effect.Effect<AddressCounters, BlockscoutError>
  readonly details: (address: string) => Effect.Effect<AddressDetails, BlockscoutError>
  readonly indexing: Effect.Effect<IndexingStatus, BlockscoutError>
  readonly tokenCounters: (token: string) => Effect.Effect<TokenCounters, BlockscoutError>
}

/** An answer, or why there is none (as the line the report shows). */
const attempt = <A>(effect: Effect.Effect<A, BlockscoutError>) =>
  Effect.match(effect, {
    onFailure: (error) => ({ ok: false as const, why: `${error.reason._tag}: ${error.reason.message}` }),
    onSuccess: (value) => ({ ok: true as const, value })
  })

const below = (ratio: string | null | undefined): boolean => typeof ratio === "string" && Number(ratio) < 1

/** The indexing status as a gap, when the server has not finished indexing; or why it could not be read. */
const indexingCheck = (api: ReconcileApi, internal: boolean) =>
  Effect.map(attempt(api.indexing), (answer): { gap?: HistoryGap; unverified?: Unverified } => {
    if (!answer.ok) return { unverified: { kind: "indexing", message: `indexing status not read (${answer.why})` } }
    const status = answer.value
    const blocks = status.finished_indexing_blocks === false || below(status.indexed_blocks_ratio)
    const internals =
      internal && (status.finished_indexing === false || below(status.indexed_internal_transactions_ratio))
    if (!blocks && !internals) return {}
    return {
      gap: {
        _tag: "IndexingIncomplete",
        blocksRatio: status.indexed_blocks_ratio ?? undefined,
        internalTransactionsRatio: status.indexed_internal_transactions_ratio ?? undefined,
        message:
          `the server has not finished indexing ${blocks ? "blocks" : "internal transactions"}` +
          `${blocks && internals ? " and internal transactions" : ""}: its lists may still grow`
      }
    }
  })

/** What a history of some kinds over some blocks can be checked against, and the verdict. */
export const reconcileAddress = (
  api: ReconcileApi,
  address: string,
  tally: HistoryTally,
  scope: { readonly kinds: ReadonlyArray<HistoryKind>; readonly whole: boolean }
): Effect.Effect<HistoryReport> =>
  Effect.gen(function* () {
    const gaps: Array<HistoryGap> = []
    const unverified: Array<Unverified> = []
    const has = (kind: HistoryKind) => scope.kinds.includes(kind)
    let counters: HistoryReport["counters"]
    if (!scope.whole) {
      const message = "a block range: the server's counters count the whole history"
      if (has("transaction")) unverified.push({ kind: "transactions", message })
      if (has("tokenTransfer")) unverified.push({ kind: "tokenTransfers", message })
    } else if (has("transaction") || has("tokenTransfer")) {
      const [read, details] = yield* Effect.all([attempt(api.counters(address)), attempt(api.details(address))], {
        concurrency: 2
      })
      if (!read.ok) {
        const message = `counters not read (${read.why})`
        if (has("transaction")) unverified.push({ kind: "transactions", message })
        if (has("tokenTransfer")) unverified.push({ kind: "tokenTransfers", message })
      } else {
        counters = {
          transactions: Number(read.value.transactions_count),
          tokenTransfers: Number(read.value.token_transfers_count)
        }
        if (has("transaction")) {
          // A contract's counter counts the transactions sent to it; any other address's, from or to it. Both
          // count pending ones, which a history leaves out.
          const contract = details.ok && details.value.is_contract === true && details.value.proxy_type !== "eip7702"
          const streamed = contract
            ? tally.transactionsTo + tally.pendingTransactionsTo
            : tally.transactions + tally.pendingTransactions
          if (streamed !== counters.transactions) {
            gaps.push({
              _tag: "CountMismatch",
              kind: "transactions",
              streamed,
              server: counters.transactions,
              message:
                `the server counts ${counters.transactions} transactions ${contract ? "sent to" : "from or to"} the ` +
                `address, the history has ${streamed} (pending ones included)`
            })
          }
        }
        if (has("tokenTransfer") && tally.tokenTransfers !== counters.tokenTransfers) {
          gaps.push({
            _tag: "CountMismatch",
            kind: "tokenTransfers",
            streamed: tally.tokenTransfers,
            server: counters.tokenTransfers,
            message: `the server counts ${counters.tokenTransfers} token transfers, the history has ${tally.tokenTransfers}`
          })
        }
      }
    }
    if (has("internalTransaction")) {
      for (const range of tally.incomplete) {
        gaps.push({
          _tag: "ListIncomplete",
          kind: "internalTransactions",
          from: range.from,
          to: range.to,
          message:
            `${range.from === Number.MAX_SAFE_INTEGER ? `blocks ${range.to} and up` : `blocks ${range.from} to ${range.to}`}: ` +
            `${range.message ?? "the server says the list is not complete yet"}`
        })
      }
      if (!tally.metaSeen) {
        unverified.push({
          kind: "internalTransactions",
          message: "the server says nothing of its internal-transaction lists' completeness (no page meta before 12.0)"
        })
      }
    }
    const indexing = yield* indexingCheck(api, has("internalTransaction"))
    if (indexing.gap !== undefined) gaps.push(indexing.gap)
    if (indexing.unverified !== undefined) unverified.push(indexing.unverified)
    return { complete: gaps.length === 0, gaps, unverified, ...(counters === undefined ? {} : { counters }), tally }
  })

/** A token's streamed transfers against its `transfers_count`, and the indexing status. */
export const reconcileToken = (
  api: ReconcileApi,
  token: string,
  streamedTransfers: number
): Effect.Effect<TokenTransfersReport> =>
  Effect.gen(function* () {
    const gaps: Array<HistoryGap> = []
    const unverified: Array<Unverified> = []
    const read = yield* attempt(api.tokenCounters(token))
    let serverTransfers: number | undefined
    if (!read.ok) unverified.push({ kind: "tokenTransfers", message: `token counters not read (${read.why})` })
    else {
      serverTransfers = Number(read.value.transfers_count)
      if (serverTransfers !== streamedTransfers) {
        gaps.push({
          _tag: "CountMismatch",
          kind: "tokenTransfers",
          streamed: streamedTransfers,
          server: serverTransfers,
          message: `the server counts ${serverTransfers} transfers of the token, ${streamedTransfers} were streamed`
        })
      }
    }
    const indexing = yield* indexingCheck(api, false)
    if (indexing.gap !== undefined) gaps.push(indexing.gap)
    if (indexing.unverified !== undefined) unverified.push(indexing.unverified)
    return { complete: gaps.length === 0, gaps, unverified, serverTransfers, streamedTransfers }
  })
