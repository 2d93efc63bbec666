/**
 * Which API the `blockscout` tool talks to, and with which client options: the client's own configuration
 * (`Blockscout.config()`, every `BLOCKSCOUT_*` variable `Blockscout.layerConfig` reads) with the flags over it.
 *
 * When to use: `clientLayer(input, settings, options, onEvent)` once per run, after the flags are checked. The
 * address is one unit: `--chain` (the Pro API, `--base-url` its base) or `--base-url` (an instance) replace the
 * configured family, chain and base URL; without them the variables choose. Keys (`--api-key`, `--secret-key`),
 * `--timeout`, `--retries` and `--requests-per-second` win over their variables one by one, and every other
 * option (`BLOCKSCOUT_PAGE_SIZE`, `BLOCKSCOUT_RETRY_BASE`, ...) comes from the environment. The client's one
 * check chooses the family and checks every value, naming each where it came from (`--base-url`,
 * `BLOCKSCOUT_CHAIN_ID`); its failure is a usage error (exit code 2) before anything is sent.
 *
 * Gotcha: the secrets in play are returned too, so every message the tool prints can be scrubbed of them.
 */
import { Blockscout, type BlockscoutConfig, type BlockscoutEvent, type ClientOptions } from "@blockscout-effect/client"
import { Config, Duration, Effect, Layer, Option, type Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { type CliExit, exitOnUsage } from "./Exit.ts"
import { type CommonInput, UsageError } from "./Flags.ts"
import type { Settings } from "./Settings.ts"

/** Options for building the tool; tests pass client options (no pacing, fast retries). */
export interface CliOptions {
  /** Client options under the flags' (retries, rate limit, timeouts); a flag given on the command line wins. */
  readonly client?: ClientOptions | undefined
}

/** The flag that sets each client option, by the option's path: how messages name a value a flag gave. */
const flagNames = {
  chainId: "--chain",
  baseUrl: "--base-url",
  apiKey: "--api-key",
  secretKey: "--secret-key",
  timeout: "--timeout",
  retry: "--retries",
  "retry.times": "--retries",
  "rateLimit.requestsPerSecond": "--requests-per-second"
}

/** The configuration the flags set: the address when `--chain` or `--base-url` is given, and each flag given. */
const flagValues = (input: CommonInput, settings: Settings): BlockscoutConfig => {
  const chainId = Option.getOrUndefined(input.chain)
  const baseUrl = Option.getOrUndefined(input.baseUrl)
  const { retries, timeoutSeconds, requestsPerSecond } = settings
  return {
    // `--chain` is the Pro API even with `--base-url` (then its base); `--base-url` alone is an instance.
    family: chainId !== undefined ? "pro" : baseUrl !== undefined ? "instance" : undefined,
    chainId,
    baseUrl,
    apiKey: Option.getOrUndefined(input.apiKey),
    secretKey: Option.getOrUndefined(input.secretKey),
    timeout: timeoutSeconds === undefined ? undefined : Duration.seconds(timeoutSeconds),
    retry: retries === undefined ? undefined : retries === 0 ? false : { times: retries },
    rateLimit: requestsPerSecond === undefined ? undefined : { requestsPerSecond }
  }
}

/** A configuration failure's own words: its cause's message (a `ConfigError`'s wraps it as `SchemaError(...)`). */
const messageOf = (error: Config.ConfigError): string => error.cause.message

/** How many retries the client makes (for "retry 2 of 5"): configured over the tool's options, else 5. */
const retriesOf = (values: BlockscoutConfig, options: CliOptions): number => {
  const under = options.client?.retry
  if (values.retry === false) return 0
  if (values.retry?.times !== undefined) return values.retry.times
  // Configured retry fields without `times` turn retries on over a programmatic `false`, at the default count.
  return values.retry === undefined && under === false ? 0 : ((under === false ? undefined : under?.times) ?? 5)
}

/**
 * The client layer for the flags over the environment, the secrets in play (to scrub from messages), and the
 * configured retries; `onEvent(retries)` announces the client's events. A setup the client's configuration
 * refuses is a `UsageError` saying why.
 */
export const clientLayer = (
  input: CommonInput,
  settings: Settings,
  options: CliOptions,
  onEvent: (retries: number) => (event: BlockscoutEvent) => Effect.Effect<void>
): Effect.Effect<
  {
    readonly layer: Layer.Layer<Blockscout, CliExit, HttpClient.HttpClient>
    readonly secrets: ReadonlyArray<Redacted.Redacted<string>>
  },
  UsageError
> =>
  Effect.gen(function* () {
    const values = yield* Blockscout.config("BLOCKSCOUT", {
      values: flagValues(input, settings),
      names: flagNames
    }).pipe(Effect.mapError((error) => new UsageError(messageOf(error))))
    const secrets = [values.apiKey, values.secretKey].filter((secret) => secret !== undefined)
    const announce = onEvent(retriesOf(values, options))
    const client = options.client ?? {}
    const layer = Blockscout.layerConfig(Config.succeed(values), {
      ...client,
      onEvent: (event) => Effect.andThen(announce(event), client.onEvent?.(event) ?? Effect.void)
    }).pipe(
      // Only the tool's own client options can fail here (the configuration was checked above): a usage error too.
      Layer.catchTag("ConfigError", (error) =>
        Layer.effect(Blockscout, Effect.fail(exitOnUsage(new UsageError(messageOf(error)))))
      )
    )
    return { layer, secrets }
  })
