/**
 * The recording file `layerRecord` writes and `layerReplay` reads: each request a client sent (method, path
 * and query, credentials removed) with the answer it got (status, headers and body, every secret the
 * request carried scrubbed out, including keys a server echoed into a cursor).
 *
 * @since 0.1.0
 */
import { Data, Effect, Schema } from "effect"
import { isCredentialHeader, matchUrl, scrub } from "./internal/credentials.ts"

/** The `format` a recording file declares; another one is refused. */
const formatName = "blockscout-effect/recording@1"

const Exchange = Schema.Struct({
  request: Schema.Struct({ method: Schema.String, url: Schema.String }),
  response: Schema.Struct({
    status: Schema.Number,
    headers: Schema.Record(Schema.String, Schema.String),
    body: Schema.String
  })
})

/**
 * A recording: what `layerRecord` writes (as JSON) and `layerReplay` reads. `request.url` is the path and
 * query without credential parameters, its parameters sorted (what a replayed request is matched by);
 * `response.body` the text as received, scrubbed.
 *
 * @since 0.1.0
 * @category models
 */
export const Recording = Schema.Struct({ format: Schema.Literal(formatName), exchanges: Schema.Array(Exchange) })

/**
 * A recording's contents (see {@link Recording}).
 *
 * @since 0.1.0
 * @category models
 */
export interface Recording extends Schema.Schema.Type<typeof Recording> {}

/**
 * One exchange of a recording: a request and the answer it got.
 *
 * @since 0.1.0
 * @category models
 */
export type RecordedExchange = Recording["exchanges"][number]

/**
 * A recording that cannot be read or written: `path` names the file (or `"(given)"` for a recording
 * passed as a value), `message` what is wrong.
 *
 * @since 0.1.0
 * @category errors
 */
export class RecordingError extends Data.TaggedError("RecordingError")<{
  readonly path: string
  readonly message: string
  readonly cause?: unknown
}> {}

const decode = Schema.decodeUnknownEffect(Schema.fromJsonString(Recording))

/**
 * Reads a recording from its JSON text; `path` names it in errors.
 *
 * @since 0.1.0
 * @category constructors
 */
export const parseRecording = (text: string, path: string): Effect.Effect<Recording, RecordingError> =>
  decode(text).pipe(
    Effect.mapError(
      (cause) =>
        new RecordingError({
          path,
          message: `not a recording (a JSON object with "format": "${formatName}" and "exchanges"): ${cause.message}`,
          cause
        })
    )
  )

/**
 * A recording as JSON text: one exchange per line block, stable for diffs.
 *
 * @internal
 */
export const printRecording = (exchanges: ReadonlyArray<RecordedExchange>): string =>
  `${JSON.stringify({ format: formatName, exchanges } satisfies Recording, null, 2)}\n`

/**
 * Response headers not kept: those that set or ask for credentials, and those about the connection and the
 * body's framing and encoding (the body is stored as the decoded text, and a replay frames it anew).
 */
const droppedHeaders = new Set([
  "set-cookie",
  "set-cookie2",
  "www-authenticate",
  "proxy-authenticate",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive"
])

/**
 * One exchange as stored: the request's method and match key (no host, no userinfo, no credential
 * parameters), the response's headers and body with every secret in `secrets` scrubbed out.
 *
 * @internal
 */
export const exchangeOf = (
  method: string,
  url: URL,
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string },
  secrets: ReadonlyArray<string>
): RecordedExchange => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.headers)) {
    if (droppedHeaders.has(name.toLowerCase()) || isCredentialHeader(name)) continue
    headers[name.toLowerCase()] = scrub(value, secrets)
  }
  return {
    request: { method: method.toUpperCase(), url: scrub(matchUrl(url), secrets) },
    response: { status: response.status, headers, body: scrub(response.body, secrets) }
  }
}
