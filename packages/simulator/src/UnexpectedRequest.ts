/**
 * The test kit's one failure for a request it has no answer for: a scripted list that has run out, or a
 * replayed recording that holds no such request.
 *
 * @since 0.1.0
 */
import { Data, Effect } from "effect"
import { HttpClientError, type HttpClientRequest } from "effect/http"

/**
 * A request the test kit has no answer for: `request` names it (method, path and query, credentials
 * redacted), `message` says why and what the kit holds.
 *
 * The kit dies with it (a defect) by default, so that no retry policy and no `catch` in the code under test
 * can turn a missing answer into a passing test; `onMiss: "fail"` fails the request instead, with an
 * `HttpClientError` whose `TransportError` has this as its `cause`.
 *
 * @example
 * ```ts
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerScripted } from "@blockscout-effect/simulator"
 * import { Cause, Effect, Exit, Layer } from "effect"
 *
 * // A script with no answers: the first request has none.
 * const layer = Blockscout.layerInstance({ baseUrl: "http://blockscout.test", rateLimit: false }).pipe(
 *   Layer.provide(layerScripted([]))
 * )
 * export const unexpected = Effect.gen(function* () {
 *   const exit = yield* Effect.exit(Blockscout.use((bs) => bs.listBlocks()).pipe(Effect.provide(layer)))
 *   // an UnexpectedRequest: its `request` is "GET /api/v2/blocks"
 *   return Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
 * })
 * ```
 *
 * @since 0.1.0
 * @category errors
 */
export class UnexpectedRequest extends Data.TaggedError("UnexpectedRequest")<{
  readonly request: string
  readonly message: string
}> {}

/**
 * What the kit does on a request it has no answer for: `"die"` (default) with {@link UnexpectedRequest},
 * or `"fail"` with an `HttpClientError` (a `TransportError` whose `cause` is the `UnexpectedRequest`).
 *
 * @since 0.1.0
 * @category options
 */
export type OnMiss = "die" | "fail"

/**
 * A request the kit has no answer for, as `onMiss` asks: a defect, or a failed request.
 *
 * @internal
 */
export const miss = (
  onMiss: OnMiss | undefined,
  request: HttpClientRequest.HttpClientRequest,
  error: UnexpectedRequest
): Effect.Effect<never, HttpClientError.HttpClientError> =>
  onMiss === "fail"
    ? Effect.fail(
        new HttpClientError.HttpClientError({
          reason: new HttpClientError.TransportError({ request, cause: error, description: error.message })
        })
      )
    : Effect.die(error)
