/**
 * A job's dry run against what the job then costs: the simulated Blockscout's own count of the requests it
 * answered and the Pro credits it charged (its books), on both families and several chains, for a token's
 * history (counted by its counters), token transfers over a block range (sampled across it), withdrawals over an
 * index range (an even list), and an address's whole history (its lists read whole). Every run is 50 pages or
 * more; the estimate is within 5% of its requests and credits, and the run lies within the estimate's range. On
 * uneven chains (bursts, growing) the sampled token transfers are held to their range only.
 * Nothing is written by the dry run: it needs no database.
 */
import { Backfill, DryRun, Job, Runtime, Sources } from "@blockscout-effect/backfill"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/simulator"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const config = ConfigProvider.layer(ConfigProvider.fromUnknown({ SIM_KEY: "proapi_dry" }))

/** A job of each kind on one simulated chain, and how its items are found. */
const cases = (sim: SimulatedBlockscout, family: "pro" | "instance") => {
  const target =
    family === "pro"
      ? ({
          family: "pro",
          chains: [sim.chain.chainId],
          baseUrl: "http://blockscout.test",
          apiKey: { config: "SIM_KEY" }
        } as const)
      : ({ family: "instance", baseUrl: "http://blockscout.test" } as const)
  const token = sim.chain.tokens.find((t) => t.type === "ERC-20")!.address
  return [
    {
      what: "a token's whole history, counted by its counters",
      itemsFrom: "count",
      input: {
        target,
        source: { _tag: "TokenHistory", token },
        range: { _tag: "Everything" },
        partitions: 3,
        sink: { _tag: "Sql" },
        pageSize: 10
      }
    },
    {
      what: "token transfers over a block range, sampled across it",
      itemsFrom: "sample",
      input: {
        target,
        source: { _tag: "Endpoint", endpoint: "tokenTransfers", args: {} },
        range: { _tag: "Blocks", from: 100, to: 1599 },
        partitions: 4,
        sink: { _tag: "Sql" },
        pageSize: 100
      }
    },
    {
      what: "withdrawals over an index range",
      itemsFrom: "sample",
      input: {
        target,
        source: { _tag: "Endpoint", endpoint: "withdrawals", args: {} },
        range: { _tag: "Indexes", from: 300, to: 3300 },
        partitions: 3,
        sink: { _tag: "Sql" },
        pageSize: 50
      }
    },
    {
      what: "an address's whole history, its lists read whole",
      itemsFrom: "count",
      input: {
        target,
        source: { _tag: "AddressHistory", address: sim.chain.users[6]! },
        range: { _tag: "Everything" },
        partitions: 3,
        sink: { _tag: "Sql" },
        pageSize: 20
      }
    }
  ] as const
}

describe("a job's dry run holds: within 5% of what the run then costs, the run within its range", () => {
  // Even chains, and uneven ones (the simulator's `density`): there, what is sampled is held to its range only.
  for (const [seed, density] of [
    [13, "even"],
    [5, "even"],
    [5, "bursts"],
    [9, "growing"]
  ] as const) {
    for (const family of ["pro", "instance"] as const) {
      it.live(
        `seed ${seed}, ${density}, ${family}`,
        () =>
          Effect.gen(function* () {
            const sim = SimulatedBlockscout.make({ seed, blocks: 2000, credits: 100_000_000, density })
            const http = layerHttpClient(sim)
            const sources = Sources.layer({ rateLimit: false }).pipe(Layer.provide(Layer.mergeAll(http, config)))
            /** What running `effect` cost the simulated server, by its books: requests answered, credits charged. */
            const costOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
              Effect.gen(function* () {
                const before = sim.books
                const value = yield* effect
                return {
                  value,
                  requests: sim.books.requests - before.requests,
                  credits: sim.books.credits - before.credits
                }
              })
            for (const { what, itemsFrom, input } of cases(sim, family)) {
              const dir = mkdtempSync(join(tmpdir(), "backfill-dry-"))
              try {
                const job = yield* Job.make(input)
                // Only `Sources`: no database, nothing written.
                const dry = yield* costOf(DryRun.estimate(job).pipe(Effect.provide(sources), Effect.provide(config)))
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
                const said = `${what}: ${e.items} items, ${e.calls} calls, ${e.credits} credits (range ${JSON.stringify(e.range)}) for ${run.value.items}, ${run.requests}, ${run.credits}; the dry run sent ${dry.requests}`
                assert.isAtLeast(run.requests, 50, said)
                if (
                  density === "even" ||
                  itemsFrom === "count" ||
                  input.source._tag !== "Endpoint" ||
                  what.startsWith("withdrawals")
                ) {
                  assert.isAtMost(Math.abs(e.calls - run.requests), run.requests * 0.05, said)
                  assert.isAtMost(Math.abs(e.credits - run.credits), run.credits * 0.05, said)
                }
                assert.strictEqual(e.credits === 0, family === "instance", said)
                const within = (n: number, bounds: { low: number; high: number }) =>
                  assert.isTrue(n >= bounds.low && n <= bounds.high, `${n} outside ${JSON.stringify(bounds)}: ${said}`)
                within(run.value.items, e.range.items)
                within(run.requests, e.range.calls)
                within(run.credits, e.range.credits)
                // The dry run costs a fraction of the run (a short sampled one, about a quarter).
                assert.isAtMost(dry.requests, run.requests / 3, said)
                assert.deepStrictEqual(
                  e.chains.map((c) => c.chain),
                  [family === "pro" ? String(sim.chain.chainId) : "blockscout.test"]
                )
                assert.strictEqual(e.chains[0]!.itemsFrom, itemsFrom, said)
              } finally {
                rmSync(dir, { recursive: true, force: true })
              }
            }
          }),
        120_000
      )
    }
  }
})
