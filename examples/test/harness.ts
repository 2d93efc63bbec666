/**
 * Test harness: runs the `blockscout` CLI in-process through its Effect program, against an in-process
 * simulated Blockscout, capturing stdout and stderr through a test `Stdio`.
 */
import type { ClientOptions } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout, type SimulatorOptions } from "@blockscout-effect/client/testing"
import { NodeServices } from "@effect/platform-node"
import { ConfigProvider, Effect, Exit, Layer, Sink, Stdio } from "effect"
import { HttpClient, HttpClientResponse } from "effect/http"
import { run } from "../src/cli/Cli.ts"
import { CliExit } from "../src/cli/Exit.ts"

/** What a CLI run printed and how it ended. */
export interface CliResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** The host the in-process simulator answers for (it ignores the host). */
export const baseUrl = "http://blockscout.test"

/** Client options for tests: no pacing, and no retries unless a test asks (failures come at once). */
export const testClient: ClientOptions = { rateLimit: false, retry: false }

const isHttpLayer = (u: unknown): u is Layer.Layer<HttpClient.HttpClient> => Layer.isLayer(u)

/**
 * Runs `blockscout ...argv` against `simulator` (or a fresh one from options, or any HTTP client layer), in-process.
 */
export const runCli = (
  argv: ReadonlyArray<string>,
  simulator: SimulatedBlockscout | SimulatorOptions | Layer.Layer<HttpClient.HttpClient> = {},
  client: ClientOptions = testClient,
  terminal: { readonly stderrIsTerminal?: boolean; readonly env?: Record<string, string> } = {}
): Effect.Effect<CliResult> =>
  Effect.gen(function* () {
    const decoder = new TextDecoder()
    let stdout = ""
    let stderr = ""
    const collect = (append: (text: string) => void) => () =>
      // biome-ignore lint/suspicious/useIterableCallbackReturn: Effect's Sink.forEach takes an Effect-returning function
      Sink.forEach((chunk: string | Uint8Array) =>
        Effect.sync(() => append(typeof chunk === "string" ? chunk : decoder.decode(chunk)))
      )
    const stdio = Stdio.layerTest({
      args: Effect.succeed(argv),
      stderrIsTerminal: Effect.succeed(terminal.stderrIsTerminal ?? false),
      stdout: collect((t) => (stdout += t)),
      stderr: collect((t) => (stderr += t))
    })
    const http: Layer.Layer<HttpClient.HttpClient> = isHttpLayer(simulator)
      ? simulator
      : layerHttpClient(simulator instanceof SimulatedBlockscout ? simulator : SimulatedBlockscout.make(simulator))
    const exit = yield* run(argv, { client }).pipe(
      Effect.provide(stdio),
      Effect.provide([NodeServices.layer, http]),
      // The environment the tool reads (BLOCKSCOUT_*): none unless the test gives some.
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromEnvRecord(terminal.env ?? {}))),
      Effect.exit
    )
    const code = Exit.isSuccess(exit)
      ? 0
      : Exit.findErrorOption(exit).pipe((e) => (e._tag === "Some" && e.value instanceof CliExit ? e.value.code : 1))
    if (code === 1) stderr += String(exit)
    return { code, stdout, stderr }
  })

/** The non-empty lines of an NDJSON text, parsed. */
export const ndjson = (text: string): Array<Record<string, unknown>> =>
  text
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>)

/** An HTTP client layer that answers every request with `status` and `body` (JSON). */
export const answering = (status: number, body: unknown): Layer.Layer<HttpClient.HttpClient> =>
  Layer.succeed(HttpClient.HttpClient)(
    HttpClient.make((request) =>
      Effect.succeed(
        HttpClientResponse.fromWeb(
          request,
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
        )
      )
    )
  )
