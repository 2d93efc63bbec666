/**
 * Replaying a recording: an in-process `HttpClient` that answers each request with the answer recorded for
 * it, and has no answer for anything else.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Layer } from "effect"
import { HttpClient } from "effect/http"
import { matchUrl, redactingSpans, redactTarget, scrub, secretsOf } from "./internal/credentials.ts"
import { respond } from "./internal/respond.ts"
import * as Stalled from "./internal/stalledClock.ts"
import { parseRecording, type RecordedExchange, type Recording, RecordingError } from "./Recording.ts"
import type { StalledClockWarning } from "./SimulatorOptions.ts"
import { miss, type OnMiss, UnexpectedRequest } from "./UnexpectedRequest.ts"

/**
 * Options of {@link layerReplay}.
 *
 * @since 0.1.0
 * @category options
 */
export interface ReplayOptions {
  /** What a request that was not recorded does (default `"die"`, with an `UnexpectedRequest`). */
  readonly onMiss?: OnMiss | undefined
  /** Warn about waits on a `TestClock` that nothing advances (a recorded 429, ...): default after 1 s; `false`: never. */
  readonly warnOnStalledClock?: StalledClockWarning | undefined
}

/** The recorded answers of each request, in the order they were recorded, and how many were served. */
interface Entry {
  readonly answers: Array<RecordedExchange["response"]>
  served: number
}

const index = (recording: Recording): Map<string, Entry> => {
  const byKey = new Map<string, Entry>()
  for (const { request, response } of recording.exchanges) {
    const key = `${request.method.toUpperCase()} ${request.url}`
    const entry = byKey.get(key)
    if (entry === undefined) byKey.set(key, { answers: [response], served: 0 })
    else entry.answers.push(response)
  }
  return byKey
}

/** Why a request has no answer: the recorded requests of the same path (a cursor or filter differs), or the count. */
const missing = (byKey: Map<string, Entry>, source: string, key: string, path: string): string => {
  const samePath = [...byKey.keys()].filter((k) => k.split(" ")[1]?.split("?")[0] === path)
  const near =
    samePath.length === 0
      ? `it holds ${byKey.size} distinct requests, none to ${path}`
      : `it holds these to the same path: ${samePath.slice(0, 5).join(", ")}${samePath.length > 5 ? ", ..." : ""}`
  return `no recorded answer for ${key} in ${source} (${near}); record it again to include it`
}

const load = (source: string | Recording): Effect.Effect<Recording, RecordingError, FileSystem.FileSystem> =>
  typeof source !== "string"
    ? Effect.succeed(source)
    : Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const text = yield* fs
          .readFileString(source)
          .pipe(
            Effect.mapError(
              (cause) =>
                new RecordingError({ path: source, message: `cannot read the recording: ${cause.message}`, cause })
            )
          )
        return yield* parseRecording(text, source)
      })

/**
 * An in-process `HttpClient` layer that replays a recording made by `layerRecord`: a file path (read when the
 * layer is built; needs a `FileSystem`), or the {@link Recording} itself (e.g. a JSON import; needs nothing,
 * runs wherever Effect runs).
 *
 * A request is matched by method, path and query, without credentials and whatever its host or parameter
 * order: a replay needs no key, and works with any base URL. A request recorded several times gets its
 * answers in the order recorded (a 429, then the page), and the last one again after that. A request that was
 * not recorded dies with an `UnexpectedRequest` naming it and the recorded requests to the same path (or
 * fails, with `onMiss: "fail"`).
 *
 * @example
 * ```ts
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerReplay } from "@blockscout-effect/simulator"
 * import { NodeFileSystem } from "@effect/platform-node"
 * import { Layer } from "effect"
 *
 * export const TestBlockscout = Blockscout.layerInstance({
 *   baseUrl: "https://eth.blockscout.com",
 *   rateLimit: false
 * }).pipe(Layer.provide(layerReplay("test/recordings/withdrawals.json")), Layer.provide(NodeFileSystem.layer))
 * ```
 *
 * Gotchas: the answers carry the recorded rate-limit headers, so a client that paces itself by them
 * (`rateLimit` on) may wait on the `TestClock` for a recorded reset: give the replaying client
 * `rateLimit: false`, or adjust the clock (a warning says so when nothing does). A file that cannot be read
 * or is not a recording fails the layer with a `RecordingError`.
 *
 * @since 0.1.0
 * @category layers
 */
export function layerReplay(
  path: string,
  options?: ReplayOptions
): Layer.Layer<HttpClient.HttpClient, RecordingError, FileSystem.FileSystem>
export function layerReplay(recording: Recording, options?: ReplayOptions): Layer.Layer<HttpClient.HttpClient>
export function layerReplay(
  source: string | Recording,
  options: ReplayOptions = {}
): Layer.Layer<HttpClient.HttpClient, RecordingError, FileSystem.FileSystem> {
  return Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function* () {
      const recording = yield* load(source)
      const byKey = index(recording)
      const name = typeof source === "string" ? source : "the recording given"
      const watch = Stalled.makeWatch(options.warnOnStalledClock, yield* Effect.scope)
      return redactingSpans(
        HttpClient.make((request, url) =>
          Effect.gen(function* () {
            watch.requests += 1
            // Matched as stored: no credential parameters, and any secret echoed elsewhere scrubbed the same way.
            const key = `${request.method.toUpperCase()} ${scrub(matchUrl(url), secretsOf(url, request.headers))}`
            const entry = byKey.get(key)
            const shown = `${request.method} ${redactTarget(`${url.pathname}${url.search}`)}`
            if (entry === undefined) {
              const error = new UnexpectedRequest({ request: shown, message: missing(byKey, name, key, url.pathname) })
              return yield* miss(options.onMiss, request, error)
            }
            const answer = entry.answers[Math.min(entry.served, entry.answers.length - 1)]!
            entry.served += 1
            const wait = Stalled.waitAsked(answer.status, answer.headers)
            yield* Stalled.answered(watch, shown, wait)
            return respond(request, answer)
          })
        )
      )
    })
  )
}
