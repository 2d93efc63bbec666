/**
 * `layerTest`: the `Blockscout` service wired to an in-process simulated Blockscout in one layer, and the
 * `Simulator` service that hands a test the simulator behind it (its request log and its chain).
 *
 * `layerTest` lives here rather than as a `Blockscout.layerTest` static so that the simulator stays out of
 * bundles that import only `@blockscout-effect/client`: it is its own package, `@blockscout-effect/simulator`
 * (an optional peer dependency of the client), which this entry point imports.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Redacted } from "effect"
import { Blockscout } from "../Blockscout.ts"
import type { Family } from "../endpoints.ts"
import * as RateLimits from "../RateLimits.ts"
import type { ClientOptions } from "../Options.ts"
import { layerHttpClient, SimulatedBlockscout, type SimulatorOptions } from "@blockscout-effect/simulator"

/**
 * The simulated Blockscout a {@link layerTest} layer talks to: read `requests` (what the client sent,
 * newest last), `chain` (the data the answers come from: `chain.users`, `chain.tokens`, ...) or
 * `creditsRemaining` in assertions.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerTest, Simulator } from "@blockscout-effect/client/testing"
 *
 * export const lastPath = Effect.gen(function* () {
 *   yield* Blockscout.use((bs) => bs.listTransactions())
 *   const sim = yield* Simulator
 *   return sim.requests.at(-1)?.path // "/api/v2/transactions"
 * }).pipe(Effect.provide(layerTest({ seed: 1 })))
 * ```
 *
 * @since 0.1.0
 * @category services
 */
export class Simulator extends Context.Service<Simulator, SimulatedBlockscout>()(
  "@blockscout-effect/client/testing/Simulator"
) {}

/**
 * The client side of a {@link layerTest} layer: the `Blockscout` layer's own options plus its credentials.
 *
 * @since 0.1.0
 * @category options
 */
export interface TestClientOptions extends ClientOptions {
  /**
   * The API key the client sends. Default: the first of the simulator's `apiKeys`, else `"proapi_test"`
   * on Pro; on an instance none, unless `requireInstanceApiKey` is set (then the first of `apiKeys`, else
   * `"instance_test"`).
   */
  readonly apiKey?: string | undefined
  /** The instance secret sent as `key` (unlocks `restrictedAddresses`). Default none, even when the simulator has one. */
  readonly secretKey?: string | undefined
}

/**
 * Options of {@link layerTest}: the simulator's (chain, version, keys, rate limit, latency, faults) plus the client's.
 *
 * @since 0.1.0
 * @category options
 */
export interface TestLayerOptions extends SimulatorOptions {
  /** Which API family the client talks to: `"instance"` (default, `{base}/api/v2`) or `"pro"` (`{base}/{chainId}/api/v2`). */
  readonly family?: Family | undefined
  /**
   * A simulator to use instead of making one from these options (to share it between layers, or to hold
   * it outside the effect). Its own options then apply; the simulator options given here are ignored.
   */
  readonly simulator?: SimulatedBlockscout | undefined
  /** The client's options; see {@link layerTest} for the defaults that differ from `Blockscout.layerPro`/`layerInstance`. */
  readonly client?: TestClientOptions | undefined
}

const redacted = (value: string | undefined) => (value === undefined ? undefined : Redacted.make(value))

/**
 * One layer for tests: `Blockscout` (the real client, unchanged) over an in-process simulated Blockscout,
 * and the {@link Simulator} behind it. Each build makes a fresh simulator (fresh request log, rate-limit
 * windows and credits) unless `simulator` is given.
 *
 * Use it to test code that needs `Blockscout`:
 * `it.effect("...", () => myProgram.pipe(Effect.provide(layerTest({ seed: 42 }))))`, or share one build
 * across a block with `layer(layerTest())`. For your own `Blockscout` layer, use `layerHttpClient`.
 *
 * Defaults that differ from the production layers, so tests under `it.effect`'s `TestClock` never wait on
 * the clock unless the test asks for it:
 * - a rate-limit registry private to this build, so no other layer or test in the process shares what it
 *   learns from `x-ratelimit-*` headers (a simulator without `rateLimit` announces `-1`: not paced);
 * - retries without backoff (`retry: { base: 0 }`): a fault is retried at once.
 *
 * Gotchas: waits the server asks for still sleep on the clock: with a simulator `rateLimit`, the client paces
 * at that rate and waits for `x-ratelimit-reset` once the window's budget is spent, `latency` sleeps, and a
 * `Hang` fault lasts until the client `timeout` (120 s): under `TestClock`, fork the work and
 * `TestClock.adjust`, or use `it.live`. When nothing advances the clock, a warning naming the request and the
 * wait is logged after `warnOnStalledClock` (default 1 s) of real time, instead of a silent hang.
 * Anything in `client` overrides these defaults, field by field (e.g. `client: { retry: false }`, or
 * `client: { retry: { base: "500 millis" } }` to test backoff). A client option that fails its check is a
 * defect of the test (the layer dies with the `InvalidArgument`), not an error the program under test sees.
 *
 * @example
 * ```ts
 * import { Effect, Stream } from "effect"
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerTest } from "@blockscout-effect/client/testing"
 *
 * // The real client over a simulated Pro API: every withdrawal of the simulated chain.
 * export const count = Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(
 *   Effect.provide(layerTest({ family: "pro", seed: 7 }))
 * )
 * ```
 *
 * @since 0.1.0
 * @category layers
 */
export const layerTest = (options: TestLayerOptions = {}): Layer.Layer<Blockscout | Simulator> => {
  const simulator = Layer.sync(Simulator, () => options.simulator ?? SimulatedBlockscout.make(options))
  const blockscout = Layer.unwrap(
    Effect.gen(function* () {
      const sim = yield* Simulator
      const { apiKey, secretKey, ...client } = options.client ?? {}
      // Defaults merged field by field: `client: { retry: { times: 2 } }` keeps the zero backoff.
      const clientOptions: ClientOptions = {
        ...client,
        rateLimit: client.rateLimit === false ? false : { requestsPerSecond: 0, ...client.rateLimit },
        retry: client.retry === false ? false : { base: 0, ...client.retry }
      }
      const keys = sim.options.apiKeys
      const baseUrl = "http://blockscout.test"
      const layer =
        (options.family ?? "instance") === "pro"
          ? Blockscout.layerPro({
              ...clientOptions,
              chainId: sim.chain.chainId,
              baseUrl,
              apiKey: Redacted.make(apiKey ?? keys?.[0] ?? "proapi_test")
            })
          : Blockscout.layerInstance({
              ...clientOptions,
              baseUrl,
              apiKey: redacted(
                apiKey ?? (sim.options.requireInstanceApiKey === true ? (keys?.[0] ?? "instance_test") : undefined)
              ),
              secretKey: redacted(secretKey)
            })
      return layer.pipe(Layer.provide(layerHttpClient(sim)), Layer.provide(RateLimits.layerMemory), Layer.orDie)
    })
  )
  return Layer.provideMerge(blockscout, simulator)
}
