/**
 * Everything a client shows, gathered as text for tests that look for secrets in it: the error (message,
 * `String`, JSON, URL, reason, stack, cause), every log line at every level (Debug included), every span's
 * name, attributes and events, the `onEvent` events, and the pages and cursors it handed out. And the forms a
 * secret takes, so a test looks for each.
 */
import { assert } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import type { BlockscoutEvent } from "../../src/index.ts"
import { jsonOf, makeCapture } from "./capture.ts"

/** What a run showed: its exit, and every text it produced. */
export interface Observed<A, E> {
  readonly exit: Exit.Exit<A, E>
  readonly texts: ReadonlyArray<string>
}

/** An `onEvent` that keeps every event as text, and the texts it kept. */
export const eventSink = () => {
  const texts: Array<string> = []
  const onEvent = (event: BlockscoutEvent) => Effect.sync(() => void texts.push(JSON.stringify(event)))
  return { onEvent, texts }
}

/** The texts of a failure: `message`, `String`, JSON, `url`, the reason as JSON, the stack, the whole cause. */
const failureTexts = (cause: Cause.Cause<unknown>): ReadonlyArray<string> => {
  const texts: Array<string> = [Cause.pretty(cause)]
  for (const reason of cause.reasons) {
    const value = Cause.isFailReason(reason) ? reason.error : Cause.isDieReason(reason) ? reason.defect : undefined
    if (typeof value !== "object" || value === null) {
      texts.push(String(value))
      continue
    }
    const error = value as { message?: unknown; url?: unknown; reason?: unknown; stack?: unknown; cause?: unknown }
    texts.push(String(error.message), String(value), JSON.stringify(value), String(error.url), String(error.stack))
    texts.push(JSON.stringify(error.reason), String(error.cause))
  }
  return texts
}

/**
 * Runs `effect` with a logger at every level and a tracer (`capture.ts`), and gathers what it showed: logs
 * (message, annotations, cause), spans (name, attributes, events, status), and the exit: every text of a
 * failure, or the value as JSON.
 */
export const observed = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<Observed<A, E>, never, R> =>
  Effect.gen(function* () {
    const capture = makeCapture()
    const exit = yield* Effect.exit(capture.around(effect))
    // Spans as exporters record them: name, attributes, events, and the exit of a failure (a success's value,
    // such as Effect's HTTP span's response, is never exported).
    const spans = capture.spans.map((span) =>
      jsonOf({
        name: span.name,
        attributes: Object.fromEntries(span.attributes),
        events: span.events,
        status: span.status._tag === "Ended" && Exit.isFailure(span.status.exit) ? String(span.status.exit) : "ok"
      })
    )
    const texts = [...capture.logs, ...spans]
    if (Exit.isFailure(exit)) texts.push(...failureTexts(exit.cause))
    else texts.push(jsonOf(exit.value))
    return { exit, texts }
  })

/** Percent-encoding with lower-case hex. */
const lowerHex = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())

/** Form encoding, as `URLSearchParams` writes it (`+` for a space, `~!'()` encoded). */
const formEncoded = (text: string) => new URLSearchParams({ x: text }).toString().slice(2)

/** A JSON string's content as Elixir's Jason writes it with HTML-safe escaping (`\/`, `\u0026`). */
export const jsonEscaped = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/\//g, "\\/")
    .replace(/&/g, "\\u0026")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")

/** HTML character references for `&<>"'`. */
export const htmlEscaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

/**
 * Every form of a secret a test looks for: as it is, percent-encoded (both hex cases), form-encoded,
 * JSON-escaped, HTML-escaped, encoded twice.
 */
export const formsOf = (secret: string): ReadonlyArray<string> => [
  ...new Set([
    secret,
    encodeURIComponent(secret),
    lowerHex(secret),
    formEncoded(secret),
    jsonEscaped(secret),
    htmlEscaped(secret),
    encodeURIComponent(encodeURIComponent(secret)),
    jsonEscaped(encodeURIComponent(secret)),
    htmlEscaped(formEncoded(secret))
  ])
]

/**
 * Asserts no text holds any secret in any form, nor any 8 characters in a row of one (a secret cut in
 * half shows too).
 */
export const assertNoSecret = (texts: ReadonlyArray<string>, secrets: ReadonlyArray<string>) => {
  for (const text of texts) {
    for (const secret of secrets) {
      for (const form of formsOf(secret)) {
        assert.notInclude(text, form, `a form of a secret in: ${text.slice(0, 2000)}`)
      }
      for (let at = 0; at + 8 <= secret.length; at++) {
        const piece = secret.slice(at, at + 8)
        assert.notInclude(text, piece, `part of a secret (${JSON.stringify(piece)}) in: ${text.slice(0, 2000)}`)
      }
    }
  }
}
