/**
 * The client's metrics: counters any Effect metrics exporter (OpenTelemetry, Prometheus) can read.
 *
 * @since 0.1.0
 */
import { Metric } from "effect"

/**
 * Counts every request sent, retries included, with an `endpoint` attribute (the endpoint row's name).
 *
 * Gotcha: a request a stream started ahead and then interrupted (its guess of the next cursor proved wrong)
 * is counted too: it was sent.
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
