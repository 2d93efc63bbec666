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

/** An answer to deliver: JSON unless its headers say otherwise; a body of bytes goes as it is. */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | Uint8Array
}

const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === "string" ? encoder.encode(body) : body)

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
  const options = { status: answer.status, headers, contentType: contentType ?? "application/json" }
  return HttpServerResponse.toClientResponse(
    typeof answer.body === "string"
      ? HttpServerResponse.text(answer.body, options)
      : HttpServerResponse.uint8Array(answer.body, options),
    { request }
  )
}

/**
 * The answer with its body produced chunk by chunk (`chunks.next`, each after `everyMillis` when given),
 * as a stream the client pulls: an endless body costs only what the client reads.
 */
export const produced = (
  request: HttpClientRequest.HttpClientRequest,
  answer: Answer,
  chunks: {
    readonly next: (index: number) => Uint8Array | string | undefined
    readonly everyMillis?: number | undefined
  }
): HttpClientResponse.HttpClientResponse => {
  const pause = chunks.everyMillis === undefined ? Effect.void : Effect.sleep(chunks.everyMillis)
  const body = Stream.unfold(0, (index) =>
    Effect.map(pause, (): readonly [Uint8Array, number] | undefined => {
      const chunk = chunks.next(index)
      return chunk === undefined ? undefined : [bytesOf(chunk), index + 1]
    })
  )
  return HttpServerResponse.toClientResponse(
    HttpServerResponse.stream(body, { status: answer.status, headers: answer.headers }),
    { request }
  )
}

/** The answer with half its body: the status and headers (full `content-length`) arrive, then the body fails. */
export const truncated = (
  request: HttpClientRequest.HttpClientRequest,
  answer: Answer,
  description: string
): HttpClientResponse.HttpClientResponse => {
  const bytes = bytesOf(answer.body)
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
