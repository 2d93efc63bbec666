/**
 * The client from configuration, in Effect's way: the layers' options read through `Config.schema` from the
 * same schemas (`Options.ts`), nested and flat alike: the option `retry.times` is the variable
 * `BLOCKSCOUT_RETRY_TIMES` (Effect's environment provider joins a path with `_`) or, from a JSON provider,
 * `{ BLOCKSCOUT: { RETRY: { TIMES } } }`. `config()` is the ready default (any prefix); `Blockscout.layerConfig`
 * takes it or a `Config.Wrap<BlockscoutConfig>` of the app's own (`{ chainId: Config.Int("CHAIN") }`).
 *
 * Which API: `family` when set; else `chainId` picks the Pro API (with `apiKey`) and `baseUrl` an explorer
 * instance. Both set without `family`, neither set, or the Pro API without a key fail the layer with one
 * message naming every way to fix it. Every value is checked as the option layers check theirs, and a failure
 * is a `ConfigError` naming the variable.
 *
 * | variable (default prefix `BLOCKSCOUT`) | option |
 * | --- | --- |
 * | `BLOCKSCOUT_FAMILY` | `pro` or `instance` (only needed when both of the next two are set) |
 * | `BLOCKSCOUT_CHAIN_ID` | the Pro API's chain (picks the Pro API) |
 * | `BLOCKSCOUT_BASE_URL` | an explorer instance's address (picks the instance), or the Pro API's base with `FAMILY=pro` |
 * | `BLOCKSCOUT_API_KEY`, `BLOCKSCOUT_SECRET_KEY` | keys, read as `Redacted` |
 * | `BLOCKSCOUT_API_KEY_IN` | `query` or `header` |
 * | `BLOCKSCOUT_TIMEOUT`, `BLOCKSCOUT_MAX_SERVER_WAIT` | durations (`30 seconds`) |
 * | `BLOCKSCOUT_RETRY_TIMES`, `BLOCKSCOUT_RETRY_BASE`, `BLOCKSCOUT_RETRY_MAX`; `BLOCKSCOUT_RETRY=false` | retries and backoff |
 * | `BLOCKSCOUT_RATE_LIMIT_REQUESTS_PER_SECOND`, `BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT`; `BLOCKSCOUT_RATE_LIMIT=false` | pacing (`0` none), the limiter off (`true` turns it back on over a programmatic `false`) |
 * | `BLOCKSCOUT_PAGE_SIZE`, `BLOCKSCOUT_MAX_RESPONSE_BYTES`, `BLOCKSCOUT_PREFETCH`, `BLOCKSCOUT_HTTP_CLIENT_SPANS` | paging, bodies and tracing |
 *
 * Deprecated names, still read (the name above wins when both are set): `BLOCKSCOUT_RETRIES` (`RETRY_TIMES`),
 * `BLOCKSCOUT_REQUESTS_PER_SECOND` and `BLOCKSCOUT_MAX_IN_FLIGHT` (under `RATE_LIMIT_`), `BLOCKSCOUT_PRO_BASE_URL`
 * (`BASE_URL`, used when the Pro API is chosen).
 *
 * Gotcha: an empty variable counts as unset (Effect's environment provider reads it so).
 *
 * @since 0.1.0
 */
import { Config, Effect, Result, Schema, SchemaIssue } from "effect"
import {
  type BlockscoutOptions,
  ClientOptions,
  decodeOptions,
  describeIssue,
  InstanceOptions,
  ProOptions,
  RateLimitOptions,
  RetryOptions
} from "./Options.ts"

/** `maxInFlight` -> `MAX_IN_FLIGHT`; a name already in CONSTANT_CASE stays as it is. */
const constantCase = (name: string) =>
  name === name.toUpperCase() ? name : name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()

// `onEvent` has no text form; `retry` and `rateLimit` are read as `false` (or `true`) and their fields.
const { onEvent: _onEvent, retry: _retry, rateLimit: _rateLimit, ...textFields } = ClientOptions.fields

/** The options configuration sets one value each: the family, its fields, and the client's. */
const leaves = {
  /** `pro` or `instance`: needed only when both `chainId` and `baseUrl` are set. */
  family: Schema.optional(Schema.Literals(["pro", "instance"]).annotate({ expected: "pro or instance" })),
  /** The Pro API's chain id (picks the Pro API). */
  chainId: Schema.optional(ProOptions.from.fields.chainId),
  /** An explorer instance's address (picks the instance), or the Pro API's base URL when `family` is `pro`. */
  baseUrl: Schema.optional(InstanceOptions.from.fields.baseUrl),
  /** The API key: required by the Pro API, optional on an instance. */
  apiKey: InstanceOptions.from.fields.apiKey,
  /** An instance's secret key (sent as `key`); not used by the Pro API. */
  secretKey: InstanceOptions.from.fields.secretKey,
  ...textFields
}

/** The options with fields of their own: a switch at their own name (`RETRY=false`), and the fields beneath. */
const groups = {
  retry: { switch: Schema.Literal(false).annotate({ expected: "false" }), fields: RetryOptions.fields },
  rateLimit: { switch: Schema.Boolean.annotate({ expected: "true or false" }), fields: RateLimitOptions.fields }
}

/** What configuration sets, in the layers' shape: every option but `onEvent`, each optional. */
const BlockscoutConfigSchema = Schema.Struct({
  ...leaves,
  /** Retries: `false`, or their fields (`RETRY_TIMES`, `RETRY_BASE`, `RETRY_MAX`). */
  retry: Schema.optional(Schema.Union([Schema.Literal(false), RetryOptions])),
  /** The limiter: `false` (off), `true` (on, over a programmatic `false`), or its fields. */
  rateLimit: Schema.optional(Schema.Union([Schema.Boolean, RateLimitOptions]))
})

/**
 * Every option `Blockscout.layerConfig` reads from configuration, in the layers' shape (`retry.times`); each
 * optional. Pass a `Config.Wrap<BlockscoutConfig>` (a record of `Config` values, or one `Config`) to read them
 * from the app's own names.
 *
 * @since 0.1.0
 * @category options
 */
export type BlockscoutConfig = typeof BlockscoutConfigSchema.Type

/**
 * The deprecated variables, by the option path each is the old name of: read when the new name is unset.
 * `PRO_BASE_URL` is the base URL only when the Pro API is chosen, as it always was.
 */
const aliases: Record<string, string> = {
  "retry.times": "RETRIES",
  "rateLimit.requestsPerSecond": "REQUESTS_PER_SECOND",
  "rateLimit.maxInFlight": "MAX_IN_FLIGHT",
  baseUrl: "PRO_BASE_URL"
}

/** A `ConfigError` saying `message`, as Effect's own checks say theirs (the layers' too, so not re-exported by the package). */
export const configError = (message: string): Config.ConfigError =>
  new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.InvalidValue({ message })))

/** How an option is named in messages, by its path: `retry.times`, or `BLOCKSCOUT_RETRY_TIMES`. */
export type Label = (path: ReadonlyArray<PropertyKey>) => string

/** `base` with `patch`'s fields over it; `false` or `true` (`{}` over a `false`) where `patch` says so. */
const merge = <A extends object>(base: A | false | undefined, patch: A | boolean | undefined): A | false | undefined =>
  patch === undefined
    ? base
    : patch === false
      ? false
      : patch === true
        ? base === false
          ? ({} as A)
          : base
        : ({ ...(base === false ? {} : base), ...patch } as A)

/**
 * The options of one layer from configured values and programmatic options (values that are set win): the
 * family chosen from what is set (one message naming every fix when nothing, or both, is set), programmatic
 * options merged under the configured values, then every value checked by decoding with `BlockscoutOptions`,
 * named by `label` (`Blockscout.layerConfig` uses it too; not re-exported by the package).
 */
export const fromConfig = (
  values: BlockscoutConfig,
  options: ClientOptions,
  label: Label
): Result.Result<BlockscoutOptions, string> => {
  const { chainId, baseUrl, apiKey } = values
  const name = (option: string) => label([option])
  const proSetup = `${name("chainId")} and ${name("apiKey")} for the Pro API (${name("baseUrl")} optional, with ${name("family")} pro)`
  const instanceSetup = `${name("baseUrl")} for one explorer instance (${name("apiKey")}, ${name("secretKey")} optional)`
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
        ? `both ${name("baseUrl")} (one explorer instance) and ${name("chainId")} (the Pro API) are set: unset one, or set ${name("family")} to pro or instance`
        : `no Blockscout API configured: set ${proSetup}, or ${instanceSetup}; an empty value counts as unset`
    )
  }
  if (family === "pro" && chainId === undefined) return Result.fail(`${name("family")} is pro: set ${proSetup}`)
  if (family === "pro" && apiKey === undefined) {
    return Result.fail(
      `the Pro API (${name("chainId")}) needs a key: set ${name("apiKey")}, or set ${name("baseUrl")} instead of ${name("chainId")} for one explorer instance`
    )
  }
  if (family === "instance" && baseUrl === undefined) {
    return Result.fail(`${name("family")} is instance: set ${instanceSetup}`)
  }
  const client: Record<string, unknown> = { ...options }
  for (const option of Object.keys(textFields) as ReadonlyArray<keyof typeof textFields>) {
    if (values[option] !== undefined) client[option] = values[option]
  }
  client.retry = merge(options.retry, values.retry)
  client.rateLimit = merge(options.rateLimit, values.rateLimit)
  const made = (
    family === "pro"
      ? { ...client, family, chainId, apiKey, baseUrl }
      : { ...client, family, baseUrl, apiKey, secretKey: values.secretKey }
  ) as BlockscoutOptions
  const checked = decodeOptions(made, label)
  return Result.isFailure(checked) ? Result.fail(checked.failure.reason.message) : Result.succeed(made)
}

/**
 * Values set outside configuration, such as a command line's flags, for `config(prefix, overlay)`: each one set
 * wins over the configured value (field by field in `retry` and `rateLimit`), and the one check that chooses the
 * family and checks every value names each value where it came from.
 *
 * Gotcha: the API's address is one unit: an overlay that sets `family`, `chainId` or `baseUrl` replaces all
 * three (and `PRO_BASE_URL`), so a configured instance address never becomes the base of a chain given here.
 *
 * @since 0.1.0
 * @category configuration
 */
export interface ConfigOverlay {
  /** The values that win; `undefined` fields are not set. */
  readonly values: BlockscoutConfig
  /**
   * What sets each option here, by its path (`chainId: "--chain"`, `"retry.times": "--retries"`): a value set
   * here is named so in messages, an unset one by both names (`--chain or BLOCKSCOUT_CHAIN_ID`).
   */
  readonly names?: Readonly<Record<string, string>> | undefined
}

/**
 * The configuration `Blockscout.layerConfig()` reads: every `BlockscoutConfig` option under `prefix`, named by
 * its path in CONSTANT_CASE (`BLOCKSCOUT_CHAIN_ID`, `BLOCKSCOUT_RETRY_TIMES`, ... with the default
 * `"BLOCKSCOUT"`; `Config.nested(prefix)`, so a JSON provider reads `{ BLOCKSCOUT: { RETRY: { TIMES } } }`), and
 * the deprecated names of the module doc. The family is chosen and every value checked as it is read: a failure
 * is a `ConfigError` naming the variables to set. `overlay` (a command line's flags, say) sets values over the
 * configured ones, named in messages by its own names (`ConfigOverlay`).
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
export const config = (prefix = "BLOCKSCOUT", overlay?: ConfigOverlay): Config.Config<BlockscoutConfig> => {
  const at = prefix === "" ? [] : [prefix]
  const variable: Label = (path) => [...at, ...path.map((segment) => constantCase(String(segment)))].join("_")
  // Each option is read at its own path, one value each: Effect's environment provider finds
  // `BLOCKSCOUT_RATE_LIMIT_MAX_IN_FLIGHT` at ["BLOCKSCOUT", "RATE_LIMIT", "MAX_IN_FLIGHT"] (it joins with `_`) but
  // no record at ["BLOCKSCOUT", "RATE_LIMIT"] (its index splits names at every `_`), and a JSON provider finds
  // `{ RATE_LIMIT: { MAX_IN_FLIGHT } }` at the same path. A value failing its schema names its variable (the
  // provider's path, an outer `Config.nested` included).
  const read = (field: Schema.Constraint, path: ReadonlyArray<string>): Config.Config<unknown> =>
    Config.schema(("schema" in field ? field.schema : field) as Schema.ConstraintCodec<unknown, unknown>, [
      ...at,
      ...path.map(constantCase)
    ]).pipe(
      Config.orElse(({ cause }) =>
        Config.fail(
          cause instanceof Schema.SchemaError
            ? configError(describeIssue(cause.issue, (p) => p.map((s) => constantCase(String(s))).join("_")).message)
                .cause
            : cause
        )
      )
    )
  // An option with a deprecated name reads it too; the new name wins (`PRO_BASE_URL`: see below).
  const option = (field: Schema.Constraint, path: ReadonlyArray<string>) => {
    const old = path.join(".") === "baseUrl" ? undefined : aliases[path.join(".")]
    return old === undefined
      ? read(field, path)
      : Config.all([read(field, path), read(field, [old])]).pipe(Config.map(([now, before]) => now ?? before))
  }
  const defined = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
  const record = (fields: Schema.Struct.Fields, under: ReadonlyArray<string>) =>
    Config.all(Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, option(f, [...under, n])]))).pipe(
      Config.map(defined)
    )
  // `false` wins over the fields; `true` alone turns the limiter back on.
  const group = (name: keyof typeof groups) =>
    Config.all([read(Schema.UndefinedOr(groups[name].switch), [name]), record(groups[name].fields, [name])]).pipe(
      Config.map(([on, set]) => (on === false ? false : Object.keys(set).length > 0 ? set : on))
    )
  return Config.all({
    values: record(leaves, []),
    nested: Config.all({ retry: group("retry"), rateLimit: group("rateLimit") }).pipe(Config.map(defined)),
    proBaseUrl: read(leaves.baseUrl, [aliases.baseUrl!])
  }).pipe(
    Config.mapEffect(({ values, nested, proBaseUrl }) => {
      const configured: Record<string, unknown> = { ...values, ...nested }
      const given: Record<string, unknown> = overlay?.values ?? {}
      const names = overlay?.names ?? {}
      // The API's address is one unit: given a family, chain or base URL, the configured ones are not read.
      const addressGiven = given.family !== undefined || given.chainId !== undefined || given.baseUrl !== undefined
      if (addressGiven) for (const field of ["family", "chainId", "baseUrl"]) delete configured[field]
      // The old Pro base URL: only for the Pro API (chosen by `FAMILY`, or a chain id alone), under `BASE_URL`.
      const old =
        !addressGiven &&
        proBaseUrl !== undefined &&
        configured.baseUrl === undefined &&
        (configured.family ?? (configured.chainId === undefined ? undefined : "pro")) === "pro"
      if (old) Object.assign(configured, { baseUrl: proBaseUrl, family: "pro" })
      const resolved: Record<string, unknown> = { ...configured }
      for (const [field, value] of Object.entries(given)) {
        if (value === undefined) continue
        resolved[field] =
          field === "retry" || field === "rateLimit" ? merge(configured[field] as object, value as object) : value
      }
      const isSet = (from: Record<string, unknown>, path: ReadonlyArray<PropertyKey>) =>
        path.reduce<unknown>(
          (node, key) => (typeof node === "object" && node !== null ? (node as never)[key] : undefined),
          from
        ) !== undefined
      // Each value named where it came from; an unset one by every name that sets it.
      const label: Label = (path) => {
        const name = names[path.join(".")]
        if (name !== undefined && isSet(given, path)) return name
        if (old && path.join(".") === "baseUrl") return variable([aliases.baseUrl!])
        return name === undefined || isSet(configured, path) ? variable(path) : `${name} or ${variable(path)}`
      }
      const checked = fromConfig(resolved as BlockscoutConfig, {}, label)
      return Result.isFailure(checked)
        ? Effect.fail(configError(checked.failure))
        : Effect.succeed({ ...resolved, family: checked.success.family } as BlockscoutConfig)
    })
  )
}
