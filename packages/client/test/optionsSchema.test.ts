/**
 * The options schema against the hand-written checker it replaced (`support/previousOptionsCheck.ts`): over
 * random option objects, each field drawn from valid and invalid values, the schema accepts exactly what the
 * checker accepted, and when one option alone is bad both name the same path. Seeded, so a failure replays.
 */
import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Redacted, Result } from "effect"
import fc from "fast-check"
import { decodeOptions } from "../src/Options.ts"
import { previousCheck } from "./support/previousOptionsCheck.ts"

/** A field's values: those the checker accepted and those it refused (`undefined` counts as valid: unset). */
interface Pool {
  readonly good: ReadonlyArray<unknown>
  readonly bad: ReadonlyArray<unknown>
}

const key = Redacted.make("proapi_property_key")
const durations = (min: "positive" | "zero"): Pool => ({
  good: [undefined, "30 seconds", 1, 250, Duration.seconds(2), "1 millis", ...(min === "zero" ? [0, "0 millis"] : [])],
  bad: ["soon", -1, Number.NaN, Number.POSITIVE_INFINITY, "Infinity", {}, ...(min === "positive" ? [0] : [])]
})
const integers = (min: number, max: number): Pool => ({
  good: [undefined, min, max, Math.floor((min + max) / 2)],
  bad: [min - 1, max + 1, 1.5, Number.NaN, "7", null]
})
const keys = (required: boolean): Pool => ({
  good: [key, Redacted.make("k"), ...(required ? [] : [undefined])],
  bad: [Redacted.make("  "), Redacted.make(""), "proapi_raw_string", 5, ...(required ? [undefined] : [])]
})

const client: Record<string, Pool> = {
  apiKeyIn: { good: [undefined, "query", "header"], bad: ["cookie", 1] },
  timeout: durations("positive"),
  maxServerWait: durations("zero"),
  retry: {
    good: [undefined, false, {}, { times: 0 }, { times: 100, base: "1 millis", max: 0 }],
    bad: [true, "yes", null, 3, { times: -1 }, { times: 101 }, { times: 1.5 }, { base: "soon" }, { max: -1 }]
  },
  rateLimit: {
    good: [undefined, false, {}, { requestsPerSecond: 0 }, { requestsPerSecond: 2.5, maxInFlight: 1 }],
    bad: [true, null, { requestsPerSecond: -1 }, { requestsPerSecond: Number.POSITIVE_INFINITY }, { maxInFlight: 0 }]
  },
  pageSize: integers(1, 1000),
  maxResponseBytes: integers(1024, 268435456),
  prefetch: { good: [undefined, true, false, 0, 2], bad: ["yes", null] },
  httpClientSpans: { good: [undefined, true, false], bad: [] },
  onEvent: { good: [undefined, () => Effect.void], bad: [5, "log"] }
}
const pro: Record<string, Pool> = {
  ...client,
  chainId: { good: [1, 8453], bad: [0, -3, 1.5, Number.NaN, "1", undefined] },
  apiKey: keys(true),
  baseUrl: {
    good: [undefined, "https://api.blockscout.com", "http://127.0.0.1:4000/"],
    bad: ["api.blockscout.com", "ftp://x.io", "https://x.io/?q=1", "https://u:p@x.io", "https://x.io/#f", 5]
  }
}
const instance: Record<string, Pool> = {
  ...client,
  baseUrl: {
    good: ["https://eth.blockscout.com", "https://eth.blockscout.com/api/v2/"],
    bad: [undefined, "eth.blockscout.com", "https://x.io/?apikey=1", 5]
  },
  apiKey: keys(false),
  secretKey: keys(false)
}

/** An option object of `family` with each field drawn from its pool (bad ones at `badRate`), and which were bad. */
const options = (family: "pro" | "instance", pools: Record<string, Pool>, badRate: number) =>
  fc
    .tuple(
      ...Object.entries(pools).map(([name, pool]) =>
        fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat()).map(([roll, pick]) => {
          const bad = pool.bad.length > 0 && roll < badRate
          const values = bad ? pool.bad : pool.good
          return { name, value: values[pick % values.length], bad }
        })
      )
    )
    .map((fields) => ({
      options: Object.fromEntries([
        ["family", family],
        ...fields.filter((f) => f.value !== undefined || f.bad).map((f) => [f.name, f.value])
      ]) as Record<string, unknown>,
      bad: fields.filter((f) => f.bad).map((f) => f.name)
    }))

describe("the options schema accepts what the hand-written checker accepted, and nothing else", () => {
  for (const [family, pools] of [
    ["pro", pro],
    ["instance", instance]
  ] as const) {
    for (const badRate of [0, 0.05, 0.3]) {
      it(`${family}, about ${badRate * 100}% of fields bad`, () => {
        const samples = fc.sample(options(family, pools, badRate), { seed: 21, numRuns: 400 })
        for (const { options: o, bad } of samples) {
          const before = previousCheck(o)
          const now = decodeOptions(o as never)
          const shown = `${JSON.stringify(o)} (bad: ${bad.join(", ")})`
          assert.strictEqual(Result.isSuccess(now), before === undefined, shown)
          if (Result.isFailure(now) && bad.length === 1) {
            // One bad option: both name it (its path, a nested one included).
            assert.strictEqual(now.failure.reason.argument.split(".")[0], bad[0], shown)
            assert.strictEqual(now.failure.reason.argument, before, shown)
          }
          if (Result.isFailure(now)) assert.notInclude(now.failure.message, "proapi_", shown)
        }
      })
    }
  }

  it("also decides the family the same way", () => {
    for (const family of [undefined, "mainnet", 1]) {
      const o = { family, baseUrl: "https://eth.blockscout.com" }
      assert.strictEqual(previousCheck(o), "family")
      const now = decodeOptions(o as never)
      assert.isTrue(Result.isFailure(now) && now.failure.reason.argument === "family")
    }
  })
})
