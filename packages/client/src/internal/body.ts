/**
 * Reading a response body within its bounds: bytes are counted as they arrive, after the HTTP client
 * decompressed them (fetch inflates `gzip`, `deflate`, `br` itself), and reading stops at the limit, so an
 * endless body or a compression bomb costs at most the limit in memory, never a string too long to build.
 *
 * The time to parse a body is bounded too: `JSON.parse` runs in one go, and its cost grows with the number of
 * objects and arrays (about a microsecond each here; a 100-item page of transactions holds about 2,000), not
 * with the bytes (megabytes of long strings parse in milliseconds, megabytes of small objects in hundreds, a
 * body nested a million levels deep in seconds). Past `lookAbove` bytes, the `{` and `[` bytes are counted as
 * chunks arrive (native `indexOf`), and a body with more than `maxContainers` is refused there, unread and
 * unparsed. Real pages are smaller and pay nothing.
 *
 * A 2xx body over a bound is a failure (`TooLarge`, `TooComplex`); an error body is only summarised, so its
 * first bytes are kept (`cut`) and the rest is not read. Stopping cancels the body, which closes the
 * connection.
 *
 * @internal
 */
import { Effect, Option, Stream } from "effect"
import { HttpClientResponse } from "effect/http"

/**
 * A body read to its end, or to the limit, as its decoded parts: the text is made by `takeText`, by whoever
 * uses it once the exchange is over, not here. The exchange runs in a fiber of its own (under the request's
 * timeout), and over Effect's Node clients the response aborts its request when its body stream ends: the
 * abort's error captures a stack trace that keeps that fiber, with its result, until the next full GC. A text
 * in that result stayed alive through every young-generation GC and was promoted, every page (about 100 MB
 * more peak RSS at 100,000 items over `NodeHttpClient.layerUndici`; BENCHMARKS.md, "Stream memory").
 */
export interface Body {
  /** Joins the parts into the text and lets them go: call it once (a second call gives ""). */
  readonly takeText: () => string
  /** Whether the body went on past the limit (only when reading was asked to keep the start, `keep`). */
  readonly cut: boolean
  /** Bytes read. */
  readonly bytes: number
}

/** A body with nothing read (none, or an error body the connection cut before its first byte). */
export const emptyBody = (cut: boolean, bytes: number): Body => ({ takeText: () => "", cut, bytes })

/** Bodies up to this many bytes are not looked at: a full page is a few hundred kilobytes. */
export const lookAbove = 256 * 1024

/**
 * The most objects and arrays a body may hold (counting `{` and `[` bytes, in strings too): thirty full
 * pages of transactions; `JSON.parse` of that many takes tens of milliseconds.
 */
export const maxContainers = 65_536

/** Why a body could not be read. */
export type BodyFailure =
  /** The body went past the limit (2xx only: an error body is cut instead). */
  | { readonly _tag: "TooLarge"; readonly bytes: number }
  /** The body holds more objects and arrays than `maxContainers` (2xx only). */
  | { readonly _tag: "TooComplex"; readonly bytes: number }
  /** The connection failed before the body was complete. */
  | { readonly _tag: "Broken"; readonly bytes: number; readonly cause: unknown }

/** `{` and `[` bytes in a chunk, counted until `max` is passed. */
const containersIn = (chunk: Uint8Array, max: number): number => {
  let n = 0
  for (const open of [0x7b, 0x5b]) {
    for (let at = chunk.indexOf(open); at >= 0 && n <= max; at = chunk.indexOf(open, at + 1)) n++
  }
  return n
}

/**
 * `{` and `[` in decoded text, counted until `max` is passed: the same count as in its bytes, since neither
 * byte ever occurs inside a multi-byte UTF-8 sequence.
 */
const containersInText = (text: string, max: number): number => {
  let n = 0
  for (const open of ["{", "["]) {
    for (let at = text.indexOf(open); at >= 0 && n <= max; at = text.indexOf(open, at + 1)) n++
  }
  return n
}

/** What stopped a read early. */
type Stop = "limit" | "complex" | undefined

/**
 * A body decoded as UTF-8 as its chunks arrive, up to a limit. Each chunk is decoded on arrival (a streaming
 * `TextDecoder`: a character split across chunks comes out whole) and is not kept, so a page costs its chunks
 * and one text, not also a buffer of the whole body copied once more into the text. Byte buffers live outside
 * the JavaScript heap until the collector frees the objects owning them, and add to the resident set while
 * they wait; the decoded parts are small strings in the young generation, freed by its next collection
 * (BENCHMARKS.md, "Stream memory": about 18 MB less external memory at the peak of a long stream).
 */
class Gathered {
  readonly parts: Array<string> = []
  bytes = 0
  /** `{` and `[` bytes so far, counted once past `lookAbove` (-1 before). */
  containers = -1
  readonly limit: number
  readonly counted: boolean
  readonly decoder = new TextDecoder()
  constructor(limit: number, counted: boolean) {
    this.limit = limit
    this.counted = counted
  }
  /** Adds a chunk; says why reading must stop, if it must (the part within the limit is kept). */
  add(chunk: Uint8Array): Stop {
    const room = this.limit - this.bytes
    const over = chunk.length > room
    const kept = over ? chunk.subarray(0, Math.max(room, 0)) : chunk
    this.bytes += kept.length
    if (this.counted && this.bytes > lookAbove) {
      if (this.containers < 0) {
        // Crossing the threshold: count what came before too.
        this.containers = 0
        for (const earlier of this.parts) this.containers += containersInText(earlier, maxContainers)
      }
      this.containers += containersIn(kept, maxContainers)
      if (this.containers > maxContainers) return "complex"
    }
    if (kept.length > 0) {
      const part = this.decoder.decode(kept, { stream: true })
      if (part.length > 0) this.parts.push(part)
    }
    return over ? "limit" : undefined
  }
  /**
   * The text: the parts, and whatever the decoder still holds (an incomplete last character, replaced). The
   * parts are let go: a second call gives "".
   */
  readonly takeText = (): string => {
    const rest = this.decoder.decode()
    if (rest.length > 0) this.parts.push(rest)
    const parts = this.parts
    const text = parts.length === 0 ? "" : parts.length === 1 ? (parts[0] as string) : parts.join("")
    parts.length = 0
    return text
  }
}

/**
 * What a finished read gives: the body (`cut` when it stopped at the limit and the start was asked to be
 * kept), or why it stopped.
 */
const finish = (gathered: Gathered, stop: Stop, keep: boolean): Effect.Effect<Body, BodyFailure> =>
  stop === "complex"
    ? Effect.fail({ _tag: "TooComplex", bytes: gathered.bytes })
    : stop === "limit" && !keep
      ? Effect.fail({ _tag: "TooLarge", bytes: gathered.bytes })
      : Effect.succeed({ takeText: gathered.takeText, cut: stop === "limit", bytes: gathered.bytes })

/** A Web `ReadableStream` (fetch), read chunk by chunk in one callback: no Effect stream per chunk. */
const readWeb = (body: ReadableStream<Uint8Array>, limit: number, keep: boolean): Effect.Effect<Body, BodyFailure> =>
  Effect.callback<Body, BodyFailure>((resume) => {
    const gathered = new Gathered(limit, !keep)
    const reader = body.getReader()
    const cancel = () => {
      reader.cancel().catch(() => undefined)
    }
    const pump = (): void => {
      reader.read().then(
        (result) => {
          if (result.done) return resume(finish(gathered, undefined, keep))
          const stop = gathered.add(result.value)
          if (stop !== undefined) {
            cancel()
            return resume(finish(gathered, stop, keep))
          }
          pump()
        },
        (cause: unknown) => resume(Effect.fail({ _tag: "Broken", bytes: gathered.bytes, cause }))
      )
    }
    pump()
    // Interrupted (timeout, the stream ended): stop reading, which aborts the transfer.
    return Effect.sync(cancel)
  })

/** Any other HTTP client's body, as its `stream`: stopping the stream releases the connection. */
const readStream = (
  response: HttpClientResponse.HttpClientResponse,
  limit: number,
  keep: boolean
): Effect.Effect<Body, BodyFailure> =>
  Effect.suspend(() => {
    const gathered = new Gathered(limit, !keep)
    let stop: Stop
    return Stream.runForEachWhile(response.stream, (chunk) =>
      Effect.sync(() => {
        stop = gathered.add(chunk)
        return stop === undefined
      })
    ).pipe(
      Effect.catch((error) =>
        // No body at all (a 204, a HEAD-like answer) is an empty text, not a failure. (Checked defensively:
        // an app's own client may fail its stream with anything.)
        (error as { readonly reason?: { readonly _tag?: unknown } } | undefined)?.reason?._tag === "EmptyBodyError"
          ? Effect.void
          : Effect.fail<BodyFailure>({ _tag: "Broken", bytes: gathered.bytes, cause: error })
      ),
      Effect.flatMap(() => finish(gathered, stop, keep))
    )
  })

/**
 * Reads a body up to `limit` bytes (after decompression). Past the limit: with `keep` (an error body), the
 * first `limit` bytes (`cut: true`); without (a 2xx body), `TooLarge`, or `TooComplex` as soon as it holds
 * more objects and arrays than `maxContainers`. A body the server never finished is `Broken`.
 */
export const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  limit: number,
  keep: boolean
): Effect.Effect<Body, BodyFailure> => {
  const web = HttpClientResponse.toWeb(response)
  if (Option.isSome(web)) {
    const body = web.value.body
    return body === null ? Effect.succeed(emptyBody(false, 0)) : readWeb(body, limit, keep)
  }
  return readStream(response, limit, keep)
}
