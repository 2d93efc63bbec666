/**
 * Backfill benchmark: one runner against three, (a) on one API key's limit, where the total rate must stay at
 * that limit however many runners share it, and (b) on several simulated explorers each with its own limit,
 * where the total rate is the sum of their limits whatever the number of runners.
 *
 * Run: pnpm bench:backfill [blocks] [limit] [explorers] [kind]
 *   (node --conditions=source bench/backfill-runners.ts; defaults 600 blocks, 20 requests/s, 3 explorers, and
 *   the server limiter `fixed`; `token-bucket` or `sliding-log` run the simulated servers with that limiter)
 *
 * Each scenario starts a fresh PostgreSQL and Redis (temporary directories, loopback ports), the simulated
 * Blockscout(s) on loopback ports limiting each key to `limit` a second (429 above it) and 20 ms latency,
 * `runners` processes of `blockscout backfill runner --redis`, and submits the job(s) from a client; the figure
 * is requests answered per second from submission to the last partition done (planning included), against the
 * limit; beside it, the least used key's rate while it was in use (its requests over the span from its first to
 * its last request, as the server saw them every 50 ms), against one key's limit; with the 429s and the busiest second (the most requests one key sent in any one second, as the server
 * counted them: the limit at most is the guarantee). Needs `postgres`/`initdb` and `redis-server` (Debian's `postgresql` and `redis-server`). The
 * figure includes each job's plan and the engine's polling (half a second): give it thousands of blocks
 * (minutes of work) for a steady-state rate.
 */
import { Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { NodeServices } from "@effect/platform-node"
// Relative imports: the workspace root does not depend on its packages.
import { Backfill, Runtime } from "../packages/backfill/src/index.ts"
import type { RateLimitKind } from "../packages/simulator/src/index.ts"
import { serve } from "../packages/simulator/src/node.ts"
import { startRunner } from "../examples/test/backfill-support.ts"
import { postgres, redis } from "../examples/test/services.ts"
import { entry, node } from "../examples/test/spawn.ts"

const blocks = Number(process.argv[2] ?? 600)
const limit = Number(process.argv[3] ?? 20)
const explorers = Number(process.argv[4] ?? 3)
const kind = (process.argv[5] ?? "fixed") as RateLimitKind
if (!["fixed", "token-bucket", "sliding-log"].includes(kind)) throw new Error(`unknown server limiter ${kind}`)
const cliMain = entry("examples/src/cli/main.ts")
const env = { BLOCKSCOUT_API_KEY: "proapi_bench" }

interface Row {
  readonly scenario: string
  readonly runners: number
  readonly limit: number
  readonly seconds: number
  readonly requests: number
  readonly tooMany: number
  readonly busiest: number
  readonly items: number
  /** Per server: requests it answered between the first and the last it saw, and that span in seconds. */
  readonly spans: ReadonlyArray<{ readonly requests: number; readonly seconds: number }>
  /** Seconds from submission to the first request any server saw, and from its last one to the job done. */
  readonly lead: number
  readonly tail: number
}

/**
 * Watches a server's request count every 50 ms, from now until the scope closes: when its first request came
 * and when its count last changed, so the per-key rate can be read over the time the key was in use (a job's
 * plan, the engine's polling and another explorer's tail excluded), beside the end-to-end figure.
 */
const watch = (count: () => number) =>
  Effect.gen(function* () {
    const seen = { first: undefined as number | undefined, last: 0, requests: 0 }
    yield* Effect.forkScoped(
      Effect.sync(() => {
        const n = count()
        if (n > seen.requests) {
          seen.first ??= performance.now()
          seen.last = performance.now()
          seen.requests = n
        }
      }).pipe(Effect.repeat(Schedule.spaced("50 millis")))
    )
    return seen
  })

/** One scenario: `servers` explorers (each its own limit), `runners` runner processes, one job per explorer. */
const scenario = (name: string, servers: number, runners: number) =>
  Effect.scoped(
    Effect.gen(function* () {
      const db = yield* postgres
      const redisUrl = yield* redis
      const sims = yield* Effect.forEach(
        Array.from({ length: servers }, (_, i) => i),
        (i) => serve({ blocks, seed: 21 + i, latency: 20, rateLimit: { limit, windowMillis: 1000, kind } })
      )
      yield* Effect.forEach(
        Array.from({ length: runners }),
        () => startRunner(cliMain, ["--db", db, "--redis", redisUrl], env),
        { concurrency: "unbounded" }
      )
      const database = Layer.orDie(Runtime.layerDatabase(db))
      // Every runner registered before the clock starts (a late one would take shards over mid-run).
      yield* Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ n: number | string }>`SELECT count(*) AS n FROM cluster_runners WHERE healthy`
      ).pipe(
        Effect.provide(database),
        Effect.filterOrFail(([row]) => Number(row?.n) === runners),
        Effect.retry(Schedule.spaced("200 millis"))
      )
      const watched = yield* Effect.forEach(sims, (sim) => watch(() => sim.simulator.books.requests))
      const started = performance.now()
      // One explorer: the Pro API with one key. Several: one job each, keyless instance targets, so each
      // explorer's limit (per address) is its own.
      const ids = yield* Effect.forEach(sims, (sim, i) =>
        node(
          [
            cliMain,
            ...["backfill", "run", "token-transfers", "--base-url", sim.baseUrl],
            ...(servers === 1
              ? ["--chain", String(sim.chainId)]
              : ["--chain-label", `explorer-${i}`, "--api-key-env", "BENCH_NO_KEY"]),
            ...["--partitions", "12", "--page-size", "50", "--db", db, "--detach"]
          ],
          { env }
        ).pipe(Effect.map((r) => r.stdout.trim()))
      )
      const statuses = yield* Effect.forEach(ids, (id) =>
        Backfill.status(id).pipe(
          Effect.provide(database),
          // A job whose plan failed has no partitions to wait for: say so instead of waiting forever.
          Effect.flatMap((s) =>
            s.planError === undefined ? Effect.succeed(s) : Effect.die(`job ${id}: its plan failed: ${s.planError}`)
          ),
          Effect.filterOrFail((s) => s.total > 0 && s.done === s.total),
          Effect.retry(Schedule.spaced("100 millis"))
        )
      )
      const ended = performance.now()
      const seconds = (ended - started) / 1000
      // The servers' books count every request, every 429 and the busiest second of each.
      const answered = sims.reduce((n, s) => n + s.simulator.books.requests, 0)
      return {
        scenario: name,
        runners,
        limit: limit * servers,
        seconds,
        requests: answered,
        tooMany: sims.reduce((n, s) => n + s.simulator.rateLimitBooks.refused, 0),
        busiest: Math.max(...sims.map((s) => s.simulator.rateLimitBooks.busiestSecond)),
        items: statuses.reduce((n, s) => n + s.items, 0),
        spans: watched.map((w) => ({ requests: w.requests, seconds: (w.last - (w.first ?? w.last)) / 1000 })),
        lead: (Math.min(...watched.map((w) => w.first ?? ended)) - started) / 1000,
        tail: (ended - Math.max(...watched.map((w) => w.last))) / 1000
      } satisfies Row
    })
  )

const program = Effect.gen(function* () {
  const rows: Array<Row> = []
  for (const runners of [1, 3]) rows.push(yield* scenario("(a) one key's limit", 1, runners))
  for (const runners of [1, 3]) rows.push(yield* scenario(`(b) ${explorers} explorers`, explorers, runners))
  console.log(
    `blocks ${blocks}, limit ${limit} requests/s per key (${kind} server limiter), 20 ms latency, 12 partitions a job\n`
  )
  console.log(
    "| scenario | runners | limit (req/s) | req/s | of limit | per key while in use | 429s | busiest second | items/s | s to first request / after last |"
  )
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
  for (const r of rows) {
    const rate = r.requests / r.seconds
    // Each key's requests over its own first-to-last span (each server is one key), against its limit.
    const inUse = r.spans.map((s) => (s.seconds > 0 ? (s.requests - 1) / s.seconds : 0))
    const least = Math.min(...inUse)
    console.log(
      `| ${r.scenario} | ${r.runners} | ${r.limit} | ${rate.toFixed(1)} | ${((100 * rate) / r.limit).toFixed(0)}% | ` +
        `${least.toFixed(1)} (${((100 * least) / limit).toFixed(0)}%) | ` +
        `${r.tooMany} | ${r.busiest} | ${(r.items / r.seconds).toFixed(0)} | ${r.lead.toFixed(1)} / ${r.tail.toFixed(1)} |`
    )
  }
})

Effect.runPromise(program.pipe(Effect.provide(NodeServices.layer))).then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
