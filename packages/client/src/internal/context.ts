/**
 * The client's context: everything the request pipeline needs (where to send, which credentials, the retry,
 * timeout and rate-limit policy, the runtime's HTTP client and its key's limiter), resolved once per layer
 * from its options, plus the two things every step reports through it (events and span attributes).
 *
 * @internal
 */
import { Duration, Effect, Redacted } from "effect"
import type { HttpClient } from "effect/http"
import type { Endpoint, Family } from "../endpoints.ts"
import type { ApiKeyPlacement, BlockscoutEvent, ClientOptions, Target } from "../Options.ts"
import { type Limiter, makeLimiter } from "./limiter/admission.ts"
import { fingerprint, type Registry } from "./limiter/registry.ts"
import { makeObserved, type Observed } from "./observed.ts"
import { publicUrl, type Secrets, secretsOf, trimSlash } from "./redact.ts"

/** Everything the pipeline needs, resolved once per layer. */
export interface ClientContext extends Secrets {
  readonly http: HttpClient.HttpClient
  readonly family: Family
  readonly chainId: number | undefined
  /** `{baseUrl}/{chainId}/api/v2` or `{baseUrl}/api/v2`, no trailing slash. */
  readonly base: string
  /** `base` without any userinfo (`user:pass@`): what errors, logs and spans show. */
  readonly publicBase: string
  /** Longest wait the client honours when a server asks for one (`Retry-After`, `x-ratelimit-reset`). */
  readonly maxWait: Duration.Duration
  readonly apiKey: Redacted.Redacted<string> | undefined
  readonly secretKey: Redacted.Redacted<string> | undefined
  readonly apiKeyIn: ApiKeyPlacement
  readonly timeout: Duration.Duration
  readonly retryTimes: number
  readonly retryBase: Duration.Duration
  readonly retryMax: Duration.Duration
  /** The key's limiter, shared through the registry; undefined with `rateLimit: false`. */
  readonly limiter: Limiter | undefined
  readonly pageSize: number | undefined
  /** The largest 2xx body read, in bytes, after decompression (`maxResponseBytes`). */
  readonly maxResponseBytes: number
  /** Whether streams request the next page while the current one is consumed (one page ahead, never more). */
  readonly prefetch: boolean
  readonly onEvent: ((event: BlockscoutEvent) => Effect.Effect<void>) | undefined
  readonly httpClientSpans: boolean
  /** What the responses said: answer time, credits left, the rate announced (partitions, credit budgets). */
  readonly observed: Observed
}

/**
 * `maxResponseBytes` when unset: 16 MiB, about fifty times a full page of transactions (a page with large NFT
 * metadata can reach a few megabytes). Not more: `JSON.parse` of a body runs in one go, and 16 MiB of long
 * strings already takes tens of milliseconds.
 */
export const defaultMaxResponseBytes = 16 * 1024 * 1024

/**
 * `ClientOptions.prefetch` as a switch: `true`/`false`, or (kept for compatibility) a number, where any
 * value above 0 means on. The default is on.
 */
const prefetchOf = (prefetch: ClientOptions["prefetch"]): boolean =>
  typeof prefetch === "boolean" ? prefetch : (prefetch ?? 1) > 0

/** Resolves a layer's target and options into the context every request runs with. */
export const toContext = (
  http: HttpClient.HttpClient,
  registry: Registry,
  target: Target,
  options: ClientOptions
): ClientContext => {
  const base =
    target.family === "pro"
      ? `${trimSlash(target.baseUrl)}/${target.chainId}/api/v2`
      : `${trimSlash(target.baseUrl)}/api/v2`
  const retry = options.retry === false ? { times: 0 } : (options.retry ?? {})
  const rateLimit = options.rateLimit === false ? undefined : (options.rateLimit ?? {})
  const maxWait = Duration.fromInputUnsafe(options.maxServerWait ?? "2 minutes")
  // One limiter per key; keyless instance calls are limited per IP, so per instance address.
  const limiterKey =
    target.apiKey === undefined
      ? `ip:${fingerprint(trimSlash(target.baseUrl))}`
      : `key:${fingerprint(Redacted.value(target.apiKey))}`
  return {
    http,
    secrets: secretsOf(target.apiKey, target.secretKey, target.baseUrl).secrets,
    family: target.family,
    chainId: target.chainId,
    base,
    publicBase: publicUrl(base),
    maxWait,
    apiKey: target.apiKey,
    secretKey: target.secretKey,
    apiKeyIn: options.apiKeyIn ?? "query",
    timeout: Duration.fromInputUnsafe(options.timeout ?? "120 seconds"),
    retryTimes: retry.times ?? 5,
    retryBase: Duration.fromInputUnsafe(retry.base ?? "500 millis"),
    retryMax: Duration.fromInputUnsafe(retry.max ?? "30 seconds"),
    limiter:
      rateLimit === undefined
        ? undefined
        : makeLimiter(registry, limiterKey, {
            requestsPerSecond: rateLimit.requestsPerSecond,
            maxInFlight: rateLimit.maxInFlight,
            maxWaitMillis: Duration.toMillis(maxWait)
          }),
    pageSize: options.pageSize,
    maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
    prefetch: prefetchOf(options.prefetch),
    onEvent: options.onEvent,
    httpClientSpans: options.httpClientSpans ?? false,
    observed: makeObserved()
  }
}

/** Reports an event to the layer's `onEvent`, if it has one. */
export const emit = (ctx: ClientContext, event: BlockscoutEvent): Effect.Effect<void> =>
  ctx.onEvent === undefined ? Effect.void : ctx.onEvent(event)

/** Span attributes of a call and of each of its requests: endpoint, family, chain (`telemetry.ts`). */
export const spanAttributes = (ctx: ClientContext, endpoint: Endpoint): Record<string, unknown> => ({
  "blockscout.endpoint": endpoint.name,
  "blockscout.family": ctx.family,
  ...(ctx.chainId === undefined ? {} : { "blockscout.chain_id": ctx.chainId })
})
