/**
 * A scripted `HttpClient` for your own tests: you say what each request gets (any status, headers and body,
 * after a delay, or a transport failure: a dropped connection, a body cut halfway, no answer at all), it
 * records what it was asked (credentials redacted). In-process: it runs wherever Effect runs; the same script
 * serves on a loopback port with `scriptedServer` from `@blockscout-effect/simulator/node`.
 *
 * @since 0.1.0
 */
import { Context, Duration, Effect, Layer } from "effect"
import { HttpClient } from "effect/http"
import { redactHeaders, redactingSpans, redactQuery, redactTarget } from "./internal/credentials.ts"
import { dropped, lowerCaseHeaders, produced, respond, truncated } from "./internal/respond.ts"
import * as Stalled from "./internal/stalledClock.ts"
import type { StalledClockWarning } from "./SimulatorOptions.ts"
import { miss, type OnMiss, UnexpectedRequest } from "./UnexpectedRequest.ts"

/**
 * A body produced as it is sent, for answers no single value can hold: an endless body, one dripped a few
 * bytes at a time. `next(i)` gives chunk `i` (`undefined` ends the body); chunks go as fast as the client
 * reads them (backpressure), or one every `everyMillis` (real time on the loopback server, the `TestClock`
 * in-process). Production stops when the client hangs up.
 *
 * @since 0.1.0
 * @category models
 */
export interface ScriptedChunks {
  readonly next: (index: number) => Uint8Array | string | undefined
  readonly everyMillis?: number | undefined
}

/**
 * What to answer one request. Every field is optional: `{}` is a 200 with an empty body.
 * - `body`: a string is sent as it is (an HTML error page, cut JSON); a `Uint8Array` as raw bytes (a gzip
 *   body with `content-encoding: gzip` in `headers`); any other value as JSON.
 * - `chunks`: the body produced as it is sent (endless, dripped), instead of `body`.
 * - `headers`: added to `content-type: application/json` (which they may replace); names in any case.
 * - `delay`: wait before answering (on the `TestClock` in-process, in real time on the loopback server).
 * - `destroy`: close the connection without answering (a transport error); `truncate`: send the status,
 *   headers (full `content-length`) and half the body, then close; `hang`: never answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface ScriptedReply {
  readonly status?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly body?: unknown
  readonly chunks?: ScriptedChunks | undefined
  readonly delay?: Duration.Input | undefined
  readonly destroy?: boolean | undefined
  readonly truncate?: boolean | undefined
  readonly hang?: boolean | undefined
}

/**
 * A request as the scripted client (or server) saw it. Credentials are redacted: the `apikey` and `key`
 * parameters' values, `Authorization`, `x-api-key` and `Cookie` headers, and a URL's `user:pass@` read
 * `<redacted>`, so a test can check that a key was sent, and where, and print the record safely. Pass
 * `revealCredentials: true` to keep them as sent (a test of which key went out).
 *
 * @since 0.1.0
 * @category models
 */
export interface ScriptedRequest {
  /** 0 for the first request, then 1, 2, ... */
  readonly index: number
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  /** The path and query as sent. */
  readonly target: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>
}

/**
 * The answers: a list (the `i`-th request after the list was given gets reply `i`; a request past its end
 * is an {@link UnexpectedRequest}), or a function of the request and its index (counted from the first
 * request, whenever the function was given).
 *
 * @since 0.1.0
 * @category models
 */
export type Script = ReadonlyArray<ScriptedReply> | ((request: ScriptedRequest, index: number) => ScriptedReply)

/**
 * Options of {@link layerScripted} (and of `scriptedServer`).
 *
 * @since 0.1.0
 * @category options
 */
export interface ScriptedOptions {
  /** Keep credentials in the recorded requests as sent (default false: `<redacted>`). */
  readonly revealCredentials?: boolean | undefined
  /** In-process only: what a request past the end of a list does (default `"die"`). */
  readonly onMiss?: OnMiss | undefined
  /** In-process only: warn about waits on a `TestClock` that nothing advances (default after 1 s; `false`: never). */
  readonly warnOnStalledClock?: StalledClockWarning | undefined
}

/**
 * The scripted client's log and controls, for assertions: `requests` (what it was asked, oldest first) and
 * `script` (replace the answers for the requests that follow).
 *
 * @since 0.1.0
 * @category services
 */
export class Scripted extends Context.Service<
  Scripted,
  {
    readonly requests: ReadonlyArray<ScriptedRequest>
    readonly script: (next: Script) => void
  }
>()("@blockscout-effect/simulator/Scripted") {}

/**
 * The body of one page of a list endpoint: `{ items, next_page_params }` (`null`: the last page).
 *
 * @since 0.1.0
 * @category constructors
 */
export const pageBody = (
  items: ReadonlyArray<unknown>,
  next: Readonly<Record<string, unknown>> | null = null
): { readonly items: ReadonlyArray<unknown>; readonly next_page_params: Readonly<Record<string, unknown>> | null } => ({
  items,
  next_page_params: next
})

/**
 * The record of a request, redacted unless asked otherwise.
 *
 * @internal
 */
export const recordOf = (
  index: number,
  method: string,
  target: string,
  headers: Readonly<Record<string, string | undefined>>,
  reveal: boolean
): ScriptedRequest => {
  const url = new URL(target, "http://scripted.test")
  return {
    index,
    method,
    path: url.pathname,
    query: reveal ? url.searchParams : redactQuery(url.searchParams),
    target: reveal ? target : redactTarget(target),
    headers: reveal ? headers : redactHeaders(headers)
  }
}

/**
 * A script and the index of the first request it answers (a list counts from there).
 *
 * @internal
 */
export interface Current {
  readonly script: Script
  readonly from: number
}

/**
 * The reply the current script gives a request; `undefined` past the end of a list, with what to say.
 *
 * @internal
 */
export const replyOf = (
  current: Current,
  request: ScriptedRequest
): { readonly reply: ScriptedReply } | { readonly missing: string } => {
  const { from, script } = current
  if (typeof script === "function") return { reply: script(request, request.index) }
  const reply = script[request.index - from]
  return reply !== undefined
    ? { reply }
    : {
        missing:
          `the scripted list has ${script.length} replies (from request ${from + 1}); request ` +
          `${request.index + 1} (${request.method} ${redactTarget(request.target)}) has none`
      }
}

/**
 * A reply's body as sent: strings as they are, bytes as they are, anything else as JSON.
 *
 * @internal
 */
export const bodyText = (body: unknown): string | Uint8Array =>
  body === undefined ? "" : typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body)

/**
 * A reply's status, headers (lower case, JSON by default) and body text.
 *
 * @internal
 */
export const answerOf = (reply: ScriptedReply) => ({
  status: reply.status ?? 200,
  headers: { "content-type": "application/json", ...lowerCaseHeaders(reply.headers) },
  body: bodyText(reply.body)
})

/** What a transport failure asks of a client that retries. */
const backoff = "a retry waits for the client's backoff"

/**
 * A scripted in-process `HttpClient` and the {@link Scripted} log behind it, in one layer. Each build starts
 * a fresh log.
 *
 * Use it to test your code's handling of any answer, with your own `Blockscout` layer (or any code that
 * uses `HttpClient`): a 429 with `Retry-After`, a 401, a 503 HTML page, a well-formed but wrong body, a
 * connection dropped mid-page.
 *
 * @example
 * ```ts
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerScripted, pageBody } from "@blockscout-effect/simulator"
 * import { Layer } from "effect"
 *
 * const TestHttp = layerScripted([{ status: 429, headers: { "Retry-After": "1" } }, { body: pageBody([]) }])
 * export const TestBlockscout = Blockscout.layerInstance({ baseUrl: "http://blockscout.test", rateLimit: false }).pipe(
 *   Layer.provideMerge(TestHttp)
 * )
 * ```
 *
 * Gotchas: a `delay`, or a wait an answer asks the client for (a 429, `Retry-After`, a spent rate-limit
 * window, a 5xx the client retries after its backoff), runs on the `TestClock` under `it.effect`: fork the
 * work and `TestClock.adjust`, or use `it.live`; when nothing advances the clock, a warning says so after
 * `warnOnStalledClock` of real time. A request past the end of a list dies with {@link UnexpectedRequest}.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerScripted = (
  script: Script,
  options: ScriptedOptions = {}
): Layer.Layer<HttpClient.HttpClient | Scripted> =>
  Layer.effectContext(
    Effect.map(Effect.scope, (scope) => {
      const requests: Array<ScriptedRequest> = []
      let current: Current = { script, from: 0 }
      const watch = Stalled.makeWatch(options.warnOnStalledClock, scope)
      const client = redactingSpans(
        HttpClient.make((request, url) =>
          Effect.gen(function* () {
            watch.requests += 1
            const record = recordOf(
              requests.length,
              request.method,
              `${url.pathname}${url.search}`,
              request.headers,
              options.revealCredentials === true
            )
            requests.push(record)
            const shown = `${record.method} ${redactTarget(`${url.pathname}${url.search}`)}`
            const found = replyOf(current, record)
            if ("missing" in found) {
              return yield* miss(
                options.onMiss,
                request,
                new UnexpectedRequest({ request: shown, message: found.missing })
              )
            }
            const reply = found.reply
            const delay = reply.delay === undefined ? 0 : Duration.toMillis(Duration.fromInputUnsafe(reply.delay))
            if (delay > 0) yield* Stalled.sleep(watch, delay, `${shown} (a scripted delay)`)
            if (reply.hang === true) {
              return yield* Stalled.sleep(watch, "forever", `${shown} (a scripted hang)`).pipe(
                Effect.andThen(Effect.never)
              )
            }
            if (reply.destroy === true) {
              yield* Stalled.answered(watch, shown, { cause: `was dropped (scripted): ${backoff}`, millis: undefined })
              return yield* dropped(request, "connection closed by the scripted server")
            }
            const answer = answerOf(reply)
            const wait =
              reply.truncate === true
                ? { cause: `was cut mid-body (scripted): ${backoff}`, millis: undefined }
                : Stalled.waitAsked(answer.status, answer.headers)
            yield* Stalled.answered(watch, shown, wait)
            return reply.chunks !== undefined
              ? produced(request, answer, reply.chunks)
              : reply.truncate === true
                ? truncated(request, answer, "connection closed mid-body by the scripted server")
                : respond(request, answer)
          })
        )
      )
      return Context.make(HttpClient.HttpClient, client).pipe(
        Context.add(Scripted, {
          requests,
          script: (next) => {
            current = { script: next, from: requests.length }
          }
        })
      )
    })
  )
