/**
 * Resume: a partitioned page stream hands out, with each page, the progress once that page is out (one JSON
 * value: every range, done, begun at a cursor, or not begun). A run stopped anywhere (the consumer stops, a
 * request fails) resumes from the last page's progress with nothing lost and nothing repeated, in chain and in
 * arrival order, through JSON and the progress schema, as many times as it is stopped.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { sameValue } from "../../../schema/test/support.ts"
import type { TokenTransfer } from "@blockscout-effect/schema"
import {
  Blockscout,
  type PageWithCursor,
  type PartitionOptions,
  type PartitionProgress,
  PartitionProgressSchema
} from "../../src/index.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, itemText, simulator } from "./support.ts"
import { runToFailure } from "../support/streams.ts"

const sim = simulator({ blocks: 1500, latency: { min: 100, max: 600 } })
const layer = clientLayer(sim, "pro")

/** The progress as a store would keep it: JSON text, decoded back with the schema. */
const stored = (progress: PartitionProgress): PartitionProgress =>
  Schema.decodeUnknownSync(PartitionProgressSchema)(JSON.parse(JSON.stringify(progress)))

/** Pages of a partitioned token-transfer stream, until `stopAfter` pages are out (or the end). */
const pagesUntil = (partition: PartitionOptions, stopAfter = Number.POSITIVE_INFINITY) =>
  driven(
    Blockscout.use((bs) =>
      Stream.runCollect(bs.streamTokenTransfersPages({ partition }).pipe(Stream.take(stopAfter)))
    ).pipe(Effect.provide(layer))
  )

const sequential = driven(
  Blockscout.use((bs) => Stream.runCollect(bs.streamTokenTransfers())).pipe(Effect.provide(layer))
)

const itemsOf = (pages: ReadonlyArray<PageWithCursor<TokenTransfer>>) => pages.flatMap((page) => page.items)

/** Runs to the end in legs of `leg` pages, each resumed from the last page's stored progress. */
const inLegs = (order: "chain" | "arrival", leg: number) =>
  Effect.gen(function* () {
    const legs: Array<ReadonlyArray<PageWithCursor<TokenTransfer>>> = []
    let resume: PartitionProgress | undefined
    while (true) {
      const pages = yield* pagesUntil({ order, concurrency: 5, resume }, leg)
      legs.push(pages)
      const last = pages[pages.length - 1]
      if (pages.length < leg || last === undefined) break
      resume = stored(last.progress as PartitionProgress)
      if (resume.ranges.every((range) => range.done)) break
    }
    return legs
  })

describe("a partitioned stream resumes from its progress", () => {
  it.effect("stopped mid-run in chain order, with several ranges in flight: the rest, exactly", () =>
    Effect.gen(function* () {
      const all = yield* sequential
      const first = yield* pagesUntil({ concurrency: 5 }, 12)
      const progress = stored(first[first.length - 1]?.progress as PartitionProgress)
      // The span is cut in ranges and the stop came in the middle of it.
      assert.isAbove(progress.ranges.length, 2)
      assert.isTrue(progress.ranges.some((range) => !range.done && range.cursor !== undefined))
      const rest = yield* pagesUntil({ resume: progress })
      assert.isTrue(sameValue([...itemsOf(first), ...itemsOf(rest)], all), "the sequential stream, item for item")
    })
  )

  it.effect("stopped mid-run in arrival order, with several ranges begun: every item once", () =>
    Effect.gen(function* () {
      const all = (yield* sequential).map(itemText).sort()
      const first = yield* pagesUntil({ order: "arrival", concurrency: 5 }, 12)
      const progress = stored(first[first.length - 1]?.progress as PartitionProgress)
      const begun = progress.ranges.filter((range) => !range.done && range.cursor !== undefined)
      assert.isAtLeast(begun.length, 2, "several ranges were stopped in the middle")
      const rest = yield* pagesUntil({ order: "arrival", resume: progress })
      assert.deepStrictEqual([...itemsOf(first), ...itemsOf(rest)].map(itemText).sort(), all)
    })
  )

  for (const order of ["chain", "arrival"] as const) {
    it.effect(`${order} order, stopped every 7 pages and resumed each time: nothing lost, nothing twice`, () =>
      Effect.gen(function* () {
        const all = yield* sequential
        const legs = yield* inLegs(order, 7)
        assert.isAbove(legs.length, 3)
        const got = legs.flatMap(itemsOf)
        if (order === "chain") assert.isTrue(sameValue(got, all))
        else assert.deepStrictEqual(got.map(itemText).sort(), all.map(itemText).sort())
      })
    )
  }

  it.effect("stopped by a failed request: the progress of the last page out resumes it", () =>
    Effect.gen(function* () {
      // Armed, the server fails the tenth request after it was armed (retries are off: the stream ends).
      let armedAt: number | undefined
      const flaky = simulator({
        blocks: 1500,
        latency: 200,
        faults: ({ requestNumber }) => {
          return armedAt !== undefined && requestNumber === armedAt + 10 ? { _tag: "ServerError" } : undefined
        }
      })
      const client = clientLayer(flaky, "instance", { retry: false })
      const all = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamTransactions())).pipe(Effect.provide(client))
      )
      armedAt = flaky.requests[flaky.requests.length - 1]?.requestNumber ?? 0
      const { emitted: out, error } = yield* driven(
        Blockscout.use((bs) => runToFailure(bs.streamTransactionsPages({ partition: { concurrency: 4 } }))).pipe(
          Effect.provide(client)
        )
      )
      assert.strictEqual(error.reason._tag, "ServerError")
      assert.isAbove(out.length, 0)
      armedAt = undefined
      const progress = stored(out[out.length - 1]?.progress as PartitionProgress)
      const rest = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamTransactions({ partition: { resume: progress } }))).pipe(
          Effect.provide(client)
        )
      )
      assert.isTrue(sameValue([...out.flatMap((page) => page.items), ...rest], all))
    })
  )

  it.effect("a finished run's progress resumes to nothing, without a request", () =>
    Effect.gen(function* () {
      const pages = yield* pagesUntil({ fromBlock: 1000, toBlock: 1100, parts: 3 })
      const progress = stored(pages[pages.length - 1]?.progress as PartitionProgress)
      assert.deepStrictEqual(
        progress.ranges.map((range) => [range.from, range.to, range.done]),
        [[1000, 1100, true]],
        "one done range: the whole span"
      )
      const before = sim.requests.length
      const rest = yield* pagesUntil({ resume: progress })
      assert.strictEqual(rest.length, 0)
      assert.strictEqual(sim.requests.length, before)
    })
  )

  it.effect("a progress value of another request or a broken one is refused before anything is sent", () =>
    Effect.gen(function* () {
      const pages = yield* pagesUntil({ fromBlock: 1000, toBlock: 1200 }, 1)
      const progress = stored(pages[0]?.progress as PartitionProgress)
      const before = sim.requests.length
      const refused = (partition: PartitionOptions, filter?: ReadonlyArray<"ERC-20">) =>
        Blockscout.use((bs) => Stream.runDrain(bs.streamTokenTransfers({ partition, type: filter }))).pipe(
          Effect.provide(layer),
          Effect.flip,
          Effect.map((error) => [error.reason._tag, error.message])
        )
      const cases: ReadonlyArray<readonly [PartitionOptions, ReadonlyArray<"ERC-20"> | undefined, string]> = [
        [{ resume: progress }, ["ERC-20"], "not to tokenTransfers /token-transfers?type=ERC-20"],
        [{ resume: { ...progress, ranges: [] } }, undefined, "no ranges"],
        [{ resume: { ...progress, ranges: [{ from: 5, to: 1, done: false }] } }, undefined, "not a span"],
        [
          {
            resume: {
              ...progress,
              ranges: [
                { from: 10, to: 20, done: false },
                { from: 0, to: 5, done: false }
              ]
            }
          },
          undefined,
          "not end to end"
        ],
        [{ resume: progress, fromBlock: 3 }, undefined, "resume carries its span"]
      ]
      for (const [partition, filter, message] of cases) {
        const [tag, text] = yield* refused(partition, filter)
        assert.strictEqual(tag, "InvalidArgument")
        assert.include(text, message)
      }
      assert.strictEqual(sim.requests.length, before, "nothing sent")
    })
  )
})
