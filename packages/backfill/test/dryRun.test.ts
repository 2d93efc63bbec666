/**
 * A job's dry run against what the job then costs: the simulated Blockscout's own count of the requests it
 * answered and the Pro credits it charged, for a list source, a token's history and an address's history.
 * Nothing is written by the dry run: it needs no database.
 */
import { Backfill, DryRun, Job, Runtime, Sources } from "@blockscout-effect/backfill"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const sim = SimulatedBlockscout.make({ seed: 13, blocks: 600, credits: 100_000_000 })
const http = layerHttpClient(sim)
const config = ConfigProvider.layer(ConfigProvider.fromUnknown({ SIM_KEY: "proapi_dry" }))
const target = {
  family: "pro",
  chains: [sim.chain.chainId],
  baseUrl: "http://blockscout.test",
  apiKey: { config: "SIM_KEY" }
} as const

/** What running `effect` cost the simulated server, by its books: requests answered, credits charged. */
const costOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const before = sim.books
    const value = yield* effect
    return { value, requests: sim.books.requests - before.requests, credits: sim.books.credits - before.credits }
  })

const sources = Sources.layer({ rateLimit: false }).pipe(Layer.provide(Layer.mergeAll(http, config)))

/** A job, what its dry run sends, and how near its run it must be: exact counts, or sampled ones. */
interface Case {
  readonly what: string
  readonly input: Job.JobInput
  /** Requests the dry run sends: the counters, when they describe the source, and each list's first page. */
  readonly sends: number
  /** Lists walked per partition (an address's history walks three). */
  readonly lists: number
  /** The share of the run its estimate may miss by beyond page rounding: 0 when every count is the counters'. */
  readonly sampling: number
}

const cases: ReadonlyArray<Case> = [
  {
    what: "a token's whole history, counted by its counters",
    input: {
      target,
      source: { _tag: "TokenHistory", token: sim.chain.tokens.find((t) => t.type === "ERC-20")!.address },
      range: { _tag: "Everything" },
      partitions: 3,
      sink: { _tag: "Sql" },
      pageSize: 20
    },
    sends: 2,
    lists: 1,
    sampling: 0
  },
  {
    what: "token transfers over a block range, sampled",
    input: {
      target,
      source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
      range: { _tag: "Blocks", from: 100, to: 499 },
      partitions: 4,
      sink: { _tag: "Sql" },
      pageSize: 50
    },
    sends: 1,
    lists: 1,
    sampling: 0.15
  },
  {
    what: "an address's whole history, its internal transactions and lookups sampled",
    input: {
      target,
      source: { _tag: "AddressHistory", address: sim.chain.users[6]! },
      range: { _tag: "Everything" },
      partitions: 3,
      sink: { _tag: "Sql" },
      pageSize: 20
    },
    sends: 4,
    lists: 3,
    sampling: 0.25
  }
]

describe("a job's dry run", () => {
  for (const { what, input, sends, lists, sampling } of cases) {
    it.live(
      `${what}: near what the run then costs, sending ${sends} requests and writing nothing`,
      () => {
        const dir = mkdtempSync(join(tmpdir(), "backfill-dry-"))
        return Effect.gen(function* () {
          const job = yield* Job.make(input)
          // Only `Sources`: no database, nothing written.
          const dry = yield* costOf(DryRun.estimate(job).pipe(Effect.provide(sources), Effect.provide(config)))
          assert.strictEqual(dry.requests, sends)
          const run = yield* costOf(
            Backfill.run(job).pipe(
              Effect.provide(
                Runtime.layerLocal({ filename: join(dir, "b.db"), client: { rateLimit: false } }).pipe(
                  Layer.provide(Layer.mergeAll(http, config))
                )
              )
            )
          )
          const e = dry.value
          const said = `${e.items} items, ${e.calls} calls, ${e.credits} credits for ${run.value.items}, ${run.requests}, ${run.credits}`
          // Page rounding: a page per partition and list, each at the list's price (30 at most here).
          const pages = job.partitions * lists
          assert.isAtMost(Math.abs(e.items - run.value.items), run.value.items * sampling, said)
          assert.isAtMost(Math.abs(e.calls - run.requests), pages + run.requests * sampling, said)
          assert.isAtMost(Math.abs(e.credits - run.credits), 30 * pages + run.credits * sampling, said)
          assert.deepStrictEqual(
            e.chains.map((c) => c.chain),
            [String(sim.chain.chainId)]
          )
          assert.strictEqual(e.chains[0]!.itemsFrom, sampling === 0 ? "count" : "sample")
        }).pipe(Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
      },
      60_000
    )
  }
})
