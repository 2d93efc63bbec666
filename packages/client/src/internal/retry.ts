/**
 * The retry loop: one request (`send`), retried on retryable reasons within the budget, with exponential
 * backoff and jitter, never shorter than the wait a server asks for. A retry re-sends this one request:
 * a stream that calls it per page never restarts or repeats items.
 *
 * @internal
 */
import { Duration, Effect, Random } from "effect"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import type { ClientContext } from "./context.ts"
import { type Parsed, send } from "./send.ts"
import { reportFailure, reportRetry } from "./telemetry.ts"
import type { Query } from "./url.ts"

/** Backoff for retry `attempt` (0-based): `base * 2^attempt`, capped at `max`, times a jitter in [0.5, 1.5). */
const backoff = (ctx: ClientContext, attempt: number): Effect.Effect<number> =>
  Effect.map(Random.next, (r) => {
    const raw = Math.min(Duration.toMillis(ctx.retryBase) * 2 ** attempt, Duration.toMillis(ctx.retryMax))
    return Math.round(raw * (0.5 + r))
  })

/**
 * Sends one request and parses its JSON body, retrying retryable reasons within the budget. A retry
 * re-sends this request only: a stream that calls it per page never restarts or repeats items.
 */
export const sendWithRetries = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: Query,
  url: string
): Effect.Effect<Parsed, Errors.BlockscoutError> => {
  const loop = (attempt: number): Effect.Effect<Parsed, Errors.BlockscoutError> =>
    send(ctx, endpoint, path, query, url, attempt).pipe(
      Effect.catch((error) => {
        const reason = error.reason
        if (!Errors.isRetryable(reason) || attempt >= ctx.retryTimes) return Effect.fail(error)
        const serverWait = Errors.retryAfterOf(reason)
        // The server asks for a longer wait than the client honours: fail now, with its `retryAfter`.
        if (serverWait !== undefined && Duration.isGreaterThan(serverWait, ctx.maxWait)) return Effect.fail(error)
        return Effect.gen(function* () {
          const delayMillis = Math.max(yield* backoff(ctx, attempt), serverWait ? Duration.toMillis(serverWait) : 0)
          yield* reportRetry(ctx, endpoint.name, url, attempt + 1, reason._tag, delayMillis)
          yield* Effect.sleep(Duration.millis(delayMillis))
          return yield* loop(attempt + 1)
        })
      })
    )
  // Failed for good: the request's span says why (a retried failure that later succeeded does not).
  return Effect.tapError(loop(0), (error) => reportFailure(error.reason._tag))
}
