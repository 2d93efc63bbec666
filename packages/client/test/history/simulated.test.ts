/**
 * The merged history against the simulated Blockscout, both families (and a simulated 11.x instance): for a user,
 * a router (a contract making internal calls) and a token contract, every entry equals an independent computation
 * from the chain-wide lists (every transaction, every token transfer, each transaction's internal transactions,
 * filtered by the address by hand and put in the documented order), the report is complete against the
 * simulator's counters, partitioned runs give the same, and a run resumed from a middle checkpoint loses and
 * repeats nothing.
 */
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Stream } from "effect"
import {
  Blockscout,
  type BlockscoutEvent,
  type BlockscoutShape,
  type Family,
  type HistoryEntry,
  type HistoryPage,
  historyEntryKey
} from "../../src/index.ts"

const sim = SimulatedBlockscout.make({ seed: 5, blocks: 96, pendingTransactions: 6 })
const old = SimulatedBlockscout.make({ seed: 5, blocks: 96, pendingTransactions: 6, version: "11" })
const chain = sim.chain

const layerFor = (server: SimulatedBlockscout, family: Family) =>
  (family === "pro"
    ? Blockscout.layerPro({
        chainId: 1,
        apiKey: Redacted.make("proapi_history"),
        baseUrl: "http://sim.test",
        rateLimit: false
      })
    : Blockscout.layerInstance({ baseUrl: "http://sim.test", rateLimit: false })
  ).pipe(Layer.provide(layerHttpClient(server)))

const lower = (hash: string | null | undefined) => (hash ?? "").toLowerCase()

/**
 * The address's history computed from the chain-wide lists: keys in the documented order (block newest first;
 * transaction index last first; the transaction, its transfers by log index last first, its internal
 * transactions by index last first). Streams ask the largest page, which an 11.x server refuses: it is asked
 * again at its own size.
 */
const independent = (bs: BlockscoutShape, address: string) =>
  Effect.gen(function* () {
    const a = address.toLowerCase()
    const txs = yield* Stream.runCollect(bs.streamTransactions())
    const position = new Map(
      txs.map((tx) => [lower(tx.hash), { block: tx.block_number as number, index: tx.position as number }])
    )
    type Row = { key: string; block: number; index: number; rank: number; within: number; order: number }
    const rows: Array<Row> = []
    let order = 0
    for (const tx of txs) {
      const place = position.get(lower(tx.hash))!
      if ([tx.from.hash, tx.to?.hash, tx.created_contract?.hash].some((h) => lower(h) === a)) {
        rows.push({ key: `transaction:${tx.hash}`, ...place, rank: 0, within: 0, order: order++ })
      }
      const internals = yield* Stream.runCollect(bs.streamTransactionInternalTransactions(tx.hash))
      for (const it of internals) {
        if ([it.from.hash, it.to?.hash, it.created_contract?.hash].some((h) => lower(h) === a)) {
          rows.push({
            key: `internalTransaction:${it.transaction_hash}:${it.index}`,
            ...place,
            rank: 2,
            within: it.index,
            order: order++
          })
        }
      }
    }
    const transfers = yield* Stream.runCollect(bs.streamTokenTransfers())
    for (const t of transfers) {
      if (lower(t.from.hash) !== a && lower(t.to.hash) !== a) continue
      const place = position.get(lower(t.transaction_hash))!
      const total = t.total
      const id = total !== null && "token_id" in total ? (total.token_id ?? "") : ""
      rows.push({
        key: `tokenTransfer:${t.transaction_hash}:${t.log_index}:${id}`,
        ...place,
        rank: 1,
        within: t.log_index as number,
        order: order++
      })
    }
    // A batch's items keep the chain-wide list's order (the same as the address's list).
    rows.sort(
      (x, y) => y.block - x.block || y.index - x.index || x.rank - y.rank || y.within - x.within || x.order - y.order
    )
    return rows.map((row) => `${row.block} ${row.key}`)
  })

const keysOf = (entries: ReadonlyArray<HistoryEntry>) => entries.map((e) => `${e.block} ${historyEntryKey(e)}`)
const entriesOf = (pages: ReadonlyArray<HistoryPage>) => pages.flatMap((page) => page.entries)

const token = chain.tokens.find((t) => t.type === "ERC-1155")!.address
const subjects = { user: chain.users[3]!, router: chain.routers[1]!, token }

describe("streamAddressHistory against the simulated Blockscout", () => {
  for (const [family, server] of [
    ["instance", sim],
    ["pro", sim],
    ["instance 11.x", old]
  ] as const) {
    for (const [who, address] of Object.entries(subjects)) {
      it.effect(`${family}, ${who}: the chain-wide lists filtered by hand, in order; complete; resumable`, () =>
        Effect.gen(function* () {
          const bs = yield* Blockscout
          const want = yield* independent(bs, address)
          assert.isAbove(want.length, 10, "a history worth merging")
          const pages = yield* Stream.runCollect(bs.streamAddressHistoryPages(address, { pageSize: 7 }))
          assert.deepStrictEqual(keysOf(entriesOf(pages)), want)
          const report = pages[pages.length - 1]!.report!
          assert.deepStrictEqual(report.gaps, [], JSON.stringify(report.gaps))
          assert.isTrue(report.complete)
          // 11.x sends no page meta: its internal transactions cannot be vouched for.
          assert.deepStrictEqual(
            report.unverified.map((u) => u.kind),
            family === "instance 11.x" ? ["internalTransactions"] : []
          )
          // Partitioned: the same entries, and the same verdict (the pending transactions found at the top).
          const split = yield* Stream.runCollect(
            bs.streamAddressHistoryPages(address, { pageSize: 7, partition: { parts: 5, concurrency: 3 } })
          )
          assert.deepStrictEqual(keysOf(entriesOf(split)), want)
          assert.deepStrictEqual(split[split.length - 1]!.report, report)
          const middle = Math.floor(pages.length / 2)
          const rest = yield* Stream.runCollect(
            bs.streamAddressHistoryPages(address, { pageSize: 7, resume: pages[middle]!.checkpoint })
          )
          assert.deepStrictEqual(keysOf([...entriesOf(pages.slice(0, middle + 1)), ...entriesOf(rest)]), want)
        }).pipe(Effect.provide(layerFor(server, family === "pro" ? "pro" : "instance")))
      )
    }
  }

  it.effect("the entry stream is the pages' entries; a block range is those of its blocks", () =>
    Effect.gen(function* () {
      const bs = yield* Blockscout
      const address = subjects.user
      const all = yield* Stream.runCollect(bs.streamAddressHistory(address))
      const pages = yield* Stream.runCollect(bs.streamAddressHistoryPages(address, { reconcile: false }))
      assert.deepStrictEqual(keysOf(all), keysOf(entriesOf(pages)))
      const range = yield* Stream.runCollect(bs.streamAddressHistory(address, { fromBlock: 30, toBlock: 60 }))
      assert.deepStrictEqual(
        keysOf(range),
        keysOf(all).filter((key) => {
          const block = Number(key.split(" ")[0])
          return block >= 30 && block <= 60
        })
      )
    }).pipe(Effect.provide(layerFor(sim, "instance")))
  )

  it.effect("a server behind on internal transactions: the report names the blocks and the indexing status", () =>
    Effect.gen(function* () {
      const behind = SimulatedBlockscout.make({
        seed: 5,
        blocks: 96,
        pendingTransactions: 6,
        unindexedInternalTransactions: { fromBlock: 40, toBlock: 49 }
      })
      const events: Array<BlockscoutEvent> = []
      const layer = Blockscout.layerInstance({
        baseUrl: "http://sim.test",
        rateLimit: false,
        onEvent: (event) => Effect.sync(() => void events.push(event))
      }).pipe(Layer.provide(layerHttpClient(behind)))
      const pages = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamAddressHistoryPages(subjects.router, { pageSize: 7 }))
      ).pipe(Effect.provide(layer))
      const report = pages[pages.length - 1]!.report!
      assert.isFalse(report.complete)
      const listed = report.gaps.filter((gap) => gap._tag === "ListIncomplete")
      assert.isAbove(listed.length, 0)
      // The ranges reported reach blocks 40 to 49, and cover every block of the address's calls missing there.
      for (const gap of listed) assert.isTrue(gap.to <= 49 && gap.from >= 40, JSON.stringify(gap))
      const missing = yield* Blockscout.use((bs) =>
        Stream.runCollect(bs.streamInternalTransactions(subjects.router))
      ).pipe(
        Effect.provide(layerFor(sim, "instance")),
        Effect.map((all) => all.map((it) => it.block_number).filter((b) => b >= 40 && b <= 49))
      )
      assert.isAbove(missing.length, 0)
      for (const block of missing)
        assert.isTrue(
          listed.some((gap) => gap.from >= block && gap.to <= block),
          `block ${block}`
        )
      assert.deepStrictEqual(
        report.gaps.filter((gap) => gap._tag === "IndexingIncomplete").map((gap) => gap.internalTransactionsRatio),
        ["0.90"]
      )
      assert.isTrue(
        events.some((event) => event._tag === "IncompleteList" && event.endpoint === "internalTransactions")
      )
      // The entries are all the server has: none of blocks 40 to 49's calls.
      assert.isFalse(entriesOf(pages).some((e) => e._tag === "InternalTransaction" && e.block >= 40 && e.block <= 49))
    })
  )
})
