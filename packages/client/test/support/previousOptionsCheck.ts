/**
 * The hand-written options checker the client had before its options became one Schema (it lived in
 * `src/internal/options.ts`), kept here only as the oracle of `test/optionsSchema.test.ts`: whatever it
 * accepted the schema accepts, and the reverse. It answers the path of the first option it refused, or
 * `undefined` when it accepted all of them.
 */
import { Duration, Option, Predicate, Redacted, Result } from "effect"
import * as BaseUrl from "../../src/BaseUrl.ts"

const durationOk = (value: unknown, min: "positive" | "zero") => {
  if (value === undefined) return true
  const duration = Option.getOrUndefined(Duration.fromInput(value as Duration.Input))
  return (
    duration !== undefined &&
    Duration.isFinite(duration) &&
    (min === "positive" ? Duration.isGreaterThan(duration, Duration.zero) : !Duration.isNegative(duration))
  )
}

const numberOk = (value: unknown, rule: { readonly min: number; readonly max?: number; readonly integer: boolean }) =>
  value === undefined ||
  (typeof value === "number" &&
    Number.isFinite(value) &&
    value >= rule.min &&
    (!rule.integer || Number.isSafeInteger(value)) &&
    (rule.max === undefined || value <= rule.max))

const keyOk = (value: unknown, required: boolean) =>
  value === undefined
    ? !required
    : Redacted.isRedacted(value) &&
      typeof Redacted.value(value) === "string" &&
      (Redacted.value(value) as string).trim() !== ""

/** The first option the previous checker refused (its path), or `undefined`. */
export const previousCheck = (options: Record<string, unknown>): string | undefined => {
  const family = options.family
  if (family !== "pro" && family !== "instance") return "family"
  if (family === "pro") {
    const chainId = options.chainId
    if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId < 1) return "chainId"
    if (!keyOk(options.apiKey, true)) return "apiKey"
  } else {
    if (!keyOk(options.apiKey, false)) return "apiKey"
    if (!keyOk(options.secretKey, false)) return "secretKey"
  }
  const text = family === "pro" ? (options.baseUrl ?? "https://api.blockscout.com") : options.baseUrl
  if (typeof text !== "string") return "baseUrl"
  const parsed = BaseUrl.parse(text, { family })
  if (Result.isFailure(parsed)) return "baseUrl"
  if (family === "pro" && parsed.success.chainId !== undefined && parsed.success.chainId !== options.chainId) {
    return "baseUrl"
  }
  if (options.apiKeyIn !== undefined && options.apiKeyIn !== "query" && options.apiKeyIn !== "header") return "apiKeyIn"
  if (!durationOk(options.timeout, "positive")) return "timeout"
  if (!durationOk(options.maxServerWait, "zero")) return "maxServerWait"
  const retry = options.retry
  if (retry !== undefined && retry !== false) {
    if (!Predicate.isObject(retry)) return "retry"
    const r = retry as Record<string, unknown>
    if (!numberOk(r.times, { min: 0, max: 100, integer: true })) return "retry.times"
    if (!durationOk(r.base, "zero")) return "retry.base"
    if (!durationOk(r.max, "zero")) return "retry.max"
  }
  const rateLimit = options.rateLimit
  if (rateLimit !== undefined && rateLimit !== false) {
    if (!Predicate.isObject(rateLimit)) return "rateLimit"
    const r = rateLimit as Record<string, unknown>
    if (!numberOk(r.requestsPerSecond, { min: 0, integer: false })) return "rateLimit.requestsPerSecond"
    if (!numberOk(r.maxInFlight, { min: 1, integer: true })) return "rateLimit.maxInFlight"
  }
  if (!numberOk(options.pageSize, { min: 1, max: 1000, integer: true })) return "pageSize"
  const bytes = options.maxResponseBytes
  if (
    bytes !== undefined &&
    !(Number.isSafeInteger(bytes) && (bytes as number) >= 1024 && (bytes as number) <= 268435456)
  ) {
    return "maxResponseBytes"
  }
  if (options.prefetch !== undefined && typeof options.prefetch !== "boolean" && typeof options.prefetch !== "number") {
    return "prefetch"
  }
  if (options.onEvent !== undefined && typeof options.onEvent !== "function") return "onEvent"
  return undefined
}
