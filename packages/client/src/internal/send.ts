/**
 * One attempt at a request: limiter admission, the HTTP exchange under its timeout, the body read within its
 * bounds (`body.ts`: its size, and how many objects and arrays a body may ask `JSON.parse` to build), the
 * status mapped to a reason, and the JSON parse. No retry here (`retry.ts` loops over
 * `attempt`), no decode (`decode.ts`).
 *
 * The seams a request's bounds hang on: `buildRequest` (what goes on the wire: URL, query, headers,
 * credentials), `exchange` (the response and its body text, within the timeout and the size limit, never
 * following a redirect), and `send` (what a response means).
 *
 * Redirects are never followed, over any transport: fetch is asked for `redirect: "manual"` (it follows by
 * default, headers and all), undici and `node:http` do not follow on their own, and a 3xx is `Redirected`.
 * An app `HttpClient` that follows on its own (`HttpClient.followRedirects`, a redirect interceptor) is
 * caught after the fact: an answer from another origin is refused, never returned as a page.
 *
 * @internal
 */
import { withRedactedMark } from "@blockscout-effect/schema"
import { Clock, Effect, Option, Redacted, Result } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import * as Errors from "../BlockscoutError.ts"
import type { Endpoint } from "../endpoints.ts"
import { type Body, emptyBody, readBody } from "./body.ts"
import type { ClientContext } from "./context.ts"
import {
  brokenBodyReason,
  fail,
  type Headers,
  reasonOfStatus,
  redirectReason,
  tooComplexReason,
  tooLargeReason,
  transportReason,
  unparsableReason,
  type Where
} from "./errors.ts"
import { observeHeaders, observeLatency } from "./observed.ts"
import { admitted } from "./limiter/admission.ts"
import { examined } from "./summary.ts"
import { type Exchange, makeExchange, measured, reportOutcome, reportRequest, reportWait } from "./telemetry.ts"
import { credentialParams, type Query, requestUrl } from "./url.ts"

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

const disabled = () => true

/**
 * Runs the request with fetch's `redirect: "manual"` (merged into any `RequestInit` the app provides): fetch
 * would otherwise follow a redirect itself, with every header, to wherever it points. Other transports
 * ignore it.
 */
const withoutRedirects = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.serviceOption(FetchHttpClient.RequestInit), (init) =>
    Effect.provideService(effect, FetchHttpClient.RequestInit, { ...Option.getOrUndefined(init), redirect: "manual" })
  )

const originOf = (url: string): string | undefined => {
  const parsed = Result.try(() => new URL(url))
  return Result.isSuccess(parsed) ? parsed.success.origin : undefined
}

/**
 * Where the answer came from when the app's `HttpClient` followed a redirect on its own (fetch's
 * `redirected`, or a response to a request for another origin), else `undefined`.
 */
const followedTo = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpClientResponse.HttpClientResponse
): string | undefined => {
  const web = HttpClientResponse.toWeb(response)
  if (Option.isSome(web) && web.value.redirected) return web.value.url
  const asked = response.request.url
  if (asked === request.url) return undefined
  // A response built without its request (an in-process client's `HttpClientRequest.empty`) says nothing.
  const origin = originOf(asked)
  return origin === undefined || origin === originOf(request.url) ? undefined : asked
}

/**
 * Sends the request and reads its body within its limits and the request's timeout: a 2xx body up to
 * `maxResponseBytes` (`ResponseTooLarge` past it; `Decode` past `maxContainers` objects and arrays), any other
 * body up to what its summary needs (`examined`).
 * Fails with `Transport` (the HTTP client failed, or the body was cut), `Timeout`, or `Redirected` (the app's
 * HTTP client followed a redirect itself).
 */
const exchange = (
  ctx: ClientContext,
  where: Where,
  request: HttpClientRequest.HttpClientRequest,
  measure: Exchange
): Effect.Effect<
  { readonly response: HttpClientResponse.HttpClientResponse; readonly body: Body },
  Errors.BlockscoutError
> => {
  const execute = withoutRedirects(ctx.http.execute(request))
  return Effect.flatMap(
    // Effect's own HTTP span is off unless asked for: the request's span (endpoint, family, chain,
    // redacted URL) already covers it, and recording every header of every page costs ~20% of throughput.
    // Its span redacts the credentials as `REDACTED`: shown as `<redacted>`, the one marker (`withRedactedMark`).
    Effect.mapError(
      ctx.httpClientSpans
        ? withRedactedMark(execute)
        : Effect.provideService(execute, HttpClient.TracerDisabledWhen, disabled),
      (error) => new Errors.BlockscoutError({ reason: transportReason(ctx, where, error) })
    ),
    (response) => {
      measure.status = response.status
      const followed = followedTo(request, response)
      if (followed !== undefined) return fail(redirectReason(ctx, where, response.status, followed, where.url))
      const ok = response.status >= 200 && response.status < 300
      return readBody(response, ok ? ctx.maxResponseBytes : examined, !ok).pipe(
        Effect.catch((failure) =>
          failure._tag === "TooLarge"
            ? fail(tooLargeReason(where, ctx.maxResponseBytes))
            : failure._tag === "TooComplex"
              ? fail(tooComplexReason(where))
              : ok
                ? fail(brokenBodyReason(ctx, where, failure.bytes, failure.cause))
                : // An error body cut by the connection: the status still says what happened.
                  Effect.succeed(emptyBody(true, failure.bytes))
        ),
        Effect.map((body) => ({ response, body }))
      )
    }
  ).pipe(
    Effect.timeoutOrElse({
      duration: ctx.timeout,
      orElse: () => fail(new Errors.Timeout({ ...where, timeout: ctx.timeout }))
    })
  )
}

/**
 * A 2xx body, parsed, with the text it was parsed from: the decoder reads numbers beyond 2^53 from the text
 * (a cursor value sent back exactly as the server wrote it), `JSON.parse` having rounded them.
 */
export interface Parsed {
  readonly json: unknown
  readonly text: string
}

/**
 * One attempt: waits for the rate limiter (its wait measured, `telemetry.ts`), reports the request, exchanges
 * (timed), lets the limiter learn from the response, maps a non-2xx status to its reason, parses a 2xx body, and reports the outcome (`Response` event, responses and duration metrics, span
 * status). `attempt` is 0 for the first.
 */
export const send = (
  ctx: ClientContext,
  endpoint: Endpoint,
  path: string,
  query: Query,
  url: string,
  attempt: number
): Effect.Effect<Parsed, Errors.BlockscoutError> =>
  // A measure per run of the attempt (the effect may be run again).
  Effect.suspend(() => {
    const measure = makeExchange()
    return Effect.gen(function* () {
      const where: Where = { endpoint: endpoint.name, url }
      const sent = Effect.andThen(
        reportRequest(ctx, endpoint.name, url, attempt),
        // How long the server took to answer is also what partitioned streams size from (`observed.ts`).
        Effect.tap(measured(measure, exchange(ctx, where, buildRequest(ctx, path, query), measure)), () =>
          Effect.sync(() => observeLatency(ctx.observed, measure.end - (measure.start ?? measure.end)))
        )
      )
      // The limiter admits the request, and learns from its response (or settles it if it fails).
      const { body: read, response } = yield* ctx.limiter === undefined
        ? sent
        : admitted(ctx.limiter, (waited) => reportWait(ctx, endpoint.name, waited), sent)
      // The text is made here, once the exchange's fiber is done with it (`Body`).
      const body = { text: read.takeText(), cut: read.cut, bytes: read.bytes }
      const status = response.status
      // Headers are converted to a record on each read: read them only where they are used (failures; the
      // limiter reads its own), not on every successful page.
      let headers: Headers | undefined
      const headersOf = () => (headers ??= response.headers)
      // What partitioned streams and credit budgets read: the budget headers where they are read anyway (a
      // limited layer) or carry credits (the Pro API).
      if (ctx.limiter !== undefined || ctx.family === "pro") observeHeaders(ctx.observed, headersOf())
      if (status < 200 || status >= 300) {
        const now = yield* Clock.currentTimeMillis
        return yield* fail(reasonOfStatus(ctx, where, status, headersOf(), body, now, endpoint))
      }
      const json = Result.try(() => JSON.parse(body.text) as unknown)
      if (Result.isFailure(json)) return yield* fail(unparsableReason(ctx, where, status, headersOf, body.text))
      return { json: json.success, text: body.text }
    }).pipe(
      Effect.tap(() => reportOutcome(ctx, endpoint.name, url, attempt, measure, undefined)),
      Effect.tapError((error) => reportOutcome(ctx, endpoint.name, url, attempt, measure, error.reason._tag))
    )
  })
