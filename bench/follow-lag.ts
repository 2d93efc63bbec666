/**
 * Follow benchmark: what following the head costs and how late it is. The live simulated Blockscout grows on
 * the real clock on a loopback port; the client follows token transfers (and an address's merged history) over
 * HTTP from the head; each case runs for `--blocks` blocks and stops by itself.
 *
 * Run: pnpm bench:follow   (node --conditions=source bench/follow-lag.ts [--speed 10] [--block-ms 2000,12000]
 *      [--poll-ms 12000] [--blocks 20] [--family pro|instance] [--confirmations 0] [--reorg-rate 0.05]
 *      [--latency 0] [--follows token-transfers,address-history])
 * `BENCH_ONLY="<text>[,<text>...]"` keeps the cases whose name contains one of the texts.
 *
 * Times are chain times scaled down by `--speed`: at speed 10 a 2 s chain makes a block every 200 ms and a
 * 12 s poll is 1.2 s, so a run takes under a minute. Each chain is followed with the poll at its block time
 * (the default where the server's `/stats` reports its block time: the simulator's initial blocks are 12 s
 * apart whatever `--block-ms` says, so the bench passes the scaled value instead) and at `--poll-ms`.
 * `--latency` is added to every answer as is (real milliseconds, not scaled: a network does not speed up).
 *
 * Per case: requests per minute of chain time by path (`/blocks`, the followed list(s), the rest), Pro credits
 * a day at that rate (each call at its row's credits, whichever family ran), the calls of the start (the head
 * read and the first round, left out of the rates), the lag from a block's production (the live schedule's
 * `producedAt`) to the emission of its first `Added` event (min / median / p95 / max, real ms and in block
 * times), the blocks whose items came out, and the `Retracted` events and replaced blocks with reorgs on.
 * Bounded: each case's time is `(blocks + confirmations + 3)` block times plus 5 s, and at most 900 requests.
 * Figures go to BENCHMARKS.md, "Following the head".
 */
import { parseArgs } from "node:util"
import { loadavg } from "node:os"
// Relative imports: the workspace root does not depend on its packages.
import { Blockscout, endpoints, type Follow } from "../packages/client/src/index.ts"
import { serve } from "../packages/simulator/src/node.ts"
import { NodeHttpClient } from "@effect/platform-node"
import { Cause, Effect, Layer, Redacted, Stream } from "effect"

const { values: flags } = parseArgs({
  options: {
    speed: { type: "string", default: "10" },
    "block-ms": { type: "string", default: "2000,12000" },
    "poll-ms": { type: "string", default: "12000" },
    blocks: { type: "string", default: "20" },
    family: { type: "string", default: "pro" },
    confirmations: { type: "string", default: "0" },
    "reorg-rate": { type: "string", default: "0.05" },
    latency: { type: "string", default: "0" },
    follows: { type: "string", default: "token-transfers,address-history" }
  }
})

const number = (name: string, text: string, min: number): number => {
  const n = Number(text)
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number, ${min} or more; got ${text}`)
  return n
}
const speed = number("speed", flags.speed, 1)
const blockTimes = flags["block-ms"].split(",").map((t) => number("block-ms", t, 100))
const chosenPoll = number("poll-ms", flags["poll-ms"], 100)
const blocks = Math.floor(number("blocks", flags.blocks, 2))
const confirmations = Math.floor(number("confirmations", flags.confirmations, 0))
const reorgRate = Math.min(1, number("reorg-rate", flags["reorg-rate"], 0))
const latency = number("latency", flags.latency, 0)
const family = flags.family
if (family !== "pro" && family !== "instance") throw new Error(`--family must be pro or instance; got ${family}`)
const follows = flags.follows.split(",")
for (const f of follows) {
  if (f !== "token-transfers" && f !== "address-history") throw new Error(`--follows: unknown follow ${f}`)
}
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim())
const wanted = (name: string) => only === undefined || only.some((text) => name.includes(text))

/** The initial chain: enough blocks for an active address, few enough to start at once. */
const initialBlocks = 2_000
/** At most this many requests a case (the server's request log keeps 1,000). */
const maxRequests = 900

interface Case {
  readonly follow: "token-transfers" | "address-history"
  /** Chain time between blocks and between polls (ms, unscaled). */
  readonly blockMs: number
  readonly pollMs: number
  readonly pollIsDefault: boolean
}

interface Measured {
  /** Real milliseconds the follow ran (from its first request to the stop). */
  readonly millis: number
  readonly byPath: ReadonlyMap<string, number>
  /** Calls before the steady state: the head read and the first round. */
  readonly startCalls: number
  readonly requests: number
  readonly credits: number
  /** Real ms from each block's production to its first `Added`, for blocks produced after the follow began. */
  readonly lags: ReadonlyArray<number>
  readonly produced: number
  readonly retracted: number
  readonly replaced: number
}

/** A request path as the table names it: numbers and hashes as placeholders, without the family's prefix. */
const pathKind = (path: string): string =>
  path
    .replace(/^.*\/api\/v2/, "")
    .replace(/0x[0-9a-fA-F]{40}/g, "{address}")
    .replace(/\/\d+(?=\/|$)/g, "/{n}")

/** A path's Pro API credits, from the endpoints table's rows (the simulator charges the same). */
const proCredits = (path: string): number => {
  const template = path
  for (const row of Object.values(endpoints)) {
    if (row.path.replace(/\{[^}]+\}/g, "{}") === template.replace(/\{[^}]+\}/g, "{}")) return row.credits
  }
  return 0
}

const apiKey = Redacted.make("proapi_bench")

const measure = (c: Case) =>
  Effect.scoped(
    Effect.gen(function* () {
      const blockMillis = c.blockMs / speed
      const server = yield* serve({
        seed: 7,
        blocks: initialBlocks,
        latency,
        live: {
          // The initial blocks are there now; the first live block comes one block time later.
          startMillis: Date.now(),
          blockMillis,
          randomReorgs: reorgRate > 0 ? { probability: reorgRate, maxDepth: 3 } : undefined
        }
      })
      const sim = server.simulator
      const layer = (
        family === "pro"
          ? Blockscout.layerPro({ chainId: server.chainId, apiKey, baseUrl: server.baseUrl })
          : Blockscout.layerInstance({ baseUrl: server.baseUrl })
      ).pipe(Layer.provide(NodeHttpClient.layerUndici))
      const options: Follow.FollowOptions = { confirmations, pollInterval: c.pollMs / speed, finality: 64 }
      // The user most involved in the newest initial blocks: an address history with items in many blocks.
      const address = sim.chain.users[0]!
      const begin = Date.now()
      const startHead = sim.headAt(begin)
      const seen = new Set<number>()
      const lags: Array<number> = []
      let retracted = 0
      const onEvent = (event: Follow.FollowEvent<unknown>) =>
        Effect.sync(() => {
          if (event._tag === "Retracted") retracted++
          if (event._tag !== "Added" || seen.has(event.block.number)) return
          seen.add(event.block.number)
          const produced = sim.producedAt(event.block.number)
          // Blocks there before the follow began say how it starts, not how late it is.
          if (produced !== undefined && event.block.number > startHead) lags.push(Date.now() - produced)
        })
      const stopAt = begin + (blocks + confirmations + 3) * blockMillis + 5_000
      const endHead = startHead + blocks
      // The last block is out, or should be: deep enough, then a poll and a block time more for the answers (an
      // address history has no items in most blocks, so their Added never comes).
      const due = begin + (blocks + confirmations) * blockMillis + c.pollMs / speed + 2 * blockMillis
      // Stops once `blocks` blocks were produced and emitted (or at the bound of time or requests).
      const done = Effect.gen(function* () {
        while (Date.now() < stopAt && sim.books.requests < maxRequests && !seen.has(endHead) && Date.now() < due) {
          yield* Effect.sleep(Math.max(5, blockMillis / 10))
        }
      })
      const events = Stream.unwrap(
        Effect.gen(function* () {
          const bs = yield* Blockscout
          return c.follow === "token-transfers"
            ? (bs.followTokenTransfers({}, options) as Stream.Stream<Follow.FollowEvent<unknown>, unknown>)
            : (bs.followAddressHistory(address, options) as Stream.Stream<Follow.FollowEvent<unknown>, unknown>)
        })
      )
      const exit = yield* events.pipe(
        Stream.interruptWhen(done),
        Stream.runForEach(onEvent),
        Effect.provide(layer),
        Effect.exit
      )
      // A follow ends only when stopped: anything else is a failure the figures must not hide.
      if (exit._tag === "Failure") console.error(`follow failed: ${Cause.pretty(exit.cause)}`)
      const end = Date.now()
      // The steady state: from the first poll after the start (the head read and the first round run at once,
      // without the wait), a poll interval before it, to the stop. The start's calls are reported apart.
      const blockReads = sim.requests.filter((r) => pathKind(r.path) === "/blocks")
      const steady = blockReads[2]?.at ?? end
      const byPath = new Map<string, number>()
      let startCalls = 0
      let credits = 0
      for (const r of sim.requests) {
        if (r.at < steady) {
          startCalls++
          continue
        }
        byPath.set(pathKind(r.path), (byPath.get(pathKind(r.path)) ?? 0) + 1)
        credits += proCredits(pathKind(r.path))
      }
      return {
        millis: end - steady + c.pollMs / speed,
        byPath,
        startCalls,
        requests: sim.requests.length - startCalls,
        credits,
        lags,
        produced: sim.headAt(end) - startHead,
        retracted,
        replaced: sim.replacedBlocks(end).length
      } satisfies Measured
    })
  )

const quantile = (sorted: ReadonlyArray<number>, q: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]!

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`
const round = (n: number) => (Number.isNaN(n) ? "-" : n >= 100 ? n.toFixed(0) : n.toFixed(1))

const main = Effect.gen(function* () {
  const [one, five] = loadavg()
  console.log(
    `Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${one!.toFixed(1)} / ${five!.toFixed(1)} (1 / 5 min), ` +
      `speed ${speed}, ${blocks} blocks a case, family ${family}, confirmations ${confirmations}, reorg rate ${reorgRate}, latency ${latency} ms`
  )
  console.log("")
  console.log(
    "| follow | chain | poll | start calls | calls/min: /blocks | list(s) | other | total | Pro credits/day | lag ms: min / median / p95 / max | median lag in blocks | blocks out / produced | retracted / replaced blocks |"
  )
  console.log("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (const follow of follows as ReadonlyArray<Case["follow"]>) {
    for (const blockMs of blockTimes) {
      const polls = [...new Set([blockMs, chosenPoll])]
      for (const pollMs of polls) {
        const c: Case = { follow, blockMs, pollMs, pollIsDefault: pollMs === blockMs }
        const name = `${follow} ${seconds(blockMs)} chain ${seconds(pollMs)} poll`
        if (!wanted(name)) continue
        const m = yield* measure(c)
        // Chain minutes: real time scaled back up.
        const chainMinutes = (m.millis * speed) / 60_000
        const perMinute = (n: number) => n / chainMinutes
        let blocksCalls = 0
        let lists = 0
        let other = 0
        for (const [path, n] of m.byPath) {
          if (path === "/blocks") blocksCalls += n
          else if (path === "/token-transfers" || path.startsWith("/addresses/{address}/")) lists += n
          else other += n
        }
        const sorted = [...m.lags].sort((a, b) => a - b)
        const lag = [0, 0.5, 0.95, 1].map((q) => round(quantile(sorted, q))).join(" / ")
        const credits = round(perMinute(m.credits) * 1440)
        console.log(
          `| ${follow} | ${seconds(blockMs)} | ${seconds(pollMs)}${c.pollIsDefault ? " (block time)" : ""} | ` +
            `${m.startCalls} | ${round(perMinute(blocksCalls))} | ${round(perMinute(lists))} | ${round(perMinute(other))} | ` +
            `${round(perMinute(m.requests))} | ${credits} | ${lag} | ${round(quantile(sorted, 0.5) / (blockMs / speed))} | ` +
            `${m.lags.length} / ${m.produced} | ${m.retracted} / ${m.replaced} |`
        )
      }
    }
  }
})

await Effect.runPromise(main)
