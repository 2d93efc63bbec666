/**
 * Limiter saturation benchmark: how much of a server's announced rate the client uses, with how many 429s,
 * against the simulated Blockscout on a loopback port limiting the key to 5, 15 and 50 requests a second
 * (fixed windows of 1 s, as Blockscout counts) and answering 400 ms or 1,500 ms after each request.
 *
 * Run: pnpm bench:limiter   (node --conditions=source bench/limiter-saturation.ts [seconds=20]
 *      [limits=5,15,50] [latencies=400,1500])
 * `BENCH_ONLY="50 fibers"` runs only the scenarios whose name contains one of the comma-separated texts.
 *
 * Per case: requests/s and its share of the limit, 429s, items/s and their share of the physical ceiling
 * (limit x the largest page, 100 items). Counted from the client's own events (every request sent, every
 * 429 retried or failed); the time runs from the first request to the end of the run. The client runs
 * with its defaults (the limiter follows the headers), a registry of its own per case, over undici.
 * Figures go to BENCHMARKS.md, "Limiter saturation".
 */
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, type BlockscoutEvent, type BlockscoutShape, RateLimits } from "../packages/client/src/index.ts"
import { serve } from "../packages/simulator/src/node.ts"
import { NodeHttpClient } from "@effect/platform-node"
import { Clock, Effect, Layer, Redacted, Stream } from "effect"

const seconds = Number(process.argv[2] ?? 20)
const limits = (process.argv[3] ?? "5,15,50").split(",").map(Number)
const latencies = (process.argv[4] ?? "400,1500").split(",").map(Number)
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim())
/** The largest page a 12.x server (and the Pro API) gives. */
const largestPage = 100

/** A way of using the client, run until the case's time is up; `items` counts what it received. */
interface Scenario {
  readonly name: string
  readonly run: (bs: BlockscoutShape, items: (n: number) => void) => Effect.Effect<void, unknown>
}

const scenarios: ReadonlyArray<Scenario> = [
  {
    // One cursor walk: one request in flight at a time, so its ceiling is one page per round trip.
    name: "sequential stream",
    run: (bs, items) =>
      Stream.runForEach(bs.streamTokenTransfersPages({ pageSize: largestPage }), (page) =>
        Effect.sync(() => items(page.items.length))
      )
  },
  {
    // Application concurrency: 50 fibers on one key, each asking for a page as soon as its last one came.
    name: "50 fibers, one page each at a time",
    run: (bs, items) =>
      Effect.forEach(
        Array.from({ length: 50 }),
        () =>
          Effect.forever(
            Effect.map(bs.listTokenTransfers({ pageSize: largestPage }), (page) => items(page.items.length))
          ),
        { concurrency: "unbounded", discard: true }
      )
  },
  {
    // The whole history in key ranges, each walked by its own cursor, rate x latency in flight; items in chain
    // order (the sequential stream's order), holding back later ranges' pages.
    name: "partitioned stream, chain order",
    run: (bs, items) =>
      Stream.runForEach(bs.streamTokenTransfersPages({ partition: true }), (page) =>
        Effect.sync(() => items(page.items.length))
      )
  },
  {
    // The same, pages as they arrive: nothing held back.
    name: "partitioned stream, arrival order",
    run: (bs, items) =>
      Stream.runForEach(bs.streamTokenTransfersPages({ partition: { order: "arrival" } }), (page) =>
        Effect.sync(() => items(page.items.length))
      )
  }
]

interface Result {
  readonly requests: number
  readonly refused: number
  readonly items: number
  readonly millis: number
}

const measure = (scenario: Scenario, limit: number, latency: number): Effect.Effect<Result, unknown> =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* serve({ seed: 7, blocks: 250_000, rateLimit: { limit, windowMillis: 1000 }, latency })
      let requests = 0
      let refused = 0
      let items = 0
      let first: number | undefined
      const onEvent = (event: BlockscoutEvent) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            if (event._tag === "Request") {
              requests++
              first ??= clock.currentTimeMillisUnsafe()
            }
            if (event._tag === "Retry" && event.reason === "RateLimited") refused++
          })
        )
      const layer = Blockscout.layerPro({
        chainId: server.chainId,
        apiKey: Redacted.make("proapi_bench"),
        baseUrl: server.baseUrl,
        onEvent
      }).pipe(Layer.provide(NodeHttpClient.layerUndici), Layer.provide(RateLimits.layerMemory))
      const run = Blockscout.use((bs) => scenario.run(bs, (n) => (items += n))).pipe(Effect.provide(layer))
      const outcome = yield* run.pipe(Effect.timeoutOption(`${seconds} seconds`), Effect.exit)
      const end = yield* Clock.currentTimeMillis
      // A request refused once more than the retries allow ends the run with RateLimited: counted too.
      if (outcome._tag === "Failure") refused++
      return { requests, refused, items, millis: end - (first ?? end) }
    })
  )

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`
const fixed = (n: number) => n.toFixed(n >= 100 ? 0 : 1)

const main = Effect.gen(function* () {
  console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${seconds} s a case`)
  console.log("")
  console.log("| scenario | limit (req/s) | latency | requests/s | of limit | 429s | items/s | of ceiling |")
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (const scenario of scenarios) {
    if (only !== undefined && !only.some((text) => scenario.name.includes(text))) continue
    for (const limit of limits) {
      for (const latency of latencies) {
        const r = yield* measure(scenario, limit, latency)
        const perSecond = (n: number) => (n * 1000) / Math.max(r.millis, 1)
        const ceiling = limit * largestPage
        console.log(
          `| ${scenario.name} | ${limit} | ${latency} ms | ${fixed(perSecond(r.requests))} | ` +
            `${percent(perSecond(r.requests), limit)} | ${r.refused} | ${fixed(perSecond(r.items))} | ` +
            `${percent(perSecond(r.items), ceiling)} |`
        )
      }
    }
  }
})

await Effect.runPromise(main)
