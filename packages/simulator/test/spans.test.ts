/**
 * The in-process `HttpClient` records Effect's client span for each request (`url.full`, `url.query`):
 * Blockscout's credential parameters never appear there, whatever the caller's own redaction list holds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Tracer } from "effect"
import { UrlParams } from "effect/http"
import { makeHttpClient } from "@blockscout-effect/simulator"
import { small } from "./support/http.ts"

describe("the simulated HttpClient's spans", () => {
  it.effect("carry no apikey or key value, and still name the path and the other parameters", () =>
    Effect.gen(function* () {
      const spans: Array<Tracer.NativeSpan> = []
      const tracer = Tracer.make({
        span: (options) => {
          const span = new Tracer.NativeSpan(options)
          spans.push(span)
          return span
        }
      })
      const client = makeHttpClient(small())
      yield* client
        .get("http://blockscout.test/1/api/v2/withdrawals?apikey=proapi_SECRET1&items_count=2")
        .pipe(Effect.withTracer(tracer))
      yield* client.get("http://blockscout.test/api/v2/withdrawals?key=SECRET2&index=5").pipe(
        Effect.withTracer(tracer),
        // A caller's own list is kept, and ours added to it.
        Effect.provideService(UrlParams.CurrentRedactedNames, ["sig"])
      )
      expect(spans).toHaveLength(2)
      const texts = spans.map((s) => JSON.stringify(Object.fromEntries(s.attributes)))
      for (const text of texts) {
        expect(text).not.toContain("SECRET")
        expect(text).toContain("/api/v2/withdrawals")
      }
      expect(spans[0]!.attributes.get("url.full")).toContain("items_count=2")
      expect(spans[1]!.attributes.get("url.query")).toContain("index=5")
    })
  )
})
