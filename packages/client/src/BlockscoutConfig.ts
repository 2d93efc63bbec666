/**
 * The client from configuration, in Effect's way: every option of the layers as a `Config` value
 * (`BlockscoutConfig`), a ready default reading `BLOCKSCOUT_*` (`config()`, any prefix), and the choice of the
 * API family from what is set. `Blockscout.layerConfig` takes either a `Config.Wrap<BlockscoutConfig>` of
 * the app's own (`{ chainId: Config.Int("CHAIN"), apiKey: Config.Redacted("KEY") }`) or this default.
 *
 * Which API: `family` when set; else `chainId` picks the Pro API (with `apiKey`) and `baseUrl` an explorer
 * instance. Both set without `family`, neither set, or the Pro API without a key fail the layer with one
 * message naming every way to fix it. Every value is then checked as the option layers check theirs.
 *
 * | variable (default prefix `BLOCKSCOUT`) | option |
 * | --- | --- |
 * | `BLOCKSCOUT_FAMILY` | `pro` or `instance` (only needed when both of the next two are set) |
 * | `BLOCKSCOUT_CHAIN_ID` | the Pro API's chain (picks the Pro API) |
 * | `BLOCKSCOUT_BASE_URL` | an explorer instance's address (picks the instance) |
 * | `BLOCKSCOUT_PRO_BASE_URL` | the Pro API's base (default `https://api.blockscout.com`) |
 * | `BLOCKSCOUT_API_KEY`, `BLOCKSCOUT_SECRET_KEY` | keys, read as `Redacted` |
 * | `BLOCKSCOUT_API_KEY_IN` | `query` or `header` |
 * | `BLOCKSCOUT_TIMEOUT`, `BLOCKSCOUT_MAX_SERVER_WAIT` | durations (`30 seconds`) |
 * | `BLOCKSCOUT_RETRIES`, `BLOCKSCOUT_RETRY_BASE`, `BLOCKSCOUT_RETRY_MAX` | retries (`0` none) and backoff |
 * | `BLOCKSCOUT_REQUESTS_PER_SECOND`, `BLOCKSCOUT_RATE_LIMIT` | pacing (`0` none); `false` turns limiting off |
 * | `BLOCKSCOUT_PAGE_SIZE`, `BLOCKSCOUT_PREFETCH`, `BLOCKSCOUT_HTTP_CLIENT_SPANS` | paging and tracing |
 *
 * Gotcha: an empty variable counts as unset (Effect's environment provider reads it so).
 *
 * @since 0.1.0
 */
import { Config, type Duration, Effect, Option, type Redacted, Result, Schema, SchemaIssue } from "effect"
import type { Family } from "./endpoints.ts"
import { checkOptions, type Label } from "./internal/options.ts"
import type { ApiKeyPlacement, BlockscoutOptions, ClientOptions } from "./Options.ts"

/**
 * Every option `Blockscout.layerConfig` reads from configuration; each optional. Pass a
 * `Config.Wrap<BlockscoutConfig>` (a record of `Config` values, or one `Config`) to read them from the app's
 * own names.
 *
 * @since 0.1.0
 * @category options
 */
export interface BlockscoutConfig {
  /** `pro` or `instance`: needed only when both `chainId` and `baseUrl` are set. */
  readonly family?: Family | undefined
  /** The Pro API's chain id (picks the Pro API). */
  readonly chainId?: number | undefined
  /** An explorer instance's address, with or without `/api/v2` (picks the instance). */
  readonly baseUrl?: string | undefined
  /** The Pro API's base URL (default `https://api.blockscout.com`). */
  readonly proBaseUrl?: string | undefined
  /** The API key: required by the Pro API, optional on an instance. */
  readonly apiKey?: Redacted.Redacted<string> | undefined
  /** An instance's secret key (sent as `key`); not used by the Pro API. */
  readonly secretKey?: Redacted.Redacted<string> | undefined
  /** Where the API key goes. */
  readonly apiKeyIn?: ApiKeyPlacement | undefined
  /** Per-request timeout. */
  readonly timeout?: Duration.Duration | undefined
  /** Longest wait a server may impose. */
  readonly maxServerWait?: Duration.Duration | undefined
  /** Retries of retryable failures (`0`: none). */
  readonly retries?: number | undefined
  /** Backoff before the first retry. */
  readonly retryBase?: Duration.Duration | undefined
  /** Longest backoff. */
  readonly retryMax?: Duration.Duration | undefined
  /** Pace for a server that announces no rate limit (`0`: none); an announced limit is always followed. */
  readonly requestsPerSecond?: number | undefined
  /** At most this many requests of the client in flight at once. */
  readonly maxInFlight?: number | undefined
  /** `false` turns the rate limiter off (nothing paced, the server's budget not followed). */
  readonly rateLimit?: boolean | undefined
  /** Items per page (`items_count`). */
  readonly pageSize?: number | undefined
  /** Whether streams request the next page ahead. */
  readonly prefetch?: boolean | undefined
  /** Also record Effect's HTTP client spans. */
  readonly httpClientSpans?: boolean | undefined
}

/** A `ConfigError` saying `message`, as Effect's own checks say theirs (the layers' too, so not re-exported by the package). */
export const configError = (message: string): Config.ConfigError =>
  new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.InvalidValue({ message })))

/**
 * The options of one layer from configured values and programmatic options (values that are set win):
 * the family chosen from what is set (one message naming every fix when nothing, or both, is set),
 * programmatic options merged under the configured values, then every value checked as the option layers check
 * theirs, named as the configuration names it (`Blockscout.layerConfig` uses it too; not re-exported by the package). `label` names an option in messages.
 */
export const fromConfig = (
  values: BlockscoutConfig,
  options: ClientOptions,
  label: (option: keyof BlockscoutConfig) => string
): Result.Result<BlockscoutOptions, string> => {
  const { chainId, baseUrl, apiKey } = values
  const proSetup = `${label("chainId")} and ${label("apiKey")} for the Pro API (${label("proBaseUrl")} optional)`
  const instanceSetup = `${label("baseUrl")} for one explorer instance (${label("apiKey")}, ${label("secretKey")} optional)`
  const family =
    values.family ??
    (chainId !== undefined && baseUrl !== undefined
      ? undefined
      : chainId !== undefined
        ? "pro"
        : baseUrl !== undefined
          ? "instance"
          : undefined)
  if (family === undefined) {
    return Result.fail(
      chainId !== undefined
        ? `both ${label("baseUrl")} (one explorer instance) and ${label("chainId")} (the Pro API) are set: unset one, or set ${label("family")} to pro or instance`
        : `no Blockscout API configured: set ${proSetup}, or ${instanceSetup}; an empty value counts as unset`
    )
  }
  if (family === "pro" && chainId === undefined) return Result.fail(`${label("family")} is pro: set ${proSetup}`)
  if (family === "pro" && apiKey === undefined) {
    return Result.fail(
      `the Pro API (${label("chainId")}) needs a key: set ${label("apiKey")}, or set ${label("baseUrl")} instead of ${label("chainId")} for one explorer instance`
    )
  }
  if (family === "instance" && baseUrl === undefined) {
    return Result.fail(`${label("family")} is instance: set ${instanceSetup}`)
  }
  const retryValues = {
    ...(values.retries === undefined ? {} : { times: values.retries }),
    ...(values.retryBase === undefined ? {} : { base: values.retryBase }),
    ...(values.retryMax === undefined ? {} : { max: values.retryMax })
  }
  const retry: ClientOptions["retry"] =
    values.retries === 0
      ? false
      : Object.keys(retryValues).length === 0
        ? options.retry
        : { ...(options.retry === false ? {} : options.retry), ...retryValues }
  const limiterValues = {
    ...(values.requestsPerSecond === undefined ? {} : { requestsPerSecond: values.requestsPerSecond }),
    ...(values.maxInFlight === undefined ? {} : { maxInFlight: values.maxInFlight })
  }
  const rateLimit: ClientOptions["rateLimit"] =
    values.rateLimit === false
      ? false
      : Object.keys(limiterValues).length > 0
        ? { ...(options.rateLimit === false ? {} : options.rateLimit), ...limiterValues }
        : values.rateLimit === true && options.rateLimit === false
          ? {}
          : options.rateLimit
  const client: ClientOptions = {
    ...options,
    ...(values.apiKeyIn === undefined ? {} : { apiKeyIn: values.apiKeyIn }),
    ...(values.timeout === undefined ? {} : { timeout: values.timeout }),
    ...(values.maxServerWait === undefined ? {} : { maxServerWait: values.maxServerWait }),
    ...(values.pageSize === undefined ? {} : { pageSize: values.pageSize }),
    ...(values.prefetch === undefined ? {} : { prefetch: values.prefetch }),
    ...(values.httpClientSpans === undefined ? {} : { httpClientSpans: values.httpClientSpans }),
    retry,
    rateLimit
  }
  const made: BlockscoutOptions =
    family === "pro"
      ? {
          ...client,
          family,
          chainId: chainId as number,
          apiKey: apiKey as Redacted.Redacted<string>,
          baseUrl: values.proBaseUrl
        }
      : { ...client, family, baseUrl: baseUrl as string, apiKey, secretKey: values.secretKey }
  // The base URL option is `proBaseUrl` for the Pro API and `baseUrl` for an instance.
  const optionLabel: Label = (option) =>
    option === "baseUrl"
      ? label(family === "pro" ? "proBaseUrl" : "baseUrl")
      : label(
          ((
            {
              "retry.times": "retries",
              "retry.base": "retryBase",
              "retry.max": "retryMax",
              "rateLimit.requestsPerSecond": "requestsPerSecond",
              "rateLimit.maxInFlight": "maxInFlight"
            } as Record<string, keyof BlockscoutConfig>
          )[option] ?? option) as keyof BlockscoutConfig
        )
  const checked = checkOptions(made, optionLabel)
  return Result.isFailure(checked) ? Result.fail(checked.failure.reason.message) : Result.succeed(made)
}

/** `chainId` -> `CHAIN_ID`. */
const constantCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()

/** How each option is read from configuration. */
const readers: { readonly [K in keyof BlockscoutConfig]-?: (name: string) => Config.Config<BlockscoutConfig[K]> } = {
  family: (name) => Config.Literals(["pro", "instance"], name),
  chainId: Config.Int,
  baseUrl: Config.String,
  proBaseUrl: Config.String,
  apiKey: Config.Redacted,
  secretKey: Config.Redacted,
  apiKeyIn: (name) => Config.Literals(["query", "header"], name),
  timeout: Config.Duration,
  maxServerWait: Config.Duration,
  retries: Config.Int,
  retryBase: Config.Duration,
  retryMax: Config.Duration,
  requestsPerSecond: Config.Number,
  maxInFlight: Config.Int,
  rateLimit: Config.Boolean,
  pageSize: Config.Int,
  prefetch: Config.Boolean,
  httpClientSpans: Config.Boolean
}

/**
 * The configuration `Blockscout.layerConfig()` reads: every `BlockscoutConfig` option under `prefix`
 * (`BLOCKSCOUT_CHAIN_ID`, `BLOCKSCOUT_BASE_URL`, ... with the default `"BLOCKSCOUT"`; `Config.nested(prefix)`,
 * so a JSON provider reads `{ BLOCKSCOUT: { CHAIN_ID } }`). The family is chosen and every value checked as
 * it is read: a failure is a `ConfigError` naming the variables to set.
 *
 * @example
 * ```ts
 * import { Blockscout } from "@blockscout-effect/client"
 * import { FetchHttpClient } from "effect/http"
 * import { Layer } from "effect"
 *
 * // ETH_CHAIN_ID, ETH_API_KEY, ...: the same options under another prefix.
 * export const EthereumLive = Blockscout.layerConfig(Blockscout.config("ETH")).pipe(Layer.provide(FetchHttpClient.layer))
 * ```
 *
 * @since 0.1.0
 * @category configuration
 */
export const config = (prefix = "BLOCKSCOUT"): Config.Config<BlockscoutConfig> => {
  const name = (option: keyof BlockscoutConfig) =>
    prefix === "" ? constantCase(option) : `${prefix}_${constantCase(option)}`
  const optional = (key: keyof BlockscoutConfig) =>
    Config.option((readers[key] as (name: string) => Config.Config<unknown>)(constantCase(key))).pipe(
      Config.map(Option.getOrUndefined)
    )
  const all = Config.all(
    Object.fromEntries(Object.keys(readers).map((key) => [key, optional(key as keyof BlockscoutConfig)]))
  )
  return (prefix === "" ? all : all.pipe(Config.nested(prefix))).pipe(
    Config.map((values) => values as BlockscoutConfig),
    Config.mapEffect((values) => {
      const checked = fromConfig(values, {}, name)
      return Result.isFailure(checked) ? Effect.fail(configError(checked.failure)) : Effect.succeed(values)
    })
  )
}
