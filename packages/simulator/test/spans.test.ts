/**
 * The simulator's own spans: Effect's client span for each request of the in-process `HttpClient`, and
 * Effect's server span for each request `serve` answers on a port, record the URL (`url.full`, `url.query`).
 * Blockscout's credential parameters never appear there, whatever the caller's own redaction list holds, and
 * they show as `<redacted>`: the one marker the client and the kit use (Effect's HTTP spans alone would write
 * `REDACTED`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Tracer } from "effect"
import { FetchHttpClient, HttpClient, UrlParams } from "effect/http"
import { makeHttpClient } from "@blockscout-effect/simulator"
import { serve } from "@blockscout-effect/simulator/node"
import { small } from "./support/http.ts"
import { recordingTracer } from "../../schema/test/support/tracing.ts"

const attributesOf = (span: Tracer.NativeSpan) => JSON.stringify(Object.fromEntries(span.attributes))

describe("the simulated HttpClient's spans", () => {
  it.effect(
    "carry no apikey or key value, show <redacted> for it, and still name the path and the other parameters",
    () =>
      Effect.gen(function* () {
        const { spans, tracer } = recordingTracer()
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
        for (const text of spans.map(attributesOf)) {
          expect(text).not.toContain("SECRET")
          expect(text).not.toContain("REDACTED")
          expect(text).toContain("/api/v2/withdrawals")
        }
        expect(spans[0]!.attributes.get("url.full")).toBe(
          "http://blockscout.test/1/api/v2/withdrawals?apikey=<redacted>&items_count=2"
        )
        expect(spans[1]!.attributes.get("url.query")).toBe("key=<redacted>&index=5")
      })
  )
})

describe("the simulated server's spans", () => {
  it.live("Effect's server span for a request on the port shows its credentials as <redacted>", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      // The server runs under the test's tracer, as a server in an app with tracing would.
      const server = yield* serve({ simulator: small() }).pipe(Effect.withTracer(tracer))
      const client = yield* HttpClient.HttpClient
      const response = yield* client.get(
        `${server.baseUrl}/1/api/v2/withdrawals?apikey=proapi_SECRET3&items_count=2&key=SECRET4`
      )
      expect(response.status).toBe(200)
      // The server's span ends as the response is written: wait for it.
      for (let i = 0; i < 100 && !spans.some((span) => span.status._tag === "Ended"); i++) yield* Effect.sleep(5)
      const served = spans.find((span) => span.kind === "server")
      expect(served).toBeDefined()
      expect(served!.attributes.get("url.full")).toContain("apikey=<redacted>&items_count=2&key=<redacted>")
      for (const text of spans.map(attributesOf)) {
        expect(text).not.toContain("SECRET")
        expect(text).not.toContain("REDACTED")
      }
    }).pipe(Effect.scoped, Effect.provide(FetchHttpClient.layer))
  )
})
