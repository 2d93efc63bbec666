/**
 * What the backfill's in-process tests share: a simulated Blockscout reached without a socket
 * (`layerHttpClient`), the job target and configuration naming its Pro key, the client over it (the oracle a
 * backfill's rows are held to), the local runtime on a SQLite file, and a directory for that file, removed after.
 */
import { Runtime } from "@blockscout-effect/backfill"
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, type SimulatedBlockscout } from "@blockscout-effect/simulator"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The base URL the simulated Blockscout answers on in process (nothing listens there). */
export const baseUrl = "http://blockscout.test"

/** The configuration a job's target names its key through (`apiKey: { config: "SIM_KEY" }`). */
export const config = ConfigProvider.layer(ConfigProvider.fromUnknown({ SIM_KEY: "proapi_test" }))

/** A simulated chain's test kit: its HTTP client, a job target on it, the client over it, the local runtime. */
export const simulatedPro = (sim: SimulatedBlockscout) => {
  const http = layerHttpClient(sim)
  return {
    http,
    target: { family: "pro", chains: [sim.chain.chainId], baseUrl, apiKey: { config: "SIM_KEY" } } as const,
    /** The client itself on the same chain, unlimited: what a backfill's rows are compared with. */
    client: Blockscout.layerPro({
      chainId: sim.chain.chainId,
      apiKey: Redacted.make("proapi_test"),
      baseUrl,
      rateLimit: false
    }).pipe(Layer.provide(http)),
    /** One process's runtime on a SQLite file in `dir`. */
    local: (dir: string) =>
      Runtime.layerLocal({ filename: join(dir, "backfill.db"), client: { rateLimit: false } }).pipe(
        Layer.provide(Layer.mergeAll(http, config))
      )
  }
}

/** Runs `f` with a fresh temporary directory, removed after whatever the outcome. */
export const withDir = <A, E, R>(f: (dir: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "backfill-"))),
    f,
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )
