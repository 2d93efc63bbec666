/**
 * Blockscout's credentials as every package of this toolkit shows them: the query parameters that carry one
 * (the API doc's `apikey`, and `key`, an instance's secret key), the one marker that replaces a credential
 * wherever it would show, and Effect's HTTP spans brought to that marker.
 *
 * @since 0.1.0
 */
import { Effect, Tracer } from "effect"

/**
 * What a credential is replaced by in every output of the client and the test kit (errors, URLs, events,
 * spans, logs, recordings): `<redacted>`, as Effect's `Redacted` prints itself.
 *
 * @since 0.1.0
 * @category credentials
 */
export const redactedMark = "<redacted>"

/**
 * The query parameters Blockscout reads a credential from: `apikey` (the API key) and `key` (an instance's
 * secret key, for restricted addresses).
 *
 * @since 0.1.0
 * @category credentials
 */
export const credentialParams: ReadonlyArray<string> = ["apikey", "key"]

const paramNames = new Set(credentialParams)

/**
 * Whether a query parameter name carries a credential (`apikey`, `key`, in any case).
 *
 * @since 0.1.0
 * @category credentials
 */
export const isCredentialParam = (name: string): boolean => paramNames.has(name.toLowerCase())

/**
 * Effect's redaction marks in a URL (`apikey=REDACTED`, `REDACTED:REDACTED@`): a parameter's value that is
 * exactly `REDACTED`, and a userinfo that is `REDACTED:REDACTED`.
 */
const effectMarks = /(^|[?&])([^=&#?]*)=REDACTED(?=$|[&#])|REDACTED:REDACTED@/g

const oneMark = (text: string): string =>
  text.replace(effectMarks, (_match, start: string | undefined, name: string | undefined) =>
    name === undefined ? `${redactedMark}@` : `${start}${name}=${redactedMark}`
  )

const urlAttributes = new Set(["url.full", "url.query"])

const marking = new WeakMap<Tracer.Tracer, Tracer.Tracer>()

/** A tracer whose spans show Effect's URL redaction marks as `<redacted>` (each tracer wrapped once). */
const markingTracer = (tracer: Tracer.Tracer): Tracer.Tracer => {
  let wrapped = marking.get(tracer)
  if (wrapped === undefined) {
    wrapped = Tracer.make({
      span: (options) => {
        const span = tracer.span(options)
        const attribute = span.attribute
        span.attribute = (key, value) =>
          attribute.call(span, key, urlAttributes.has(key) && typeof value === "string" ? oneMark(value) : value)
        return span
      },
      context: tracer.context
    })
    marking.set(tracer, wrapped)
  }
  return wrapped
}

/**
 * Runs `effect` (an HTTP exchange, or a server's handling of one) with its spans' `url.full` and `url.query`
 * showing {@link redactedMark} where Effect's HTTP modules write `REDACTED` (the value of a `Redacted` or
 * redacted-by-name parameter, a URL's userinfo): one marker in every output, whichever part of the stack
 * redacted it.
 *
 * Use it around `HttpClient.execute` (or an `HttpClient.transform`) and around an HTTP server's handling;
 * which parameters are redacted is still `UrlParams.CurrentRedactedNames`'s business.
 *
 * Gotcha: under Effect's default tracer (nothing recorded) it changes nothing, so a server keeps skipping its
 * spans; a value that is literally `REDACTED` shows as `<redacted>` too.
 *
 * @since 0.1.0
 * @category credentials
 */
export const withRedactedMark = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.tracer, (tracer) =>
    tracer === Tracer.nativeTracer ? effect : Effect.withTracer(effect, markingTracer(tracer))
  )
