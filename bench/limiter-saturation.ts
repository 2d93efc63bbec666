/**
 * Limiter saturation benchmark: how much of a server's announced rate the client uses, with how many 429s,
 * against the simulated Blockscout on a loopback port running each kind of limiter a client meets
 * (Blockscout's fixed windows of 1 s, a gateway's token bucket, a sliding log), limiting the key to 5, 15 and
 * 50 requests a second and answering 400 ms or 1,500 ms after each request.
 *
 * Run: pnpm bench:limiter   (node --conditions=source bench/limiter-saturation.ts [seconds=20]
 *      [limits=5,15,50] [latencies=400,1500] [kinds=fixed,token-bucket,sliding-log])
 * `BENCH_ONLY="50 fibers"` runs only the scenarios whose name contains one of the comma-separated texts.
 *
 * Per case: requests/s and its share of the limit, 429s, the busiest second (the most requests in any one
 * second: as the client sent them, at most the limit is the guarantee; as the server counted them on arrival,
 * where a request delayed on the way, such as the first on a new connection, can land next to the one after
 * it), items/s and their share of the physical ceiling (limit x the largest page, 100 items). The time runs from the first request to the end
 * of the run. The client runs with its defaults (the limiter follows the headers), a registry of its own per
 * case, over undici. The last scenario is three processes (`node` children of this script, 25 fibers each)
 * sharing the key through `RateLimits.layerRedis` on a `redis-server` the bench starts: one is SIGKILLed a
 * third of the way through and a fresh one joins at two thirds; its figures are the server's books.
 * Figures go to BENCHMARKS.md, "Limiter saturation".
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, type BlockscoutEvent, type BlockscoutShape, RateLimits } from "../packages/client/src/index.ts"
import type { RateLimitKind } from "../packages/simulator/src/index.ts"
import { serve } from "../packages/simulator/src/node.ts"
import { redis } from "../examples/test/services.ts"
import { NodeHttpClient, NodeRedis } from "@effect/platform-node"
import { Clock, Effect, Layer, Redacted, type Scope, Stream } from "effect"

const self = fileURLToPath(import.meta.url)
/** The largest page a 12.x server (and the Pro API) gives. */
const largestPage = 100

/** A way of using the client, run until the case's time is up; `items` counts what it received. */
interface Scenario {
  readonly name: string
  readonly run: (bs: BlockscoutShape, items: (n: number) => void) => Effect.Effect<void, unknown>
}

/** `fibers` fibers on one key, each asking for a page as soon as its last one came. */
const fibersOnOneKey = (fibers: number) => (bs: BlockscoutShape, items: (n: number) => void) =>
  Effect.forEach(
    Array.from({ length: fibers }),
    () =>
      Effect.forever(Effect.map(bs.listTokenTransfers({ pageSize: largestPage }), (page) => items(page.items.length))),
    { concurrency: "unbounded", discard: true }
  )

const scenarios: ReadonlyArray<Scenario> = [
  {
    // One cursor walk: one request in flight at a time, so its ceiling is one page per round trip.
    name: "sequential stream",
    run: (bs, items) =>
      Stream.runForEach(bs.streamTokenTransfersPages({ pageSize: largestPage }), (page) =>
        Effect.sync(() => items(page.items.length))
      )
  },
  // Application concurrency: 50 fibers on one key.
  { name: "50 fibers, one page each at a time", run: fibersOnOneKey(50) },
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

/** The scenario run by child processes over Redis (handled by `measureProcesses`). */
const processesScenario = "3 processes over Redis, one killed, one joining"

interface Result {
  readonly requests: number
  readonly refused: number
  readonly busiest: number
  /** The busiest second of the client's sends (undefined when the client is another process). */
  readonly busiestSent: number | undefined
  readonly items: number | undefined
  readonly millis: number
}

const apiKey = Redacted.make("proapi_bench")

const simulated = (limit: number, latency: number, kind: RateLimitKind) =>
  serve({ seed: 7, blocks: 250_000, rateLimit: { limit, windowMillis: 1000, kind }, latency })

const measure = (scenario: Scenario, seconds: number, limit: number, latency: number, kind: RateLimitKind) =>
  Effect.scoped(
    Effect.gen(function* () {
      const server = yield* simulated(limit, latency, kind)
      let requests = 0
      let items = 0
      let first: number | undefined
      const sent: Array<number> = []
      const onEvent = (event: BlockscoutEvent) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            if (event._tag === "Request") {
              requests++
              const now = clock.currentTimeMillisUnsafe()
              first ??= now
              sent.push(now)
            }
          })
        )
      const layer = Blockscout.layerPro({ chainId: server.chainId, apiKey, baseUrl: server.baseUrl, onEvent }).pipe(
        Layer.provide(NodeHttpClient.layerUndici),
        Layer.provide(RateLimits.layerMemory)
      )
      const run = Blockscout.use((bs) => scenario.run(bs, (n) => (items += n))).pipe(Effect.provide(layer))
      yield* run.pipe(Effect.timeoutOption(`${seconds} seconds`), Effect.exit)
      const end = yield* Clock.currentTimeMillis
      const books = server.simulator.rateLimitBooks
      return {
        requests,
        refused: books.refused,
        busiest: books.busiestSecond,
        busiestSent: busiestSecond(sent),
        items,
        millis: end - (first ?? end)
      } satisfies Result
    })
  )

/** A child process of this script: 25 fibers on the key, sharing its limit through the Redis at `redisUrl`. */
const worker = (
  baseUrl: string,
  chainId: string,
  redisUrl: string
): Effect.Effect<ChildProcess, never, Scope.Scope> => {
  const child = spawn(process.execPath, ["--conditions=source", self, "--worker", baseUrl, chainId, redisUrl], {
    stdio: ["ignore", "ignore", "inherit"]
  })
  return Effect.acquireRelease(Effect.succeed(child), (c) => Effect.sync(() => c.kill("SIGKILL")))
}

const measureProcesses = (seconds: number, limit: number, latency: number, kind: RateLimitKind) =>
  Effect.scoped(
    Effect.gen(function* () {
      const redisUrl = yield* redis
      const server = yield* simulated(limit, latency, kind)
      const sim = server.simulator
      const start = () => worker(server.baseUrl, String(server.chainId), redisUrl)
      const [, , victim] = yield* Effect.all([start(), start(), start()])
      // The clock starts with the first request (the children take a second or two to load).
      while (sim.books.requests === 0) yield* Effect.sleep("20 millis")
      const first = yield* Clock.currentTimeMillis
      yield* Effect.sleep(`${(seconds * 1000) / 3} millis`)
      victim.kill("SIGKILL")
      yield* Effect.sleep(`${(seconds * 1000) / 3} millis`)
      yield* start()
      yield* Effect.sleep(`${(seconds * 1000) / 3} millis`)
      const end = yield* Clock.currentTimeMillis
      const books = sim.rateLimitBooks
      return {
        requests: sim.books.requests,
        refused: books.refused,
        busiest: books.busiestSecond,
        busiestSent: undefined,
        items: undefined,
        millis: end - first
      } satisfies Result
    })
  )

/** The most of `times` (sorted) in any one-second span, half-open as servers count. */
const busiestSecond = (times: ReadonlyArray<number>): number => {
  let most = 0
  for (let i = 0, j = 0; i < times.length; i++) {
    while (j < times.length && times[j]! < times[i]! + 1000) j++
    most = Math.max(most, j - i)
  }
  return most
}

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`
const fixed = (n: number) => n.toFixed(n >= 100 ? 0 : 1)

const main = (argv: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const seconds = Number(argv[0] ?? 20)
    const limits = (argv[1] ?? "5,15,50").split(",").map(Number)
    const latencies = (argv[2] ?? "400,1500").split(",").map(Number)
    const kinds = (argv[3] ?? "fixed,token-bucket,sliding-log").split(",") as ReadonlyArray<RateLimitKind>
    const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim())
    const wanted = (name: string) => only === undefined || only.some((text) => name.includes(text))
    console.log(`Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${seconds} s a case`)
    console.log("")
    console.log(
      "| server limiter | scenario | limit (req/s) | latency | requests/s | of limit | 429s | busiest second sent / arrived | items/s | of ceiling |"
    )
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    const names = [...scenarios.map((s) => s.name), processesScenario].filter(wanted)
    for (const kind of kinds) {
      for (const name of names) {
        for (const limit of limits) {
          for (const latency of latencies) {
            const scenario = scenarios.find((s) => s.name === name)
            const r =
              scenario === undefined
                ? yield* measureProcesses(seconds, limit, latency, kind)
                : yield* measure(scenario, seconds, limit, latency, kind)
            const perSecond = (n: number) => (n * 1000) / Math.max(r.millis, 1)
            const ceiling = limit * largestPage
            const items =
              r.items === undefined
                ? "| - | - |"
                : `| ${fixed(perSecond(r.items))} | ${percent(perSecond(r.items), ceiling)} |`
            console.log(
              `| ${kind} | ${name} | ${limit} | ${latency} ms | ${fixed(perSecond(r.requests))} | ` +
                `${percent(perSecond(r.requests), limit)} | ${r.refused} | ${r.busiestSent ?? "-"} / ${r.busiest} ${items}`
            )
          }
        }
      }
    }
  })

/** A child's work: 25 fibers on the key until killed, the key's spacing kept in Redis. */
const workerMain = (baseUrl: string, chainId: string, redisUrl: string) =>
  Blockscout.use((bs) => fibersOnOneKey(25)(bs, () => {})).pipe(
    Effect.provide(
      Blockscout.layerPro({ chainId: Number(chainId), apiKey, baseUrl }).pipe(
        Layer.provide(NodeHttpClient.layerUndici),
        Layer.provide(RateLimits.layerRedis()),
        Layer.provide(NodeRedis.layer({ url: redisUrl, disableOfflineQueue: true }))
      )
    )
  )

const args = process.argv.slice(2)
if (args[0] === "--worker") {
  await Effect.runPromise(workerMain(args[1]!, args[2]!, args[3]!))
} else {
  await Effect.runPromise(main(args))
}
