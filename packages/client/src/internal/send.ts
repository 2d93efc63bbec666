/**
 * One attempt at a request: limiter admission, the HTTP exchange under its timeout, the body read, the
 * status mapped to a reason, and the JSON parse. No retry here (`retry.ts` loops over `attempt`), no decode
 * (`decode.ts`).
 *
 * The seams a request's bounds hang on: `buildRequest` (what goes on the wire: URL, query, headers,
 * credentials), `exchange` (the response and its body text, within the timeout), and `attempt` (what a
 * response means).
 *
 * @internal
 */
import { Clock, Effect, Metric, Redacted, Result } from "effect"
import type { HttpClientResponse } from "effect/http"
import { HttpClient, HttpClientRequest } from "effect/http"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import { requestsCounter } from "../Metrics.ts"
import { type ClientContext, emit } from "./context.ts"
import { type Headers, reasonOfStatus, transportReason, unparsableReason, type Where } from "./errors.ts"
import { admitted } from "./limiter/admission.ts"
import { scrub } from "./redact.ts"
import { credentialParams, type Query, requestUrl } from "./url.ts"

// One attributed counter per endpoint, made once: `Metric.withAttributes` per request costs a lookup each time.
const requestsByEndpoint = new Map<string, Metric.Metric<number, unknown>>()
const requestsOf = (endpoint: string) => {
  let metric = requestsByEndpoint.get(endpoint)
  if (metric === undefined) {
    metric = Metric.withAttributes(requestsCounter, { endpoint })
    requestsByEndpoint.set(endpoint, metric)
  }
  return metric
}

/** Fails with a `BlockscoutError` of this reason. */
export const fail = (reason: Errors.BlockscoutErrorReason): Effect.Effect<never, Errors.BlockscoutError> =>
  Effect.fail(new Errors.BlockscoutError({ reason }))

/**
 * The request as it goes on the wire: the page's query, then the credentials. Credentials travel as
 * `Redacted` URL parameters, so Effect's HTTP span records them as `<redacted>`; with `apiKeyIn: "header"`
 * the key goes as `Authorization: Bearer` (Pro) or `x-api-key` (instance).
 */
export const buildRequest = (ctx: ClientContext, path: string, query: Query): HttpClientRequest.HttpClientRequest => {
  const headers: Record<string, string> = { accept: "application/json" }
  if (ctx.apiKey !== undefined && ctx.apiKeyIn === "header") {
    if (ctx.family === "pro") headers.authorization = `Bearer ${Redacted.value(ctx.apiKey)}`
    else headers["x-api-key"] = Redacted.value(ctx.apiKey)
  }
  return HttpClientRequest.get(requestUrl(ctx, path), { urlParams: [...query, ...credentialParams(ctx)], headers })
}

/** Reads a response's body as text. */
const readBody = (response: HttpClientResponse.HttpClientResponse) => response.text

const disabled = () => true

/**
 * Sends the request and reads its body, within the request's timeout: the response and its body text, or
 * `Transport` (the HTTP client failed) or `Timeout`.
 */
const exchange = (
  ctx: ClientContext,
  where: Where,
  request: HttpClientRequest.HttpClientRequest
): Effect.Effect<
  { readonly response: HttpClientResponse.HttpClientResponse; readonly body: string },
  Errors.BlockscoutError
> => {
  const execute = ctx.http.execute(request)
  return Effect.flatMap(
    // Effect's own HTTP span is off unless asked for: the request's span (endpoint, family, chain,
    // redacted URL) already covers it, and recording every header of every page costs ~20% of throughput.
    ctx.httpClientSpans ? execute : Effect.provideService(execute, HttpClient.TracerDisabledWhen, disabled),
    (response) => Effect.map(readBody(response), (body) => ({ response, body }))
  ).pipe(
    Effect.mapError((error) => new Errors.BlockscoutError({ reason: transportReason(ctx, where, error) })),
    Effect.timeoutOrElse({
      duration: ctx.timeout,
      orElse: () => fail(new Errors.Timeout({ ...where, timeout: ctx.timeout }))
    })
  )
}

/**
 * A look at a successful response's body text before it is parsed, for the stream's prefetch (the next
 * cursor is read from the end of the text, so the next request starts before `JSON.parse`). `text` runs
 * once per attempt with a 2xx body; `unparsable` runs when that body then fails to parse (a cut body is
 * retried: whatever `text` started from it must stop).
 */
export interface BodyTap {
  readonly text: (body: string) => Effect.Effect<void>
  readonly unparsable: Effect.Effect<void>
}

/**
 * One attempt: waits for the rate limiter (a `RateLimitWait` event for any wait), reports the request
 * (`Request` event, request metric), exchanges, lets the limiter learn from the response, maps a non-2xx
 * status to its reason, shows a 2xx body to `tap`, then parses it. `attempt` is 0 for the first.
 */
export const send = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: Query,
  url: string,
  attempt: number,
  tap: BodyTap | undefined
): Effect.Effect<unknown, Errors.BlockscoutError> =>
  Effect.gen(function* () {
    const where: Where = { endpoint: endpoint.name, url }
    const sent = Effect.andThen(
      Effect.andThen(
        emit(ctx, { _tag: "Request", endpoint: endpoint.name, url, attempt }),
        Metric.update(requestsOf(endpoint.name), 1)
      ),
      exchange(ctx, where, buildRequest(ctx, path, query))
    )
    // The limiter admits the request, and learns from its response (or settles it if it fails).
    const { body, response } = yield* ctx.limiter === undefined
      ? sent
      : admitted(
          ctx.limiter,
          (delayMillis) => emit(ctx, { _tag: "RateLimitWait", endpoint: endpoint.name, delayMillis }),
          sent
        )
    const status = response.status
    // Headers are converted to a record on each read: read them only where they are used (failures; the
    // limiter reads its own), not on every successful page.
    let headers: Headers | undefined
    const headersOf = () => (headers ??= response.headers)
    yield* Effect.annotateCurrentSpan("http.response.status_code", status)
    if (status < 200 || status >= 300) {
      const now = yield* Clock.currentTimeMillis
      return yield* fail(reasonOfStatus(where, status, headersOf(), scrub(ctx, body), now))
    }
    if (tap !== undefined) yield* tap.text(body)
    const json = Result.try(() => JSON.parse(body) as unknown)
    if (Result.isFailure(json)) {
      if (tap !== undefined) yield* tap.unparsable
      return yield* fail(unparsableReason(ctx, where, headersOf, body))
    }
    return json.success
  })
