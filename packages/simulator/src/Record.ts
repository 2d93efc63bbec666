/**
 * Recording a real server's answers: an `HttpClient` layer over your real one that passes every request
 * through and keeps each answer, scrubbed of credentials, then writes them to a file for `layerReplay`.
 *
 * @since 0.1.0
 */
import { Effect, FileSystem, Layer } from "effect"
import { HttpClient, type HttpClientRequest, type HttpClientResponse, UrlParams } from "effect/http"
import { secretsOf } from "./internal/credentials.ts"
import { respond } from "./internal/respond.ts"
import { exchangeOf, printRecording, type RecordedExchange, RecordingError } from "./Recording.ts"

/**
 * The URL a request goes to: its URL with its URL parameters (credentials included, to know what to
 * scrub). Only its path and query are stored; a relative URL gets a placeholder origin.
 */
const urlOf = (request: HttpClientRequest.HttpClientRequest): URL => {
  const url = new URL(request.url, "http://recorded.invalid")
  for (const [name, value] of new URLSearchParams(UrlParams.toString(request.urlParams))) {
    url.searchParams.append(name, value)
  }
  return url
}

/** The folder of a file path (either separator), or `undefined` for a bare file name. */
const folderOf = (path: string): string | undefined => {
  const end = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"))
  return end > 0 ? path.slice(0, end) : undefined
}

/** Writes the recording, making its folder if needed. */
const write = (fs: FileSystem.FileSystem, path: string, exchanges: ReadonlyArray<RecordedExchange>) =>
  Effect.gen(function* () {
    const folder = folderOf(path)
    if (folder !== undefined) yield* fs.makeDirectory(folder, { recursive: true })
    yield* fs.writeFileString(path, printRecording(exchanges))
  }).pipe(
    Effect.mapError(
      (cause) => new RecordingError({ path, message: `cannot write the recording: ${cause.message}`, cause })
    )
  )

/**
 * An `HttpClient` layer that records: each request goes to the `HttpClient` it is given (your real one),
 * and each answer is kept and passed on unchanged. When the layer is released (the test or program ends),
 * the answers are written to `path` as a {@link Recording} (JSON), replacing the file.
 *
 * What is stored is scrubbed: a request keeps its method, path and query without the `apikey` and `key`
 * parameters (no host, no userinfo, no headers); an answer keeps its status, its headers (not `set-cookie`,
 * nor those of the connection or of the body's framing and encoding: the body is kept decoded) and its body,
 * with every secret the request carried (`apikey` and `key` values, `Authorization` and `x-api-key` headers,
 * userinfo) replaced by `<redacted>` wherever it shows, as sent or URL-encoded (servers before Blockscout 12
 * echo the key into `next_page_params`).
 *
 * Use it once against a real server (or `serve()` from `./node`), commit the file, and replay it in tests
 * with `layerReplay`:
 *
 * @example
 * ```ts
 * import { Blockscout } from "@blockscout-effect/client"
 * import { layerRecord, layerReplay } from "@blockscout-effect/simulator"
 * import { NodeFileSystem, NodeHttpClient } from "@effect/platform-node"
 * import { Layer, Redacted } from "effect"
 *
 * // record: BLOCKSCOUT_RECORD=1 vitest run ...; replay otherwise (no network)
 * const Http = process.env.BLOCKSCOUT_RECORD
 *   ? layerRecord("test/recordings/transfers.json").pipe(Layer.provide(NodeHttpClient.layerUndici))
 *   : layerReplay("test/recordings/transfers.json")
 * const apiKey = Redacted.make(process.env.BLOCKSCOUT_API_KEY ?? "")
 * export const TestBlockscout = Blockscout.layerPro({ chainId: 1, apiKey }).pipe(
 *   Layer.provide(Http),
 *   Layer.provide(NodeFileSystem.layer)
 * )
 * ```
 *
 * Gotchas: answers are held in memory until the layer is released; a request that fails without an answer
 * (a refused or dropped connection) is passed on and not recorded; a file that cannot be written is a defect
 * at release. Requires a `FileSystem` (`NodeFileSystem.layer` from `@effect/platform-node`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerRecord = (
  path: string
): Layer.Layer<HttpClient.HttpClient, never, HttpClient.HttpClient | FileSystem.FileSystem> =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.gen(function* () {
      const inner = yield* HttpClient.HttpClient
      const fs = yield* FileSystem.FileSystem
      const exchanges: Array<RecordedExchange> = []
      yield* Effect.addFinalizer(() => Effect.orDie(write(fs, path, exchanges)))
      const keep = (request: HttpClientRequest.HttpClientRequest, response: HttpClientResponse.HttpClientResponse) =>
        Effect.map(response.text, (body) => {
          const url = urlOf(request)
          const answer = { status: response.status, headers: response.headers, body }
          exchanges.push(exchangeOf(request.method, url, answer, secretsOf(url, request.headers)))
          return respond(request, answer)
        })
      return HttpClient.transform(inner, (effect, request) =>
        Effect.flatMap(effect, (response) => keep(request, response))
      )
    })
  )
