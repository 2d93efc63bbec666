/**
 * The client's metrics, for dashboards: requests, retries, outcomes by status, request latency and the rate
 * limiter's waits, each with the endpoint (the endpoint row's name) as an attribute. Any Effect metrics
 * exporter reads them (`@effect/opentelemetry`'s `NodeSdk` with a metric reader, Effect's own OTLP or Prometheus
 * exporters): they live in the `Metric.MetricRegistry` of the program that runs the client.
 *
 * Durations are in seconds, as OpenTelemetry's HTTP conventions and Prometheus name them; attribute values
 * are strings. No attribute carries a URL, a cursor or a credential.
 *
 * @since 0.1.0
 */
import { Metric } from "effect"

/**
 * Counts every request sent, retries included, with an `endpoint` attribute (the endpoint row's name).
 *
 * Gotcha: a request a stream started ahead and then interrupted (its guess of the next cursor proved wrong)
 * is counted too: it was sent. Such a request has no outcome in `responsesCounter`.
 *
 * @since 0.1.0
 * @category metrics
 */
export const requestsCounter = Metric.counter("blockscout_client_requests", {
  description: "HTTP requests sent by the Blockscout client, retries included"
})

/**
 * Counts retries, with `endpoint` and `reason` (the retried failure's tag) attributes.
 *
 * @since 0.1.0
 * @category metrics
 */
export const retriesCounter = Metric.counter("blockscout_client_retries", {
  description: "Requests the Blockscout client retried"
})

/**
 * Counts every attempt's outcome, with attributes `endpoint`, `status` and `reason`:
 *
 * - `status`: the HTTP status the server answered (`"200"`, `"429"`), or `"none"` when no answer came (the
 *   connection failed, or the attempt timed out);
 * - `reason`: the `BlockscoutError` reason tag of a failed attempt (`"RateLimited"`, `"ServerError"`,
 *   `"Timeout"`, a 200 whose body was cut: `"Transport"`), or `"none"` when the attempt succeeded.
 *
 * Use it for error rates by status or reason; every attempt counts, so a 429 that was retried and then
 * answered is one `429` and one `200`.
 *
 * Gotchas: it measures the exchange, not the schema: a body that parses but does not match the endpoint's
 * schema is a `"none"` here and fails the call with `Decode` afterwards. A request interrupted before it
 * ended (a stream stopped by `Stream.take`, an abandoned prefetch) has no outcome.
 *
 * @since 0.1.0
 * @category metrics
 */
export const responsesCounter = Metric.counter("blockscout_client_responses", {
  description: "Outcomes of the Blockscout client's requests, by endpoint, HTTP status and failure reason"
})

/**
 * Histogram of each attempt's duration in seconds, from the moment it is sent (after the rate limiter let it
 * go) to its body read, or to its failure; with attributes `endpoint` and `status` (as in `responsesCounter`).
 * Measured on Effect's `Clock`, so a `TestClock` drives it in tests.
 *
 * Buckets: OpenTelemetry's for HTTP client durations (5 ms to 10 s) and 30, 60 and 120 s, for the slow
 * endpoints and the default 120 s timeout.
 *
 * @since 0.1.0
 * @category metrics
 */
export const requestDurationHistogram = Metric.histogram("blockscout_client_request_duration_seconds", {
  description: "Duration of the Blockscout client's HTTP requests (each attempt), in seconds",
  boundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60, 120]
})

/**
 * Histogram of how long each request waited for the rate limiter, in seconds (its `maxInFlight` cap, the
 * server's window, the pacing), with an `endpoint` attribute. Every admitted request is recorded, those that
 * did not wait too (in the first bucket), so its count is the number of admissions and its sum the total
 * time spent waiting.
 *
 * Gotcha: a layer built with `rateLimit: false` has no limiter and records nothing here.
 *
 * @since 0.1.0
 * @category metrics
 */
export const rateLimitWaitHistogram = Metric.histogram("blockscout_client_rate_limit_wait_seconds", {
  description: "Time the Blockscout client's requests waited for its rate limiter, in seconds",
  boundaries: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]
})
