/**
 * What a partitioned stream holds while its consumer is slow (a sink writing each page somewhere): pages
 * fetched and not yet taken stay within a page per request in flight in arrival order, and within the
 * window of ranges in chain order, however long the history. Virtual time: the consumer's work and the
 * server's answers are `TestClock` time, so the figures are counts.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { Blockscout } from "../../src/index.ts"
import { arrivalCap, bufferCap, pagesPerRange, rangeWindow } from "../../src/internal/partition/pace.ts"
import { driven } from "../support/wait.ts"
import { clientLayer, countingHttp, simulator } from "./support.ts"

const workers = 6

/** Streams `pages` pages with a consumer taking 200 ms a page; returns the most pages answered and not yet taken. */
const heldBehindSlowConsumer = (order: "chain" | "arrival", pages: number) =>
  Effect.gen(function* () {
    const sim = simulator({ blocks: 3000, latency: 20 })
    const { layer, flight } = countingHttp(sim)
    let taken = 0
    let held = 0
    yield* driven(
      Blockscout.use((bs) =>
        bs.streamTokenTransfersPages({ partition: { order, concurrency: workers } }).pipe(
          Stream.take(pages),
          Stream.runForEach(() =>
            Effect.andThen(
              Effect.sync(() => {
                taken += 1
                held = Math.max(held, flight.total - flight.inFlight - taken)
              }),
              Effect.sleep("200 millis")
            )
          )
        )
      ).pipe(Effect.provide(clientLayer(sim, "pro", {}, layer))),
      "5 millis"
    )
    return { held, requests: flight.total }
  })

describe("a partitioned stream behind a slow consumer", () => {
  it.effect("arrival order holds a page per request in flight, not more", () =>
    Effect.gen(function* () {
      const { held, requests } = yield* heldBehindSlowConsumer("arrival", 60)
      // Answered and not taken: a page per worker waiting, and the pages of the requests in flight when the
      // last worker stopped (a worker waits after delivering a page, not before asking for the next).
      assert.isAtMost(held, arrivalCap(workers) + workers, `held ${held}`)
      assert.isAtMost(requests, 60 + 2 * workers + 1, `requests ${requests}`)
    })
  )

  it.effect("chain order holds about a range's pages per worker, not its whole window", () =>
    Effect.gen(function* () {
      // Long enough for the workers to fill the window many times over.
      const { held } = yield* heldBehindSlowConsumer("chain", 160)
      // A range's pages per worker and for the head range (the cap), passed by the ranges near the front ending
      // theirs; the window of ranges (twice the workers, 8 pages each) held 104 here before.
      assert.isAtMost(held, bufferCap(workers) + 2 * workers, `held ${held}`)
      assert.isBelow(held, rangeWindow(workers) * pagesPerRange("chain", workers), `held ${held}`)
    })
  )
})
