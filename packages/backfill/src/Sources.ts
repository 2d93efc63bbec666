/**
 * Where a runner gets a `Blockscout` client for a job's chain: the target's layer, with the credentials read
 * from the runner's own configuration, and the runner's HTTP client and rate-limit registry.
 *
 * When to use: the runtime layers provide `Sources` for you (over an `HttpClient`); provide your own to change
 * the client options (timeouts, retries) of every partition.
 *
 * Gotcha: the registry is what keeps one key within its limit: every partition on a runner shares the
 * process's registry, and with a Redis-backed registry (`RateLimits.layerRedis` of the client) every runner
 * shares it too.
 *
 * @since 0.1.0
 */
import { Blockscout, type BlockscoutError, type BlockscoutShape, type ClientOptions } from "@blockscout-effect/client"
import { Config, Context, Effect, Layer, Option, type Redacted } from "effect"
import type { HttpClient } from "effect/http"
import { BackfillError } from "./BackfillError.ts"
import type { CredentialRef, Job } from "./Job.ts"
import type { Chain } from "./Plan.ts"

/**
 * The service: a client for one chain of a job's target.
 *
 * @since 0.1.0
 * @category services
 */
export class Sources extends Context.Service<
  Sources,
  {
    readonly clientFor: (job: Job, chain: Chain) => Effect.Effect<BlockscoutShape, BackfillError>
  }
>()("@blockscout-effect/backfill/Sources") {}

/** A credential's value from the runner's configuration; `optional`: a missing one is no credential. */
const credential = (ref: typeof CredentialRef.Type | undefined, optional = false) =>
  ref === undefined
    ? Effect.succeed(undefined)
    : optional
      ? Config.option(Config.Redacted(ref.config)).pipe(
          Effect.map(Option.getOrUndefined),
          Effect.orElseSucceed(() => undefined)
        )
      : Config.Redacted(ref.config).pipe(
          Effect.mapError(
            () =>
              new BackfillError({
                reason: "InvalidJob",
                message: `the credential ${ref.config} is not configured on this runner`,
                retryable: false
              })
          )
        )

/**
 * Builds the `Blockscout` service for a chain of a job: `layerPro` on the chain id or `layerInstance`, with the
 * job's page size, prefetching off (partitions are the concurrency, and a range's walk must not ask for the page
 * past its bottom), and `options` over these defaults.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: ClientOptions = {}) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<HttpClient.HttpClient>()
    const clientFor = (job: Job, chain: Chain) =>
      Effect.gen(function* () {
        const target = job.target
        const base: ClientOptions = { prefetch: false, ...options, pageSize: job.pageSize ?? options.pageSize }
        let layer: Layer.Layer<Blockscout, BlockscoutError, HttpClient.HttpClient>
        if (target.family === "pro") {
          const apiKey = (yield* credential(target.apiKey)) as Redacted.Redacted<string>
          layer = Blockscout.layerPro({
            ...base,
            chainId: chain.chainId ?? Number(chain.label),
            apiKey,
            ...(target.baseUrl === undefined ? {} : { baseUrl: target.baseUrl })
          })
        } else {
          // An instance's key is optional: a runner without it calls keyless (limited per address).
          const apiKey = yield* credential(target.apiKey, true)
          const secretKey = yield* credential(target.secretKey)
          layer = Blockscout.layerInstance({ ...base, baseUrl: target.baseUrl, apiKey, secretKey })
        }
        // A layer refuses what it cannot use (a malformed base URL) before any request: the job cannot run.
        const built = yield* Layer.build(layer).pipe(
          Effect.scoped,
          Effect.provideContext(context),
          Effect.mapError(
            (e) => new BackfillError({ reason: "InvalidJob", message: e.message, tag: e.reason._tag, retryable: false })
          )
        )
        return Context.get(built, Blockscout)
      })
    return Sources.of({ clientFor })
  })

/**
 * `Sources` over the `HttpClient` in context (and the client's rate-limit registry in context, if one is).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: ClientOptions = {}): Layer.Layer<Sources, never, HttpClient.HttpClient> =>
  Layer.effect(Sources, make(options))
