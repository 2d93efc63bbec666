/**
 * Redirects are never followed, over fetch (which follows by default, headers and all) and undici alike: a
 * 3xx is `Redirected`, final, naming where it pointed (no query, nothing secret), and the other origin never
 * sees a request, whether the key travels in a header or in the query. An app `HttpClient` that follows on
 * its own is caught after the fact: its answer is refused, never returned as a page.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { Blockscout } from "../../src/index.ts"
import { assertNoSecret, eventSink, observed } from "../support/outputs.ts"
import { page, scriptedServer } from "../support/ScriptedServer.ts"
import {
  hostileApiKey,
  instanceClient,
  proClient,
  quick,
  secrets,
  type Transport,
  transports,
  withdrawal
} from "./support.ts"

const listWithdrawals = Blockscout.use((bs) => bs.listWithdrawals())

const setups = [
  { family: "pro", apiKeyIn: "header" },
  { family: "instance", apiKeyIn: "header" },
  { family: "instance", apiKeyIn: "query" }
] as const

describe("redirects are never followed", () => {
  for (const transport of Object.keys(transports) as ReadonlyArray<Transport>) {
    for (const { family, apiKeyIn } of setups) {
      for (const status of [301, 302, 303, 307, 308]) {
        it.live(
          `${status} to another origin (${transport}, ${family}, key in the ${apiKeyIn}): Redirected, nothing sent there`,
          () =>
            Effect.gen(function* () {
              const elsewhere = yield* scriptedServer(() => ({ body: page([withdrawal(666)]) }))
              const server = yield* scriptedServer((request) => ({
                status,
                // The redirect carries the query it was sent (the key, when it travels there) to the other origin.
                headers: { location: `${elsewhere.url}/stolen${request.target.slice(request.path.length)}` },
                body: "moved"
              }))
              const events = eventSink()
              const options = { apiKeyIn, onEvent: events.onEvent }
              const layer =
                family === "pro"
                  ? proClient(server.url, transport, options)
                  : instanceClient(server.url, transport, options)
              const { exit, texts } = yield* observed(listWithdrawals.pipe(Effect.provide(layer)))
              const error = yield* Effect.flip(exit)
              assert.strictEqual(error.reason._tag, "Redirected")
              if (error.reason._tag === "Redirected") {
                assert.strictEqual(error.reason.status, status)
                assert.strictEqual(error.reason.location, `${elsewhere.url}/stolen`)
              }
              assert.include(error.message, "redirects are not followed")
              assert.strictEqual(elsewhere.requests.length, 0, "the other origin saw nothing")
              assert.strictEqual(server.requests.length, 1, "a redirect is final: not retried")
              assertNoSecret([...texts, ...events.texts], secrets)
            }).pipe(Effect.scoped)
        )
      }
    }

    it.live(`a same-origin redirect is refused too (${transport})`, () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer((request) =>
          request.path.endsWith("/withdrawals")
            ? { status: 307, headers: { location: "/api/v2/withdrawals-moved?page=2" } }
            : { body: page([withdrawal(1)]) }
        )
        const error = yield* listWithdrawals.pipe(
          Effect.provide(instanceClient(server.url, transport, { apiKeyIn: "header" })),
          Effect.flip
        )
        assert.strictEqual(error.reason._tag, "Redirected")
        if (error.reason._tag === "Redirected") {
          assert.strictEqual(error.reason.location, `${server.url}/api/v2/withdrawals-moved`)
        }
        assert.strictEqual(server.requests.length, 1)
      }).pipe(Effect.scoped)
    )

    it.live(`a Location that echoes the key (path, userinfo, encoded) shows none of it (${transport})`, () =>
      Effect.gen(function* () {
        const encoded = encodeURIComponent(hostileApiKey)
        const server = yield* scriptedServer(() => ({
          status: 302,
          headers: { location: `http://${encoded}@evil.example:8080/k/${encoded}/x?apikey=${encoded}#${encoded}` }
        }))
        const { exit, texts } = yield* observed(
          listWithdrawals.pipe(Effect.provide(instanceClient(server.url, transport, { apiKeyIn: "header" })))
        )
        const error = yield* Effect.flip(exit)
        assert.strictEqual(error.reason._tag, "Redirected")
        if (error.reason._tag === "Redirected") {
          assert.strictEqual(error.reason.location, "http://evil.example:8080/k/<redacted>/x")
        }
        assertNoSecret(texts, secrets)
      }).pipe(Effect.scoped)
    )
  }

  it.live("an app RequestInit asking fetch to follow is overruled; its other settings are kept", () =>
    Effect.gen(function* () {
      const elsewhere = yield* scriptedServer(() => ({ body: page([withdrawal(666)]) }))
      const server = yield* scriptedServer(() => ({ status: 302, headers: { location: `${elsewhere.url}/x` } }))
      const error = yield* listWithdrawals.pipe(
        Effect.provide(instanceClient(server.url, "fetch", { apiKeyIn: "header" })),
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "follow", headers: { "x-app": "kept" } }),
        Effect.flip
      )
      assert.strictEqual(error.reason._tag, "Redirected")
      assert.strictEqual(elsewhere.requests.length, 0)
      assert.strictEqual(server.requests[0]!.headers["x-app"], "kept")
    }).pipe(Effect.scoped)
  )

  it.live("an app HttpClient that follows redirects itself: its answer from another origin is refused", () =>
    Effect.gen(function* () {
      const elsewhere = yield* scriptedServer(() => ({ body: page([withdrawal(666)]) }))
      const server = yield* scriptedServer(() => ({ status: 302, headers: { location: `${elsewhere.url}/x` } }))
      const following = Layer.effect(
        HttpClient.HttpClient,
        Effect.map(HttpClient.HttpClient, HttpClient.followRedirects(5))
      ).pipe(Layer.provide(FetchHttpClient.layer))
      const layer = Blockscout.layerInstance({
        baseUrl: server.url,
        apiKey: Redacted.make(hostileApiKey),
        apiKeyIn: "header",
        ...quick
      }).pipe(Layer.provide(following))
      const { exit, texts } = yield* observed(listWithdrawals.pipe(Effect.provide(layer)))
      const error = yield* Effect.flip(exit)
      // The app's client did follow (the key went along: that client's choice), but no page came of it.
      assert.strictEqual(elsewhere.requests.length, 1)
      assert.strictEqual(error.reason._tag, "Redirected")
      if (error.reason._tag === "Redirected") assert.strictEqual(error.reason.location, `${elsewhere.url}/x`)
      assertNoSecret(texts, secrets)
    }).pipe(Effect.scoped)
  )
})
