/**
 * A layer's options, checked when the layer is built: the base URL through `BaseUrl` (normalised, with or
 * without `/api/v2`; a query, a fragment, credentials or another scheme refused), a chain id that is a
 * positive integer, keys that are not empty, durations and numbers in range (`pageSize` 1 to 1000,
 * `maxResponseBytes` 1 KiB to 256 MiB, `retry.times` 0 to 100). A bad option is an
 * `InvalidArgument` naming it; nothing is ever sent with it.
 *
 * `label` names an option in messages: the option itself for `layerPro` / `layerInstance`, the
 * configuration's variable (`BLOCKSCOUT_CHAIN_ID`) for `layerConfig`.
 *
 * @internal
 */
import { Duration, Option, Predicate, Redacted, Result } from "effect"
import * as BaseUrl from "../BaseUrl.ts"
import { BlockscoutError, InvalidArgument } from "../BlockscoutError.ts"
import type { BlockscoutOptions, ClientOptions } from "../Options.ts"
import { defaultProBaseUrl, pageSizeRange, responseBytesRange, type Target } from "./context.ts"

/** Options that passed their checks: where to connect, and how. */
export interface Checked {
  readonly target: Target
  readonly options: BlockscoutOptions
}

/** How an option is named in messages (`retry.times`; `BLOCKSCOUT_RETRIES` for configuration). */
export type Label = (option: string) => string

type Check<A> = Result.Result<A, BlockscoutError<InvalidArgument>>

const ok: Check<void> = Result.succeed(undefined)

const invalid = (argument: string, message: string): Check<never> =>
  Result.fail(new BlockscoutError({ reason: new InvalidArgument({ endpoint: "", url: "", argument, message }) }))

/** A value as a message quotes it, shortened. Never called on a key. */
const show = (value: unknown): string => {
  const text =
    typeof value === "string"
      ? JSON.stringify(value)
      : Duration.isDuration(value)
        ? Duration.format(value)
        : String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** A duration option: unset, or a `Duration.Input` at least `min` (`"positive"`: above zero). */
const checkDuration = (label: Label, name: string, value: unknown, min: "positive" | "zero"): Check<void> => {
  if (value === undefined) return ok
  const duration = Option.getOrUndefined(Duration.fromInput(value as Duration.Input))
  const valid =
    duration !== undefined &&
    Duration.isFinite(duration) &&
    (min === "positive" ? Duration.isGreaterThan(duration, Duration.zero) : !Duration.isNegative(duration))
  return valid
    ? ok
    : invalid(
        name,
        `${label(name)} must be a ${min === "positive" ? "positive" : "non-negative"} duration (e.g. "30 seconds"); got ${show(value)}`
      )
}

/** A number option: unset, or a finite number from `min` (to `max`, when given), an integer when asked. */
const checkNumber = (
  label: Label,
  name: string,
  value: unknown,
  rule: { readonly min: number; readonly max?: number; readonly integer: boolean }
): Check<void> => {
  if (value === undefined) return ok
  const valid =
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= rule.min &&
    (!rule.integer || Number.isSafeInteger(value))
  const kind = rule.integer ? (rule.min > 0 ? "a positive integer" : "a non-negative integer") : "a non-negative number"
  if (!valid) return invalid(name, `${label(name)} must be ${kind}; got ${show(value)}`)
  return rule.max === undefined || value <= rule.max
    ? ok
    : invalid(name, `${label(name)} must be at most ${rule.max}; got ${show(value)}`)
}

/** A key: unset (when optional), or a `Redacted` string that is not empty. Its value is never shown. */
const checkKey = (label: Label, name: string, value: unknown, required: boolean): Check<void> => {
  if (value === undefined) return required ? invalid(name, `${label(name)} is required`) : ok
  if (!Redacted.isRedacted(value) || typeof Redacted.value(value) !== "string") {
    return invalid(name, `${label(name)} must be a Redacted string (Redacted.make("..."))`)
  }
  return (Redacted.value(value) as string).trim() === "" ? invalid(name, `${label(name)} is empty`) : ok
}

/** A choice among literal values. */
const checkOneOf = (label: Label, name: string, value: unknown, values: ReadonlyArray<unknown>): Check<void> =>
  value === undefined || values.includes(value)
    ? ok
    : invalid(name, `${label(name)} must be one of ${values.join(", ")}; got ${show(value)}`)

/** The client options every layer takes. */
const checkClientOptions = (label: Label, options: ClientOptions): Check<void> =>
  Result.gen(function* () {
    yield* checkOneOf(label, "apiKeyIn", options.apiKeyIn, ["query", "header"])
    yield* checkDuration(label, "timeout", options.timeout, "positive")
    yield* checkDuration(label, "maxServerWait", options.maxServerWait, "zero")
    const retry = options.retry
    if (retry !== undefined && retry !== false) {
      if (!Predicate.isObject(retry))
        return yield* invalid("retry", `${label("retry")} must be false or an object; got ${show(retry)}`)
      yield* checkNumber(label, "retry.times", retry.times, { min: 0, max: 100, integer: true })
      yield* checkDuration(label, "retry.base", retry.base, "zero")
      yield* checkDuration(label, "retry.max", retry.max, "zero")
    }
    const rateLimit = options.rateLimit
    if (rateLimit !== undefined && rateLimit !== false) {
      if (!Predicate.isObject(rateLimit)) {
        return yield* invalid("rateLimit", `${label("rateLimit")} must be false or an object; got ${show(rateLimit)}`)
      }
      yield* checkNumber(label, "rateLimit.requestsPerSecond", rateLimit.requestsPerSecond, { min: 0, integer: false })
      yield* checkNumber(label, "rateLimit.maxInFlight", rateLimit.maxInFlight, { min: 1, integer: true })
    }
    yield* checkNumber(label, "pageSize", options.pageSize, {
      min: pageSizeRange[0],
      max: pageSizeRange[1],
      integer: true
    })
    const bytes = options.maxResponseBytes
    if (
      bytes !== undefined &&
      !(Number.isSafeInteger(bytes) && bytes >= responseBytesRange[0] && bytes <= responseBytesRange[1])
    ) {
      return yield* invalid(
        "maxResponseBytes",
        `${label("maxResponseBytes")} must be an integer from 1024 (1 KiB) to 268435456 (256 MiB); got ${show(bytes)}`
      )
    }
    if (
      options.prefetch !== undefined &&
      typeof options.prefetch !== "boolean" &&
      typeof options.prefetch !== "number"
    ) {
      return yield* invalid("prefetch", `${label("prefetch")} must be true or false; got ${show(options.prefetch)}`)
    }
    if (options.onEvent !== undefined && typeof options.onEvent !== "function") {
      return yield* invalid("onEvent", `${label("onEvent")} must be a function`)
    }
  })

/** The base URL: checked and normalised by `BaseUrl`; for the Pro API, a chain id it names must agree. */
const checkBaseUrl = (label: Label, options: BlockscoutOptions): Check<string> => {
  const text = options.family === "pro" ? (options.baseUrl ?? defaultProBaseUrl) : options.baseUrl
  if (typeof text !== "string")
    return invalid(
      "baseUrl",
      `${label("baseUrl")} is required (an explorer's address, e.g. https://eth.blockscout.com)`
    )
  const parsed = BaseUrl.parse(text, { family: options.family })
  if (Result.isFailure(parsed)) return invalid("baseUrl", `${label("baseUrl")}: ${parsed.failure.message}`)
  const named = parsed.success.chainId
  if (options.family === "pro" && named !== undefined && named !== options.chainId) {
    return invalid(
      "baseUrl",
      `${label("baseUrl")} names chain ${named} but ${label("chainId")} is ${show(options.chainId)}`
    )
  }
  return Result.succeed(parsed.success.href)
}

/**
 * Checks a layer's options (see the module doc); the first problem found is the failure. The target comes
 * back with the normalised base URL.
 */
export const checkOptions = (options: BlockscoutOptions, label: Label = (name) => name): Check<Checked> =>
  Result.gen(function* () {
    yield* checkOneOf(label, "family", options.family, ["pro", "instance"])
    if (options.family === "pro") {
      if (typeof options.chainId !== "number" || !Number.isSafeInteger(options.chainId) || options.chainId < 1) {
        return yield* invalid(
          "chainId",
          `${label("chainId")} must be a positive integer (1 for Ethereum); got ${show(options.chainId)}`
        )
      }
      yield* checkKey(label, "apiKey", options.apiKey, true)
    } else {
      yield* checkKey(label, "apiKey", options.apiKey, false)
      yield* checkKey(label, "secretKey", options.secretKey, false)
    }
    const baseUrl = yield* checkBaseUrl(label, options)
    yield* checkClientOptions(label, options)
    const target: Target =
      options.family === "pro"
        ? { family: "pro", chainId: options.chainId, baseUrl, apiKey: options.apiKey, secretKey: undefined }
        : { family: "instance", chainId: undefined, baseUrl, apiKey: options.apiKey, secretKey: options.secretKey }
    return { target, options }
  })
