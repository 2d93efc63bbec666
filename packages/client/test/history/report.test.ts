/**
 * Completeness you can check: the last page's report (and `reconcileAddressHistory` for tallies assembled from
 * block ranges) against the server's counters, its indexing status and the internal-transaction lists' `meta`;
 * a deliberately incomplete server (counters that disagree, a list that says it is not complete yet, indexing
 * not finished, an old server with no meta or no counters) gives gaps and unverified lines, never a failure; a
 * list that is not newest first fails the history instead of emitting out of order; the calls' spans.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option, Stream, type Tracer } from "effect"
import { FetchHttpClient } from "effect/http"
import {
  addTallies,
  Blockscout,
  type BlockscoutEvent,
  type HistoryOptions,
  type HistoryReport
} from "../../src/index.ts"
import { makeCapture } from "../support/capture.ts"
import { fixtures } from "../support/fixtures.ts"
import { scriptedServer } from "../support/ScriptedServer.ts"
import { counters, makeLedger, subject } from "./support/ledger.ts"
import { type LedgerServerOptions, ledgerHttp } from "./support/ledgerServer.ts"
import { historyClient } from "./support/client.ts"

const layer = (
  ledger: ReturnType<typeof makeLedger>,
  server: LedgerServerOptions = {},
  events?: Array<BlockscoutEvent>
) =>
  historyClient(
    "http://ledger.test",
    ledgerHttp(ledger, server),
    events === undefined ? {} : { onEvent: (event: BlockscoutEvent) => Effect.sync(() => void events.push(event)) }
  )

const reportOf = (
  ledger: ReturnType<typeof makeLedger>,
  server: LedgerServerOptions = {},
  options: HistoryOptions = {},
  events?: Array<BlockscoutEvent>
) =>
  Blockscout.use((bs) => Stream.runCollect(bs.streamAddressHistoryPages(subject, { pageSize: 7, ...options }))).pipe(
    Effect.provide(layer(ledger, server, events)),
    Effect.map((pages) => {
      // Only the last page carries the report.
      assert.isTrue(pages.slice(0, -1).every((page) => page.report === undefined))
      return pages[pages.length - 1]!.report as HistoryReport
    })
  )

const pendingMessage = "Some internal transactions within this block range have not yet been processed"

describe("the history's report", () => {
  it.effect("a full history of an address (and of a contract) on a current server is complete", () =>
    Effect.gen(function* () {
      for (const contract of [false, true]) {
        const ledger = makeLedger(41, 30, contract)
        const report = yield* reportOf(ledger)
        assert.deepStrictEqual(report.gaps, [], `contract: ${contract}`)
        assert.deepStrictEqual(report.unverified, [])
        assert.isTrue(report.complete)
        assert.deepStrictEqual(report.counters, counters(ledger))
        // A contract's counter counts only what was sent to it: the history holds more (its creation).
        if (contract)
          assert.isAbove(report.tally.transactions + report.tally.pendingTransactions, counters(ledger).transactions)
      }
    })
  )

  it.effect("counters that disagree are gaps saying both numbers", () =>
    Effect.gen(function* () {
      const ledger = makeLedger(42)
      const truth = counters(ledger)
      const report = yield* reportOf(ledger, {
        counters: { transactions: truth.transactions + 2, tokenTransfers: truth.tokenTransfers - 1 }
      })
      assert.isFalse(report.complete)
      assert.deepStrictEqual(
        report.gaps.map((gap) => (gap._tag === "CountMismatch" ? [gap.kind, gap.streamed, gap.server] : gap._tag)),
        [
          ["transactions", truth.transactions, truth.transactions + 2],
          ["tokenTransfers", truth.tokenTransfers, truth.tokenTransfers - 1]
        ]
      )
    })
  )

  it.effect(
    "an internal-transaction list that says it is not complete yet: its blocks are a gap, and events say so",
    () =>
      Effect.gen(function* () {
        const ledger = makeLedger(43, 40)
        const events: Array<BlockscoutEvent> = []
        const report = yield* reportOf(
          ledger,
          {
            meta: (blocks) =>
              blocks.some((b) => b >= 12 && b <= 20)
                ? { status: 2, message: pendingMessage }
                : { status: 1, message: null }
          },
          {},
          events
        )
        assert.isFalse(report.complete)
        const incomplete = report.gaps.filter((gap) => gap._tag === "ListIncomplete")
        assert.isAbove(incomplete.length, 0)
        for (const gap of incomplete) {
          // A reported range is a page's span: it meets blocks 12 to 20.
          assert.isTrue(gap.to <= 20 && gap.from >= 12, JSON.stringify(gap))
          assert.include(gap.message, pendingMessage)
        }
        // Every block 12 to 20 holding an internal transaction of the address is inside a reported range.
        const blocks = new Set(
          ledger.mined
            .filter((tx) => tx.block !== null && tx.block >= 12 && tx.block <= 20)
            .filter((tx) => tx.internals.some((it) => it.from === subject || it.to === subject))
            .map((tx) => tx.block as number)
        )
        for (const block of blocks) {
          assert.isTrue(
            incomplete.some((gap) => gap.from >= block && gap.to <= block),
            `block ${block} not in ${JSON.stringify(incomplete)}`
          )
        }
        const reported = events.filter((event) => event._tag === "IncompleteList")
        assert.isAbove(reported.length, 0)
        assert.isTrue(reported.every((event) => event.endpoint === "internalTransactions"))
      })
  )

  it.effect(
    "a server before 12.0 (no page meta) leaves internal transactions unverified; one still indexing is a gap",
    () =>
      Effect.gen(function* () {
        const ledger = makeLedger(44)
        const old = yield* reportOf(ledger, { meta: () => undefined })
        assert.isTrue(old.complete)
        assert.deepStrictEqual(
          old.unverified.map((u) => u.kind),
          ["internalTransactions"]
        )
        const indexing = yield* reportOf(ledger, {
          indexing: {
            finished_indexing: false,
            finished_indexing_blocks: true,
            indexed_blocks_ratio: "1.00",
            indexed_internal_transactions_ratio: "0.87"
          }
        })
        assert.isFalse(indexing.complete)
        assert.deepStrictEqual(indexing.gaps, [
          {
            _tag: "IndexingIncomplete",
            blocksRatio: "1.00",
            internalTransactionsRatio: "0.87",
            message: "the server has not finished indexing internal transactions: its lists may still grow"
          }
        ])
        // Without internal transactions in the history, their indexing is not a gap.
        const noInternals = yield* reportOf(
          ledger,
          { indexing: { finished_indexing: false, indexed_internal_transactions_ratio: "0.87" } },
          { kinds: ["transaction", "tokenTransfer"] }
        )
        assert.isTrue(noInternals.complete)
      })
  )

  it.effect("block ranges: counters are not compared on one range; their tallies added up reconcile the whole", () =>
    Effect.gen(function* () {
      const ledger = makeLedger(45, 30)
      const report = yield* reportOf(ledger, {}, { fromBlock: 10 })
      assert.isTrue(report.complete)
      assert.deepStrictEqual(
        report.unverified.map((u) => u.kind),
        ["transactions", "tokenTransfers"]
      )
      const whole = yield* Blockscout.use((bs) =>
        Effect.gen(function* () {
          const last = (options: HistoryOptions) =>
            Stream.runLast(bs.streamAddressHistoryPages(subject, { ...options, reconcile: false }))
          const upper = yield* last({ fromBlock: 15 })
          const lower = yield* last({ toBlock: 14 })
          if (upper._tag === "None" || lower._tag === "None") return assert.fail("no pages")
          return yield* bs.reconcileAddressHistory(subject, addTallies(upper.value.tally, lower.value.tally))
        })
      ).pipe(Effect.provide(layer(ledger)))
      assert.isTrue(whole.complete, JSON.stringify(whole.gaps))
      assert.deepStrictEqual(whole.counters, counters(ledger))
    })
  )

  it.effect("a check the server cannot answer is unverified, not a failure", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer((request) =>
        request.path.endsWith("/internal-transactions") ||
        request.path.endsWith("/transactions") ||
        request.path.endsWith("/token-transfers")
          ? { body: { items: [], next_page_params: null } }
          : { status: 404, body: { message: "Not found" } }
      )
      const report = yield* Blockscout.use((bs) => Stream.runLast(bs.streamAddressHistoryPages(subject))).pipe(
        Effect.provide(historyClient(server.url, FetchHttpClient.layer))
      )
      assert.isTrue(report._tag === "Some")
      const r = report._tag === "Some" ? (report.value.report as HistoryReport) : undefined
      assert.isTrue(r?.complete)
      assert.deepStrictEqual(
        r?.unverified.map((u) => [u.kind, u.message.startsWith("counters not read (NotFound") || u.message]),
        [
          ["transactions", true],
          ["tokenTransfers", true],
          [
            "internalTransactions",
            "the server says nothing of its internal-transaction lists' completeness (no page meta before 12.0)"
          ],
          // The indexing status names no item: its 404 says the server does not serve it.
          [
            "indexing",
            "indexing status not read (NotFound: the server does not serve this endpoint (404: Not found): a release before it, or a feature it has not enabled)"
          ]
        ]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("a token's transfers against its counters", () =>
    Effect.gen(function* () {
      const token = "0x00000000000000000000000000000000000b0b0b"
      const server = yield* scriptedServer((request) =>
        request.path === `/api/v2/tokens/${token}/counters`
          ? { body: { token_holders_count: "7", transfers_count: "120" } }
          : { body: { finished_indexing: true, finished_indexing_blocks: true } }
      )
      const [same, fewer] = yield* Blockscout.use((bs) =>
        Effect.all([bs.reconcileTokenTransfers(token, 120), bs.reconcileTokenTransfers(token, 118)])
      ).pipe(Effect.provide(historyClient(server.url, FetchHttpClient.layer)))
      assert.isTrue(same.complete)
      assert.strictEqual(same.serverTransfers, 120)
      assert.isFalse(fewer.complete)
      assert.deepStrictEqual(
        fewer.gaps.map((gap) => (gap._tag === "CountMismatch" ? [gap.streamed, gap.server] : gap._tag)),
        [[118, 120]]
      )
    }).pipe(Effect.scoped)
  )
})

describe("a server whose list is not newest first", () => {
  it.effect(
    "fails the history (Decode, naming the list and the blocks) rather than emitting out of order or twice",
    () =>
      Effect.gen(function* () {
        const tx = (block: number, index: number) => ({
          ...(fixtures.transactions[0] as object),
          hash: `0x${block.toString(16).padStart(32, "0")}${index.toString(16).padStart(32, "0")}`,
          block_number: block,
          position: index
        })
        const server = yield* scriptedServer((request) =>
          request.path.endsWith("/transactions")
            ? request.query.get("block_number") === null
              ? { body: { items: [tx(10, 0)], next_page_params: { block_number: 10, index: 0 } } }
              : { body: { items: [tx(12, 1)], next_page_params: null } }
            : { body: { items: [], next_page_params: null } }
        )
        const error = yield* Blockscout.use((bs) => Stream.runCollect(bs.streamAddressHistory(subject))).pipe(
          Effect.provide(historyClient(server.url, FetchHttpClient.layer)),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "Decode")
        assert.strictEqual(error.reason.endpoint, "addressTransactions")
        assert.include(error.reason.message, "went back up from block 10 to block 12")
      }).pipe(Effect.scoped)
  )
})

describe("the history's spans", () => {
  it.effect("each call runs in its span, its lists' requests beneath it, every span ended", () =>
    Effect.gen(function* () {
      const capture = makeCapture()
      const ledger = makeLedger(46)
      yield* capture.around(
        Blockscout.use((bs) => Stream.runDrain(bs.streamAddressHistoryPages(subject, { pageSize: 9 }))).pipe(
          Effect.provide(layer(ledger))
        )
      )
      const call = capture.spans.find((span) => span.name === "Blockscout.streamAddressHistoryPages")
      assert.isDefined(call)
      // Every request span has the call's span among its ancestors.
      const byId = new Map(capture.spans.map((span) => [span.spanId, span]))
      const under = (span: Tracer.NativeSpan, ancestor: Tracer.NativeSpan): boolean => {
        for (let at: Tracer.NativeSpan | undefined = span; at !== undefined; ) {
          const parent = Option.getOrUndefined(at.parent)
          if (parent === undefined) return false
          if (parent.spanId === ancestor.spanId) return true
          at = byId.get(parent.spanId)
        }
        return false
      }
      const requests = capture.spans.filter((span) => span.name.startsWith("GET /api/v2/"))
      assert.isAbove(requests.length, 3)
      assert.isTrue(requests.every((span) => under(span, call!)))
      assert.deepStrictEqual(capture.openSpans(), [])
    })
  )
})
