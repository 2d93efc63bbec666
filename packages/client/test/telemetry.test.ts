/**
 * Telemetry for dashboards, as a tracer and a metrics snapshot record it, against the simulated Blockscout
 * in-process under the `TestClock` (latency, backoff, pacing and the server's windows in virtual time):
 *
 * - metrics: outcomes counted by status and reason match what the simulator answered; the duration
 *   histogram's buckets follow the simulated latency; the limiter-wait histogram holds every admission and
 *   the waits the `RateLimitWait` events report;
 * - the `Response` event: one per attempt, with status, duration, attempt and reason;
 * - spans: a call's span (`Blockscout.<method>`: a whole stream, a lookup) with a span per request beneath
 *   it (`GET {url.template}`, OpenTelemetry's HTTP attributes), prefetched pages included, none left open
 *   when the consumer stops early;
 * - no attribute, event or log holds a key, and every redaction shows one marker, `<redacted>`, Effect's own
 *   HTTP spans included.
 */
import { type Fault, type FaultContext, layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { serve } from "@blockscout-effect/client/testing/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer, Metric, Option, Redacted, Stream, type Tracer } from "effect"
import { FetchHttpClient } from "effect/http"
import { Blockscout, type BlockscoutEvent, type ClientOptions } from "../src/index.ts"
import { rateLimitWaitHistogram, requestDurationHistogram, requestsCounter, responsesCounter } from "../src/Metrics.ts"
import { makeCapture } from "./support/capture.ts"
import { apiKeyText } from "./support/fixtures.ts"
import { assertNoSecret, eventSink, observed } from "./support/outputs.ts"
import { driven, isolatedLimits } from "./support/wait.ts"

/** 12 blocks of 2 withdrawals: 24 items, 5 pages of 5. */
const simulator = (
  options: {
    readonly latency?: (context: FaultContext) => number
    readonly faults?: (context: FaultContext) => Fault | undefined
    readonly rateLimit?: { readonly limit: number; readonly windowMillis: number }
  } = {}
) => SimulatedBlockscout.make({ seed: 5, blocks: 12, withdrawalsPerBlock: 2, ...options })

const baseUrl = "http://blockscout.test"

/** The Pro client over `sim`, retrying quickly; events kept in `events`. */
const proOver = (sim: SimulatedBlockscout, events: Array<BlockscoutEvent>, options: ClientOptions = {}) =>
  Blockscout.layerPro({
    chainId: sim.chain.chainId,
    apiKey: Redacted.make(apiKeyText),
    baseUrl,
    rateLimit: false,
    retry: { times: 3, base: "100 millis", max: "100 millis" },
    onEvent: (event) => Effect.sync(() => void events.push(event)),
    ...options
  }).pipe(Layer.provide(layerHttpClient(sim)))

/** A registry of the test's own: counts from other tests in the process do not leak in. */
const ownMetrics = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, Metric.MetricRegistry, new Map())

/** The snapshots of one metric, by their attributes as `name=value` pairs. */
const seriesOf = (snapshots: ReadonlyArray<Metric.Metric.Snapshot>, id: string) =>
  new Map(
    snapshots
      .filter((s) => s.id === id)
      .map((s) => [
        Object.entries(s.attributes ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join(","),
        s.state
      ])
  )

/** What each status the simulator answered is, as a reason tag in the metrics. */
const reasonOf: Readonly<Record<number, string>> = { 200: "none", 429: "RateLimited", 503: "ServerError" }

/** 300 ms for odd request numbers, 800 ms for even ones. */
const latency = ({ requestNumber }: FaultContext) => (requestNumber % 2 === 0 ? 800 : 300)

const parentIdOf = (span: Tracer.NativeSpan): string | undefined =>
  Option.match(span.parent, { onNone: () => undefined, onSome: (parent) => parent.spanId })

describe("metrics", () => {
  it.effect("outcomes by status and reason are what the simulator answered; durations land in their buckets", () =>
    Effect.gen(function* () {
      // Request 2 is answered 429 (Retry-After: 1 s), request 4 a 503: each retried.
      const sim = simulator({
        latency,
        faults: ({ requestNumber }) =>
          requestNumber === 2
            ? { _tag: "Status", status: 429, headers: { "retry-after": "1" } }
            : requestNumber === 4
              ? { _tag: "ServerError", status: 503 }
              : undefined
      })
      const events: Array<BlockscoutEvent> = []
      const items = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals({ pageSize: 5 }))).pipe(
          Effect.provide(proOver(sim, events))
        ),
        "10 millis"
      )
      const snapshots = yield* Metric.snapshot
      assert.strictEqual(items.length, 24)
      assert.strictEqual(sim.requests.length, 7, "5 pages and 2 retries")

      // Outcomes: one per request the simulator answered, by its status and the reason it means.
      const expected = new Map<string, number>()
      for (const { status } of sim.requests) {
        const key = `endpoint=withdrawals,reason=${reasonOf[status]},status=${status}`
        expected.set(key, (expected.get(key) ?? 0) + 1)
      }
      const responses = seriesOf(snapshots, responsesCounter.id)
      assert.deepStrictEqual(
        new Map([...responses].map(([key, state]) => [key, (state as Metric.CounterState<number>).count])),
        expected
      )
      const requests = yield* Metric.value(Metric.withAttributes(requestsCounter, { endpoint: "withdrawals" }))
      assert.strictEqual(requests.count, sim.requests.length)

      // Durations: 300 ms answers in the (0.25, 0.5] bucket, 800 ms ones in (0.75, 1]; none faster.
      const durations = seriesOf(snapshots, requestDurationHistogram.id)
      assert.sameMembers(
        [...durations.keys()],
        ["endpoint=withdrawals,status=200", "endpoint=withdrawals,status=429", "endpoint=withdrawals,status=503"]
      )
      const ok = durations.get("endpoint=withdrawals,status=200") as Metric.HistogramState
      const answered = sim.requests.filter((r) => r.status === 200)
      const fast = answered.filter((r) => r.requestNumber % 2 === 1).length
      const bucket = (le: number) => ok.buckets.find(([boundary]) => boundary === le)![1]
      assert.strictEqual(ok.count, answered.length)
      assert.strictEqual(bucket(0.25), 0)
      assert.strictEqual(bucket(0.5), fast)
      assert.strictEqual(bucket(0.75), fast)
      assert.strictEqual(bucket(1), answered.length)
      assert.isAtLeast(ok.min, 0.3)
      assert.isAtMost(ok.max, 0.82)
      const limited = yield* Metric.value(
        Metric.withAttributes(requestDurationHistogram, { endpoint: "withdrawals", status: "429" })
      )
      assert.strictEqual(limited.count, 1)
      assert.isAtLeast(limited.sum, 0.8, "request 2 took 800 ms to answer its 429")

      // The Response event: one per request, with its status, attempt, reason and duration.
      const outcomes = events.filter((e) => e._tag === "Response")
      assert.strictEqual(outcomes.length, sim.requests.length)
      assert.sameMembers(
        outcomes.map((e) => e.status),
        sim.requests.map((r) => r.status)
      )
      for (const outcome of outcomes) {
        assert.strictEqual(outcome.reason, outcome.status === 200 ? undefined : reasonOf[outcome.status!])
        assert.include(outcome.url, "apikey=<redacted>")
        assert.isAtLeast(outcome.durationMillis, 300)
        assert.isAtMost(outcome.durationMillis, 820)
      }
      // The retried attempts answered as attempt 1, after their Retry event.
      const retried = outcomes.filter((e) => e.attempt === 1)
      assert.strictEqual(retried.length, 2)
      assert.deepStrictEqual(
        events.filter((e) => e._tag === "Retry").map((e) => e.reason),
        ["RateLimited", "ServerError"]
      )
    }).pipe(ownMetrics)
  )

  it.effect("the limiter-wait histogram holds every admission, and the waits the RateLimitWait events report", () =>
    Effect.gen(function* () {
      // A server allowing 3 requests a second: the client paces 12 pages to its announced rate.
      const sim = simulator({ rateLimit: { limit: 3, windowMillis: 1000 } })
      const events: Array<BlockscoutEvent> = []
      const items = yield* driven(
        Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals({ pageSize: 2 }))).pipe(
          Effect.provide(proOver(sim, events, { rateLimit: {} }))
        ),
        "10 millis"
      )
      assert.strictEqual(items.length, 24)
      const waits = yield* Metric.value(Metric.withAttributes(rateLimitWaitHistogram, { endpoint: "withdrawals" }))
      assert.strictEqual(waits.count, sim.requests.length, "every admission is recorded, those that did not wait too")
      const reported = events.flatMap((e) => (e._tag === "RateLimitWait" ? [e.delayMillis] : []))
      assert.isAbove(reported.length, 5)
      assert.closeTo(
        waits.sum * 1000,
        reported.reduce((a, b) => a + b, 0),
        1e-6
      )
      // The buckets moved past the first: a paced request waits about a third of a second.
      const first = waits.buckets[0]![1]
      assert.strictEqual(
        first,
        sim.requests.length - reported.length + reported.filter((wait) => wait <= 1).length,
        "the requests that did not wait (or for a millisecond at most)"
      )
      assert.isAtLeast(waits.max, 0.25)
    }).pipe(ownMetrics, isolatedLimits)
  )
})

describe("spans", () => {
  it.effect("a stream's span holds a span per page; a lookup's, its one request; a failure says why", () =>
    Effect.gen(function* () {
      // Request 2 (the second page, prefetched) fails with a 503 and is retried; /transactions answers 404.
      const sim = simulator({
        latency,
        faults: ({ requestNumber, path }) =>
          path === "/transactions"
            ? { _tag: "Status", status: 404 }
            : requestNumber === 2
              ? { _tag: "ServerError", status: 503 }
              : undefined
      })
      const capture = makeCapture()
      const run = Effect.gen(function* () {
        const bs = yield* Blockscout
        const pages = yield* Stream.runCollect(bs.streamWithdrawalsPages({ pageSize: 5 }))
        yield* bs.listWithdrawals({ pageSize: 5 })
        const [latest] = yield* bs.listMainPageTransactions()
        yield* bs.getTransaction(latest!.hash)
        const notFound = yield* Effect.exit(bs.listTransactions())
        return { pages, notFound }
      }).pipe(Effect.provide(proOver(sim, [])))
      const { pages, notFound } = yield* driven(capture.around(run), "10 millis")
      assert.isTrue(Exit.isFailure(notFound))
      assert.deepStrictEqual(capture.openSpans(), [])

      const named = (name: string) => capture.spans.filter((span) => span.name === name)
      const beneath = (parent: Tracer.NativeSpan) => capture.spans.filter((span) => parentIdOf(span) === parent.spanId)

      // The stream: one span, every page's request beneath it (prefetched pages included).
      const [stream, ...more] = named("Blockscout.streamWithdrawalsPages")
      assert.isDefined(stream)
      assert.lengthOf(more, 0)
      assert.deepStrictEqual(Object.fromEntries(stream!.attributes), {
        "blockscout.endpoint": "withdrawals",
        "blockscout.family": "pro",
        "blockscout.chain_id": 1
      })
      const pageSpans = beneath(stream!)
      assert.strictEqual(pageSpans.length, pages.length)
      for (const span of pageSpans) {
        assert.strictEqual(span.name, "GET /1/api/v2/withdrawals")
        assert.strictEqual(span.kind, "client")
        const attributes = Object.fromEntries(span.attributes)
        assert.strictEqual(attributes["http.request.method"], "GET")
        assert.strictEqual(attributes["url.template"], "/1/api/v2/withdrawals")
        assert.strictEqual(attributes["server.address"], "blockscout.test")
        assert.strictEqual(attributes["server.port"], 80)
        assert.strictEqual(attributes["http.response.status_code"], 200)
        assert.strictEqual(attributes["blockscout.endpoint"], "withdrawals")
        assert.match(
          String(attributes["url.full"]),
          /^http:\/\/blockscout\.test\/1\/api\/v2\/withdrawals\?.*apikey=<redacted>$/
        )
        assert.notProperty(attributes, "error.type", "a retried failure that then succeeded is no error")
      }
      // The retried page: resent once, the retry an event of its span.
      const resent = pageSpans.filter((span) => span.attributes.get("http.request.resend_count") === 1)
      assert.lengthOf(resent, 1)
      assert.deepStrictEqual(
        resent[0]!.events.map(([name, , attributes]) => [name, attributes?.["blockscout.reason"]]),
        [["blockscout.retry", "ServerError"]]
      )

      // Lookups: the call's span, its request beneath.
      for (const [call, request] of [
        ["Blockscout.listWithdrawals", "GET /1/api/v2/withdrawals"],
        ["Blockscout.listMainPageTransactions", "GET /1/api/v2/main-page/transactions"],
        ["Blockscout.getTransaction", "GET /1/api/v2/transactions/{hash}"],
        ["Blockscout.listTransactions", "GET /1/api/v2/transactions"]
      ] as const) {
        const [span] = named(call)
        assert.isDefined(span, call)
        assert.deepStrictEqual(
          beneath(span!).map((child) => child.name),
          [request]
        )
      }
      // The failed lookup: its span failed, its request says why.
      const [failed] = named("Blockscout.listTransactions")
      assert.isTrue(failed!.status._tag === "Ended" && Exit.isFailure(failed!.status.exit))
      const [request] = beneath(failed!)
      assert.strictEqual(request!.attributes.get("http.response.status_code"), 404)
      assert.strictEqual(request!.attributes.get("error.type"), "NotFound")
    })
  )

  it.effect("a partitioned stream's span holds a span per range walked, each holding its requests", () =>
    Effect.gen(function* () {
      // 300 blocks of 2 withdrawals: indexes 0..599, in ranges walked at once, 50 a page.
      const sim = SimulatedBlockscout.make({ seed: 5, blocks: 300, withdrawalsPerBlock: 2 })
      const capture = makeCapture()
      const items = yield* driven(
        capture.around(
          Blockscout.use((bs) =>
            Stream.runCollect(
              bs.streamWithdrawals({
                pageSize: 50,
                partition: { fromIndex: 0, toIndex: 599, parts: 4, concurrency: 3 }
              })
            )
          ).pipe(Effect.provide(proOver(sim, [])))
        ),
        "10 millis"
      )
      assert.strictEqual(items.length, 600)
      assert.deepStrictEqual(capture.openSpans(), [])
      const [stream, ...more] = capture.spans.filter((span) => span.name === "Blockscout.streamWithdrawals")
      assert.lengthOf(more, 0)
      const walks = capture.spans.filter((span) => span.name === "Blockscout.partition")
      assert.isAtLeast(walks.length, 4, "a walk per range at least")
      for (const walk of walks) {
        assert.strictEqual(parentIdOf(walk), stream!.spanId)
        assert.strictEqual(walk.attributes.get("blockscout.partition.dimension"), "index")
        assert.strictEqual(walk.attributes.get("blockscout.endpoint"), "withdrawals")
        assert.include(["done", "released"], walk.attributes.get("blockscout.partition.outcome"))
      }
      // Every request is beneath a range's walk, and the walks count them.
      const requests = capture.spans.filter((span) => span.name === "GET /1/api/v2/withdrawals")
      assert.strictEqual(requests.length, sim.requests.length)
      const walkIds = new Set(walks.map((walk) => walk.spanId))
      for (const request of requests) assert.isTrue(walkIds.has(parentIdOf(request)!), "beneath a range's walk")
      assert.strictEqual(
        walks.reduce((sum, walk) => sum + Number(walk.attributes.get("blockscout.partition.pages")), 0),
        requests.length
      )
      // The ranges walked to their end tile the span: every index once.
      const done = walks
        .filter((walk) => walk.attributes.get("blockscout.partition.outcome") === "done")
        .map((walk) => [
          walk.attributes.get("blockscout.partition.low"),
          walk.attributes.get("blockscout.partition.high")
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0]))
      assert.isAtLeast(done.length, 4)
      let next = 0
      for (const [low, high] of done) {
        assert.strictEqual(low, next)
        next = Number(high) + 1
      }
      assert.strictEqual(next, 600)
    })
  )

  it.effect("a stream its consumer stops early ends its span, and its requests' spans, with it", () =>
    Effect.gen(function* () {
      const sim = simulator({ latency })
      const capture = makeCapture()
      const items = yield* driven(
        capture.around(
          Blockscout.use((bs) => Stream.runCollect(bs.streamWithdrawals({ pageSize: 2 }).pipe(Stream.take(5)))).pipe(
            Effect.provide(proOver(sim, []))
          )
        ),
        "10 millis"
      )
      assert.strictEqual(items.length, 5)
      assert.deepStrictEqual(capture.openSpans(), [])
      const [stream] = capture.spans.filter((span) => span.name === "Blockscout.streamWithdrawals")
      const requests = capture.spans.filter((span) => span.name === "GET /1/api/v2/withdrawals")
      // Three pages taken, and the fourth requested ahead, then interrupted.
      assert.isAtLeast(requests.length, 3)
      for (const span of requests) assert.strictEqual(parentIdOf(span), stream!.spanId)
    })
  )
})

describe("no key, one marker", () => {
  // Secrets no span name, attribute or URL holds by chance, not even 8 characters of them.
  const apiKey = "proapi_Zq8xK2mWv7Lr4Tn9"
  const secretKey = "sk_Hq3Vb8Nc5Xj2Pw6Yd1"
  // The simulator in-process, and on a loopback port read with fetch (whose spans only the client marks).
  for (const transport of ["in-process", "loopback fetch"] as const) {
    for (const httpClientSpans of [false, true]) {
      for (const apiKeyIn of ["query", "header"] as const) {
        it.live(
          `spans, events and logs hold no key, and redact as <redacted> (${transport}, apiKeyIn ${apiKeyIn}, httpClientSpans ${httpClientSpans})`,
          () =>
            Effect.gen(function* () {
              const sim = simulator({
                faults: ({ requestNumber, path }) =>
                  path === "/transactions"
                    ? { _tag: "Status", status: 429, headers: { "retry-after": "600" } }
                    : requestNumber === 2
                      ? { _tag: "ServerError", status: 502 }
                      : undefined
              })
              const { url, http } =
                transport === "in-process"
                  ? { url: baseUrl, http: layerHttpClient(sim) }
                  : yield* Effect.map(serve({ simulator: sim }), (server) => ({
                      url: server.baseUrl,
                      http: FetchHttpClient.layer
                    }))
              const sink = eventSink()
              const layer = Blockscout.layerInstance({
                baseUrl: url,
                apiKey: Redacted.make(apiKey),
                secretKey: Redacted.make(secretKey),
                apiKeyIn,
                httpClientSpans,
                rateLimit: false,
                retry: { times: 2, base: "10 millis", max: "10 millis" },
                onEvent: sink.onEvent
              }).pipe(Layer.provide(http))
              const run = Blockscout.use((bs) =>
                Effect.andThen(
                  Stream.runCollect(bs.streamWithdrawals({ pageSize: 5 })),
                  // A 429 asking for longer than the client waits: fails at once, its URL in the error.
                  bs.listTransactions()
                )
              ).pipe(Effect.provide(layer))
              const { exit, texts } = yield* observed(run)
              assert.isTrue(Exit.isFailure(exit))
              const all = [...texts, ...sink.texts]
              assertNoSecret(all, [apiKey, secretKey])
              for (const text of all) assert.notInclude(text, "REDACTED", "one marker: <redacted>")
              // Credentials that travel in the query show, as <redacted>, in every span's URL.
              const urls = all.filter((text) => text.includes('"url.full"'))
              assert.isAbove(urls.length, 5)
              const query = apiKeyIn === "query" ? "apikey=<redacted>&key=<redacted>" : "key=<redacted>"
              for (const text of urls) assert.include(text, query)
              // Effect's HTTP client span, when asked for, beneath each request's.
              assert.strictEqual(
                urls.some((text) => text.includes('"http.request.method"') && !text.includes("blockscout.endpoint")),
                httpClientSpans
              )
            }).pipe(Effect.scoped)
        )
      }
    }
  }
})
