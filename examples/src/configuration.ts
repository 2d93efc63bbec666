/**
 * Example: one program, any API. The program asks for `Blockscout` and never says which API it talks to;
 * `Blockscout.layerConfig()` picks the Pro API or an instance from configuration.
 *
 * Run against the real API:
 *   BLOCKSCOUT_CHAIN_ID=1 BLOCKSCOUT_API_KEY=proapi_... node --conditions=source examples/src/configuration.ts
 *   BLOCKSCOUT_BASE_URL=https://eth.blockscout.com    node --conditions=source examples/src/configuration.ts
 * With neither set, it runs twice against the simulated Blockscout, once as each family, by handing
 * `layerConfig` a `ConfigProvider` instead of the environment: the same program, the same answers.
 *
 * What it shows: configuration is a layer decision (`layerConfig` is `Layer.unwrap` over `Config`),
 * so the program has no `if (pro)` anywhere; tests and tools swap the `ConfigProvider` rather than
 * the process environment.
 *
 * Gotchas: with both set, `BLOCKSCOUT_FAMILY` decides; the Pro API needs `BLOCKSCOUT_API_KEY`, and
 * `BLOCKSCOUT_FAMILY=pro` with `BLOCKSCOUT_BASE_URL` moves it (as done here for the simulator). A missing or bad
 * setting fails with a `ConfigError` naming the variable when the layer is built, before any request.
 */
import { Blockscout, type Family } from "@blockscout-effect/client"
import { serve } from "@blockscout-effect/client/testing/node"
import { NodeHttpClient, NodeRuntime } from "@effect/platform-node"
import { ConfigProvider, Console, Effect, Layer } from "effect"
import * as Connection from "./lib/Connection.ts"

/** What `latestActivity` reports. */
export interface Activity {
  readonly family: Family
  readonly chainId: number | undefined
  /** The latest transactions, newest first: hash, block and value in wei. */
  readonly transactions: ReadonlyArray<{ readonly hash: string; readonly block: number | null; readonly value: bigint }>
  /** Number and total amount (wei) of the latest page of beacon withdrawals. */
  readonly withdrawals: { readonly count: number; readonly amount: bigint }
}

/** The program: the latest transactions and withdrawals, whichever API is configured. */
export const latestActivity = Effect.gen(function* () {
  const bs = yield* Blockscout
  const [transactions, withdrawals] = yield* Effect.all(
    [bs.listTransactions({ filter: "validated", pageSize: 5 }), bs.listWithdrawals({ pageSize: 10 })],
    { concurrency: 2 }
  )
  const activity: Activity = {
    family: bs.family,
    chainId: bs.chainId,
    transactions: transactions.items.map((t) => ({
      hash: t.hash,
      block: t.block_number ?? null,
      value: t.value ?? 0n
    })),
    withdrawals: {
      count: withdrawals.items.length,
      amount: withdrawals.items.reduce((sum, w) => sum + w.amount, 0n)
    }
  }
  return activity
})

/** The layer your app would use: everything from configuration, Node's HTTP client underneath. */
export const BlockscoutLive = Blockscout.layerConfig().pipe(Layer.provide(NodeHttpClient.layerUndici))

/** The same layer, reading `settings` instead of the environment. */
export const layerFromSettings = (settings: Record<string, string>) =>
  BlockscoutLive.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(settings))))

const show = (a: Activity): string =>
  [
    `${a.family === "pro" ? `Pro API, chain ${a.chainId}` : "instance"}:`,
    ...a.transactions.map((t) => `  block ${t.block}  ${t.hash}  ${t.value} wei`),
    `  last ${a.withdrawals.count} withdrawals: ${a.withdrawals.amount} wei in all`
  ].join("\n")

if (import.meta.main) {
  Effect.gen(function* () {
    if (yield* Connection.configured) {
      return yield* Console.log(show(yield* Effect.provide(latestActivity, BlockscoutLive)))
    }
    const server = yield* serve({ blocks: 300 })
    yield* Console.log(`No BLOCKSCOUT_* set: using the simulated Blockscout at ${server.baseUrl}\n`)
    const pro = {
      BLOCKSCOUT_CHAIN_ID: String(server.chainId),
      BLOCKSCOUT_API_KEY: "proapi_simulated",
      BLOCKSCOUT_FAMILY: "pro",
      BLOCKSCOUT_BASE_URL: server.baseUrl
    }
    const instance = { BLOCKSCOUT_BASE_URL: server.baseUrl }
    yield* Console.log(show(yield* Effect.provide(latestActivity, layerFromSettings(pro))))
    yield* Console.log(show(yield* Effect.provide(latestActivity, layerFromSettings(instance))))
  }).pipe(Effect.scoped, NodeRuntime.runMain)
}
