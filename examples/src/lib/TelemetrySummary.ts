/**
 * What the telemetry example exported, as text for a terminal: the spans as a tree (siblings of one name
 * counted together, with the HTTP statuses they ended with), and each metric's series with its value.
 *
 * When to use: to look at what the OpenTelemetry SDK's in-memory exporters hold; a collector's UI shows the
 * same data.
 */
import type { ResourceMetrics } from "@opentelemetry/sdk-metrics"
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base"

/** One line of the span tree: spans of one name under the same path, counted. */
interface Node {
  readonly name: string
  count: number
  readonly statuses: Set<string>
  readonly children: Map<string, Node>
}

const nodeOf = (name: string): Node => ({ name, count: 0, statuses: new Set(), children: new Map() })

/** The spans as a tree of names: `GET /api/v2/transactions x3 (200)` under `Blockscout.streamTransactions`. */
export const describeSpans = (spans: ReadonlyArray<ReadableSpan>): string => {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]))
  const root = nodeOf("")
  for (const span of spans) {
    // The names from the root down to this span (a parent not exported ends the path).
    const path: Array<string> = []
    for (let at: ReadableSpan | undefined = span; at !== undefined; ) {
      path.unshift(at.name)
      const parent: string | undefined = at.parentSpanContext?.spanId
      at = parent === undefined ? undefined : byId.get(parent)
    }
    let node = root
    for (const name of path) {
      let child = node.children.get(name)
      if (child === undefined) {
        child = nodeOf(name)
        node.children.set(name, child)
      }
      node = child
    }
    node.count += 1
    const status = span.attributes["http.response.status_code"]
    if (status !== undefined) node.statuses.add(String(status))
  }
  const lines: Array<string> = []
  const walk = (node: Node, depth: number) => {
    for (const child of node.children.values()) {
      const count = child.count > 1 ? ` x${child.count}` : ""
      const statuses = child.statuses.size > 0 ? ` (${[...child.statuses].sort().join(", ")})` : ""
      lines.push(`${"  ".repeat(depth + 1)}${child.name}${count}${statuses}`)
      walk(child, depth + 1)
    }
  }
  walk(root, 0)
  return lines.join("\n")
}

/** `{endpoint=transactions,status=200}` */
const labels = (attributes: Readonly<Record<string, unknown>>): string => {
  const pairs = Object.entries(attributes).map(([k, v]) => `${k}=${String(v)}`)
  return pairs.length === 0 ? "" : `{${pairs.join(",")}}`
}

/**
 * The last read of every metric: a counter's value, a histogram's count and sum, one series a line. Only the
 * client's metrics (`blockscout_client_*`) are shown.
 */
export const describeMetrics = (reads: ReadonlyArray<ResourceMetrics>): string => {
  const last = reads.at(-1)
  if (last === undefined) return "  (none)"
  const lines: Array<string> = []
  for (const scope of last.scopeMetrics) {
    for (const metric of scope.metrics) {
      if (!metric.descriptor.name.startsWith("blockscout_client_")) continue
      for (const point of metric.dataPoints) {
        const value = point.value
        const shown =
          typeof value === "number" ? String(value) : `count ${value.count}, sum ${(value.sum ?? 0).toFixed(3)} s`
        lines.push(`  ${metric.descriptor.name}${labels(point.attributes)} ${shown}`)
      }
    }
  }
  return lines.sort().join("\n")
}
