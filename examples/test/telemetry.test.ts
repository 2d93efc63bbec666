/**
 * The telemetry example exports through the OpenTelemetry SDK to a collector on a loopback port (OTLP over
 * HTTP, JSON), as in production: the span tree (the program's span, a span per call, a span per request
 * beneath), the request spans' HTTP attributes, the client's metrics matching the requests the simulated
 * Blockscout answered, and no key anywhere in what was sent.
 */
import { Blockscout } from "@blockscout-effect/client"
import { layerHttpClient, SimulatedBlockscout } from "@blockscout-effect/client/testing"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Metric, Redacted } from "effect"
import { createServer } from "node:http"
import { otlpExporters, runExported } from "../src/telemetry.ts"

/** What the collector was sent: each request's path and JSON body, as text and parsed. */
interface Received {
  readonly path: string
  readonly text: string
}

/** A loopback OpenTelemetry collector taking OTLP/HTTP JSON, answering each export with success. */
const collector = Effect.acquireRelease(
  Effect.callback<{ readonly url: string; readonly received: Array<Received>; readonly close: () => void }>(
    (resume) => {
      const received: Array<Received> = []
      const server = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (chunk: Buffer) => chunks.push(chunk))
        req.on("end", () => {
          received.push({ path: req.url ?? "", text: Buffer.concat(chunks).toString("utf8") })
          res.writeHead(200, { "content-type": "application/json" })
          res.end("{}")
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({ url: `http://127.0.0.1:${port}`, received, close: () => server.close() }))
      })
    }
  ),
  ({ close }) => Effect.sync(close)
)

/** An OTLP attribute value: `{ stringValue }`, `{ intValue }` (a number or a decimal string), ... */
type AnyValue = { readonly stringValue?: string; readonly intValue?: number | string; readonly doubleValue?: number }
type KeyValue = { readonly key: string; readonly value: AnyValue }
const plain = (value: AnyValue): string | number | undefined =>
  value.stringValue ?? (value.intValue === undefined ? value.doubleValue : Number(value.intValue))
const attributesOf = (attributes: ReadonlyArray<KeyValue> | undefined): Record<string, string | number | undefined> =>
  Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, plain(value)]))

interface OtlpSpan {
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly attributes: Record<string, string | number | undefined>
}

const spansOf = (received: ReadonlyArray<Received>): ReadonlyArray<OtlpSpan> =>
  received
    .filter((r) => r.path === "/v1/traces")
    .flatMap((r) => {
      const body = JSON.parse(r.text) as {
        resourceSpans: Array<{
          scopeSpans: Array<{
            spans: Array<{ spanId: string; parentSpanId?: string; name: string; attributes?: Array<KeyValue> }>
          }>
        }>
      }
      return body.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) =>
          ss.spans.map((s) => ({
            spanId: s.spanId,
            ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
            name: s.name,
            attributes: attributesOf(s.attributes)
          }))
        )
      )
    })

interface OtlpPoint {
  readonly attributes: Record<string, string | number | undefined>
  readonly value: number
}

/** The data points of each metric in the collector's last metrics export: a sum's value, a histogram's count. */
const metricsOf = (received: ReadonlyArray<Received>): Map<string, ReadonlyArray<OtlpPoint>> => {
  const last = received.filter((r) => r.path === "/v1/metrics").at(-1)
  assert.isDefined(last, "the metrics were exported")
  type Point = { attributes?: Array<KeyValue>; asInt?: number | string; asDouble?: number; count?: number | string }
  const body = JSON.parse(last!.text) as {
    resourceMetrics: Array<{
      scopeMetrics: Array<{
        metrics: Array<{
          name: string
          sum?: { dataPoints: Array<Point> }
          histogram?: { dataPoints: Array<Point> }
        }>
      }>
    }>
  }
  const out = new Map<string, ReadonlyArray<OtlpPoint>>()
  for (const metric of body.resourceMetrics.flatMap((rm) => rm.scopeMetrics.flatMap((sm) => sm.metrics))) {
    const points = metric.sum?.dataPoints ?? metric.histogram?.dataPoints ?? []
    out.set(
      metric.name,
      points.map((p) => ({
        attributes: attributesOf(p.attributes),
        value: Number(p.count ?? p.asInt ?? p.asDouble)
      }))
    )
  }
  return out
}

const apiKey = "proapi_Otel7Kq2Zx9Wm4Vb8Tn"

describe("the telemetry example", () => {
  it.live("exports the span tree and the client's metrics to an OTLP collector, with no key in them", () =>
    Effect.gen(function* () {
      const sim = SimulatedBlockscout.make({ seed: 3, blocks: 300 })
      const otel = yield* collector
      const read = yield* runExported(otlpExporters(otel.url)).pipe(
        Effect.provide(
          Blockscout.layerPro({
            chainId: sim.chain.chainId,
            apiKey: Redacted.make(apiKey),
            baseUrl: "http://blockscout.test"
          }).pipe(Layer.provide(layerHttpClient(sim)))
        ),
        // A registry of the test's own: the metrics exported are this run's.
        Effect.provideService(Metric.MetricRegistry, new Map())
      )
      assert.strictEqual(read.transactions, 120)
      assert.strictEqual(read.senders, 8)

      // Nothing sent to the collector holds the key, in any form.
      for (const { text } of otel.received) {
        assert.notInclude(text, apiKey)
        assert.notInclude(text, apiKey.slice(7, 19))
      }

      // The tree: the program's span, the stream's beneath it, each page's request beneath that.
      const spans = spansOf(otel.received)
      const named = (name: string) => spans.filter((s) => s.name === name)
      const children = (parent: OtlpSpan) => spans.filter((s) => s.parentSpanId === parent.spanId)
      const [root] = named("telemetry-example")
      const [stream] = named("Blockscout.streamTransactions")
      assert.isDefined(root)
      assert.strictEqual(stream!.parentSpanId, root!.spanId)
      const transactionRequests = sim.requests.filter((r) => r.path.endsWith("/api/v2/transactions"))
      const pages = children(stream!)
      assert.strictEqual(pages.length, transactionRequests.length)
      for (const page of pages) {
        assert.strictEqual(page.name, "GET /1/api/v2/transactions")
        assert.strictEqual(page.attributes["server.address"], "blockscout.test")
        assert.strictEqual(page.attributes["url.template"], "/1/api/v2/transactions")
        assert.match(String(page.attributes["url.full"]), /filter=validated.*apikey=<redacted>$/)
      }
      // The lookups: one span each under the program's, one request each beneath.
      const lookups = named("Blockscout.getAddress")
      assert.strictEqual(lookups.length, 8)
      for (const lookup of lookups) {
        assert.strictEqual(lookup.parentSpanId, root!.spanId)
        const [request, ...more] = children(lookup)
        assert.lengthOf(more, 0)
        assert.strictEqual(request!.name, "GET /1/api/v2/addresses/{address}")
        assert.strictEqual(request!.attributes["http.response.status_code"], 200)
      }

      // The metrics: requests and outcomes as the simulator saw them.
      const metrics = metricsOf(otel.received)
      const point = (name: string, attributes: Record<string, string>) =>
        metrics.get(name)?.find((p) => Object.entries(attributes).every(([k, v]) => p.attributes[k] === v))?.value
      const lookupRequests = sim.requests.filter((r) => /\/addresses\/0x[0-9a-fA-F]{40}$/.test(r.path)).length
      assert.strictEqual(lookupRequests, 8)
      assert.strictEqual(point("blockscout_client_requests", { endpoint: "transactions" }), transactionRequests.length)
      assert.strictEqual(point("blockscout_client_requests", { endpoint: "address" }), lookupRequests)
      assert.strictEqual(
        point("blockscout_client_responses", { endpoint: "address", status: "200", reason: "none" }),
        lookupRequests
      )
      assert.strictEqual(
        point("blockscout_client_request_duration_seconds", { endpoint: "address", status: "200" }),
        lookupRequests
      )
      // Every request was admitted by the limiter (the simulator announces no limit: no wait).
      assert.strictEqual(point("blockscout_client_rate_limit_wait_seconds", { endpoint: "address" }), lookupRequests)
    }).pipe(Effect.scoped)
  )
})
