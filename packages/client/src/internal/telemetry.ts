/**
 * Telemetry: everything a request reports besides its result, in one place: the metrics (`Metrics.ts`), the
 * `onEvent` events, and what its span says (`spans.ts` names the spans and gives their attributes). `send.ts`
 * and `retry.ts` call these at each step of a request.
 *
 * No attribute, event or label holds a credential: URLs are the redacted ones (`redactedUrl`), and metric
 * attributes are names, statuses and reason tags only.
 *
 * @internal
 */
import { Effect, Metric } from "effect"
import {
  rateLimitWaitHistogram,
  requestDurationHistogram,
  requestsCounter,
  responsesCounter,
  retriesCounter
} from "../Metrics.ts"
import { type ClientContext, emit } from "./context.ts"
import { spanEvent } from "./spans.ts"

// ---------------------------------------------------------------------------------------------------------
// Metrics

/**
 * A metric's attributed copies, each made once: `Metric.withAttributes` per request costs a lookup and an
 * allocation each time. The attribute sets are bounded (endpoint names, `statusLabel`, reason tags).
 */
const attributed = <I, S>(metric: Metric.Metric<I, S>) => {
  const made = new Map<string, Metric.Metric<I, S>>()
  return (attributes: Readonly<Record<string, string>>): Metric.Metric<I, S> => {
    const key = Object.values(attributes).join("\u0000")
    let copy = made.get(key)
    if (copy === undefined) {
      copy = Metric.withAttributes(metric, attributes)
      made.set(key, copy)
    }
    return copy
  }
}

const requestsOf = attributed(requestsCounter)
const retriesOf = attributed(retriesCounter)
const responsesOf = attributed(responsesCounter)
const durationsOf = attributed(requestDurationHistogram)
const waitsOf = attributed(rateLimitWaitHistogram)

/**
 * The statuses kept as they are in metric attributes: what Blockscout, its proxies and CDNs answer. Any other
 * status is shown by its class (`"4xx"`), one outside 100-599 as `"other"`: a server sending a thousand
 * different statuses adds a handful of series, not a thousand.
 */
const namedStatuses = new Set([
  200, 201, 202, 204, 206, 301, 302, 303, 304, 307, 308, 400, 401, 402, 403, 404, 405, 406, 408, 409, 410, 413, 414,
  422, 425, 429, 431, 451, 500, 501, 502, 503, 504, 520, 521, 522, 523, 524
])

/** A status as a metric attribute value: itself, its class, `"other"`, or `"none"` for no answer. */
export const statusLabel = (status: number | undefined): string =>
  status === undefined
    ? "none"
    : namedStatuses.has(status)
      ? String(status)
      : status >= 100 && status < 600
        ? `${Math.floor(status / 100)}xx`
        : "other"

// ---------------------------------------------------------------------------------------------------------
// The steps of a request

/** A request leaves: its `Request` event and the requests counter. */
export const reportRequest = (
  ctx: ClientContext,
  endpoint: string,
  url: string,
  attempt: number
): Effect.Effect<void> =>
  Effect.andThen(emit(ctx, { _tag: "Request", endpoint, url, attempt }), Metric.update(requestsOf({ endpoint }), 1))

/**
 * The rate limiter admitted a request after `waitedMillis`: the wait histogram (every admission, zero
 * included), and for a wait, the `RateLimitWait` event and a span event.
 */
export const reportWait = (ctx: ClientContext, endpoint: string, waitedMillis: number): Effect.Effect<void> => {
  const measured = Metric.update(waitsOf({ endpoint }), waitedMillis / 1000)
  if (waitedMillis <= 0) return measured
  return Effect.andThen(
    measured,
    Effect.andThen(
      emit(ctx, { _tag: "RateLimitWait", endpoint, delayMillis: waitedMillis }),
      spanEvent("blockscout.rate_limit_wait", { "blockscout.wait_ms": waitedMillis })
    )
  )
}

/** One attempt's exchange as measured: when it was sent and ended (on the clock), and the status answered. */
export interface Exchange {
  start: number | undefined
  end: number
  status: number | undefined
}

/** A fresh measure, for one attempt. */
export const makeExchange = (): Exchange => ({ start: undefined, end: 0, status: undefined })

/** Runs the exchange, noting on the clock when it starts and ends (whatever its outcome). */
export const measured = <A, E, R>(exchange: Exchange, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.clockWith((clock) => {
    exchange.start = clock.currentTimeMillisUnsafe()
    return Effect.ensuring(
      effect,
      Effect.sync(() => {
        exchange.end = clock.currentTimeMillisUnsafe()
      })
    )
  })

/**
 * An attempt ended (`reason`: its failure's tag, `undefined` on success): the responses counter and the
 * duration histogram, the `Response` event, and the request span's status code and resend count. Nothing for
 * an attempt that was never sent.
 */
export const reportOutcome = (
  ctx: ClientContext,
  endpoint: string,
  url: string,
  attempt: number,
  exchange: Exchange,
  reason: string | undefined
): Effect.Effect<void> => {
  if (exchange.start === undefined) return Effect.void
  const durationMillis = exchange.end - exchange.start
  const status = statusLabel(exchange.status)
  const span: Record<string, unknown> = {}
  if (exchange.status !== undefined) span["http.response.status_code"] = exchange.status
  if (attempt > 0) span["http.request.resend_count"] = attempt
  return Effect.all(
    [
      Metric.update(responsesOf({ endpoint, status, reason: reason ?? "none" }), 1),
      Metric.update(durationsOf({ endpoint, status }), durationMillis / 1000),
      Effect.annotateCurrentSpan(span),
      emit(ctx, { _tag: "Response", endpoint, url, attempt, status: exchange.status, durationMillis, reason })
    ],
    { discard: true }
  )
}

/**
 * A failed attempt is retried after `delayMillis`: a debug log, the `Retry` event, the retries counter and a
 * span event. `attempt` is the one about to be sent.
 */
export const reportRetry = (
  ctx: ClientContext,
  endpoint: string,
  url: string,
  attempt: number,
  reason: string,
  delayMillis: number
): Effect.Effect<void> =>
  Effect.all(
    [
      Effect.logDebug("Blockscout request retried").pipe(
        Effect.annotateLogs({ endpoint, url, reason, attempt, delayMillis })
      ),
      emit(ctx, { _tag: "Retry", endpoint, url, attempt, reason, delayMillis }),
      Metric.update(retriesOf({ endpoint, reason }), 1),
      spanEvent("blockscout.retry", {
        "blockscout.attempt": attempt,
        "blockscout.reason": reason,
        "blockscout.delay_ms": delayMillis
      })
    ],
    { discard: true }
  )

/** A request failed for good: its span's `error.type` (the reason tag), as the HTTP conventions name it. */
export const reportFailure = (reason: string): Effect.Effect<void> => Effect.annotateCurrentSpan("error.type", reason)
