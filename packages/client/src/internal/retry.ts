/**
 * The retry loop: one request (`send`), retried on retryable reasons within the budget, with exponential
 * backoff and jitter, never shorter than the wait a server asks for. A retry re-sends this one request:
 * a stream that calls it per page never restarts or repeats items.
 *
 * @internal
 */
import { Duration, Effect, Metric, Random } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import { retriesCounter } from "../Metrics.ts"
import { type ClientContext, emit } from "./context.ts"
import { type BodyTap, type Parsed, send } from "./send.ts"
import type { Query } from "./url.ts"

/** Backoff for retry `attempt` (0-based): `base * 2^attempt`, capped at `max`, times a jitter in [0.5, 1.5). */
const backoff = (ctx: ClientContext, attempt: number): Effect.Effect<number> =>
  Effect.map(Random.next, (r) => {
    const raw = Math.min(Duration.toMillis(ctx.retryBase) * 2 ** attempt, Duration.toMillis(ctx.retryMax))
    return Math.round(raw * (0.5 + r))
  })

/**
 * Sends one request and parses its JSON body, retrying retryable reasons within the budget. A retry
 * re-sends this request only: a stream that calls it per page never restarts or repeats items. `tap` sees
 * each 2xx body text before it is parsed (the stream's early prefetch).
 */
export const fetchJson = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: Query,
  url: string,
  tap?: BodyTap
): Effect.Effect<Parsed, Errors.BlockscoutError> => {
  const loop = (attempt: number): Effect.Effect<Parsed, Errors.BlockscoutError> =>
    send(ctx, endpoint, path, query, url, attempt, tap).pipe(
      Effect.catch((error) => {
        const reason = error.reason
        if (!Errors.isRetryable(reason) || attempt >= ctx.retryTimes) return Effect.fail(error)
        const serverWait = Errors.retryAfterOf(reason)
        // The server asks for a longer wait than the client honours: fail now, with its `retryAfter`.
        if (serverWait !== undefined && Duration.isGreaterThan(serverWait, ctx.maxWait)) return Effect.fail(error)
        return Effect.gen(function* () {
          const delayMillis = Math.max(yield* backoff(ctx, attempt), serverWait ? Duration.toMillis(serverWait) : 0)
          yield* Effect.logDebug("Blockscout request retried").pipe(
            Effect.annotateLogs({
              endpoint: endpoint.name,
              url,
              reason: reason._tag,
              attempt: attempt + 1,
              delayMillis
            })
          )
          yield* emit(ctx, {
            _tag: "Retry",
            endpoint: endpoint.name,
            url,
            attempt: attempt + 1,
            reason: reason._tag,
            delayMillis
          })
          yield* Metric.update(
            Metric.withAttributes(retriesCounter, { endpoint: endpoint.name, reason: reason._tag }),
            1
          )
          yield* Effect.sleep(Duration.millis(delayMillis))
          return yield* loop(attempt + 1)
        })
      })
    )
  return Effect.andThen(Effect.annotateCurrentSpan({ "blockscout.url": url }), loop(0))
}
