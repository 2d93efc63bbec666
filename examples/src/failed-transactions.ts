/**
 * Example: your own function over the client, and how to test it (see
 * `examples/test/failed-transactions.test.ts`: the same function against the simulated Blockscout, in
 * process, with faults and with a wrong key).
 *
 * Run: `node --conditions=source examples/src/failed-transactions.ts [sample-size]` (the simulated
 * Blockscout unless `BLOCKSCOUT_*` is set).
 *
 * What it shows: the function depends on the `Blockscout` service, not on a URL, a key or `fetch`, so a
 * test swaps the layer underneath (`layerHttpClient` from `@blockscout-effect/client/testing`) and
 * nothing in the function changes. Its error type is the client's `BlockscoutError`, so callers (and
 * tests) can match `error.reason._tag`.
 */
import { Blockscout } from "@blockscout-effect/client"
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Stream } from "effect"
import * as Connection from "./lib/Connection.ts"

/** What `failureReport` finds among the latest validated transactions. */
export interface FailureReport {
  readonly sampled: number
  readonly failed: number
  /** Fees paid by the failed ones, in wei: gas burnt for nothing. */
  readonly wastedFees: bigint
  /** The failed transactions' methods, most frequent first. */
  readonly methods: ReadonlyArray<readonly [method: string, count: number]>
}

/**
 * How many of the latest `sample` validated transactions failed, and what they cost.
 *
 * A user-level function: it streams `GET /transactions` (as many pages as `sample` needs) and folds.
 */
export const failureReport = Effect.fn("failureReport")(function* (sample: number) {
  const bs = yield* Blockscout
  return yield* bs.streamTransactions({ filter: "validated" }).pipe(
    Stream.take(sample),
    Stream.runFold(
      () => ({ sampled: 0, failed: 0, wastedFees: 0n, methods: new Map<string, number>() }),
      (acc, tx) => {
        acc.sampled += 1
        if (tx.status === "error") {
          acc.failed += 1
          acc.wastedFees += tx.fee?.value ?? 0n
          const method = tx.method ?? "(none)"
          acc.methods.set(method, (acc.methods.get(method) ?? 0) + 1)
        }
        return acc
      }
    ),
    Effect.map(
      (acc): FailureReport => ({
        sampled: acc.sampled,
        failed: acc.failed,
        wastedFees: acc.wastedFees,
        methods: [...acc.methods].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      })
    )
  )
})

if (import.meta.main) {
  const sample = Number(process.argv[2] ?? 500)
  failureReport(sample).pipe(
    Effect.flatMap((r) =>
      Console.log(
        `${r.failed} of the latest ${r.sampled} transactions failed (${((100 * r.failed) / Math.max(1, r.sampled)).toFixed(1)}%), ` +
          `wasting ${r.wastedFees} wei in fees.\nBy method: ${r.methods.map(([m, n]) => `${m} ${n}`).join(", ")}`
      )
    ),
    Effect.provide(Connection.layer({ simulator: { blocks: 300 } })),
    NodeRuntime.runMain
  )
}
