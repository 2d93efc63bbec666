/**
 * `--dry-run`: what a run would fetch and cost, before it starts: items, calls, credits, the range they may turn
 * out in, and the time at the rate the server announces (or `--requests-per-second` for a server that announces
 * none), from the client's dry runs (`estimate`, `estimateAddressHistory`; the backfill's `DryRun`). They send the
 * counters (where one describes the request) and pages of each list (sampled across the span, or all of an
 * address's lists when that is as cheap); nothing is written.
 *
 * The estimate goes to stdout as one JSON object (for scripts), a summary to stderr (for people); exit 0.
 */
import { Blockscout, type BlockscoutShape, type EstimateRange } from "@blockscout-effect/client"
import { Effect, PlatformError } from "effect"
import type * as Screen from "./Screen.ts"

/** The low and high ends of one of a range's figures. */
type EstimateBounds = EstimateRange["items"]

/** What every estimate says. */
export interface Cost {
  readonly items: number
  readonly calls: number
  readonly credits: number
  readonly requestsPerSecond: number | undefined
  readonly seconds: number | undefined
  readonly itemsFrom?: "count" | "sample" | undefined
  /** How far off the figures may be (every estimate carries one). */
  readonly range?: EstimateRange | undefined
}

const count = (n: number) => Math.round(n).toLocaleString("en-US")

/** A duration as people read it: seconds, minutes, hours or days. */
export const duration = (seconds: number): string =>
  seconds < 120
    ? `${Math.max(1, Math.ceil(seconds))} s`
    : seconds < 7200
      ? `${(seconds / 60).toFixed(1)} min`
      : seconds < 172_800
        ? `${(seconds / 3600).toFixed(1)} h`
        : `${(seconds / 86_400).toFixed(1)} days`

/** `low–high` of a figure (one number when both ends agree). */
const bounds = (b: EstimateBounds): string =>
  count(b.low) === count(b.high) ? count(b.low) : `${count(b.low)}–${count(b.high)}`

/** The range clause of a summary line: what the run may turn out to cost, calls and credits first. */
const rangeClause = (range: EstimateRange | undefined): string =>
  range === undefined
    ? ""
    : ` (range: ${bounds(range.calls)} calls, ${bounds(range.credits)} credits, ${bounds(range.items)} items)`

/** The summary line of one estimate: the point figures, then the range they may turn out in, then the time. */
export const costLine = (what: string, cost: Cost): string => {
  const from = cost.itemsFrom === "count" ? " (the server's counters)" : cost.itemsFrom === "sample" ? " (sampled)" : ""
  const time =
    cost.seconds === undefined || cost.requestsPerSecond === undefined
      ? "no rate limit announced: as fast as the server answers"
      : `${duration(cost.seconds)} at ${cost.requestsPerSecond.toFixed(2)} requests/s`
  return (
    `blockscout: dry run: ${what}: ${count(cost.items)} items${from}, ${count(cost.calls)} calls, ` +
    `${count(cost.credits)} credits${rangeClause(cost.range)}; ${time}`
  )
}

/** Writes the estimate's JSON (stdout) and its summary lines (stderr); a reader gone away (`| head`) is fine. */
export const print = (screen: Screen.Screen, json: unknown, lines: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    yield* screen.data(`${JSON.stringify(json)}\n`).pipe(
      Effect.catchIf(
        (e): e is PlatformError.PlatformError => e instanceof PlatformError.PlatformError,
        () => Effect.void
      )
    )
    for (const line of lines) yield* screen.notice(line)
  })

/** Several estimates at one rate (a Pro key's chains share its limit): summed, timed at the slowest rate. */
export const total = (costs: ReadonlyArray<Cost>): Cost => {
  const rates = costs.map((c) => c.requestsPerSecond)
  const rate =
    rates.length > 0 && rates.every((r) => r !== undefined) ? Math.min(...(rates as Array<number>)) : undefined
  const calls = costs.reduce((n, c) => n + c.calls, 0)
  const ranges = costs.map((c) => c.range)
  const sum = (f: (r: EstimateRange) => EstimateBounds): EstimateBounds => ({
    low: ranges.reduce((n, r) => n + (r === undefined ? 0 : f(r).low), 0),
    high: ranges.reduce((n, r) => n + (r === undefined ? 0 : f(r).high), 0)
  })
  return {
    items: costs.reduce((n, c) => n + c.items, 0),
    calls,
    credits: costs.reduce((n, c) => n + c.credits, 0),
    ...(ranges.every((r) => r !== undefined)
      ? {
          range: {
            items: sum((r) => r.items),
            calls: sum((r) => r.calls),
            credits: sum((r) => r.credits)
          }
        }
      : {}),
    requestsPerSecond: rate,
    seconds: rate === undefined ? undefined : calls / rate
  }
}

/**
 * The dry run of a client command: `estimateOn` with the client (or with each chain of `--chains`, on the key's
 * one limit), printed.
 */
export const report = <C extends Cost, E>(
  screen: Screen.Screen,
  chains: ReadonlyArray<number> | undefined,
  what: string,
  estimateOn: (client: BlockscoutShape) => Effect.Effect<C, E>
) =>
  Effect.gen(function* () {
    const bs = yield* Blockscout
    if (chains === undefined) {
      const cost = yield* estimateOn(bs)
      return yield* print(screen, cost, [costLine(what, cost)])
    }
    const each = yield* Effect.forEach(chains, (chainId) =>
      Effect.flatMap(bs.forChain(chainId), (client) => Effect.map(estimateOn(client), (cost) => ({ chainId, ...cost })))
    )
    const all = total(each)
    yield* print(screen, { ...all, chains: each }, [
      ...each.map((cost) => costLine(`${what} on chain ${cost.chainId}`, cost)),
      costLine(`${what} on ${chains.length} chains`, all)
    ])
  })
