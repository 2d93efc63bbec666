/**
 * Where the runnable examples get their data: the real Blockscout when `BLOCKSCOUT_*` is set, otherwise
 * the simulated Blockscout started on a loopback port for the life of the program.
 *
 * When to use: the `main` of an example you run from a shell. In your own app, use `Blockscout.layerConfig`
 * (or `layerPro` / `layerInstance`) directly; the simulator fallback is only so examples run offline.
 *
 * Gotcha: the simulated server is served for both families: `family: "pro"` talks to it as the Pro API
 * (chain 1, any key), `"instance"` as an explorer instance. `BLOCKSCOUT_SIMULATED_FAMILY=pro|instance` picks the
 * family for any example (its tests run each example as both).
 */
import { Blockscout, type BlockscoutError, type ClientOptions, type Family } from "@blockscout-effect/client"
import { type ServeOptions, serve } from "@blockscout-effect/client/testing/node"
import { NodeHttpClient } from "@effect/platform-node"
import { Config, Context, Effect, Layer, Option, Redacted } from "effect"
import type { HttpClient } from "effect/http"

/** Options of `layer`. */
export interface ConnectionOptions {
  /**
   * Which family to simulate when no API is configured (default "instance"); `BLOCKSCOUT_SIMULATED_FAMILY`
   * overrides it.
   */
  readonly family?: Family | undefined
  /** The simulated chain and server (size, seed, latency, faults). */
  readonly simulator?: ServeOptions | undefined
  readonly client?: ClientOptions | undefined
  /** Told where the data comes from, once the layer is built. */
  readonly onConnect?: ((where: string) => Effect.Effect<void>) | undefined
}

/** Whether `BLOCKSCOUT_BASE_URL` or `BLOCKSCOUT_CHAIN_ID` is set: the examples then use the real API. */
export const configured: Effect.Effect<boolean> = Effect.map(
  Effect.all([
    Config.option(Config.String("BLOCKSCOUT_BASE_URL")),
    Config.option(Config.String("BLOCKSCOUT_CHAIN_ID"))
  ]),
  ([base, chain]) => Option.isSome(base) || Option.isSome(chain)
).pipe(Effect.orElseSucceed(() => false))

/** What the examples' layer may fail with: configuration (`layerConfig`) or a bad option (`layerPro`). */
type ExampleLayer = Layer.Layer<Blockscout, Config.ConfigError | BlockscoutError, HttpClient.HttpClient>
const widen = (layer: ExampleLayer): ExampleLayer => layer

/**
 * The `Blockscout` layer of the examples, with Node's HTTP client: `Blockscout.layerConfig` when
 * configured, else the simulated Blockscout on 127.0.0.1.
 */
export const layer = (options: ConnectionOptions = {}) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const tell = options.onConnect ?? (() => Effect.void)
      if (yield* configured) {
        // Told from the built service's `target`, never from BLOCKSCOUT_BASE_URL itself: a base URL may
        // carry `user:pass@`, which must not reach the terminal.
        return widen(Blockscout.layerConfig(undefined, options.client)).pipe(
          Layer.tap((context) => {
            const target = Context.get(context, Blockscout).target
            return tell(
              target.family === "pro"
                ? `the Blockscout Pro API at ${target.apiUrl}`
                : `the Blockscout instance at ${target.apiUrl}`
            )
          })
        )
      }
      const server = yield* serve(options.simulator)
      const chosen = yield* Config.option(Config.Literals(["pro", "instance"], "BLOCKSCOUT_SIMULATED_FAMILY")).pipe(
        Effect.orElseSucceed(() => Option.none<Family>())
      )
      const family = Option.getOrElse(chosen, () => options.family ?? "instance")
      // The simulator announces no rate limit (`-1`): the client does not pace it.
      const client: ClientOptions = options.client ?? {}
      if (family === "pro") {
        yield* tell(`the simulated Blockscout Pro API at ${server.baseUrl}/${server.chainId}/api/v2 (no network)`)
        return widen(
          Blockscout.layerPro({
            ...client,
            chainId: server.chainId,
            apiKey: Redacted.make("simulated-key"),
            baseUrl: server.baseUrl
          })
        )
      }
      yield* tell(`the simulated Blockscout at ${server.baseUrl}/api/v2 (no network)`)
      return widen(Blockscout.layerInstance({ ...client, baseUrl: server.baseUrl }))
    })
  ).pipe(Layer.provide(NodeHttpClient.layerUndici))
