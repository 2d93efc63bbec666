/**
 * From configured values to a layer's options: the API family chosen from what is set (one message naming
 * every fix when nothing, or both, is set), programmatic options merged under the configured values, then
 * every value checked as the option layers check theirs, named as the configuration names it.
 *
 * @internal
 */
import { Config, type Redacted, Result, Schema, SchemaIssue } from "effect"
import type { BlockscoutConfig } from "../BlockscoutConfig.ts"
import type { BlockscoutOptions, ClientOptions } from "../Options.ts"
import { checkOptions, type Label } from "./options.ts"

/** A `ConfigError` saying `message`, as Effect's own checks say theirs. */
export const configError = (message: string): Config.ConfigError =>
  new Config.ConfigError(new Schema.SchemaError(new SchemaIssue.InvalidValue({ message })))

/**
 * The options of one layer from configured values and programmatic options (values that are set win):
 * the family chosen (see the module doc), then every value checked. `label` names an option in messages.
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
