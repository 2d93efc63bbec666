/**
 * Answers as an in-process `HttpClient` delivers them: a response from status, headers and body text, a
 * response whose body is cut halfway (the body stream fails, as a cut connection does), and a dropped
 * connection (a `TransportError`). The simulator's client, the scripted client and the replaying client
 * all answer through here.
 *
 * @internal
 */
import { Effect, Stream } from "effect"
import { HttpClientError, type HttpClientRequest, type HttpClientResponse, HttpServerResponse } from "effect/http"

// The source compiles without DOM or Node typings (it runs wherever Effect runs); TextEncoder is universal.
const encoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
).TextEncoder()

/** An answer to deliver: JSON unless its headers say otherwise. */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** Header names in lower case (a script may write `Retry-After`). */
export const lowerCaseHeaders = (headers: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value
  return out
}

/** The answer as a response to `request`. */
export const respond = (
  request: HttpClientRequest.HttpClientRequest,
  answer: Answer
): HttpClientResponse.HttpClientResponse => {
  const { "content-type": contentType, ...headers } = answer.headers
  return HttpServerResponse.toClientResponse(
    HttpServerResponse.text(answer.body, {
      status: answer.status,
      headers,
      contentType: contentType ?? "application/json"
    }),
    { request }
  )
}

/** The answer with half its body: the status and headers (full `content-length`) arrive, then the body fails. */
export const truncated = (
  request: HttpClientRequest.HttpClientRequest,
  answer: Answer,
  description: string
): HttpClientResponse.HttpClientResponse => {
  const bytes = encoder.encode(answer.body)
  const body = Stream.concat(
    Stream.succeed(bytes.subarray(0, Math.floor(bytes.length / 2))),
    Stream.fail(new Error(description))
  )
  return HttpServerResponse.toClientResponse(
    HttpServerResponse.stream(body, { status: answer.status, headers: answer.headers, contentLength: bytes.length }),
    { request }
  )
}

/** A connection closed before any answer. */
export const dropped = (
  request: HttpClientRequest.HttpClientRequest,
  description: string
): Effect.Effect<never, HttpClientError.HttpClientError> =>
  Effect.fail(
    new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, description }) })
  )
