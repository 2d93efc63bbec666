/**
 * The merged history against random ledgers: every entry of the address's three lists, in the documented
 * order (computed from the ledger's structure, not by the merge), whole blocks per page, nothing lost or
 * repeated when a run resumes from any page's checkpoint (through JSON and the schema), block ranges, and
 * older servers whose items do not say where they sit (looked up).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import {
  Blockscout,
  type HistoryCheckpoint,
  HistoryCheckpointSchema,
  type HistoryEntry,
  type HistoryOptions,
  type HistoryPage,
  historyEntryKey
} from "../../src/index.ts"
import { type ExpectedEntry, expected, makeLedger, subject } from "./support/ledger.ts"
import { driven } from "../support/wait.ts"
import { type LedgerRequests, type LedgerServerOptions, ledgerHttp } from "./support/ledgerServer.ts"
import { historyClient } from "./support/client.ts"

const layer = (ledger: ReturnType<typeof makeLedger>, server: LedgerServerOptions = {}, requests?: LedgerRequests) =>
  historyClient("http://ledger.test", ledgerHttp(ledger, server, requests))

const pagesOf = (ledger: ReturnType<typeof makeLedger>, options: HistoryOptions, server: LedgerServerOptions = {}) =>
  Blockscout.use((bs) => Stream.runCollect(bs.streamAddressHistoryPages(subject, options))).pipe(
    Effect.provide(layer(ledger, server))
  )

const seen = (entries: ReadonlyArray<HistoryEntry>) =>
  entries.map(
    (e): ExpectedEntry => ({
      tag: e._tag,
      block: e.block,
      key: historyEntryKey(e),
      index: e.transactionIndex ?? null
    })
  )

/** Compares kinds, blocks and keys, and the transaction index wherever the entry gives one. */
const assertSame = (got: ReadonlyArray<HistoryEntry>, want: ReadonlyArray<ExpectedEntry>, label: string) => {
  const g = seen(got)
  assert.deepStrictEqual(
    g.map(({ tag, block, key }) => `${block} ${tag} ${key}`),
    want.map(({ tag, block, key }) => `${block} ${tag} ${key}`),
    label
  )
  g.forEach((entry, i) => {
    if (entry.index !== null) assert.strictEqual(entry.index, want[i]?.index, `${label}: index of ${entry.key}`)
  })
}

const entriesOf = (pages: ReadonlyArray<HistoryPage>) => pages.flatMap((page) => page.entries)

const Seed = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000 }))
const PageSize = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 9 }))

describe("streamAddressHistoryPages over random ledgers", () => {
  it.effect.prop(
    "every entry of the three lists, in chain order, whole blocks per page, tallied",
    { seed: Seed, pageSize: PageSize },
    ({ seed, pageSize }) =>
      Effect.gen(function* () {
        const ledger = makeLedger(seed)
        const want = expected(ledger)
        const pages = yield* pagesOf(ledger, { pageSize, reconcile: false })
        assertSame(entriesOf(pages), want, `seed ${seed}, pages of ${pageSize}`)
        // A block's entries are on one page.
        const blocks = pages.map((page) => new Set(page.entries.map((e) => e.block)))
        blocks.forEach((set, i) => {
          for (const other of blocks.slice(i + 1)) for (const b of set) assert.isFalse(other.has(b), `block ${b} split`)
        })
        const tally = pages[pages.length - 1]!.tally
        assert.strictEqual(tally.transactions, want.filter((e) => e.tag === "Transaction").length)
        assert.strictEqual(tally.internalTransactions, want.filter((e) => e.tag === "InternalTransaction").length)
        assert.strictEqual(tally.tokenTransferItems, want.filter((e) => e.tag === "TokenTransfer").length)
        assert.strictEqual(
          tally.tokenTransfers,
          new Set(
            want
              .filter((e) => e.tag === "TokenTransfer")
              .map((e) => `${e.block}:${e.key.split(":").slice(1, 3).join(":")}`)
          ).size
        )
        assert.strictEqual(
          tally.pendingTransactions,
          ledger.pending.filter((tx) => tx.from === subject || tx.to === subject).length
        )
      }),
    { timeout: 60_000, arbitrary: { runs: 60 } }
  )

  it.effect.prop(
    "resumed from any page's checkpoint (stored as JSON), the rest follows with nothing lost or repeated",
    { seed: Seed, pageSize: PageSize, cut: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 40 })) },
    ({ seed, pageSize, cut }) =>
      Effect.gen(function* () {
        const ledger = makeLedger(seed)
        const want = expected(ledger)
        const full = yield* pagesOf(ledger, { pageSize, reconcile: false })
        const at = Math.min(cut, full.length - 1)
        const stored = JSON.parse(JSON.stringify(full[at]!.checkpoint)) as unknown
        const checkpoint: HistoryCheckpoint = yield* Schema.decodeUnknownEffect(HistoryCheckpointSchema)(stored)
        const rest = yield* pagesOf(ledger, { pageSize, resume: checkpoint, reconcile: false })
        assertSame(
          [...entriesOf(full.slice(0, at + 1)), ...entriesOf(rest)],
          want,
          `seed ${seed}, cut after page ${at}`
        )
        // The resumed run's tally goes on from the checkpoint's: its last one equals the uncut run's.
        assert.deepStrictEqual(rest[rest.length - 1]!.tally, full[full.length - 1]!.tally)
      }),
    { timeout: 60_000, arbitrary: { runs: 60 } }
  )

  it.effect.prop(
    "a block range holds exactly the entries of its blocks, and ranges end to end make the whole",
    { seed: Seed, pageSize: PageSize, split: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 22 })) },
    ({ seed, pageSize, split }) =>
      Effect.gen(function* () {
        const ledger = makeLedger(seed)
        const upper = yield* pagesOf(ledger, { pageSize, fromBlock: split, reconcile: false })
        const lower = yield* pagesOf(ledger, { pageSize, toBlock: split - 1, reconcile: false })
        const middle = yield* pagesOf(ledger, { pageSize, fromBlock: split, toBlock: split + 1, reconcile: false })
        assertSame(entriesOf(upper), expected(ledger, split), `from ${split}`)
        assertSame(entriesOf(lower), expected(ledger, 0, split - 1), `to ${split - 1}`)
        assertSame(entriesOf(middle), expected(ledger, split, split + 1), `${split} to ${split + 1}`)
        assertSame([...entriesOf(upper), ...entriesOf(lower)], expected(ledger), "end to end")
      }),
    { timeout: 60_000, arbitrary: { runs: 40 } }
  )

  it.effect.prop(
    "partitioned: the same entries and final tally as the sequential run, whatever the parts",
    {
      seed: Seed,
      pageSize: PageSize,
      parts: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
      concurrency: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 4 }))
    },
    ({ seed, pageSize, parts, concurrency }) =>
      Effect.gen(function* () {
        const ledger = makeLedger(seed)
        const sequential = yield* pagesOf(ledger, { pageSize, reconcile: false })
        const split = yield* pagesOf(ledger, { pageSize, partition: { parts, concurrency }, reconcile: false })
        assertSame(entriesOf(split), expected(ledger), `seed ${seed}, ${parts} parts`)
        assert.deepStrictEqual(split[split.length - 1]!.tally, sequential[sequential.length - 1]!.tally)
        // Only the last page says every list is done.
        assert.deepStrictEqual(
          split.map((page) => page.checkpoint.sources.every((source) => source.done)),
          split.map((_, i) => i === split.length - 1)
        )
      }),
    { timeout: 60_000, arbitrary: { runs: 40 } }
  )

  it.effect.prop(
    "a partitioned run's checkpoint resumes partitioned or not, and a sequential one partitioned",
    {
      seed: Seed,
      pageSize: PageSize,
      parts: Schema.Int.check(Schema.isBetween({ minimum: 2, maximum: 8 })),
      cut: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 40 }))
    },
    ({ seed, pageSize, parts, cut }) =>
      Effect.gen(function* () {
        const ledger = makeLedger(seed)
        const want = expected(ledger)
        const partition = { parts, concurrency: 2 }
        for (const [first, second] of [
          [{ partition }, { partition }],
          [{ partition }, {}],
          [{}, { partition }]
        ] as const) {
          const full = yield* pagesOf(ledger, { pageSize, reconcile: false, ...first })
          const at = Math.min(cut, full.length - 1)
          const checkpoint = full[at]!.checkpoint
          const rest = yield* pagesOf(ledger, { pageSize, reconcile: false, resume: checkpoint, ...second })
          const label = `seed ${seed}, ${"partition" in first ? "partitioned" : "sequential"} cut at ${at}, resumed ${"partition" in second ? "partitioned" : "sequentially"}`
          assertSame([...entriesOf(full.slice(0, at + 1)), ...entriesOf(rest)], want, label)
          assert.deepStrictEqual(rest[rest.length - 1]!.tally, full[full.length - 1]!.tally, label)
        }
      }),
    { timeout: 60_000, arbitrary: { runs: 30 } }
  )

  it.effect(
    "a range with no entries of the address: its page's checkpoint resumes below it, not as a finished run",
    () =>
      Effect.gen(function* () {
        // Seed 1 in eight parts has a range the address has nothing in; its one (empty) page went out third.
        const ledger = makeLedger(1)
        const partition = { parts: 8, concurrency: 2 }
        const full = yield* pagesOf(ledger, { pageSize: 6, reconcile: false, partition })
        const empty = full.findIndex((page, i) => page.entries.length === 0 && i < full.length - 1)
        assert.isAtLeast(empty, 0, "a range with no entries")
        // Every page but the last says how far the history is out.
        for (const page of full.slice(0, -1)) assert.isNotNull(page.checkpoint.frontier)
        for (const second of [{ partition }, {}]) {
          const rest = yield* pagesOf(ledger, {
            pageSize: 6,
            reconcile: false,
            resume: full[empty]!.checkpoint,
            ...second
          })
          assertSame([...entriesOf(full.slice(0, empty + 1)), ...entriesOf(rest)], expected(ledger), `cut at ${empty}`)
        }
        // As an older release wrote it (no frontier): the lists go on from their cursors, nothing skipped.
        const older = { ...full[empty]!.checkpoint, frontier: null }
        const rest = yield* pagesOf(ledger, { pageSize: 6, reconcile: false, resume: older, partition })
        assertSame([...entriesOf(full.slice(0, empty + 1)), ...entriesOf(rest)], expected(ledger), "no frontier")
      })
  )

  it.effect("partitioned ranges fetch at once: more requests in flight than one range's three lists", () =>
    Effect.gen(function* () {
      const ledger = makeLedger(77, 40)
      const run = (partition: HistoryOptions["partition"]) =>
        Effect.gen(function* () {
          const requests: LedgerRequests = { paths: [] }
          const pages = yield* driven(
            Blockscout.use((bs) =>
              Stream.runCollect(bs.streamAddressHistoryPages(subject, { pageSize: 3, reconcile: false, partition }))
            ).pipe(Effect.provide(historyClient("http://ledger.test", ledgerHttp(ledger, {}, requests, 100)))),
            "10 millis"
          )
          assertSame(entriesOf(pages), expected(ledger), "partition")
          return requests.maxInFlight ?? 0
        })
      // One range: its three lists and their prefetches. Four ranges at once: several times that.
      const sequential = yield* run(undefined)
      const four = yield* run({ parts: 4, concurrency: 4 })
      assert.isAtMost(sequential, 6)
      assert.isAbove(four, sequential)
    })
  )

  it.effect("an older server (no transaction_index, no block_number on transfers): the same history, by lookups", () =>
    Effect.gen(function* () {
      for (const seed of [3, 17, 99, 2024]) {
        const ledger = makeLedger(seed)
        const requests: LedgerRequests = { paths: [] }
        const pages = yield* Blockscout.use((bs) =>
          Stream.runCollect(bs.streamAddressHistoryPages(subject, { pageSize: 4, reconcile: false }))
        ).pipe(Effect.provide(layer(ledger, { noTransactionIndex: true, noTransferBlock: true }, requests)))
        assertSame(entriesOf(pages), expected(ledger), `seed ${seed}`)
        const lookups = requests.paths.filter((p) => p.startsWith("/api/v2/transactions/"))
        // Each transaction looked up at most once per run (its block and index are kept).
        assert.strictEqual(new Set(lookups).size, lookups.length, `seed ${seed}: a transaction looked up twice`)
        assert.isAbove(lookups.length, 0)
      }
    })
  )

  it.effect("a current server needs few lookups: only transactions of someone else's transfers in a busy block", () =>
    Effect.gen(function* () {
      const ledger = makeLedger(5)
      const requests: LedgerRequests = { paths: [] }
      const pages = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamAddressHistoryPages(subject, { reconcile: false }))
      ).pipe(Effect.provide(layer(ledger, {}, requests)))
      const lookups = requests.paths.filter((p) => p.startsWith("/api/v2/transactions/")).length
      assert.strictEqual(pages[pages.length - 1]!.tally.lookups, lookups)
      assert.isBelow(lookups, ledger.mined.length / 4)
    })
  )
})
