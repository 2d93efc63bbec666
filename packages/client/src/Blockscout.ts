/**
 * The `Blockscout` service: every endpoint of Blockscout's explorer API v2 in the endpoints table, as one
 * page (`list*`), every item (`stream*`), every page with its cursor (`stream*Pages`), or one item (`get*`).
 *
 * Provide one of its layers (`layerPro`, `layerInstance`, `layerConfig`) and an `HttpClient` layer (e.g.
 * `FetchHttpClient.layer`), or build the service yourself with `Blockscout.make`. The methods are derived
 * from the `endpoints` table (`Methods.ts` has the naming rule, `BlockscoutMethods.ts` the generated types
 * with each method's docs); every option is checked when the layer is built.
 *
 * @since 0.1.0
 */
import { Config, Context, Effect, Layer, Result, type Stream } from "effect"
import { HttpClient } from "effect/http"
import { BlockscoutError, type CallReason, InvalidArgument, type StreamReason } from "./BlockscoutError.ts"
import * as BlockscoutConfig from "./BlockscoutConfig.ts"
import type { BlockscoutMethods } from "./BlockscoutMethods.ts"
import { type EndpointItem, endpoints, type Family } from "./endpoints.ts"
import type { FollowMethods } from "./Follow.ts"
import type { HistoryMethods } from "./History.ts"
import type { AddressHistoryEstimate, HistoryEstimateOptions } from "./HistoryEstimate.ts"
import { RateLimitRegistry, type Registry } from "./internal/limiter/registry.ts"
import { toContext } from "./internal/context.ts"
import { estimateHistory } from "./internal/history/estimate.ts"
import { makeFollow } from "./internal/follow/methods.ts"
import { makeHistory } from "./internal/history/methods.ts"
import { makeMethods } from "./internal/methods.ts"
import { makePaths } from "./internal/path.ts"
import { announcedRate } from "./internal/observed.ts"
import { estimateOf } from "./internal/partition/estimate.ts"
import { publicUrl } from "./internal/redact.ts"
import type { ItemName, ListName } from "./Methods.ts"
import {
  type BlockscoutOptions,
  type Checked,
  type ClientOptions,
  decodeOptions,
  type InstanceOptions,
  type ProOptions
} from "./Options.ts"
import type { EndpointArgs, Page, PageWithCursor } from "./Parameters.ts"
import type { PathMethods } from "./Path.ts"
import { type EstimateOptions, fromCounters } from "./CountSources.ts"
import type { HistoryEstimate, ServerBudget } from "./Partition.ts"

/**
 * Where a `Blockscout` service sends its requests, credential-free (no key, no userinfo): for tools that
 * print what they talk to, key caches by server, or build links.
 *
 * @since 0.1.0
 * @category models
 */
export interface BlockscoutTarget {
  readonly family: Family
  /** The base URL the layer was given, normalised (no `/api/v2`, no trailing slash). */
  readonly baseUrl: string
  /** The Pro API chain id; `undefined` for an instance. */
  readonly chainId: number | undefined
  /** The API root every path is appended to: `{baseUrl}/{chainId}/api/v2` (Pro) or `{baseUrl}/api/v2`. */
  readonly apiUrl: string
}

/** The rows `page` / `pages` / `stream` take, and those `get` takes. */
type Lists = ListName<typeof endpoints>
type Items = ItemName<typeof endpoints>

/**
 * What the service offers: the table's methods (`BlockscoutMethods`), any row by name, where it sends its
 * requests, and the same client on another chain.
 *
 * @since 0.1.0
 * @category models
 */
export interface BlockscoutShape extends BlockscoutMethods, HistoryMethods, FollowMethods, PathMethods {
  /** Which API family this client talks to (also `target.family`). */
  readonly family: Family
  /** The Pro API chain id; `undefined` for an instance (also `target.chainId`). */
  readonly chainId: number | undefined
  /** Where this client sends its requests, without credentials: safe to print or log. */
  readonly target: BlockscoutTarget
  /**
   * One page of any paged (or bare-array) row, by name, for tools that derive commands from `endpoints`.
   * Arguments are the row's path parameters and filters by name (lists as arrays or comma-separated),
   * `cursor` and `pageSize`, checked at run time.
   */
  readonly page: <N extends Lists>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<Page<EndpointItem<N>>, BlockscoutError<CallReason>>
  /** Every page of any paged row, by name, each with the cursor it was fetched with. */
  readonly pages: <N extends Lists>(
    name: N,
    args?: EndpointArgs
  ) => Stream.Stream<PageWithCursor<EndpointItem<N>>, BlockscoutError<StreamReason>>
  /** Every item of any paged row, by name. */
  readonly stream: <N extends Lists>(
    name: N,
    args?: EndpointArgs
  ) => Stream.Stream<EndpointItem<N>, BlockscoutError<StreamReason>>
  /** The one item of a single-item row, by name (`NotFound` when the server has none). */
  readonly get: <N extends Items>(
    name: N,
    args?: EndpointArgs
  ) => Effect.Effect<EndpointItem<N>, BlockscoutError<CallReason>>
  /**
   * The same Pro API client on another chain: the same key, options and HTTP client, and the same rate
   * limiter (a Pro key's limit is shared by every chain). Fails with `InvalidArgument` on an instance (it
   * serves one chain) or for a chain id that is not a positive integer.
   */
  readonly forChain: (chainId: number) => Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>>
  /**
   * A dry run of the history `args` asks for (its `partition` span, or all of it): items, calls, credits and
   * time, and the `range` they may turn out in, before anything is streamed. Costs the server's counter where
   * one describes the request (an address's, a token's, an NFT instance's, a block's or the chain's:
   * `CountSources.counterRules`, `counterFor`; `options.count` replaces them) and the span's first page, else windows sampled across the span (`options.samples`; about a quarter of a short run's
   * requests); a row whose items carry no block or index, and no counter describes, cannot be estimated
   * (`InvalidArgument`).
   */
  readonly estimate: <N extends Lists>(
    name: N,
    args?: EndpointArgs,
    options?: EstimateOptions
  ) => Effect.Effect<HistoryEstimate, BlockscoutError<CallReason>>
  /**
   * A dry run of an address's history (`streamAddressHistory` with the same options): items, calls, credits and
   * time, list by list, and the `range` they may turn out in, before anything is streamed. Costs the address's
   * counters (whole histories of transactions or token transfers, unless `options.count` says otherwise) and
   * the lists' pages: all of them when that is about as cheap as sampling (everything counted), else pages
   * spread over the blocks, about a quarter of the run's calls at most (`options.samples`).
   */
  readonly estimateAddressHistory: (
    address: string,
    options?: HistoryEstimateOptions
  ) => Effect.Effect<AddressHistoryEstimate, BlockscoutError<CallReason>>
  /**
   * What the server has announced so far (its request rate, the key's credits left, its answer time), read
   * from this client's responses: for progress displays and budgets. Nothing before the first response.
   */
  readonly budget: Effect.Effect<ServerBudget>
}

/**
 * The service over checked options, an HTTP client and a limiter registry: the table's methods over a client
 * context, where it sends its requests, and the same client on another chain (the same HTTP client and limiter
 * registry, so the same key's limiter).
 */
const build = (http: HttpClient.HttpClient, registry: Registry, checked: Checked): BlockscoutShape => {
  const { target, options } = checked
  const ctx = toContext(http, registry, target, options)
  const forChain = (chainId: number): Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>> =>
    target.family === "pro"
      ? Effect.map(
          Effect.fromResult(
            decodeOptions({ ...options, family: "pro", chainId, baseUrl: target.baseUrl } as BlockscoutOptions)
          ),
          (next) => build(http, registry, next)
        )
      : Effect.fail(
          new BlockscoutError({
            reason: new InvalidArgument({
              endpoint: "",
              url: "",
              argument: "chainId",
              message: "forChain needs the Pro API: an explorer instance serves one chain"
            })
          })
        )
  const { page, pages, stream, get, ...methods } = makeMethods<BlockscoutMethods, typeof endpoints>(endpoints, ctx)
  // The by-name calls are `ByName<typeof endpoints>`: the same types, written with `EndpointItem` for hovers.
  const byName = { page, pages, stream, get } as Pick<BlockscoutShape, "page" | "pages" | "stream" | "get">
  const history = makeHistory({ page, pages, stream, get }, ctx, ctx.publicBase, {
    "blockscout.family": ctx.family,
    ...(ctx.chainId === undefined ? {} : { "blockscout.chain_id": ctx.chainId })
  })
  return {
    ...methods,
    ...history,
    ...makeFollow(
      endpoints,
      { ...byName, streamAddressHistory: history.streamAddressHistory },
      ctx.publicBase,
      target.chainId,
      ctx
    ),
    ...byName,
    ...makePaths(ctx),
    family: target.family,
    chainId: target.chainId,
    target: {
      family: target.family,
      baseUrl: publicUrl(target.baseUrl),
      chainId: target.chainId,
      apiUrl: ctx.publicBase
    },
    forChain,
    estimate: estimateOf(endpoints, ctx, () => fromCounters(byName)),
    estimateAddressHistory: estimateHistory(endpoints, ctx, () => fromCounters(byName)),
    budget: Effect.sync(() => ({
      requestsPerSecond: announcedRate(ctx.observed),
      creditsRemaining: ctx.observed.creditsRemaining,
      latencyMillis: ctx.observed.latencyMillis
    }))
  }
}

/**
 * The Blockscout explorer API v2 client. See `BlockscoutShape` for what it offers, and the layers below for
 * how to get one.
 *
 * @example
 * ```ts
 * import { Effect, Stream } from "effect"
 * import { Blockscout } from "@blockscout-effect/client"
 *
 * export const program = Effect.gen(function* () {
 *   const bs = yield* Blockscout
 *   const page = yield* bs.listTransactions({ filter: "validated" })
 *   const count = yield* Stream.runCount(bs.streamWithdrawals().pipe(Stream.take(500)))
 *   return { first: page.items.length, withdrawals: count }
 * })
 * ```
 *
 * @since 0.1.0
 * @category services
 */
export class Blockscout extends Context.Service<Blockscout, BlockscoutShape>()("@blockscout-effect/client/Blockscout") {
  /**
   * Builds the service from options, for custom wiring (several clients in one layer, a client per tenant):
   * the layers below are `Layer.effect(Blockscout, Blockscout.make(...))`. Fails with `InvalidArgument` when
   * an option fails its check; nothing is sent.
   *
   * @example
   * ```ts
   * import { Effect, Redacted } from "effect"
   * import { Blockscout } from "@blockscout-effect/client"
   *
   * export const twoClients = Effect.gen(function* () {
   *   const pro = yield* Blockscout.make({ family: "pro", chainId: 1, apiKey: Redacted.make("proapi_...") })
   *   const gnosis = yield* Blockscout.make({ family: "instance", baseUrl: "https://gnosis.blockscout.com" })
   *   return [pro.target.apiUrl, gnosis.target.apiUrl]
   * })
   * ```
   *
   * @since 0.1.0
   * @category constructors
   */
  static readonly make = (
    options: BlockscoutOptions
  ): Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>, HttpClient.HttpClient> =>
    Effect.gen(function* () {
      const checked = yield* Effect.fromResult(decodeOptions(options))
      const http = yield* HttpClient.HttpClient
      const registry = yield* RateLimitRegistry
      return build(http, registry, checked)
    })

  /**
   * The Pro API: `{baseUrl}/{chainId}/api/v2` (`baseUrl` defaults to `https://api.blockscout.com`), the key
   * sent as `apikey` (or `Authorization: Bearer` with `apiKeyIn: "header"`). Fails to build with
   * `InvalidArgument` on a bad option (a chain id that is not a positive integer, an empty key, a base URL
   * with a query or credentials, ...).
   *
   * @example
   * ```ts
   * import { Effect, Layer, Redacted } from "effect"
   * import { FetchHttpClient } from "effect/http"
   * import { Blockscout } from "@blockscout-effect/client"
   *
   * export const EthereumLive = Blockscout.layerPro({ chainId: 1, apiKey: Redacted.make("proapi_...") }).pipe(
   *   Layer.provide(FetchHttpClient.layer)
   * )
   * export const latest = Blockscout.use((bs) => bs.listTransactions()).pipe(Effect.provide(EthereumLive))
   * ```
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerPro = (
    options: ProOptions
  ): Layer.Layer<Blockscout, BlockscoutError<InvalidArgument>, HttpClient.HttpClient> =>
    Layer.effect(Blockscout, Blockscout.make({ ...options, family: "pro" }))

  /**
   * One explorer instance: `{baseUrl}/api/v2`; `apiKey` optional (`apikey`, or `x-api-key` with
   * `apiKeyIn: "header"`), `secretKey` sent as `key`. Fails to build with `InvalidArgument` on a bad option.
   *
   * @example
   * ```ts
   * import { Layer } from "effect"
   * import { FetchHttpClient } from "effect/http"
   * import { Blockscout } from "@blockscout-effect/client"
   *
   * export const GnosisLive = Blockscout.layerInstance({ baseUrl: "https://gnosis.blockscout.com/api/v2" }).pipe(
   *   Layer.provide(FetchHttpClient.layer)
   * )
   * ```
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerInstance = (
    options: InstanceOptions
  ): Layer.Layer<Blockscout, BlockscoutError<InvalidArgument>, HttpClient.HttpClient> =>
    Layer.effect(Blockscout, Blockscout.make({ ...options, family: "instance" }))

  /**
   * The configuration `layerConfig()` reads by default: `BLOCKSCOUT_*`, each option named by its path
   * (`BLOCKSCOUT_RETRY_TIMES` for `retry.times`), or the same names under another prefix
   * (`Blockscout.config("ETH")` reads `ETH_CHAIN_ID`, ...). See `BlockscoutConfig.ts` for every variable and the
   * deprecated names still read. `config(prefix, overlay)` puts values from elsewhere (a command line's flags) over
   * the configured ones, each named in messages where it came from (`ConfigOverlay`).
   *
   * @since 0.1.0
   * @category configuration
   */
  static readonly config = BlockscoutConfig.config

  /**
   * From configuration: the app's own `Config` values for any option (`Config.Wrap<BlockscoutConfig>`, the
   * layers' shape: `retry: { times }`), or by default `BLOCKSCOUT_*` (`BLOCKSCOUT_RETRY_TIMES`). `chainId` (with
   * `apiKey`) picks the Pro API, `baseUrl` an instance (`family` decides when both are set); `options` carries
   * what configuration cannot (`onEvent`), and defaults that configured values override (field by field in
   * `retry` and `rateLimit`). Every value is checked by the options' schema when the layer is built: a failure
   * is a `ConfigError` naming what to set.
   *
   * @example
   * ```ts
   * import { Config, ConfigProvider, Effect, Layer } from "effect"
   * import { FetchHttpClient } from "effect/http"
   * import { Blockscout } from "@blockscout-effect/client"
   *
   * // The app's own names, one nested group, and a progress callback.
   * const ExplorerLive = Blockscout.layerConfig(
   *   Config.all({ baseUrl: Config.String("URL"), pageSize: Config.Int("PAGE_SIZE") }).pipe(Config.nested("EXPLORER")),
   *   { onEvent: (event) => Effect.logDebug(event._tag) }
   * ).pipe(Layer.provide(FetchHttpClient.layer))
   *
   * export const program = Blockscout.use((bs) => bs.listWithdrawals()).pipe(
   *   Effect.provide(ExplorerLive),
   *   Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: { EXPLORER_URL: "https://eth.blockscout.com" } })))
   * )
   * ```
   *
   * @since 0.1.0
   * @category layers
   */
  static readonly layerConfig = (
    config: Config.Wrap<BlockscoutConfig.BlockscoutConfig> = BlockscoutConfig.config(),
    options: ClientOptions = {}
  ): Layer.Layer<Blockscout, Config.ConfigError, HttpClient.HttpClient> =>
    Layer.effect(
      Blockscout,
      Effect.gen(function* () {
        const values = yield* Config.unwrap(config)
        const made = BlockscoutConfig.fromConfig(values, options, (path) => path.join("."))
        if (Result.isFailure(made)) return yield* Effect.fail(BlockscoutConfig.configError(made.failure))
        return yield* Blockscout.make(made.success).pipe(
          Effect.mapError((error) => BlockscoutConfig.configError(error.reason.message))
        )
      })
    )

  /**
   * The service in context on another chain (`bs.forChain(chainId)`): one client per chain on one Pro key,
   * sharing the key's rate limiter.
   *
   * @example
   * ```ts
   * import { Effect, Stream } from "effect"
   * import { Blockscout } from "@blockscout-effect/client"
   *
   * // Ethereum and Base withdrawals at once, paced together by the one key's limit.
   * export const both = Effect.gen(function* () {
   *   const base = yield* Blockscout.forChain(8453)
   *   const ethereum = yield* Blockscout.forChain(1)
   *   return yield* Effect.all([Stream.runCount(ethereum.streamWithdrawals()), Stream.runCount(base.streamWithdrawals())], {
   *     concurrency: 2
   *   })
   * })
   * ```
   *
   * @since 0.1.0
   * @category constructors
   */
  static readonly forChain = (
    chainId: number
  ): Effect.Effect<BlockscoutShape, BlockscoutError<InvalidArgument>, Blockscout> =>
    Blockscout.use((bs) => bs.forChain(chainId))
}
