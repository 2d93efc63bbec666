/**
 * Which API the `blockscout` tool talks to: the flags first (`--chain`, `--base-url`, `--api-key`,
 * `--secret-key`), then the environment (`BLOCKSCOUT_*`, as `Blockscout.layerConfig` reads it).
 *
 * When to use: `clientLayer(input, options)` once per run, after the flags are checked. Every base URL, from a
 * flag or a variable, goes through the client's `BaseUrl.parse`, so a pasted `.../api/v2/` works and a query,
 * fragment, credentials or another scheme is refused before anything is sent, naming where it came from.
 *
 * Gotcha: the secrets it read are returned too, so every message the tool prints can be scrubbed of them.
 */
import { BaseUrl, Blockscout, type ClientOptions, type Family } from "@blockscout-effect/client"
import { Config, Effect, Option, type Redacted, Result } from "effect"
import { type CommonInput, usage } from "./Flags.ts"

const optionalSecret = (name: string) =>
  Config.option(Config.Redacted(name)).pipe(Effect.orElseSucceed(() => Option.none<Redacted.Redacted<string>>()))

const optionalString = (name: string) =>
  Config.option(Config.String(name)).pipe(Effect.orElseSucceed(() => Option.none<string>()))

const checkUrl = (source: string, text: string, family: Family) => {
  const parsed = BaseUrl.parse(text, { family })
  return Result.isFailure(parsed) ? usage(`${source}: ${parsed.failure.message}`) : Effect.succeed(parsed.success)
}

/** No API chosen by flags or environment. */
export const noApiMessage =
  "no API chosen: pass --chain (Pro API) or --base-url (an instance), or set " +
  "BLOCKSCOUT_CHAIN_ID with BLOCKSCOUT_API_KEY, or BLOCKSCOUT_BASE_URL"

/** The client layer for the flags and environment, and the secrets in play (to scrub from messages). */
export const clientLayer = (input: CommonInput, options: ClientOptions) =>
  Effect.gen(function* () {
    const key = Option.isSome(input.apiKey) ? input.apiKey : yield* optionalSecret("BLOCKSCOUT_API_KEY")
    const secret = Option.isSome(input.secretKey) ? input.secretKey : yield* optionalSecret("BLOCKSCOUT_SECRET_KEY")
    const secrets = [...Option.toArray(key), ...Option.toArray(secret)]
    const withKey = Option.isSome(key) ? { apiKey: key.value } : {}
    const withSecret = Option.isSome(secret) ? { secretKey: secret.value } : {}

    const pro = (chainId: number, baseUrl: string | undefined, source: string) =>
      Effect.gen(function* () {
        if (Option.isNone(key)) {
          return yield* usage(`the Pro API (${source}) needs a key: set BLOCKSCOUT_API_KEY or --api-key`)
        }
        return Blockscout.layerPro({ ...options, chainId, apiKey: key.value, ...(baseUrl ? { baseUrl } : {}) })
      })
    const instance = (baseUrl: string) => Blockscout.layerInstance({ ...options, baseUrl, ...withKey, ...withSecret })

    if (Option.isSome(input.chain)) {
      const chainId = input.chain.value
      if (Option.isNone(input.baseUrl)) return { secrets, layer: yield* pro(chainId, undefined, "--chain") }
      const url = yield* checkUrl("--base-url", input.baseUrl.value, "pro")
      if (url.chainId !== undefined && url.chainId !== chainId) {
        return yield* usage(`--base-url names chain ${url.chainId} but --chain is ${chainId}`)
      }
      return { secrets, layer: yield* pro(chainId, url.href, "--chain") }
    }
    if (Option.isSome(input.baseUrl)) {
      const url = yield* checkUrl("--base-url", input.baseUrl.value, "instance")
      return { secrets, layer: instance(url.href) }
    }
    // The environment, as Blockscout.layerConfig reads it (both set: BLOCKSCOUT_FAMILY decides), URLs checked.
    const envBase = yield* optionalString("BLOCKSCOUT_BASE_URL")
    const envChain = yield* optionalString("BLOCKSCOUT_CHAIN_ID")
    const envFamily = yield* optionalString("BLOCKSCOUT_FAMILY")
    if (Option.isSome(envBase) && Option.isSome(envChain) && Option.isNone(envFamily)) {
      return yield* usage(
        "both BLOCKSCOUT_BASE_URL (one explorer instance) and BLOCKSCOUT_CHAIN_ID (the Pro API) are set: " +
          "unset one, or set BLOCKSCOUT_FAMILY to pro or instance"
      )
    }
    const family = Option.getOrUndefined(envFamily)
    if (family !== undefined && family !== "pro" && family !== "instance") {
      return yield* usage(`BLOCKSCOUT_FAMILY ${JSON.stringify(family)}: must be pro or instance`)
    }
    if (Option.isSome(envBase) && family !== "pro") {
      const url = yield* checkUrl("BLOCKSCOUT_BASE_URL", envBase.value, "instance")
      return { secrets, layer: instance(url.href) }
    }
    if (Option.isSome(envChain) && family !== "instance") {
      const chainId = Number(envChain.value)
      if (!Number.isSafeInteger(chainId) || chainId < 1) {
        return yield* usage(`BLOCKSCOUT_CHAIN_ID ${JSON.stringify(envChain.value)}: must be a positive chain id`)
      }
      // The Pro API's base: BLOCKSCOUT_BASE_URL with BLOCKSCOUT_FAMILY=pro, else the deprecated
      // BLOCKSCOUT_PRO_BASE_URL (still read, as layerConfig reads it).
      const [baseName, proBase] =
        family === "pro" && Option.isSome(envBase)
          ? ["BLOCKSCOUT_BASE_URL", envBase]
          : ["BLOCKSCOUT_PRO_BASE_URL", yield* optionalString("BLOCKSCOUT_PRO_BASE_URL")]
      const href = Option.isSome(proBase) ? (yield* checkUrl(baseName, proBase.value, "pro")).href : undefined
      return { secrets, layer: yield* pro(chainId, href, "BLOCKSCOUT_CHAIN_ID") }
    }
    return yield* usage(noApiMessage)
  })
