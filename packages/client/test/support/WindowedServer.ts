/**
 * A rate-limited server as an `HttpClient` built from a function, for limiter scenarios the simulator cannot
 * script: a plan that changes mid-run, a window that resets early or late, a server that announces
 * nothing. It counts each request when it arrives, in fixed windows of the clock (as Blockscout does),
 * answers 429 above the limit, and records every arrival with its time and its window, so tests check
 * counts per window and rates on the `TestClock`.
 */
import { Clock, Effect, Layer } from "effect"
import { HttpClient, HttpServerResponse } from "effect/http"

/** The server's plan at a moment: its limit per window, the window, and where windows start. */
export interface Plan {
  readonly limit: number
  readonly windowMillis: number
  /** Windows start at `offset + k * windowMillis` (default 0). */
  readonly offset?: number
}

/** One request as the server saw it. */
export interface Arrival {
  readonly at: number
  /** The start of the window it was counted in (undefined when not limited). */
  readonly window: number | undefined
  readonly status: number
}

export interface WindowedServer {
  readonly layer: Layer.Layer<HttpClient.HttpClient>
  readonly arrivals: ReadonlyArray<Arrival>
  /** Requests answered so far, per window start (limited plans only). */
  readonly perWindow: () => Map<number, number>
  /** Requests being answered now, and the most at once so far. */
  readonly inFlight: () => number
  readonly peakInFlight: () => number
}

/**
 * `plan(now)` decides the plan at each arrival: a `Plan`, `"unlimited"` (headers `-1`) or `"silent"` (no
 * rate-limit headers). Answers come after `latencyMillis` (on the clock) with an empty page.
 */
export const windowedServer = (
  plan: (now: number) => Plan | "unlimited" | "silent",
  latencyMillis = 0
): WindowedServer => {
  const arrivals: Array<Arrival> = []
  const counts = new Map<number, number>()
  let inFlight = 0
  let peak = 0
  const client = HttpClient.make((request) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const current = plan(now)
      let status = 200
      let headers: Record<string, string> = {}
      let window: number | undefined
      if (current === "unlimited") {
        headers = { "x-ratelimit-limit": "-1", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "-1" }
      } else if (current !== "silent") {
        const offset = current.offset ?? 0
        window = offset + Math.floor((now - offset) / current.windowMillis) * current.windowMillis
        const count = (counts.get(window) ?? 0) + 1
        counts.set(window, count)
        status = count > current.limit ? 429 : 200
        headers = {
          "x-ratelimit-limit": String(current.limit),
          "x-ratelimit-remaining": String(Math.max(0, current.limit - count)),
          // Whole milliseconds, as Blockscout sends them (the test clock may stand between two).
          "x-ratelimit-reset": String(Math.ceil(window + current.windowMillis - now))
        }
      }
      arrivals.push({ at: now, window, status })
      inFlight++
      peak = Math.max(peak, inFlight)
      yield* Effect.sleep(latencyMillis).pipe(Effect.ensuring(Effect.sync(() => inFlight--)))
      const body =
        status === 429
          ? { message: "Too many requests. Please try again later." }
          : { items: [], next_page_params: null }
      return HttpServerResponse.toClientResponse(HttpServerResponse.jsonUnsafe(body, { status, headers }), { request })
    })
  )
  return {
    layer: Layer.succeed(HttpClient.HttpClient, client),
    arrivals,
    perWindow: () => {
      const answered = new Map<number, number>()
      for (const a of arrivals) {
        if (a.window !== undefined && a.status !== 429) answered.set(a.window, (answered.get(a.window) ?? 0) + 1)
      }
      return answered
    },
    inFlight: () => inFlight,
    peakInFlight: () => peak
  }
}
