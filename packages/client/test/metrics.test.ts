/**
 * The public metrics: every request sent (retries included) counted by endpoint, every retry by endpoint and
 * reason, in the registry of the program that runs the client (prefetched requests included).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Metric, Stream } from "effect"
import { Blockscout } from "../src/index.ts"
import { requestsCounter, retriesCounter } from "../src/Metrics.ts"
import { page, scriptedServer } from "./support/ScriptedServer.ts"
import { fixtures, proLayer } from "./support/fixtures.ts"

const withdrawal = (index: number) => ({ ...(fixtures.withdrawals[0] as object), index })

describe("metrics", () => {
  it.live("requestsCounter and retriesCounter count a stream's requests and retries", () =>
    Effect.gen(function* () {
      // Three pages; the second page's first attempt fails with a 503 and is retried.
      const server = yield* scriptedServer((request, n) => {
        if (n === 1) return { status: 503, body: { message: "upstream" } }
        const from = Number(request.query.get("index") ?? "0")
        return { body: page([withdrawal(from), withdrawal(from + 1)], from < 4 ? { index: from + 2 } : null) }
      })
      const counts = yield* Blockscout.use((bs) => Stream.runCount(bs.streamWithdrawals())).pipe(
        Effect.andThen((items) =>
          Effect.all({
            items: Effect.succeed(items),
            requests: Metric.value(Metric.withAttributes(requestsCounter, { endpoint: "withdrawals" })),
            otherRequests: Metric.value(Metric.withAttributes(requestsCounter, { endpoint: "transactions" })),
            retries: Metric.value(
              Metric.withAttributes(retriesCounter, { endpoint: "withdrawals", reason: "ServerError" })
            )
          })
        ),
        Effect.provide(proLayer(server.url)),
        // A registry of this test's own: counts from other tests in the process do not leak in.
        Effect.provideService(Metric.MetricRegistry, new Map())
      )
      assert.strictEqual(counts.items, 6)
      assert.strictEqual(server.requests.length, 4)
      assert.strictEqual(counts.requests.count, 4)
      assert.strictEqual(counts.otherRequests.count, 0)
      assert.strictEqual(counts.retries.count, 1)
    }).pipe(Effect.scoped)
  )
})
