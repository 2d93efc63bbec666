/**
 * A tracer that keeps every span it starts, for tests that read what spans say (names, attributes, status).
 * Shared by the packages' tests (the client's log-and-span capture builds on it).
 */
import { Tracer } from "effect"

/** A recording tracer, and the spans it has started so far (in start order). */
export interface RecordingTracer {
  readonly tracer: Tracer.Tracer
  readonly spans: ReadonlyArray<Tracer.NativeSpan>
}

/** A fresh recording tracer: run an effect under it with `Effect.withTracer(tracer)`. */
export const recordingTracer = (): RecordingTracer => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    }
  })
  return { spans, tracer }
}
