/**
 * What a client shows besides its results, captured: every log line and every span, for tests that check no
 * key leaks into them, that spans are named as documented, or that none is left open when a stream ends.
 */
import { Effect, Logger, References, type Tracer } from "effect"
import { recordingTracer } from "../../../schema/test/support/tracing.ts"

/** A capturing logger and tracer, and what they kept. */
export interface Capture {
  /** Every log line, as JSON of its message, annotations and cause. */
  readonly logs: ReadonlyArray<string>
  /** Every span started. */
  readonly spans: ReadonlyArray<Tracer.NativeSpan>
  /** Runs `effect` with the capturing logger (at every level) and tracer. */
  readonly around: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Every span as JSON of its name, attributes, events and status. */
  readonly spanTexts: () => ReadonlyArray<string>
  /** The names of the spans not ended. */
  readonly openSpans: () => ReadonlyArray<string>
}

/** JSON of a value that may hold bigints (span event times are nanoseconds as bigints), as decimal strings. */
export const jsonOf = (value: unknown): string =>
  JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v))

/** A fresh capture. */
export const makeCapture = (): Capture => {
  const logs: Array<string> = []
  const { spans, tracer } = recordingTracer()
  const logger = Logger.make((options) => {
    const annotations = options.fiber.getRef(References.CurrentLogAnnotations)
    logs.push(JSON.stringify({ message: options.message, annotations, cause: String(options.cause) }))
  })
  return {
    logs,
    spans,
    around: (effect) =>
      effect.pipe(
        Effect.withTracer(tracer),
        Effect.provide(Logger.layer([logger])),
        Effect.provideService(References.MinimumLogLevel, "All")
      ),
    spanTexts: () =>
      spans.map((span) =>
        jsonOf({
          name: span.name,
          attributes: Object.fromEntries(span.attributes),
          events: span.events,
          status: String(span.status._tag === "Ended" ? span.status.exit : "")
        })
      ),
    openSpans: () => spans.filter((span) => span.status._tag !== "Ended").map((span) => span.name)
  }
}
