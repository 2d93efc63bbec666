/**
 * Where the `blockscout` tool writes: data to stdout, everything else (notices, retries, the progress line,
 * errors, logs) to stderr, so `blockscout ... > out.ndjson` holds only data at any log level.
 *
 * When to use: one `Screen` per run. `data(text)` writes output; `notice(line)` a line for the user;
 * `progress` counts pages and retries. On a terminal the progress line is cleared before anything else is
 * written and drawn again after, so table rows and notices never share a line with it.
 */
import type { BlockscoutEvent } from "@blockscout-effect/client"
import { Effect, type PlatformError, Stdio, Stream } from "effect"
import * as Progress from "../lib/Progress.ts"

/** Writes `text` to stdout or stderr through `Stdio`. */
export const writeTo = (stdio: Stdio.Stdio, sink: "stdout" | "stderr", text: string) =>
  Stream.run(Stream.make(text), sink === "stdout" ? stdio.stdout() : stdio.stderr())

/** A run's output. */
export interface Screen {
  /** Output data (stdout); fails when the reader went away (`| head`). */
  readonly data: (text: string) => Effect.Effect<void, PlatformError.PlatformError>
  /** One line to the user (stderr), newline added. */
  readonly notice: (line: string) => Effect.Effect<void>
  readonly progress: Progress.Progress
}

/** Makes the screen of one run: the progress line is drawn only when stderr is a terminal. */
export const make = Effect.gen(function* () {
  const stdio = yield* Stdio.Stdio
  const stdoutTty = yield* stdio.stdoutIsTerminal
  const progress = yield* Progress.make({
    write: (text) => Effect.orDie(writeTo(stdio, "stderr", text)),
    enabled: yield* stdio.stderrIsTerminal
  })
  const screen: Screen = {
    data: (text) => (stdoutTty ? progress.around(writeTo(stdio, "stdout", text)) : writeTo(stdio, "stdout", text)),
    notice: (line) => progress.around(Effect.orDie(writeTo(stdio, "stderr", `${line}\n`))),
    progress
  }
  return screen
})

const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).host : "the server")

const failures: Record<string, string> = {
  Transport: "connection failed",
  Timeout: "no response in time",
  ServerError: "server error",
  RateLimited: "rate limited (429)"
}

/**
 * The line announcing a retry: what failed, at which host, which attempt, and when the next try is.
 * `retries` is the most the client makes (for "retry 2 of 5").
 */
export const retryNotice = (event: Extract<BlockscoutEvent, { _tag: "Retry" }>, retries: number): string =>
  `blockscout: ${event.endpoint}: ${failures[event.reason] ?? event.reason} at ${hostOf(event.url)}; ` +
  `retry ${event.attempt} of ${retries} in ${(event.delayMillis / 1000).toFixed(1)} s`

/**
 * The client's events as the run shows them: each request counted on the progress line (against `rate`, the
 * server's announced rate, when given), each retry announced at once (what failed, where, when the next try is)
 * and counted; a page whose server says its list is not complete yet, as a notice.
 */
export const onEvent =
  (screen: Screen, retries: number, rate?: () => Effect.Effect<number | undefined>) =>
  (event: BlockscoutEvent): Effect.Effect<void> => {
    switch (event._tag) {
      // The progress line counts requests, against the rate the server announced (when known).
      case "Request":
        return rate === undefined ? Effect.void : Effect.flatMap(rate(), (r) => screen.progress.request(r))
      case "Retry":
        return Effect.andThen(screen.progress.retry, screen.notice(retryNotice(event, retries)))
      case "IncompleteList":
        return screen.notice(incompleteNotice(event))
      default:
        return Effect.void
    }
  }

/** The line saying a page's list is not complete yet (12.x internal-transaction lists). */
export const incompleteNotice = (event: Extract<BlockscoutEvent, { _tag: "IncompleteList" }>): string =>
  `blockscout: ${event.endpoint}: ${event.blocks === undefined ? "" : `blocks ${event.blocks.from} to ${event.blocks.to}: `}` +
  `the server says the list is not complete yet (${event.message ?? `status ${event.status}`}); it may grow`
