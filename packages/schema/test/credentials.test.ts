/**
 * The one redaction marker: `withRedactedMark` brings what Effect's HTTP modules write into a span's URL
 * (`REDACTED` for a parameter's value, `REDACTED:REDACTED@` for a userinfo) to `<redacted>`, touches nothing
 * else, and leaves Effect's default tracer alone.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Tracer } from "effect"
import { isCredentialParam, redactedMark, withRedactedMark } from "@blockscout-effect/schema"
import { recordingTracer } from "./support/tracing.ts"

describe("withRedactedMark", () => {
  it.effect("url.full and url.query show <redacted> where Effect wrote REDACTED, and nothing else changes", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      yield* Effect.gen(function* () {
        const span = yield* Effect.currentSpan
        span.attribute("url.full", "https://REDACTED:REDACTED@host.test/api?apikey=REDACTED&a=REDACTEDx&b=1#REDACTED")
        span.attribute("url.query", "key=REDACTED&x=2&sig=REDACTED")
        // Only the URL attributes: a header's value, or any other text, is the caller's.
        span.attribute("http.request.header.x-note", "REDACTED")
        span.attribute("server.port", 443)
      }).pipe(Effect.withSpan("GET"), withRedactedMark, Effect.withTracer(tracer))
      expect(spans).toHaveLength(1)
      expect(Object.fromEntries(spans[0]!.attributes)).toEqual({
        "url.full": "https://<redacted>@host.test/api?apikey=<redacted>&a=REDACTEDx&b=1#REDACTED",
        "url.query": "key=<redacted>&x=2&sig=<redacted>",
        "http.request.header.x-note": "REDACTED",
        "server.port": 443
      })
    })
  )

  it.effect("under Effect's default tracer, the effect runs as it is", () =>
    Effect.gen(function* () {
      const tracer = yield* withRedactedMark(Effect.tracer)
      expect(tracer).toBe(Tracer.nativeTracer)
    })
  )

  it("the marker and the credential parameters", () => {
    expect(redactedMark).toBe("<redacted>")
    expect(["apikey", "APIKEY", "key", "Key"].every(isCredentialParam)).toBe(true)
    expect(["api_key", "keys", "token"].some(isCredentialParam)).toBe(false)
  })
})
