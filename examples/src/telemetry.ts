/**
 * Example: the client's traces and metrics exported with OpenTelemetry (`@effect/opentelemetry`'s `NodeSdk`),
 * for the dashboards of an app that reads Blockscout in production.
 *
 * Run: `node --conditions=source examples/src/telemetry.ts` prints what it would export (the SDK's in-memory
 * exporters, offline against the simulated Blockscout unless `BLOCKSCOUT_*` is set). With
 * `OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318` it sends them to that OpenTelemetry collector (OTLP over
 * HTTP, JSON) instead: Jaeger, Grafana Tempo and Prometheus behind an OpenTelemetry Collector all take it.
 *
 * What it shows: the client needs nothing for telemetry. Its spans go to whatever tracer the program runs
 * with, and its metrics (the `Metrics` namespace: `requestsCounter`, `responsesCounter`, `requestDurationHistogram`,
 * `rateLimitWaitHistogram`, `retriesCounter`) live in the program's metric registry, which the SDK layer reads.
 * Provide the layer once, around the program: each call is a span (`Blockscout.streamTransactions`, a whole
 * stream), each request a span beneath it (`GET /api/v2/transactions`, with OpenTelemetry's HTTP attributes),
 * and nothing exported holds a key.
 */
import { Blockscout, type BlockscoutError } from "@blockscout-effect/client"
import * as NodeSdk from "@effect/opentelemetry/NodeSdk"
import { NodeRuntime } from "@effect/platform-node"
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  PeriodicExportingMetricReader,
  type PushMetricExporter
} from "@opentelemetry/sdk-metrics"
import { BatchSpanProcessor, InMemorySpanExporter, type SpanExporter } from "@opentelemetry/sdk-trace-base"
import { Config, Console, Effect, Option, Stream } from "effect"
import * as Connection from "./lib/Connection.ts"
import { describeMetrics, describeSpans } from "./lib/TelemetrySummary.ts"

/** Where the telemetry goes: a span exporter and a metric exporter of the OpenTelemetry SDK. */
export interface Exporters {
  readonly spans: SpanExporter
  readonly metrics: PushMetricExporter
}

/** OTLP over HTTP (JSON) to a collector at `endpoint` (`http://host:4318`): `/v1/traces` and `/v1/metrics`. */
export const otlpExporters = (endpoint: string): Exporters => {
  const base = endpoint.replace(/\/+$/, "")
  return {
    spans: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    metrics: new OTLPMetricExporter({ url: `${base}/v1/metrics` })
  }
}

/** The SDK's in-memory span exporter, keeping its spans when the SDK shuts down (so they can be printed). */
class KeptSpans extends InMemorySpanExporter {
  override shutdown(): Promise<void> {
    return Promise.resolve()
  }
}

/** The SDK's in-memory exporters: what would be sent, kept for the program to read once the SDK is shut down. */
export const inMemoryExporters = () => ({
  spans: new KeptSpans(),
  metrics: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
})

/**
 * The OpenTelemetry SDK as an Effect layer: Effect's tracer becomes the SDK's (spans batched to `exporters.spans`),
 * and the program's metrics are read into `exporters.metrics` every `metricsEvery` and once more when the layer
 * is released, which also flushes the spans: provide it around the whole program.
 */
export const telemetryLayer = (exporters: Exporters, metricsEvery = 10_000) =>
  NodeSdk.layer(() => ({
    resource: { serviceName: "blockscout-telemetry-example" },
    spanProcessor: new BatchSpanProcessor(exporters.spans),
    metricReader: new PeriodicExportingMetricReader({
      exporter: exporters.metrics,
      exportIntervalMillis: metricsEvery
    })
  }))

/** What the program read. */
export interface Read {
  readonly transactions: number
  /** Senders looked up. */
  readonly senders: number
  /** Their coin balances, in wei, added up. */
  readonly balance: bigint
}

/**
 * The program: the latest validated transactions (a stream of a few pages), then the first eight senders'
 * details (one lookup each, four at a time), all in one span of the program's own.
 */
export const program: Effect.Effect<Read, BlockscoutError, Blockscout> = Effect.gen(function* () {
  const bs = yield* Blockscout
  const transactions = yield* Stream.runCollect(bs.streamTransactions({ filter: "validated" }).pipe(Stream.take(120)))
  const senders = [...new Set(transactions.map((tx) => tx.from.hash))].slice(0, 8)
  const balances = yield* Effect.forEach(
    senders,
    (sender) => Effect.map(bs.getAddress(sender), (address) => address.coin_balance ?? 0n),
    { concurrency: 4 }
  )
  return { transactions: transactions.length, senders: senders.length, balance: balances.reduce((a, b) => a + b, 0n) }
}).pipe(Effect.withSpan("telemetry-example"))

/**
 * Runs `program` with the SDK layer around it, and releases the layer (flushing every span and a last read of
 * the metrics to `exporters`) before it returns.
 */
export const runExported = (exporters: Exporters) => program.pipe(Effect.provide(telemetryLayer(exporters)))

if (import.meta.main) {
  Effect.gen(function* () {
    const endpoint = yield* Config.option(Config.String("OTEL_EXPORTER_OTLP_ENDPOINT"))
    if (Option.isSome(endpoint)) {
      const read = yield* runExported(otlpExporters(endpoint.value))
      yield* Console.log(
        `Read ${read.transactions} transactions and looked up ${read.senders} senders; traces and metrics sent to ${endpoint.value}`
      )
      return
    }
    const exporters = inMemoryExporters()
    const read = yield* runExported(exporters)
    yield* Console.log(
      `Read ${read.transactions} transactions and looked up ${read.senders} senders (holding ${read.balance} wei).\n` +
        "What an OpenTelemetry collector would receive (set OTEL_EXPORTER_OTLP_ENDPOINT to send it to one):\n\n" +
        `Spans\n${describeSpans(exporters.spans.getFinishedSpans())}\n\n` +
        `Metrics\n${describeMetrics(exporters.metrics.getMetrics())}`
    )
  }).pipe(
    // The simulated Blockscout (or the real API) is set up outside the exported part: only the client's
    // telemetry is shown.
    Effect.provide(Connection.layer({ simulator: { blocks: 300 } })),
    NodeRuntime.runMain
  )
}
